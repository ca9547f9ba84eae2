import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function ReportImperfectionAlkmaarRoute() {
  return <ScreenPlaceholder title={paths.imperfectionReports.Alkmaar.title} />;
}
