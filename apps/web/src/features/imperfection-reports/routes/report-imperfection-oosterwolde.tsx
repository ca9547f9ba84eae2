import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function ReportImperfectionOosterwoldeRoute() {
  return <ScreenPlaceholder title={paths.imperfectionReports.Oosterwolde.title} />;
}
