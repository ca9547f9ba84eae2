import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function ReportImperfectionApeldoornRoute() {
  return <ScreenPlaceholder title={paths.imperfectionReports.Apeldoorn.title} />;
}
