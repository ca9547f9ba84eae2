import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { paths } from '@/lib/paths';

export default function ContactRoute() {
  return <ScreenPlaceholder title={paths.contact.title} />;
}
