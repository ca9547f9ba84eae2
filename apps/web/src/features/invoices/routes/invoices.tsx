import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function InvoicesRoute() {
  return <ScreenPlaceholder title={paths.invoices.title} />;
}
