import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRoutes } from './router';
import { routeEndedSessionsToLogin } from './session-ended';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));
routeEndedSessionsToLogin(queryClient, router);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
