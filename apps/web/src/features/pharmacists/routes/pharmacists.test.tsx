import { calls, validation, type Pharmacist } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import PharmacistsRoute from './pharmacists';

const { getPharmacistTable, getPharmacistById, updatePharmacist, deletePharmacistById } = calls.pharmacist;

const staff: Pharmacist[] = [
  { accountId: 12, emailAddress: 'noor@apotheek.example', firstName: 'Noor', middleName: null, lastName: 'Bos', pharmacistType: 'Employee', isActive: false, invited: true },
  { accountId: 10, emailAddress: 'tim@apotheek.example', firstName: 'Tim', middleName: null, lastName: 'Kok', pharmacistType: 'Employee', isActive: true, invited: false, totpEnabled: true },
  { accountId: 9, emailAddress: 'eva@apotheek.example', firstName: 'Eva', middleName: 'van', lastName: 'Dijk', pharmacistType: 'Employee', isActive: false },
  { accountId: 3, emailAddress: 'sanne@apotheek.example', firstName: 'Sanne', middleName: null, lastName: 'de Vries', pharmacistType: 'Administrator', isActive: true },
];

type Answer = (request: StubRequest) => Response | undefined;

function stubStaff(answer: Answer = () => undefined) {
  return stubFetch((request) => {
    const custom = answer(request);
    if (custom) return custom;
    switch (request.url.pathname) {
      case getPharmacistTable.path:
        return jsonResponse({ total: staff.length, items: staff });
      case getPharmacistById.path: {
        const found = staff.find((p) => String(p.accountId) === request.url.searchParams.get('AccountId'));
        return found ? jsonResponse(found) : problemResponse(404);
      }
      case updatePharmacist.path:
      case deletePharmacistById.path:
        return new Response(null, { status: 204 });
      default:
        return problemResponse(404);
    }
  });
}

const renderStaff = (isAdministrator = true) =>
  openRoute(PharmacistsRoute, '/pharmacists', {
    userInfo: { isAdministrator },
    linked: [{ path: '/pharmacists/add', element: <p>add page</p> }],
  });

const table = () => screen.getByRole('table', { name: 'Medewerkers' });
const dialog = (name: string) => screen.getByRole('dialog', { name });

async function openEdit(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `${name} wijzigen` }));
  const edit = dialog('Medewerker wijzigen');
  await within(edit).findByRole('form', { name: 'Medewerker wijzigen' });
  return edit;
}

describe('an invited account', () => {
  it('offers to send the invitation again, sends it, and says where it went', async () => {
    const server = stubStaff((request) =>
      request.url.pathname === calls.pharmacist.resendInvitation.path ? new Response(null, { status: 204 }) : undefined,
    );
    const { user } = renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Uitnodiging opnieuw sturen aan Noor Bos' }));
    expect(await screen.findByText('Er is een nieuwe uitnodiging gestuurd naar noor@apotheek.example. De vorige link werkt niet meer.')).toBeInTheDocument();
    expect(server.requests(calls.pharmacist.resendInvitation.path)[0]?.body).toEqual({ accountId: 12 });
  });

  it('says so when sending the invitation again fails', async () => {
    stubStaff((request) => (request.url.pathname === calls.pharmacist.resendInvitation.path ? problemResponse(500) : undefined));
    const { user } = renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Uitnodiging opnieuw sturen aan Noor Bos' }));
    expect(await screen.findByText('Het opnieuw sturen van de uitnodiging is mislukt. Probeer het opnieuw.')).toBeInTheDocument();
  });
});

describe('a colleague who lost the phone', () => {
  it('has the two-factor login reset after a confirmation that says what happens', async () => {
    const server = stubStaff((request) =>
      request.url.pathname === calls.pharmacist.resetColleagueTotp.path ? new Response(null, { status: 204 }) : undefined,
    );
    const { user } = renderStaff();
    const edit = await openEdit(user, 'Tim Kok');
    await user.click(within(edit).getByRole('button', { name: 'Tweestapsverificatie opnieuw instellen' }));
    const confirm = dialog('Tweestapsverificatie opnieuw instellen?');
    expect(confirm).toHaveTextContent('wordt overal uitgelogd');
    expect(server.requests(calls.pharmacist.resetColleagueTotp.path)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Opnieuw instellen' }));
    expect(await screen.findByText('De tweestapsverificatie van Tim Kok is uitgezet. Tim Kok zet die bij het volgende inloggen opnieuw aan.')).toBeInTheDocument();
    expect(server.requests(calls.pharmacist.resetColleagueTotp.path)[0]?.body).toEqual({ accountId: 10 });
  });

  it('offers no reset for a colleague without two-factor login', async () => {
    stubStaff();
    const { user } = renderStaff();
    const edit = await openEdit(user, 'Eva van Dijk');
    expect(within(edit).queryByRole('button', { name: 'Tweestapsverificatie opnieuw instellen' })).not.toBeInTheDocument();
  });
});

describe('the staff list', () => {
  it('lists the accounts with the spec’s columns in Dutch, newest account first, 30 per page', async () => {
    const server = stubStaff();
    renderStaff();

    await screen.findByText('eva@apotheek.example');
    expect(server.requests(getPharmacistTable.path)[0]?.body).toEqual({
      sortBy: 'accountId',
      descending: true,
      page: 1,
      rowsPerPage: 30,
      search: '',
    });
    const rows = within(table()).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nummer',
      'E-mailadres',
      'Voornaam',
      'Tussenvoegsel',
      'Achternaam',
      'Type',
      'Actief',
      'Wijzigen',
    ]);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(0, 7).map((c) => c.textContent);
    // Invited and not activated yet reads apart from switched off.
    expect(cells(rows[1]!)).toEqual(['12', 'noor@apotheek.example', 'Noor', '', 'Bos', 'Medewerker', 'Uitgenodigd']);
    expect(cells(rows[3]!)).toEqual(['9', 'eva@apotheek.example', 'Eva', 'van', 'Dijk', 'Medewerker', 'Nee']);
    expect(cells(rows[4]!)).toEqual(['3', 'sanne@apotheek.example', 'Sanne', '', 'de Vries', 'Administrator', 'Ja']);
    expect(within(rows[3]!).queryByRole('button', { name: /Uitnodiging opnieuw sturen/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toevoegen' })).toHaveAttribute('href', '/pharmacists/add');
  });

  it('edits an account in a dialog: fetched by its id, saved with its id, and says so', async () => {
    const server = stubStaff();
    const { user } = renderStaff();

    const edit = await openEdit(user, 'Eva van Dijk');
    expect(server.requests(getPharmacistById.path)[0]?.url.searchParams.get('AccountId')).toBe('9');
    expect(within(edit).getByRole('textbox', { name: /^E-mailadres/ })).toHaveValue('eva@apotheek.example');
    expect(within(edit).getByRole('radio', { name: 'Medewerker' })).toBeChecked();
    expect(within(edit).getByRole('checkbox', { name: 'Actief (kan inloggen)' })).not.toBeChecked();
    const save = within(edit).getByRole('button', { name: 'Opslaan' });
    expect(save).toBeDisabled();

    await user.clear(within(edit).getByRole('textbox', { name: /^Achternaam/ }));
    await user.type(within(edit).getByRole('textbox', { name: /^Achternaam/ }), 'Dam');
    await user.click(within(edit).getByRole('radio', { name: 'Administrator' }));
    await expect.poll(() => save.hasAttribute('disabled')).toBe(false);
    await user.click(save);

    expect(await screen.findByText('De gegevens van Eva van Dam zijn opgeslagen.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Medewerker wijzigen' })).not.toBeInTheDocument();
    expect(server.requests(updatePharmacist.path)[0]?.body).toEqual({
      accountId: 9,
      emailAddress: 'eva@apotheek.example',
      firstName: 'Eva',
      middleName: 'van',
      lastName: 'Dam',
      pharmacistType: 'Administrator',
      isActive: false,
    });
    expect(server.requests(getPharmacistTable.path).length).toBeGreaterThan(1);
  });

  it('shows a refusal of the server under its field and keeps the dialog open', async () => {
    stubStaff((request) =>
      request.url.pathname === updatePharmacist.path
        ? problemResponse(400, { pharmacistType: [validation.cannotDemoteSelf] })
        : undefined,
    );
    const { user } = renderStaff();

    const edit = await openEdit(user, 'Sanne de Vries');
    await user.click(within(edit).getByRole('radio', { name: 'Medewerker' }));
    await user.click(within(edit).getByRole('button', { name: 'Opslaan' }));

    expect(await within(edit).findByText(validation.cannotDemoteSelf)).toBeInTheDocument();
    expect(within(edit).queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog('Medewerker wijzigen')).toBeInTheDocument();
  });

  it('removes an account after a confirmation', async () => {
    // Once removed, the list is held back, as by a busy server, until the test lets it through.
    let removed = false;
    let releaseList!: () => void;
    const listHeld = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    const server = stubStaff((request) => {
      if (request.url.pathname === deletePharmacistById.path) removed = true;
      if (!removed || request.url.pathname !== getPharmacistTable.path) return undefined;
      const rest = staff.filter((p) => p.accountId !== 9);
      return listHeld.then(() => jsonResponse({ total: rest.length, items: rest })) as unknown as Response;
    });
    const { user } = renderStaff();

    const edit = await openEdit(user, 'Eva van Dijk');
    await user.click(within(edit).getByRole('button', { name: 'Verwijderen' }));
    const confirm = dialog('Medewerker verwijderen?');
    expect(confirm).toHaveTextContent('Het account van Eva van Dijk (eva@apotheek.example) wordt verwijderd');
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('dialog', { name: 'Medewerker verwijderen?' })).not.toBeInTheDocument();
    expect(server.requests(deletePharmacistById.path)).toHaveLength(0);

    await user.click(within(edit).getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(dialog('Medewerker verwijderen?')).getByRole('button', { name: 'Verwijderen' }));
    // The list is asked for again and held back: meanwhile the dialog still shows the removed account.
    await waitFor(() => expect(server.requests(getPharmacistTable.path).length).toBeGreaterThan(1));
    expect(server.requests(getPharmacistById.path)).toHaveLength(1);
    releaseList();

    expect(await screen.findByText('Het account van Eva van Dijk is verwijderd.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const request = server.requests(deletePharmacistById.path)[0];
    expect(request?.method).toBe('DELETE');
    expect(request?.url.searchParams.get('Id')).toBe('9');
    // The removed account is not asked for again (it would answer 404) while its dialog closes.
    expect(server.requests(getPharmacistById.path)).toHaveLength(1);
    expect(within(table()).queryByText('eva@apotheek.example')).not.toBeInTheDocument();
  });

  it('shows the server’s message when it refuses the removal', async () => {
    stubStaff((request) =>
      request.url.pathname === deletePharmacistById.path ? problemResponse(400, { Id: [validation.cannotDeleteSelf] }) : undefined,
    );
    const { user } = renderStaff();

    const edit = await openEdit(user, 'Sanne de Vries');
    await user.click(within(edit).getByRole('button', { name: 'Verwijderen' }));
    const confirm = dialog('Medewerker verwijderen?');
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent(validation.cannotDeleteSelf);
    expect(screen.getByText('sanne@apotheek.example')).toBeInTheDocument();
  });

  it('tells an employee that only administrators manage accounts, without calling the server', async () => {
    const server = stubStaff();
    renderStaff(false);
    expect(await screen.findByText(/Alleen administrators van uw organisatie/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Toevoegen' })).not.toBeInTheDocument();
    expect(server.requests()).toHaveLength(0);
  });
});
