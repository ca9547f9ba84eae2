import type { ImperfectionVariant } from '@portal/contract';
import { Navigate, Outlet } from 'react-router';
import { useDeploymentProfile } from '@/lib/deployment-profile';
import { paths } from '@/lib/paths';

/** Only the imperfection variants of this deployment are reachable; the others go back to the dashboard. */
export function RequireImperfectionVariant({ variant }: { variant: ImperfectionVariant }) {
  const profile = useDeploymentProfile();
  // Not known (yet, or again while it is fetched anew): wait rather than send the user away.
  if (!profile) return null;
  if (!profile.imperfectionVariants.includes(variant)) return <Navigate to={paths.dashboard.path} replace />;
  return <Outlet />;
}
