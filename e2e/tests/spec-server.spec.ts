import { feedback } from '@portal/contract';
import type { Page } from '@playwright/test';
import { chooseOption, choosePhoto, choosePatient, shot } from '../support/report-forms.js';
import { standInAccounts, startSpecStandIn, type StandIn } from '../support/spec-stand-in.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field, fillLogin, submitLogin } from '../support/ui.js';

/**
 * The built web app against another server of the spec's API (the provider's own, say), which knows only the
 * spec's calls and sends codes as numbers, FAQ items without our ids, the contact details as plain text, and
 * has no /api/deployment-profile and no catalogue call (those answer 404, which the app must take in its stride).
 */
test.use({ expectedApiStatuses: [404] });

let standIn: StandIn;
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern; this one uses none
test.beforeAll(async ({}, workerInfo) => {
  standIn = await startSpecStandIn(3300 + workerInfo.parallelIndex + Number(process.env.E2E_PORT ?? 3107) % 100);
});
test.afterAll(async () => {
  await standIn?.stop();
});

async function logIn(page: Page) {
  await page.goto(`${standIn.url}/auth`);
  await fillLogin(page, standInAccounts.plain.emailAddress, standInAccounts.plain.password);
  await submitLogin(page);
  await expectScreen(page, 'Dashboard');
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('against a server of the spec’s API', () => {
  test('logs in with a two-factor code after a 409, and shows the memos', async ({ page }) => {
    await page.goto(`${standIn.url}/auth`);
    await fillLogin(page, standInAccounts.twoFactor.emailAddress, standInAccounts.twoFactor.password);
    await submitLogin(page);
    await field(page, 'Code').fill(standInAccounts.twoFactor.pin);
    await submitLogin(page);
    await expectScreen(page, 'Dashboard');
    await expect(page.getByText('Rond kerst wijken de leverdagen af.')).toBeVisible();
    // The spec's server has no overview: the dashboard is its memos.
    await expect(page.getByRole('region', { name: 'Overzicht' })).toHaveCount(0);
  });

  test('every table shows the server’s rows, codes sent as numbers included, and an invoice downloads', async ({ page }, testInfo) => {
    await logIn(page);
    await page.goto(`${standIn.url}/products`);
    await expect(rowOf(page, 'Metoprolol 50 mg tablet')).toContainText('12345');
    await expect(rowOf(page, 'Omeprazol 20 mg capsule')).toContainText('Nee');
    await shot(page, testInfo, 'spec-server-products');

    await page.goto(`${standIn.url}/packing-order`);
    await expect(rowOf(page, 'Afdeling Heide')).toContainText('Verzonden');
    await page.goto(`${standIn.url}/calendar`);
    await expect(rowOf(page, 'Afdeling Duinzicht')).toContainText('09:00');
    await page.goto(`${standIn.url}/pharmacists`);
    await expect(rowOf(page, 'apotheker@spec.example')).toBeVisible();
    await page.goto(`${standIn.url}/orders`);
    await expect(rowOf(page, '41')).toContainText('Marloes Bakker');

    await page.goto(`${standIn.url}/invoices`);
    const invoice = rowOf(page, 'SPEC-01');
    await expect(invoice).toContainText('1.234,56');
    // A row of the spec's server has no invoice number or payment status: the list shows it all the same.
    await invoice.getByRole('button', { name: /downloaden$/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PDF', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('FAQ items without ids open, and a question is sent; the contact text shows', async ({ page }) => {
    await logIn(page);
    await page.goto(`${standIn.url}/faq`);
    await page.getByRole('button', { name: 'Hoe vraag ik een foto aan?' }).click();
    await expect(page.getByRole('region', { name: 'Hoe vraag ik een foto aan?' })).toContainText('Via Foto aanvragen.');
    await page.getByRole('textbox', { name: /^Uw vraag/ }).fill('Kan de levering een dag eerder?');
    await page.getByRole('button', { name: 'Vraag versturen' }).click();
    await expect(page.getByText(feedback.faqQuestionSucceeded)).toBeVisible();
    expect(standIn.received.get('Forms/AskNonFaqQuestion')).toContainEqual({ question: 'Kan de levering een dag eerder?' });

    await page.goto(`${standIn.url}/contact`);
    await expect(page.getByText('Klantenservice: 0512-123456')).toBeVisible();
  });

  test('settings: the password is changed and the two-factor card offers its QR code', async ({ page }) => {
    await logIn(page);
    await page.goto(`${standIn.url}/settings`);
    const card = page.getByRole('region', { name: 'Wachtwoord wijzigen' });
    await field(card, 'Huidig wachtwoord').fill(standInAccounts.plain.password);
    await field(card, 'Nieuw wachtwoord').fill('Nieuw#Wachtwoord9');
    await field(card, 'Herhaal nieuw wachtwoord').fill('Nieuw#Wachtwoord9');
    await card.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(card.getByText(feedback.passwordChangeSucceeded)).toBeVisible();
    await expect(page.getByRole('img', { name: /QR-code/ })).toBeVisible();
  });

  test('the Oosterwolde form opens without a deployment profile, uses the spec’s catalogue, uploads without a purpose and is sent', async ({ page }, testInfo) => {
    await logIn(page);
    await page.goto(`${standIn.url}/forms/reportImperfectionInceptionOosterwolde`);
    await expectScreen(page, 'Melding onvolkomenheden');
    await chooseOption(page, 'Ontdekker', 'Zorgmedewerker');
    await chooseOption(page, 'Wat de klacht is', 'Krat');
    await chooseOption(page, 'Klachttype', 'Krat te laat ontvangen');
    await chooseOption(page, 'Impact', 'Niet ingenomen, geen schade');
    await choosePatient(page, 'jans');
    await choosePhoto(page, 'krat.png');
    await page.getByRole('button', { name: 'Klacht indienen' }).click();
    await expect(page.getByText(feedback.complaintSucceeded, { exact: true })).toBeVisible();
    await shot(page, testInfo, 'spec-server-oosterwolde-sent');
    const sent = standIn.received.get('Forms/ReportImperfectionInceptionOosterwolde') as Record<string, unknown>[];
    expect(sent.at(-1)).toMatchObject({ imperfectionAbout: 'Crate', imperfectionTypeInception: 'ReceivedCrateLate', patientId: 501, department: 'Afdeling Duinzicht' });
  });
});
