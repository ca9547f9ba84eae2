import { paths } from '@/lib/paths';
import { useDropdownDataAlkmaar } from '../api/get-dropdown-data-alkmaar';
import { ReportScreen } from '../components/report-screen';
import { alkmaarReport } from '../variants/alkmaar';

export default function ReportImperfectionAlkmaarRoute() {
  const title = paths.imperfectionReports.Alkmaar.title;
  return <ReportScreen title={title} query={useDropdownDataAlkmaar()} loadingLabel="Keuzelijsten laden…" variant={alkmaarReport} />;
}
