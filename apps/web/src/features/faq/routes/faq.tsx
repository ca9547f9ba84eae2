import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function FaqRoute() {
  return <ScreenPlaceholder title={paths.faq.title} />;
}
