import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { calls, inboxBulkText, inboxQueueText as t, inboxShortcutsText } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { horizontalOverflow } from '../support/customers.js';
import { marker } from '../support/request-forms.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

/** A question the customer asks through the portal's own call; its reference, as the receipt names it. */
async function askQuestion(request: APIRequestContext, token: string, question: string): Promise<string> {
  const asked = await request.post(calls.forms.askNonFaqQuestion.path, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { question },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  return ((await asked.json()) as { reference: string }).reference;
}

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** The screen at phone width too: it fits, passes axe, and is kept as a screenshot. */
async function atPhoneWidth(page: Page, testInfo: Parameters<typeof saveScreen>[1], name: string) {
  await page.setViewportSize(phone);
  expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, `${name} on a phone`);
  await saveScreen(page, testInfo, `${name}-phone`);
  await page.setViewportSize(desktop);
}

test('Klantenservice works the queue: filters, assigns two items in bulk, archives one and goes on to the next, and reads the keys', async ({ page, browser, request }, testInfo) => {
  const customerPage = await (await browser.newContext()).newPage();
  const customer = await loginViaApi(customerPage, demo.employee.email, demo.password);
  const tag = marker();
  const first = await askQuestion(request, customer.accessToken, `Vraag een over de levering (${tag})`);
  const second = await askQuestion(request, customer.accessToken, `Vraag twee over de levering (${tag})`);
  // A first name of its own: other tests make colleagues named Karim in the same database.
  const staff = await freshStaff(request, 'Klantenservice', 'queue', 'Quirijn');
  await staffLoginViaApi(page, staff);

  await test.step('filters the inbox to the two questions, oldest first, kept in the address', async () => {
    await page.goto('/beheer/inbox?kind=NonFaqQuestion&sort=receivedAt&order=asc');
    await expectScreen(page, 'Inbox');
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill(tag);
    await page.getByRole('searchbox', { name: 'Zoeken' }).press('Enter');
    const table = page.getByRole('table', { name: 'Inbox' });
    await expect(table.getByRole('row').filter({ hasText: first })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: second })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  });

  await test.step('selects both and assigns them to themselves in one go', async () => {
    await page.getByRole('checkbox', { name: t.selectItem(first) }).check();
    await page.getByRole('checkbox', { name: t.selectItem(second) }).check();
    await expect(page.getByText(inboxBulkText.selected(2))).toBeVisible();
    await page.getByRole('combobox', { name: inboxBulkText.assign }).selectOption({ label: 'Quirijn Klantenservice' });
    await expectNoSeriousA11yViolations(page, '/beheer/inbox with a selection');
    await saveScreen(page, testInfo, 'beheer-queue-selection');
    await page.getByRole('button', { name: `${inboxBulkText.apply}: ${inboxBulkText.assign.toLowerCase()}` }).click();
    await expect(page.getByText(inboxBulkText.done(2))).toBeVisible();
    const table = page.getByRole('table', { name: 'Inbox' });
    await expect(table.getByRole('row').filter({ hasText: first })).toContainText('Quirijn Klantenservice');
    await expect(table.getByRole('row').filter({ hasText: second })).toContainText('Quirijn Klantenservice');
    await saveScreen(page, testInfo, 'beheer-queue-list');
    await atPhoneWidth(page, testInfo, 'beheer-queue-list');
  });

  await test.step('opens the first, archives it and lands on the second', async () => {
    await page.getByRole('link', { name: `Vraag ${first} openen` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Vraag ${first}` })).toBeVisible();
    await expect(page.getByText(t.position(1, 2))).toBeVisible();
    await expect(page.getByText(t.dueFact)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'inbox item with its queue bar');
    await saveScreen(page, testInfo, 'beheer-queue-item');
    await atPhoneWidth(page, testInfo, 'beheer-queue-item');
    await page.getByRole('button', { name: t.archiveAndNext }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Vraag ${second}` })).toBeVisible();
    // The archived one has left the list (open items only): the second is now the only one.
    await expect(page.getByText(t.position(1, 1))).toBeVisible();
  });

  await test.step('presses ? for the keys', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: inboxShortcutsText.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: `m ${inboxShortcutsText.keys[2][1]}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the keys dialog');
    await saveScreen(page, testInfo, 'beheer-queue-keys');
    await atPhoneWidth(page, testInfo, 'beheer-queue-keys');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('a Beheerder opens the service times per kind from the inbox', async ({ page, request }, testInfo) => {
  const beheerder = await freshStaff(request, 'Beheerder', 'service-times', 'Bram');
  await staffLoginViaApi(page, beheerder);
  await page.goto('/beheer/inbox');
  await expectScreen(page, 'Inbox');
  await page.getByRole('button', { name: t.serviceTimes }).click();
  const dialog = page.getByRole('dialog', { name: t.serviceTimes });
  await expect(dialog.getByRole('spinbutton', { name: 'Vraag (uren)' })).toHaveValue(/^\d+$/);
  await expectNoSeriousA11yViolations(page, 'the service times dialog');
  await saveScreen(page, testInfo, 'beheer-queue-service-times');
  await atPhoneWidth(page, testInfo, 'beheer-queue-service-times');
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expect(dialog).toBeHidden();
});
