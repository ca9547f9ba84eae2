import { backofficeInboxContextCalls, type InboxCustomerContext, type StaffRole } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { openStaffRoute } from '../testing/inbox-fixtures';
import CustomerContext from './customer-context';

const context: InboxCustomerContext = {
  customer: {
    id: '6f1c1c8e-1111-4a4a-8a8a-000000000001',
    clientCode: 'APO-1001',
    name: 'Apotheek De Linde',
    kind: 'Pharmacy',
    address: 'Lindelaan 4',
    postalCode: '1234 AB',
    city: 'Lindeburg',
    isActive: true,
  },
  openItems: [
    { itemKind: 'Submission', id: 12, kind: 'NonFaqQuestion', status: 'Processing', receivedAt: '2026-03-01T09:00:00.000Z', ageDays: 3 },
    { itemKind: 'ServiceOrder', id: 7, kind: 'ServiceOrder', status: 'New', receivedAt: '2026-03-04T09:00:00.000Z', ageDays: 0 },
  ],
  openItemCount: 2,
  recentOrders: [{ id: 7, status: 'New', receivedAt: '2026-03-04T09:00:00.000Z', totalPrice: 37 }],
  administrators: [
    { name: 'Sanne Pieters', emailAddress: 'sanne@delinde.test', isActive: true },
    { name: 'Anna Pieters', emailAddress: 'anna@delinde.test', isActive: false },
  ],
};

const item = { itemKind: 'Submission', id: 41 } as const;

function open(answer: InboxCustomerContext | null, role: StaffRole = 'Klantenservice') {
  const server = stubRoutes({
    [backofficeInboxContextCalls.get.path]: () => (answer ? jsonResponse(answer) : problemResponse(500)),
  });
  const view = openStaffRoute([{ path: '/beheer/inbox/formulier/41', Component: () => <CustomerContext item={item} /> }], '/beheer/inbox/formulier/41', role);
  return { ...view, server };
}

const panel = () => screen.findByRole('region', { name: 'Klant' });

describe('the customer beside an item', () => {
  it('shows contact details, administrators, other open items and recent orders, each item a link', async () => {
    const { server } = open(context);
    const region = await panel();
    await within(region).findByRole('region', { name: 'Contactgegevens' });
    expect(server.requests(backofficeInboxContextCalls.get.path)[0]?.url.searchParams.toString()).toBe('ItemKind=Submission&Id=41');

    const contact = within(region).getByRole('region', { name: 'Contactgegevens' });
    expect(contact).toHaveTextContent('KlantApotheek De Linde');
    expect(contact).toHaveTextContent('KlantcodeAPO-1001');
    expect(contact).toHaveTextContent('SoortApotheek');
    expect(contact).toHaveTextContent('AdresLindelaan 4 1234 AB Lindeburg');

    const administrators = within(region).getByRole('list', { name: 'Administrators' });
    expect(within(administrators).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Sanne Pieterssanne@delinde.test',
      'Anna Pieters (niet actief)anna@delinde.test',
    ]);
    expect(within(administrators).getByRole('link', { name: 'sanne@delinde.test' })).toHaveAttribute('href', 'mailto:sanne@delinde.test');

    expect(within(region).getByRole('heading', { name: 'Andere open items (2)' })).toBeInTheDocument();
    const openList = within(region).getByRole('list', { name: 'Andere open items' });
    const rows = within(openList).getAllByRole('listitem');
    expect(rows.map((li) => li.textContent)).toEqual(['AAN-2026-000012In behandelingVraag · 3 dagen', 'BST-2026-000007NieuwBestelling serviceproducten · vandaag']);
    expect(within(rows[0]!).getByRole('link', { name: 'AAN-2026-000012' })).toHaveAttribute('href', '/beheer/inbox/formulier/12');
    expect(within(rows[1]!).getByRole('link', { name: 'BST-2026-000007' })).toHaveAttribute('href', '/beheer/inbox/bestelling/7');

    const orders = within(region).getByRole('list', { name: 'Recente bestellingen' });
    expect(within(orders).getByRole('listitem')).toHaveTextContent(/^BST-2026-000007Nieuw04-03-2026 · € 37,00$/);
    expect(within(region).getByRole('link', { name: 'Klant openen' })).toHaveAttribute('href', `/beheer/klanten/${context.customer.id}`);
  });

  it('leaves out what the role does not see, and offers the whole list when there are more', async () => {
    open({ ...context, openItemCount: 14, recentOrders: null, administrators: null }, 'Kwaliteit');
    const region = await panel();
    await within(region).findByRole('region', { name: 'Contactgegevens' });
    expect(within(region).queryByRole('region', { name: 'Administrators' })).toBeNull();
    expect(within(region).queryByRole('region', { name: 'Recente bestellingen' })).toBeNull();
    // Kwaliteit may not open a customer's page.
    expect(within(region).queryByRole('link', { name: 'Klant openen' })).toBeNull();
    expect(region).toHaveTextContent('2 van 14 getoond; de inbox toont ze allemaal.');
    const all = within(region).getByRole('link', { name: 'Alle open items van deze klant' });
    expect(new URL(all.getAttribute('href')!, 'http://x').searchParams.get('client')).toBe(context.customer.id);
  });

  it('says so when there is nothing, and when the customer is switched off', async () => {
    open({ ...context, customer: { ...context.customer, address: null, postalCode: null, city: null, isActive: false }, openItems: [], openItemCount: 0, recentOrders: [], administrators: [] });
    const region = await panel();
    expect(await within(region).findByText('Geen andere open items.')).toBeInTheDocument();
    expect(region).toHaveTextContent('AdresNog niet bekend');
    expect(region).toHaveTextContent('Nog geen bestellingen.');
    expect(region).toHaveTextContent('Geen administrators.');
    expect(within(region).getByRole('alert')).toHaveTextContent('Gedeactiveerd: de accounts van deze klant kunnen niet inloggen.');
  });

  it('offers to try again when the call fails', async () => {
    open(null);
    const region = await panel();
    expect(await within(region).findByRole('button', { name: /opnieuw/i })).toBeInTheDocument();
  });
});
