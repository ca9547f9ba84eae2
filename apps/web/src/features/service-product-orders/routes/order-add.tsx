import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function OrderAddRoute() {
  return <ScreenPlaceholder title={paths.orderAdd.title} />;
}
