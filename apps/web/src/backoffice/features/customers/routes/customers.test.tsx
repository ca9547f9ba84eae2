import { backofficeCustomerCalls as calls, customerText, type CustomerDetail, type CustomerRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import CustomerAddRoute from './customer-add';
import CustomerDetailRoute from './customer-detail';
import CustomersRoute from './customers';

const row: CustomerRow = { id: '6f1c1c8e-1111-4a4a-8a8a-000000000001', code: 'APO-1001', name: 'Apotheek De Linde', kind: 'Pharmacy', site: null, departments: 3, accounts: 2, lastActivity: null, isActive: true };
const detail: CustomerDetail = {
  ...row,
  deactivatedAt: null,
  defaultSite: 'oosterwolde',
  departmentList: [{ id: 1, name: 'Thuiszorg Noord', patients: 29 }],
  accountList: [{ id: 4, name: 'Sanne de Vries', emailAddress: 'sanne@delinde.test', type: 'Administrator', isActive: false, isInvited: true, lastLoginAt: null }],
};
const pages = [
  { path: backofficePaths.customers.path, Component: CustomersRoute },
  { path: backofficePaths.customerAdd.path, Component: CustomerAddRoute },
  { path: backofficePaths.customerDetail.path, Component: CustomerDetailRoute },
];

beforeEach(() => stubDesktopScreen());

describe('Klanten', () => {
  it('lists the customers with their site, counts and state, each linking to its page', async () => {
    stubRoutes({ [calls.getTable.path]: () => jsonResponse({ total: 1, items: [row] }) });
    openStaffPages(pages, backofficePaths.customers.path);
    const link = await screen.findByRole('link', { name: 'Apotheek De Linde' });
    const cells = link.closest('tr')!;
    expect(cells).toHaveTextContent('APO-1001');
    expect(cells).toHaveTextContent('Standaard');
    expect(cells).toHaveTextContent('Actief');
    expect(link).toHaveAttribute('href', '/beheer/klanten/6f1c1c8e-1111-4a4a-8a8a-000000000001');
  });

  it('creates a customer with a site and opens its page; a code in use is said at the field', async () => {
    let first = true;
    const server = stubRoutes({
      [calls.create.path]: () => {
        if (first) {
          first = false;
          return jsonResponse({ type: 'about:blank', title: customerText.codeInUse, status: 400, errors: { code: [customerText.codeInUse] } }, 400);
        }
        return jsonResponse({ id: '6f1c1c8e-1111-4a4a-8a8a-000000000001' });
      },
      [calls.get.path]: () => jsonResponse(detail),
    });
    const { user, router } = openStaffPages(pages, backofficePaths.customerAdd.path);
    await user.type(await screen.findByRole('textbox', { name: /^Klantcode/ }), 'APO-1001');
    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'Apotheek De Linde');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Vestiging/ }), 'Alkmaar');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    expect((await screen.findAllByText(customerText.codeInUse)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/beheer/klanten/6f1c1c8e-1111-4a4a-8a8a-000000000001'));
    expect(server.requests(calls.create.path).at(-1)?.body).toEqual({ code: 'APO-1001', name: 'Apotheek De Linde', kind: 'Pharmacy', site: 'alkmaar' });
  });

  it('shows a customer, invites an administrator, and deactivates after a confirmation', async () => {
    const server = stubRoutes({
      [calls.get.path]: () => jsonResponse(detail),
      [calls.inviteAdministrator.path]: () => new Response(null, { status: 204 }),
      [calls.setActive.path]: () => new Response(null, { status: 204 }),
    });
    const { user } = openStaffPages(pages, '/beheer/klanten/6f1c1c8e-1111-4a4a-8a8a-000000000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apotheek De Linde (APO-1001)' })).toBeInTheDocument();
    expect(screen.getByText(/Thuiszorg Noord \(29 patiënten\)/)).toBeInTheDocument();
    expect(screen.getByText(/uitgenodigd/)).toBeInTheDocument();
    // The customer's role by the spec's name, never the provider's own role Beheerder.
    expect(screen.getByText(/sanne@delinde\.test/)).toHaveTextContent('sanne@delinde.test · Administrator · ');
    const invite = screen.getByRole('form', { name: 'Administrator uitnodigen' });
    await user.type(within(invite).getByRole('textbox', { name: /^E-mailadres/ }), 'anna@delinde.test');
    await user.type(within(invite).getByRole('textbox', { name: /^Voornaam/ }), 'Anna');
    await user.type(within(invite).getByRole('textbox', { name: /^Achternaam/ }), 'Vries');
    await user.click(within(invite).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(await screen.findByText('Er is een activatiemail naar anna@delinde.test gestuurd.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactiveren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apotheek De Linde deactiveren?' });
    expect(dialog).toHaveTextContent('Er wordt niets verwijderd');
    await user.click(within(dialog).getByRole('button', { name: 'Deactiveren' }));
    await waitFor(() => expect(server.requests(calls.setActive.path)[0]?.body).toEqual({ id: '6f1c1c8e-1111-4a4a-8a8a-000000000001', isActive: false }));
  });

  it("saves a change with the customer it is of, says a refused name at its field, and invites for that customer", async () => {
    let first = true;
    const server = stubRoutes({
      [calls.get.path]: () => jsonResponse(detail),
      [calls.update.path]: () => {
        if (first) {
          first = false;
          return jsonResponse({ type: 'about:blank', title: customerText.nameRequired, status: 400, errors: { name: [customerText.nameRequired] } }, 400);
        }
        return new Response(null, { status: 204 });
      },
      [calls.inviteAdministrator.path]: () => new Response(null, { status: 204 }),
    });
    const { user } = openStaffPages(pages, '/beheer/klanten/6f1c1c8e-1111-4a4a-8a8a-000000000001');
    const change = await screen.findByRole('form', { name: 'Gegevens wijzigen' });
    const name = within(change).getByRole('textbox', { name: /^Naam/ });
    await user.clear(name);
    await user.type(name, 'De Linde Noord');
    await user.click(within(change).getByRole('button', { name: 'Opslaan' }));
    expect((await within(change).findAllByText(customerText.nameRequired)).length).toBeGreaterThan(0);
    await user.click(within(change).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De gegevens zijn opgeslagen.')).toBeInTheDocument();
    expect(server.requests(calls.update.path).at(-1)?.body).toEqual({ id: row.id, name: 'De Linde Noord', kind: 'Pharmacy', site: null });
    const invite = screen.getByRole('form', { name: 'Administrator uitnodigen' });
    await user.type(within(invite).getByRole('textbox', { name: /^E-mailadres/ }), 'anna@delinde.test');
    await user.type(within(invite).getByRole('textbox', { name: /^Voornaam/ }), 'Anna');
    await user.type(within(invite).getByRole('textbox', { name: /^Achternaam/ }), 'Vries');
    await user.click(within(invite).getByRole('button', { name: 'Uitnodiging versturen' }));
    await waitFor(() =>
      expect(server.requests(calls.inviteAdministrator.path)[0]?.body).toEqual({ id: row.id, emailAddress: 'anna@delinde.test', firstName: 'Anna', middleName: '', lastName: 'Vries' }),
    );
  });

  it('says so when the customer cannot be loaded', async () => {
    stubRoutes({ [calls.get.path]: () => problemResponse(503) });
    openStaffPages(pages, '/beheer/klanten/6f1c1c8e-1111-4a4a-8a8a-000000000001');
    expect(await screen.findByRole('button', { name: /opnieuw/i })).toBeInTheDocument();
  });
});
