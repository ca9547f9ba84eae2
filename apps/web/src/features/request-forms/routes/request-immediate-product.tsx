import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function RequestImmediateProductRoute() {
  return <ScreenPlaceholder title={paths.forms.requestImmediateProduct.title} />;
}
