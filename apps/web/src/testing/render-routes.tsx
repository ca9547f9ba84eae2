import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '@/config/theme';

/** Test query client: a failure is a failure at once, not after retries. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Routes with the app's theme and a fresh query client, opened at `url`: tests drive them as a user would. */
export function renderRoutes(routes: RouteObject[], url: string, queryClient = createTestQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, queryClient };
}
