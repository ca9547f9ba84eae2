import { LoadingState } from '@/components/loading-state';
import { useDeploymentProfile } from '@/lib/deployment-profile';
import { useSession } from '@/lib/session';
import { AppFrame } from './app-frame';
import { buildMenu } from './menu-entries';

/** The frame of every page of the customer portal, with the menu of the customer's profile and role. */
export default function DashboardLayout() {
  const profile = useDeploymentProfile();
  const session = useSession();
  if (!profile) return <LoadingState fullPage />;
  return <AppFrame entries={buildMenu(profile, session?.userInfo.isAdministrator ?? false)} userName={session?.userInfo.firstName} />;
}
