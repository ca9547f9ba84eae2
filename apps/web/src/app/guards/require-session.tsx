import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, redirect } from 'react-router';
import { getDeploymentProfileQueryOptions } from '@/lib/deployment-profile';
import { paths } from '@/lib/paths';
import { getSession, useSession } from '@/lib/session';

/**
 * Before any dashboard route loads: no session, straight to /auth (no dashboard code is rendered); with one,
 * the deployment profile is fetched while the layout's code downloads.
 */
export const requireSessionLoader = (queryClient: QueryClient) => () => {
  if (!getSession()) throw redirect(paths.auth.login.path);
  void queryClient.prefetchQuery(getDeploymentProfileQueryOptions());
  return null;
};

/**
 * Someone logged in who opens the login page goes to the dashboard; the other /auth pages (the links of a reset
 * or an activation mail) still open.
 */
export const signedInAwayFromLogin = ({ request }: { request: Request }) =>
  getSession() && new URL(request.url).pathname.replace(/\/$/, '') === paths.auth.login.path ? redirect(paths.dashboard.path) : null;

/** Keeps watching: when the session ends while a dashboard page is open (other tab, refused refresh). */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={paths.auth.login.path} replace />;
  return <Outlet />;
}
