import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function DeliverySchedulesRoute() {
  return <ScreenPlaceholder title={paths.deliverySchedules.title} />;
}
