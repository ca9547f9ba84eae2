import { accessLogCalls, validation, type AccessLogRow } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import AccessLogRoute from './access-log';

const open = () => openRoute(AccessLogRoute, '/access-log');
const accessPath = accessLogCalls.getAccess.path;
const tablePath = accessLogCalls.getAccessLogTable.path;

const search: AccessLogRow = {
  id: 7,
  at: '2026-03-02T09:00:07.123Z',
  actorKind: 'Account',
  staffName: 'Thomas de Boer',
  staffEmailAddress: 'thomas@apotheek.example',
  staffRole: null,
  action: 'PatientSearch',
  outcome: 'Success',
  patients: ['Anna de Vries (14-02-1938)'],
  description: 'Gezocht op ‘vries’ (1 gevonden)',
  address: '10.1.2.3',
};

describe('Inzage logboek', () => {
  it('shows who did what with which patient, when and from where', async () => {
    stubRoutes({
      [accessPath]: () => jsonResponse({ allowed: true, reason: null }),
      [tablePath]: () => jsonResponse({ total: 2, items: [search, { ...search, id: 8, staffName: null, staffEmailAddress: null, action: 'TableExport', outcome: 'Failure', patients: [], description: null, address: null }] }),
    });
    open();
    await screen.findByRole('cell', { name: 'Patiënt gezocht' });
    const table = screen.getByRole('table', { name: 'Inzage logboek' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '02-03-2026 10:00:07',
      'Thomas de Boerthomas@apotheek.example',
      'Patiënt gezocht',
      'Anna de Vries (14-02-1938)',
      'Gezocht op ‘vries’ (1 gevonden)',
      '10.1.2.3',
    ]);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '02-03-2026 10:00:07',
      'Verwijderd account',
      'Tabel geëxporteerd (mislukt)',
      '–',
      '–',
      '–',
    ]);
  });

  it("shows the provider's staff and systems acting on the customer's patients as Spits Medicatie's, with name or role", async () => {
    const provider = { ...search, staffEmailAddress: null, description: null, address: '10.9.8.7' };
    stubRoutes({
      [accessPath]: () => jsonResponse({ allowed: true, reason: null }),
      [tablePath]: () =>
        jsonResponse({
          total: 4,
          items: [
            { ...provider, id: 1, actorKind: 'Staff', staffName: 'Karim de Wit', staffRole: 'Klantenservice', action: 'Backoffice.InboxRead' },
            { ...provider, id: 2, actorKind: 'Staff', staffName: null, staffRole: 'Kwaliteit', action: 'Backoffice.InboxFile' },
            { ...provider, id: 3, actorKind: 'Integration', staffName: 'ERP Spits', action: 'Integration.PatientsWritten' },
            // The provider's audit log, read with the customer's patient in it, is an access too.
            { ...provider, id: 4, actorKind: 'Staff', staffName: 'Bea Beheerder', staffRole: 'Beheerder', action: 'Backoffice.AuditRead' },
          ],
        }),
    });
    open();
    const table = await screen.findByRole('table', { name: 'Inzage logboek' });
    await within(table).findByRole('cell', { name: 'Aanvraag bekeken' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(1, 4))).toEqual([
      ['Medewerker van Spits MedicatieKarim de Wit', 'Aanvraag bekeken', 'Anna de Vries (14-02-1938)'],
      ['Medewerker van Spits MedicatieKwaliteit', 'Bijlage geopend', 'Anna de Vries (14-02-1938)'],
      ['Koppeling van Spits MedicatieERP Spits', 'Patiëntgegevens bijgewerkt', 'Anna de Vries (14-02-1938)'],
      ['Medewerker van Spits MedicatieBea Beheerder', 'Logboek ingezien', 'Anna de Vries (14-02-1938)'],
    ]);
  });

  it('asks the server with the filters once Filteren is pressed, and back to the first page', async () => {
    const server = stubRoutes({
      [accessPath]: () => jsonResponse({ allowed: true, reason: null }),
      [tablePath]: () => jsonResponse({ total: 1, items: [search] }),
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: 'Inzage logboek' });
    await user.type(screen.getByLabelText('Patiënt'), '14-02-1938');
    await user.type(screen.getByLabelText('Medewerker'), 'thomas');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Actie' }), 'Patiënt gezocht');
    expect(server.requests(tablePath)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    // The filters are checked by the form's resolver, then kept in the address, which the table follows.
    await waitFor(() => expect(server.requests(tablePath)).toHaveLength(2));
    expect(server.requests(tablePath).at(-1)?.body).toMatchObject({
      patient: '14-02-1938',
      staffMember: 'thomas',
      action: 'PatientSearch',
      from: null,
      until: null,
      page: 1,
      sortBy: 'at',
      descending: true,
    });
  });

  it('keeps the applied filters in the address, follows the address back, and Wissen takes them out', async () => {
    const server = stubRoutes({
      [accessPath]: () => jsonResponse({ allowed: true, reason: null }),
      [tablePath]: () => jsonResponse({ total: 1, items: [search] }),
    });
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByRole('table', { name: 'Inzage logboek' });
    await user.type(screen.getByLabelText('Medewerker'), 'thomas');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(router.state.location.search).toBe('?staffMember=thomas'));
    await act(() => router.navigate('/access-log?patient=vries&action=Onbekend'));
    await waitFor(() => expect(server.requests(tablePath).at(-1)?.body).toMatchObject({ patient: 'vries', staffMember: null, action: null }));
    expect(screen.getByLabelText('Patiënt')).toHaveValue('vries');
    expect(screen.getByLabelText('Medewerker')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Wissen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Patiënt')).toHaveValue('');
  });

  it('refuses a period that ends before it begins', async () => {
    const server = stubRoutes({
      [accessPath]: () => jsonResponse({ allowed: true, reason: null }),
      [tablePath]: () => jsonResponse({ total: 0, items: [] }),
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Geen handelingen gevonden...')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Van'), '10-03-2026');
    await user.type(screen.getByLabelText('Tot en met'), '01-03-2026');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText('De einddatum ligt vóór de begindatum')).toBeInTheDocument();
    expect(server.requests(tablePath)).toHaveLength(1);
  });

  it('takes a day typed as DD-MM-JJJJ and asks for it as YYYY-MM-DD; an impossible day is said and asks nothing', async () => {
    const server = stubRoutes({
      [accessPath]: () => jsonResponse({ allowed: true, reason: null }),
      [tablePath]: () => jsonResponse({ total: 0, items: [] }),
    });
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText('Geen handelingen gevonden...')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Tot en met'), '31-02-2026');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText(validation.invalidDate)).toBeInTheDocument();
    expect(server.requests(tablePath)).toHaveLength(1);

    await user.clear(screen.getByLabelText('Tot en met'));
    await user.type(screen.getByLabelText('Tot en met'), '31-12-2026');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(server.requests(tablePath).at(-1)?.body).toMatchObject({ from: null, until: '2026-12-31' }));
    expect(router.state.location.search).toBe('?until=2026-12-31');
    expect(screen.getByLabelText('Tot en met')).toHaveValue('31-12-2026');
    expect(screen.queryByText(validation.invalidDate)).not.toBeInTheDocument();
  });

  it('asks to turn two-factor login on first, and reads nothing', async () => {
    const server = stubRoutes({ [accessPath]: () => jsonResponse({ allowed: false, reason: 'TwoFactorOff' }) });
    open();
    expect(await screen.findByText(/Zet tweestapsverificatie eerst aan onder Beveiliging/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar Beveiliging' })).toHaveAttribute('href', '/settings');
    expect(server.requests(tablePath)).toHaveLength(0);
  });

  it('asks to log in again with the code when this session began without it', async () => {
    stubRoutes({ [accessPath]: () => jsonResponse({ allowed: false, reason: 'SessionWithoutTwoFactor' }) });
    open();
    expect(await screen.findByText(/Log uit en log opnieuw in met uw verificatiecode/)).toBeInTheDocument();
  });

  it('says so calmly on a server without the log', async () => {
    stubRoutes({ [accessPath]: () => problemResponse(404) });
    open();
    expect(await screen.findByText('Het inzagelogboek is in deze omgeving niet beschikbaar.')).toBeInTheDocument();
  });
});
