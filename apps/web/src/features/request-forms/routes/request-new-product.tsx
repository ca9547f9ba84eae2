import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function RequestNewProductRoute() {
  return <ScreenPlaceholder title={paths.forms.requestNewProduct.title} />;
}
