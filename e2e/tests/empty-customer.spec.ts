import { randomBytes } from 'node:crypto';
import { calls } from '@portal/contract';
import { createActiveAccount } from '../support/accounts.js';
import { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { createCustomer } from '../support/cli.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { dataTable, defaultRequest, expectEmptyTable, searchBox, tableScreens } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen, topBar } from '../support/ui.js';

test.describe('Nieuwe klant zonder gegevens', () => {
  test('every table shows its empty text; the dashboard, the FAQ and the contact text still work', async ({ page, request }, testInfo) => {
    // Onboarded the way the provider does it: the customer, then its first administrator, activated by mail.
    const code = `E2E-${randomBytes(4).toString('hex').toUpperCase()}`;
    await createCustomer({ code, name: `Apotheek Nieuw ${code}`, kind: 'Pharmacy' });
    const account = await createActiveAccount(request, 'new-client', { client: code, type: 'Administrator', firstName: 'Lotte' });
    const session = await loginViaApi(page, account.email, account.password);
    const api = new PortalApi(page.request, session.accessToken);

    for (const screen of tableScreens) {
      await test.step(screen.title, async () => {
        expect((await api.table(screen.call, defaultRequest(screen))).total).toBe(0);
        await page.goto(screen.path);
        await expectScreen(page, screen.title);
        await expect(topBar(page).getByText('Lotte', { exact: true })).toBeVisible();
        await expectEmptyTable(dataTable(page, screen), screen);
        await expect(dataTable(page, screen).getByRole('columnheader')).toHaveCount(screen.headers.length + (screen.path === '/invoices' ? 1 : 0));
        await expect(searchBox(page)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Ga naar volgende pagina' })).toHaveCount(0);
        await expect(page.getByText('Data ophalen mislukt.')).toHaveCount(0);
        await saveScreen(page, testInfo, `desktop-${screen.path.slice(1)}-empty`);
        await expectNoSeriousA11yViolations(page, `${screen.path} of a customer without data`);
      });
    }

    await test.step('Dashboard', async () => {
      const memos = await api.get(calls.memo.getActiveMemos);
      await page.goto('/');
      await expectScreen(page, 'Dashboard');
      await expect(page.getByRole('region', { name: 'Mededelingen' }).getByRole('heading', { level: 3 })).toHaveText(
        memos.map((m) => m.title),
      );
      const overview = page.getByRole('region', { name: 'Overzicht' });
      await expect(overview.getByText('Er zijn nog geen facturen.')).toBeVisible();
      await expect(overview.getByText('Er zijn geen inpakopdrachten in productie.')).toBeVisible();
      await expect(overview.getByText('Er zijn geen leveringsafspraken.')).toBeVisible();
      await saveScreen(page, testInfo, 'desktop-dashboard-empty');
      await expectNoSeriousA11yViolations(page, '/ of a customer without data');
    });

    await test.step('Veelgestelde vragen', async () => {
      const items = await api.get(calls.faq.getFaqItems);
      await page.goto('/faq');
      await expectScreen(page, 'Veelgestelde vragen');
      const titles = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('button');
      await expect(titles).toHaveText(items.map((i) => i.title));
      await titles.first().click();
      await expect(page.getByRole('region', { name: items[0]!.title, exact: true })).toBeVisible();
      await saveScreen(page, testInfo, 'desktop-faq-empty');
      await expectNoSeriousA11yViolations(page, '/faq of a customer without data');
    });

    await test.step('Contact', async () => {
      const { text } = await api.get(calls.contactDetails.get);
      await page.goto('/contact');
      await expectScreen(page, 'Contact');
      await expect(page.getByRole('main').getByText(text.split('\n')[0]!)).toBeVisible();
      await saveScreen(page, testInfo, 'desktop-contact-empty');
      await expectNoSeriousA11yViolations(page, '/contact of a customer without data');
    });
  });
});
