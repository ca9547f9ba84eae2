import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function PharmacistAddRoute() {
  return <ScreenPlaceholder title={paths.pharmacistAdd.title} />;
}
