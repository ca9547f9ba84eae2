import { paths } from '@/lib/paths';
import { useImperfectionCatalogueOosterwolde } from '../api/get-imperfection-catalogue-oosterwolde';
import { ReportScreen } from '../components/report-screen';
import { oosterwoldeReport } from '../variants/oosterwolde';

export default function ReportImperfectionOosterwoldeRoute() {
  const title = paths.imperfectionReports.Oosterwolde.title;
  return <ReportScreen title={title} query={useImperfectionCatalogueOosterwolde()} loadingLabel="Klachttypen laden…" variant={oosterwoldeReport} />;
}
