import { randomBytes } from 'node:crypto';
import { backofficeContentCalls, backofficeText, contentText, memoItem } from '@portal/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { sideMenu } from '../support/ui.js';

const phone = { width: 412, height: 915 };

test('Kwaliteit sees only what it may open; a screen of another role says "Geen toegang" and who may (issue 26.7)', async ({ page, request }, testInfo) => {
  const staff = await freshStaff(request, 'Kwaliteit', 'access', 'Ilse');
  await staffLoginViaApi(page, staff);
  const refusedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusedCalls.push(new URL(response.url()).pathname);
  });

  await page.goto('/beheer/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  // Its work (the imperfection reports), their figures, and its own settings: nothing of another role.
  const links = sideMenu(page).getByRole('link');
  await expect(links).toHaveCount(3);
  expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(['/beheer/inbox', '/beheer/rapportage', '/beheer/instellingen']);

  for (const [path, title, roles, button] of [
    ['/beheer/klanten', 'Klanten', ['Beheerder', 'Klantenservice'], 'Nieuwe klant'],
    ['/beheer/medewerkers', 'Medewerkers', ['Beheerder'], 'Medewerker uitnodigen'],
    ['/beheer/inhoud/memos', "Memo's", ['Beheerder', 'Klantenservice'], 'Nieuwe memo'],
  ] as const) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(backofficeText.noAccessTitle);
    await expect(main).toContainText(backofficeText.noAccess(title, roles, 'Kwaliteit'));
    await expect(main.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('link', { name: button })).toHaveCount(0);
    await expect(main.getByText(/Data ophalen mislukt|Er is iets misgegaan/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `${path} as Kwaliteit`);
    await saveScreen(page, testInfo, `beheer-geen-toegang-${path.split('/').pop()}`);
  }
  await page.setViewportSize(phone);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(backofficeText.noAccessTitle);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreen(page, testInfo, 'beheer-geen-toegang-phone');
  expect(refusedCalls).toEqual([]);
});

test('a memo goes to the customer just made and picked, said in words before saving (issue 26.8)', async ({ page, request }, testInfo) => {
  const staff = await freshStaff(request, 'Klantenservice', 'audience', 'Sanne');
  const session = await staffLoginViaApi(page, staff);
  const tag = randomBytes(3).toString('hex');
  const typedCode = `apo-${tag}`;
  const code = typedCode.toUpperCase();
  const name = `Apotheek Het Anker ${tag}`;

  await page.goto('/beheer/klanten/nieuw');
  const form = page.getByRole('form', { name: 'Nieuwe klant' });
  await form.getByRole('textbox', { name: 'Klantcode' }).fill(typedCode);
  await form.getByRole('textbox', { name: 'Naam' }).fill(name);
  await form.getByRole('button', { name: 'Klant aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} (${code})`);
  const customerId = new URL(page.url()).pathname.split('/').pop();

  await page.goto('/beheer/inhoud/memos');
  await page.getByRole('button', { name: 'Nieuwe memo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe memo' });
  const title = `Welkom ${tag}`;
  await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Tekst' }).fill('Welkom bij Mijn Spits.');
  await expect(dialog.getByText(contentText.memoAudience(null))).toBeVisible();
  await dialog.getByRole('radio', { name: 'Gekozen klanten' }).check();
  await expect(dialog.getByText(contentText.memoAudience([]))).toBeVisible();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText(contentText.customersRequired)).toBeVisible();
  await saveScreen(page, testInfo, 'beheer-memo-audience-none');
  await dialog.getByRole('combobox', { name: 'Klanten' }).fill(`Anker ${tag}`);
  await expect(page.getByRole('option')).toHaveText([`${name} (${code})`]);
  await page.getByRole('option').first().click();
  await expect(dialog.getByRole('button', { name: `${name} (${code})` })).toBeVisible();
  await expect(dialog.getByText(contentText.memoAudience([`${name} (${code})`]))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'memo dialog with its audience');
  await saveScreen(page, testInfo, 'beheer-memo-audience');
  await page.setViewportSize(phone);
  await dialog.getByText(contentText.memoAudience([`${name} (${code})`])).scrollIntoViewIfNeeded();
  await expect(dialog.getByText(contentText.memoAudience([`${name} (${code})`]))).toBeInViewport();
  await saveScreen(page, testInfo, 'beheer-memo-audience-phone');

  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === backofficeContentCalls.saveMemo.path);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(name);
  const memos = await page.request.get(backofficeContentCalls.getMemos.path, { headers: { Authorization: `Bearer ${session.accessToken}` } });
  const memo = memoItem.array().parse(await memos.json()).find((m) => m.title === title);
  expect(memo?.customerIds).toEqual([customerId]);
});
