import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { ReportForm } from '../components/report-form';
import { basicReport } from '../variants/basic';

export default function ReportImperfectionRoute() {
  return (
    <>
      <PageHeading title={paths.imperfectionReports.Basic.title} />
      <ReportForm variant={basicReport} data={undefined} />
    </>
  );
}
