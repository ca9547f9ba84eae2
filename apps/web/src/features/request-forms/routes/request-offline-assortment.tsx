import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { OfflineAssortmentForm } from '../components/offline-assortment-form';

export default function RequestOfflineAssortmentRoute() {
  return (
    <>
      <PageHeading title={paths.forms.requestOfflineAssortment.title} />
      <OfflineAssortmentForm />
    </>
  );
}
