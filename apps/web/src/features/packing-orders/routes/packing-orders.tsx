import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function PackingOrdersRoute() {
  return <ScreenPlaceholder title={paths.packingOrders.title} />;
}
