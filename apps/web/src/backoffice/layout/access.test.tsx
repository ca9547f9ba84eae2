import {
  backofficeAuthCalls,
  backofficeContentCalls,
  backofficeCustomerCalls,
  backofficeInboxCalls,
  backofficeStaffCalls,
  backofficeText,
  staffRoles,
  type StaffRole,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '@/app/router';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { createTestQueryClient, renderRoutes } from '@/testing/render-routes';
import { rolesFor } from '../access';
import { getStaffSession } from '../lib/staff-session';
import { backofficePaths as p } from '../paths';
import { logInStaff, staffTestSession } from '../testing/staff-session';

const renderApp = (url: string) => {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(queryClient), url, queryClient);
};
const main = () => screen.getByRole('main');
const noAccessHeading = async () =>
  within(await screen.findByRole('main')).findByRole('heading', { level: 1, name: backofficeText.noAccessTitle });
const menu = () => screen.getByRole('navigation', { name: 'Hoofdmenu' });

beforeEach(() => {
  stubDesktopScreen();
});

// One screen of each kind: a table with a button beside its heading, a list of content with a dialog to add,
// the staff list with its invitation, a form of its own, and a detail.
const screens = [
  { entry: p.customers, url: '/beheer/klanten', button: 'Nieuwe klant' },
  { entry: p.memos, url: '/beheer/inhoud/memos', button: 'Nieuwe memo' },
  { entry: p.staff, url: '/beheer/medewerkers', button: 'Medewerker uitnodigen' },
  { entry: p.customerAdd, url: '/beheer/klanten/nieuw', button: 'Opslaan' },
  { entry: p.customerDetail, url: '/beheer/klanten/4f1b2c3d-0000-4000-8000-000000000001', button: 'Opslaan' },
  { entry: p.audit, url: '/beheer/logboek', button: 'Exporteren' },
];

describe('a screen the role may not open', () => {
  for (const { entry, url, button } of screens) {
    it(`says "Geen toegang" on ${entry.title} as Kwaliteit, with the roles that may, no buttons and no calls`, async () => {
      logInStaff('Kwaliteit');
      const stub = stubRoutes({ [backofficeInboxCalls.getNewCount.path]: () => jsonResponse({ count: 0 }) });
      renderApp(url);
      expect(await noAccessHeading()).toBeInTheDocument();
      expect(main()).toHaveTextContent(backofficeText.noAccess(entry.title, rolesFor(entry), 'Kwaliteit'));
      expect(within(main()).queryByRole('button', { name: button })).not.toBeInTheDocument();
      expect(within(main()).queryAllByRole('button')).toEqual([]);
      expect(stub.requests().filter((r) => r.url.pathname !== backofficeInboxCalls.getNewCount.path)).toEqual([]);
    });
  }

  it('names the roles in words: one role, or the last after "of"', () => {
    expect(backofficeText.noAccess('Medewerkers', ['Beheerder'], 'Kwaliteit')).toBe(
      'Medewerkers is alleen te openen met de rol Beheerder. U bent ingelogd met de rol Kwaliteit.',
    );
    expect(backofficeText.noAccess('Klanten', ['Beheerder', 'Klantenservice'], 'Kwaliteit')).toBe(
      'Klanten is alleen te openen met de rol Beheerder of Klantenservice. U bent ingelogd met de rol Kwaliteit.',
    );
  });

  it('follows the role the server answers with: a refused call brings the role as it is now', async () => {
    logInStaff('Klantenservice');
    const demoted = staffTestSession('Kwaliteit');
    stubRoutes({
      [backofficeInboxCalls.getNewCount.path]: () => jsonResponse({ count: 0 }),
      [backofficeContentCalls.getMemos.path]: () => problemResponse(403),
      [backofficeContentCalls.getCustomerChoices.path]: () => problemResponse(403),
      [backofficeAuthCalls.refresh.path]: () => jsonResponse(demoted),
    });
    renderApp('/beheer/inhoud/memos');
    expect(await noAccessHeading()).toBeInTheDocument();
    expect(getStaffSession()?.staff.role).toBe('Kwaliteit');
    expect(within(main()).queryAllByRole('button')).toEqual([]);
    await waitFor(() => expect(within(menu()).queryByRole('button', { name: 'Inhoud' })).not.toBeInTheDocument());
  });
});

describe('the menu', () => {
  const entries = [p.inbox, p.reporting, p.customers, p.memos, p.faq, p.contact, p.serviceProducts, p.savedReplies, p.staff, p.audit, p.integrations, p.ownSettings];
  for (const role of staffRoles) {
    it(`offers ${role} exactly the screens the contract lets that role open`, async () => {
      logInStaff(role as StaffRole);
      stubRoutes({
        [backofficeInboxCalls.getNewCount.path]: () => jsonResponse({ count: 0 }),
        [backofficeInboxCalls.getTable.path]: () => jsonResponse({ items: [], total: 0 }),
        [backofficeStaffCalls.colleagues.path]: () => jsonResponse([]),
        [backofficeCustomerCalls.getTable.path]: () => jsonResponse({ items: [], total: 0 }),
      });
      renderApp('/beheer/inbox');
      await screen.findByRole('navigation', { name: 'Hoofdmenu' });
      // The content group's links count while it is folded, too.
      const offered = within(menu()).queryAllByRole('link', { hidden: true }).map((link) => link.getAttribute('href'));
      expect(offered).toEqual(entries.filter((entry) => rolesFor(entry).includes(role)).map((entry) => entry.path));
    });
  }
});
