import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSessionEndedHandler } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRoutes } from './router';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

// A refused refresh or a logout: nothing of this user stays cached, and the login page takes over.
setSessionEndedHandler(() => {
  queryClient.clear();
  void router.navigate(paths.auth.login.path, { replace: true });
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
