import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { browserIdHeader, calls, passwordPolicy, sessionStorageKey } from '@portal/contract';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { earlyLoginStateKey } from '@/features/auth/api/early-login';
import LoginRoute from '@/features/auth/routes/login';
import { earlyMemosStateKey } from '@/features/dashboard/api/early-memos';
import { memoTexts } from '@/features/dashboard/components/memo-texts';
import { browserIdStorageKey } from '@/lib/browser-id';
import { paths } from '@/lib/paths';
import { AuthLayout } from './layout/auth-layout';
import { installEarlyLogin, type EarlyLoginConfig } from '@/lib/early-login';
import { installEarlyMemos, type EarlyMemosConfig } from '@/lib/early-memos';
import { AppProviders } from './providers';
import { documentTitle } from './route-handle';
import { appLoadingAttribute, earlyMemosId, staticShellId } from '@/lib/early-page';

export interface LoginShell {
  html: string;
  /** emotion's style tags of the rendered components, for the page's head */
  styleTags: string;
  /** the document title the app gives the page */
  title: string;
  /** the script that makes the rendered form work before the app has started (early-login.ts) */
  script: string;
}

/**
 * The login page as HTML, rendered once at build time (vite-login-shell.ts): the same components as the app
 * renders, with their styles. The server sends it for `/auth`, so that a phone shows the login card as soon as
 * the page arrives instead of after the scripts (issue 13, point 5); the app replaces it when it starts
 * (static-shell.ts), taking over what was typed in it meanwhile. Emotion's default key, so the app's own styles
 * take these over.
 */
const earlyLoginConfig: EarlyLoginConfig = {
  shellId: staticShellId,
  stateKey: earlyLoginStateKey,
  callPath: calls.authentication.loginWithCredentials.path,
  browserIdKey: browserIdStorageKey,
  browserIdHeader,
  passwordMaxLength: passwordPolicy.maxLength,
};

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
    script: `(${installEarlyLogin.toString()})(${JSON.stringify(earlyLoginConfig)});`,
  };
}

const earlyMemosConfig: EarlyMemosConfig = {
  path: paths.dashboard.path,
  sessionKey: sessionStorageKey,
  callPath: calls.memo.getActiveMemos.path,
  stateKey: earlyMemosStateKey,
  previewId: earlyMemosId,
  loadingAttribute: appLoadingAttribute,
  heading: memoTexts.heading,
  none: memoTexts.none,
};

/** The script of every page of the app that fetches and shows the dashboard's memos before the app (early-memos.ts). */
export const earlyMemosScript = `(${installEarlyMemos.toString()})(${JSON.stringify(earlyMemosConfig)});`;
