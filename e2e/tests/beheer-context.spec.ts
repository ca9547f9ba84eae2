import { backofficeOwnCalls, inboxContextText, ownSettingsText } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';

test('an inbox item shows its customer beside it: contact, administrators, other open items and orders, each a link (issue 30.7)', async ({ page, request }, testInfo) => {
  const staff = await freshStaff(request, 'Klantenservice', 'context', 'Karim');
  await staffLoginViaApi(page, staff);
  // The demo's roll request of Apotheek De Linde, which has other open items and orders.
  await page.goto('/beheer/inbox/formulier/1');
  await expectScreen(page, 'Inbox-item');

  const panel = page.getByRole('region', { name: inboxContextText.title, exact: true });
  await expect(panel.getByRole('region', { name: inboxContextText.contact })).toContainText('Apotheek De Linde');
  await expect(panel.getByRole('list', { name: inboxContextText.administrators })).toContainText(demo.administrator.email);
  const others = panel.getByRole('list', { name: inboxContextText.openItems }).getByRole('listitem');
  await expect(others.first()).toBeVisible();
  await expect(panel.getByRole('list', { name: inboxContextText.recentOrders }).getByRole('listitem').first()).toContainText(/^BST-\d{4}-\d{6}/);
  // Beside the item on a wide screen: the panel starts right of the item's facts.
  const facts = await page.getByRole('region', { name: 'Gegevens', exact: true }).boundingBox();
  const beside = await panel.boundingBox();
  expect(beside!.x).toBeGreaterThan(facts!.x + facts!.width);
  await expectNoSeriousA11yViolations(page, 'inbox item with its customer');
  await saveScreen(page, testInfo, 'beheer-item-customer-context');

  const first = /[A-Z]{3}-\d{4}-\d{6}/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')![0];
  const link = others.first().getByRole('link');
  const reference = (await link.textContent())!;
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
  // From the other item, the first one is among its customer's other open items.
  await expect(page.getByRole('region', { name: inboxContextText.title, exact: true }).getByRole('link', { name: first })).toBeVisible();
});

test('Instellingen: a staff member switches the daily overview on and off, saved at once (issue 30.6)', async ({ page, request }, testInfo) => {
  const staff = await freshStaff(request, 'Kwaliteit', 'settings', 'Kees');
  await staffLoginViaApi(page, staff);
  await page.goto('/beheer/inbox');
  await sideMenu(page).getByRole('link', { name: 'Instellingen' }).click();
  await expectScreen(page, 'Instellingen');
  const digest = page.getByRole('switch', { name: ownSettingsText.digestLabel });
  await expect(digest).not.toBeChecked();

  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === backofficeOwnCalls.setSettings.path && response.status() === 204);
  await digest.click();
  await saved;
  await expect(page.getByText(ownSettingsText.saved)).toBeVisible();
  await expect(digest).toBeChecked();
  await expectNoSeriousA11yViolations(page, '/beheer/instellingen');
  await saveScreen(page, testInfo, 'beheer-instellingen');

  await page.reload();
  await expect(page.getByRole('switch', { name: ownSettingsText.digestLabel })).toBeChecked();
  await page.getByRole('switch', { name: ownSettingsText.digestLabel }).click();
  await expect(page.getByRole('switch', { name: ownSettingsText.digestLabel })).not.toBeChecked();
  await expect(page.getByText(ownSettingsText.saved)).toBeVisible();
});
