import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function PharmacistsRoute() {
  return <ScreenPlaceholder title={paths.pharmacists.title} />;
}
