import { calls, feedback } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import DashboardRoute from './dashboard';

const renderDashboard = () => {
  logIn();
  return renderRoutes([{ path: '/', Component: DashboardRoute }], '/');
};

describe('the dashboard', () => {
  it('shows the active memos as cards, line breaks kept', async () => {
    stubFetch((request) =>
      request.url.pathname === calls.memo.getActiveMemos.path
        ? jsonResponse([
            { memoId: 7, title: 'Leveringen rond Pasen', text: 'Op Tweede Paasdag wordt niet geleverd.\nDe levering volgt een dag later.' },
            { memoId: 3, title: 'Nieuw: Excel-specificatie', text: 'Bij elke factuur.' },
          ])
        : problemResponse(404),
    );
    renderDashboard();

    const memo = await screen.findByRole('article', { name: 'Leveringen rond Pasen' });
    const text = within(memo).getByText(/Op Tweede Paasdag/);
    expect(text.textContent).toBe('Op Tweede Paasdag wordt niet geleverd.\nDe levering volgt een dag later.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says when there are no memos', async () => {
    stubFetch(() => jsonResponse([]));
    renderDashboard();
    expect(await screen.findByText('Er zijn op dit moment geen mededelingen.')).toBeInTheDocument();
  });

  it('says when the memos cannot be fetched', async () => {
    stubFetch(() => problemResponse(500));
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(feedback.serverError);
  });
});
