import { backofficeAuditCalls as calls, validation, type AuditRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import AuditLogRoute from './audit-log';

const base: AuditRow = {
  id: 1,
  at: '2026-03-02T09:15:00.000Z',
  action: 'Login',
  outcome: 'Success',
  actorKind: 'System',
  actorName: null,
  actorRole: null,
  customerCode: null,
  customerName: null,
  patients: [],
  objectType: null,
  objectId: null,
  objectName: null,
  address: null,
  details: null,
};
const statusChange: AuditRow = {
  ...base,
  id: 2,
  action: 'Backoffice.InboxStatus',
  actorKind: 'Staff',
  actorName: 'Karim Bos (karim@spits.test)',
  actorRole: 'Klantenservice',
  customerCode: 'APO-1001',
  customerName: 'Apotheek De Linde',
  patients: ['Jan Jansen (7)'],
  objectType: 'FormSubmission',
  objectId: '123',
  objectName: 'AAN-2026-000123',
  details: '{"to": "Processing", "from": "New"}',
};
const customerRead: AuditRow = { ...base, id: 3, action: 'Backoffice.CustomerRead', actorKind: 'Staff', actorRole: 'Beheerder', objectType: 'Customer', objectId: 'c1', objectName: 'Apotheek De Linde (APO-1001)' };
const refused: AuditRow = { ...base, id: 4, action: 'AccessRefused', outcome: 'Failure', details: '{"status": 403, "colour": "blauw"}' };

const pages = [{ path: backofficePaths.audit.path, Component: AuditLogRoute }];

beforeEach(() => stubDesktopScreen());

describe('Logboek', () => {
  it('reads as Dutch: the action’s phrase, who by kind and role, the object by name, the details as labelled fields', async () => {
    stubRoutes({ [calls.getTable.path]: () => jsonResponse({ total: 3, items: [statusChange, customerRead, refused] }) });
    openStaffPages(pages, backofficePaths.audit.path);
    const table = await screen.findByRole('table', { name: 'Logboek' });
    const status = (await within(table).findByText('Status van inbox-item gewijzigd')).closest('tr')!;
    expect(status).toHaveTextContent('Medewerker Mijn Spits, Klantenservice');
    expect(status).toHaveTextContent('AAN-2026-000123');
    expect(within(status).getAllByRole('term').map((term) => term.textContent)).toEqual(['Van', 'Naar']);
    expect(within(status).getAllByRole('definition').map((value) => value.textContent)).toEqual(['Nieuw', 'In behandeling']);
    expect(within(table).getByText('Klant bekeken').closest('tr')).toHaveTextContent('Apotheek De Linde (APO-1001)');
    // A key without a label is shown by its own name, not dropped.
    const refusal = within(table).getByText('Toegang geweigerd').closest('tr')!;
    expect(refusal).toHaveTextContent('HTTP-status403');
    expect(refusal).toHaveTextContent('colourblauw');
    expect(table).not.toHaveTextContent(/Backoffice\.|FormSubmission|\{"/);
  });

  it('offers the actions by their Dutch phrase in the filter and asks for the chosen code', async () => {
    const server = stubRoutes({ [calls.getTable.path]: () => jsonResponse({ total: 1, items: [statusChange] }) });
    const { user } = openStaffPages(pages, backofficePaths.audit.path);
    await screen.findByRole('table', { name: 'Logboek' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Actie/ }), 'Status van inbox-item gewijzigd');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(server.requests(calls.getTable.path).at(-1)?.body).toMatchObject({ action: 'Backoffice.InboxStatus' }));
  });

  it('takes a period typed as DD-MM-JJJJ and asks for it as YYYY-MM-DD; an impossible day is said and asks nothing', async () => {
    const server = stubRoutes({ [calls.getTable.path]: () => jsonResponse({ total: 1, items: [statusChange] }) });
    const { user, router } = openStaffPages(pages, backofficePaths.audit.path);
    await screen.findByRole('table', { name: 'Logboek' });
    await user.type(await screen.findByLabelText('Van'), '1032026');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText(validation.invalidDate)).toBeInTheDocument();
    expect(server.requests(calls.getTable.path)).toHaveLength(1);

    await user.clear(screen.getByLabelText('Van'));
    await user.type(screen.getByLabelText('Van'), '01032026');
    await user.type(screen.getByLabelText('Tot en met'), '31-12-2026');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(server.requests(calls.getTable.path).at(-1)?.body).toMatchObject({ from: '2026-03-01', until: '2026-12-31' }));
    expect(router.state.location.search).toBe('?from=2026-03-01&until=2026-12-31');
    // Left, a day typed without its dashes shows them.
    expect(screen.getByLabelText('Van')).toHaveValue('01-03-2026');
  });
});
