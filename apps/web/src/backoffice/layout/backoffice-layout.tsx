import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AppFrame } from '@/app/layout/app-frame';
import { setStaffSessionEndedHandler, staffLogout } from '../lib/staff-api';
import { backofficeKey } from '../lib/staff-api';
import { useStaffSession } from '../lib/staff-session';
import { backofficePaths } from '../paths';
import { backofficeMenu } from './menu';
import { useMenuBadges } from './menu-badges';

// Each screen's route takes it from here, so that it is fetched with the frame and not with the entry.
export { StaffScreen } from './staff-screen';

/**
 * The frame of every back-office page: only with a staff session whose two-factor login is set up; the menu
 * of the staff member's role. When the session ends (logout, refused renewal, another tab), the back-office
 * login takes over and nothing of the session stays cached.
 */
export default function BackofficeLayout() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setStaffSessionEndedHandler(() => {
      queryClient.removeQueries({ queryKey: backofficeKey });
      void navigate(backofficePaths.login.path, { replace: true });
    });
  }, [navigate, queryClient]);

  if (!session) return <Navigate to={backofficePaths.login.path} replace />;
  if (session.needsTotpSetup) return <Navigate to={backofficePaths.totpSetup.path} replace />;
  return <StaffFrame role={session.staff.role} name={session.staff.firstName} />;
}

function StaffFrame({ role, name }: { role: Parameters<typeof backofficeMenu>[0]; name: string }) {
  const badges = useMenuBadges(role);
  return <AppFrame entries={backofficeMenu(role, badges)} userName={name} onLogout={staffLogout} />;
}
