import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function OrdersRoute() {
  return <ScreenPlaceholder title={paths.orders.title} />;
}
