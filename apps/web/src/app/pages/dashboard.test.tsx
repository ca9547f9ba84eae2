import { calls, dashboardCalls, deploymentProfilePath, deploymentProfiles, type DashboardSummary } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import DashboardPage from './dashboard';

const summary: DashboardSummary = {
  nextDeliveries: { total: 0, items: [] },
  inProduction: { total: 0, items: [] },
  latestInvoice: { processedMonth: '2026-10-01', clientCode: 'AP-001', invoiceAmount: 1234.5, invoiceNumber: 'F2026-1010', paymentStatus: 'Paid' },
  frequentForms: [],
};

describe('the dashboard page', () => {
  it("offers the latest invoice's files, and says beneath it when a download fails", async () => {
    const server = stubRoutes({
      [calls.memo.getActiveMemos.path]: () => jsonResponse([]),
      [dashboardCalls.getSummary.path]: () => jsonResponse(summary),
      [deploymentProfilePath]: () => jsonResponse(deploymentProfiles.default),
      [calls.invoice.downloadInvoiceFile.path]: () => problemResponse(500),
    });
    logIn();
    renderRoutes([{ path: '/', Component: DashboardPage }], '/');
    const user = userEvent.setup();

    const invoice = await screen.findByRole('region', { name: 'Laatste factuur' });
    expect(within(invoice).getByText('Betaald')).toBeInTheDocument();
    await user.click(within(invoice).getByRole('button', { name: 'Factuur oktober 2026 downloaden' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    expect(await within(invoice).findByRole('alert')).toHaveTextContent('Het downloaden van ‘PDF’ van oktober 2026 is mislukt. Probeer het opnieuw.');
    const query = server.requests(calls.invoice.downloadInvoiceFile.path)[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ ProcessedMonth: '2026-10-01', ClientCode: 'AP-001', FileType: 'Pdf' });
  });
});
