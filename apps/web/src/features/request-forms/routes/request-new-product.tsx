import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { NewProductForm } from '../components/new-product-form';

export default function RequestNewProductRoute() {
  return (
    <>
      <PageHeading title={paths.forms.requestNewProduct.title} />
      <NewProductForm />
    </>
  );
}
