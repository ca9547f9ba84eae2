import type { ImperfectionVariant } from '@portal/contract';
import { Navigate, Outlet } from 'react-router';
import { useDeploymentProfile } from '@/lib/deployment-profile';
import { paths } from '@/lib/paths';

/** Only the imperfection variants of this deployment are reachable; the others go back to the dashboard. */
export function RequireImperfectionVariant({ variant }: { variant: ImperfectionVariant }) {
  const profile = useDeploymentProfile();
  // The dashboard layout renders its routes only once the profile is known.
  if (!profile?.imperfectionVariants.includes(variant)) return <Navigate to={paths.dashboard.path} replace />;
  return <Outlet />;
}
