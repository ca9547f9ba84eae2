import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function RequestPhotoRoute() {
  return <ScreenPlaceholder title={paths.forms.requestPhoto.title} />;
}
