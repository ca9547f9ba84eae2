import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { BasicForm } from '../components/basic-form';

export default function ReportImperfectionRoute() {
  return (
    <>
      <PageHeading title={paths.imperfectionReports.Basic.title} />
      <BasicForm />
    </>
  );
}
