import { backofficeStaffCalls, backofficeText } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

test('Beheer on a phone: every screen of a Beheerder fits the width and passes axe', async ({ page, request }, testInfo) => {
  await page.goto('/beheer/login');
  await expect(page.getByRole('heading', { name: 'Inloggen Beheer' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/beheer/login on a phone');

  const beheerder = await freshStaff(request, 'Beheerder', 'phone', 'Bram');
  await staffLoginViaApi(page, beheerder);
  for (const [path, title] of [
    ['/beheer/inbox', 'Inbox'],
    ['/beheer/inbox/formulier/1', 'Inbox-item'],
    ['/beheer/klanten', 'Klanten'],
    ['/beheer/inhoud/memos', "Memo's"],
    ['/beheer/inhoud/faq', 'Veelgestelde vragen'],
    ['/beheer/inhoud/contact', 'Contacttekst'],
    ['/beheer/inhoud/serviceproducten', 'Serviceproducten'],
    ['/beheer/medewerkers', 'Medewerkers'],
    ['/beheer/logboek', 'Logboek'],
  ] as const) {
    await page.goto(path);
    await expectScreen(page, title);
    await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, `${path} on a phone`);
    await saveScreen(page, testInfo, `phone${path.replace(/\//g, '-')}`);
  }
});

test('Mijn aanvragen en meldingen on a phone: the customer’s own requests with their status fit the width', async ({ page }, testInfo) => {
  await loginViaApi(page, demo.employee.email, demo.password);
  await page.goto('/mijn-aanvragen');
  await expectScreen(page, 'Mijn aanvragen en meldingen');
  await expect(page.getByText('Aanvraag rollen').first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/mijn-aanvragen on a phone');
  await saveScreen(page, testInfo, 'phone-mijn-aanvragen');
});

test('an inbox item on a phone is checked once its handling has loaded: the section says it is busy until then', async ({ page, request }, testInfo) => {
  const beheerder = await freshStaff(request, 'Beheerder', 'phone-item', 'Bram');
  await staffLoginViaApi(page, beheerder);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${backofficeStaffCalls.colleagues.path}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/beheer/inbox/formulier/1');
  await expectScreen(page, 'Inbox-item');
  const handling = page.getByRole('region', { name: 'Behandeling' });
  await expect(handling).toHaveAttribute('aria-busy', 'true');
  await expect(handling.getByRole('combobox', { name: 'Behandelaar' })).toBeDisabled();
  await saveScreen(page, testInfo, 'phone-beheer-inbox-item-loading');
  release();
  await expect(handling).not.toHaveAttribute('aria-busy');
  await expect(handling.getByRole('combobox', { name: 'Behandelaar' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'inbox item on a phone, loaded');
});

test('Medewerkers on a phone: one’s own card opens without a two-factor reset, and says why', async ({ page, request }, testInfo) => {
  const beheerder = await freshStaff(request, 'Beheerder', 'phone-own-totp', 'Bram');
  await staffLoginViaApi(page, beheerder);
  await page.goto('/beheer/medewerkers');
  await expectScreen(page, 'Medewerkers');
  const card = page.getByRole('list', { name: 'Medewerkers' }).getByRole('listitem').filter({ hasText: beheerder.email });
  await card.getByRole('button', { name: 'Bram Beheerder wijzigen' }).click();
  const own = page.getByRole('dialog', { name: 'Bram Beheerder wijzigen' });
  await expect(own.getByText(backofficeText.ownTotp)).toBeVisible();
  await expect(own.getByRole('button', { name: 'Tweestapsverificatie resetten' })).toHaveCount(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'own staff card dialog on a phone');
  await saveScreen(page, testInfo, 'phone-beheer-staff-own-row');
});
