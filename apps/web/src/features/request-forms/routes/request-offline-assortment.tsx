import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function RequestOfflineAssortmentRoute() {
  return <ScreenPlaceholder title={paths.forms.requestOfflineAssortment.title} />;
}
