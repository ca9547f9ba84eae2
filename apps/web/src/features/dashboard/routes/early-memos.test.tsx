import { calls, dashboardCalls, deploymentProfilePath, deploymentProfiles, sessionStorageKey, type Memo } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appLoadingAttribute, earlyMemosId } from '@/lib/early-page';
import { installEarlyMemos, type EarlyMemosConfig } from '@/lib/early-memos';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import { earlyMemosStateKey } from '../api/early-memos';
import { memoTexts } from '../components/memo-texts';
import DashboardRoute from './dashboard';

const config: EarlyMemosConfig = {
  path: '/',
  sessionKey: sessionStorageKey,
  callPath: calls.memo.getActiveMemos.path,
  stateKey: earlyMemosStateKey,
  previewId: earlyMemosId,
  loadingAttribute: appLoadingAttribute,
  heading: memoTexts.heading,
  none: memoTexts.none,
};

const memos: Memo[] = [{ memoId: 7, title: 'Kerstrooster', text: '<p>Op <b>24 december</b> leveren wij eerder.</p><img src="x" alt="">' }];

function serve() {
  return stubRoutes({
    [calls.memo.getActiveMemos.path]: () => jsonResponse(memos),
    [dashboardCalls.getSummary.path]: () => jsonResponse({ nextDeliveries: { total: 0, items: [] }, inProduction: { total: 0, items: [] }, latestInvoice: null, frequentForms: [] }),
    [deploymentProfilePath]: () => jsonResponse(deploymentProfiles.oosterwolde),
  });
}

/**
 * The page as the server sends it: an empty root, or what the app has put there by the time the answer is read;
 * the early script run from its source text alone, as the page runs it.
 */
function loadPage(inRoot?: HTMLElement) {
  const root = document.createElement('div');
  root.id = 'root';
  if (inRoot) root.append(inRoot);
  document.body.append(root);
  const install = new Function(`return ${installEarlyMemos.toString()}`)() as typeof installEarlyMemos;
  install(config);
  return root;
}

afterEach(() => {
  document.getElementById(earlyMemosId)?.remove();
  // A test may load the page more than once: every root it made goes.
  for (const root of document.querySelectorAll('#root')) root.remove();
  Reflect.deleteProperty(window, earlyMemosStateKey);
});

describe('the dashboard’s memos before the app has started (decision 0101)', () => {
  it('are fetched and shown by the page as plain cards, their rich text as text only; the app takes them over without asking again', async () => {
    logIn();
    const server = serve();
    loadPage();
    const preview = await waitFor(() => {
      const shown = document.querySelector<HTMLElement>(`#${earlyMemosId}[data-memos="shown"]`);
      if (!shown) throw new Error('not shown yet');
      return shown;
    });
    expect(preview.querySelector('h2')?.textContent).toBe(memoTexts.heading);
    expect(preview.querySelector('article h3')?.textContent).toBe('Kerstrooster');
    expect(preview.querySelector('article p')?.textContent).toBe('Op 24 december leveren wij eerder.');
    expect(preview.querySelector('img, b')).toBeNull();
    expect(server.requests(calls.memo.getActiveMemos.path)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);

    // Fresh for a while, as the app's query client keeps answers (app/query-client.ts).
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    renderRoutes([{ path: '/', Component: DashboardRoute }], '/', queryClient);
    // The app's first render of the section has the memos: no loading state in between.
    expect(await screen.findByRole('article', { name: 'Kerstrooster' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Mededelingen laden…' })).not.toBeInTheDocument();
    expect(server.requests(calls.memo.getActiveMemos.path)).toHaveLength(1);
  });

  it('does nothing without a session or on another address', async () => {
    const server = serve();
    loadPage();
    logIn();
    window.history.pushState(null, '', '/bestellingen');
    loadPage();
    window.history.pushState(null, '', '/');
    expect(server.requests()).toHaveLength(0);
    expect(document.getElementById(earlyMemosId)).toBeNull();
  });

  it('still show while the app only shows its loading state', async () => {
    logIn();
    serve();
    const loading = document.createElement('div');
    loading.setAttribute(appLoadingAttribute, '');
    loadPage(loading);
    await waitFor(() => expect(document.querySelector(`#${earlyMemosId}[data-memos="shown"]`)).not.toBeNull());
  });

  it('do not show once the app shows a page of its own, which takes the answer over', async () => {
    logIn();
    serve();
    loadPage(document.createElement('main'));
    // The answer is handed to the app just before the cards would be shown.
    await waitFor(() => expect(window).toHaveProperty(earlyMemosStateKey));
    expect(document.getElementById(earlyMemosId)).toBeNull();
  });
});
