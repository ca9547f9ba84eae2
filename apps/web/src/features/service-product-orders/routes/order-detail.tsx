import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function OrderDetailRoute() {
  return <ScreenPlaceholder title={paths.orderDetail.title} />;
}
