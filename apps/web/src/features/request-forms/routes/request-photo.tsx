import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { PhotoRequestForm } from '../components/photo-request-form';

export default function RequestPhotoRoute() {
  return (
    <>
      <PageHeading title={paths.forms.requestPhoto.title} />
      <PhotoRequestForm />
    </>
  );
}
