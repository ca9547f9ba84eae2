import { backofficeInboxCalls } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { renderRoutes } from '@/testing/render-routes';
import { signInStaff } from '../features/inbox/testing/inbox-fixtures';
import { backofficePaths } from '../paths';
import BackofficeLayout from './backoffice-layout';

function openFrame(count: number) {
  stubDesktopScreen();
  stubRoutes({ [backofficeInboxCalls.getNewCount.path]: () => jsonResponse({ count }) });
  signInStaff('Kwaliteit');
  return renderRoutes(
    [{ path: backofficePaths.home.path, Component: BackofficeLayout, children: [{ path: 'medewerkers', element: <p>Pagina</p> }] }],
    backofficePaths.staff.path,
  );
}

describe('the back-office menu', () => {
  it("counts the New items beside Inbox, as the server counts them for the caller's role", async () => {
    openFrame(3);
    expect(await screen.findByRole('link', { name: 'Inbox , 3 nieuwe items' })).toBeInTheDocument();
  });

  it('shows no count when nothing is new', async () => {
    const { queryClient } = openFrame(0);
    await screen.findByRole('link', { name: 'Inbox' });
    await expect.poll(() => queryClient.getQueryState(['backoffice', 'inbox', 'new-count'])?.status).toBe('success');
    expect(screen.getByRole('link', { name: 'Inbox' })).not.toHaveTextContent('0');
  });
});
