import { paths } from '@/lib/paths';
import { useDropdownDataApeldoorn } from '../api/get-dropdown-data-apeldoorn';
import { ReportScreen } from '../components/report-screen';
import { apeldoornReport } from '../variants/apeldoorn';

export default function ReportImperfectionApeldoornRoute() {
  const title = paths.imperfectionReports.Apeldoorn.title;
  return <ReportScreen title={title} query={useDropdownDataApeldoorn()} loadingLabel="Keuzelijsten laden…" variant={apeldoornReport} />;
}
