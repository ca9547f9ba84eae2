import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import LoginRoute from '@/features/auth/routes/login';
import { paths } from '@/lib/paths';
import { AuthLayout } from './layout/auth-layout';
import { AppProviders } from './providers';
import { documentTitle } from './route-handle';

export interface LoginShell {
  html: string;
  /** emotion's style tags of the rendered components, for the page's head */
  styleTags: string;
  /** the document title the app gives the page */
  title: string;
}

/**
 * The login page as HTML, rendered once at build time (vite-login-shell.ts): the same components as the app
 * renders, with their styles. The server sends it for `/auth`, so that a phone shows the login card as soon as
 * the page arrives instead of after the scripts (issue 13, point 5); the app replaces it when it starts
 * (static-shell.ts). Emotion's default key, so the app's own styles take these over.
 */
export function renderLoginShell(): LoginShell {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const router = createMemoryRouter(
    [{ path: paths.auth.login.path, Component: AuthLayout, children: [{ index: true, Component: LoginRoute }] }],
    { initialEntries: [paths.auth.login.path] },
  );
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>,
  );
  return {
    html,
    styleTags: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
    title: documentTitle(paths.auth.login.title),
  };
}
