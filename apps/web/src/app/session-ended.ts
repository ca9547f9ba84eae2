import type { QueryClient } from '@tanstack/react-query';
import { setSessionEndedHandler } from '@/lib/api-client';
import { paths } from '@/lib/paths';

interface Navigator {
  navigate: (to: string, options: { replace: boolean }) => Promise<void>;
}

/** A refused refresh or a logout: nothing of this user stays cached, and the login page takes over. */
export function routeEndedSessionsToLogin(queryClient: QueryClient, router: Navigator): void {
  setSessionEndedHandler(() => {
    queryClient.clear();
    void router.navigate(paths.auth.login.path, { replace: true });
  });
}
