import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { RollRequestForm } from '../components/roll-request-form';

export default function RollRequestRoute() {
  return (
    <>
      <PageHeading title={paths.forms.rollRequest.title} />
      <RollRequestForm />
    </>
  );
}
