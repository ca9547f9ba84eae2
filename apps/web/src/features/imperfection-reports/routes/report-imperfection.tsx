import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function ReportImperfectionRoute() {
  return <ScreenPlaceholder title={paths.imperfectionReports.Basic.title} />;
}
