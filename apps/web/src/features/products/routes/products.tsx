import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function ProductsRoute() {
  return <ScreenPlaceholder title={paths.products.title} />;
}
