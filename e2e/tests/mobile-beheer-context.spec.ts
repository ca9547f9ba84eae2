import { inboxContextText, ownSettingsText } from '@portal/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

test('on a phone the customer beside an item goes under the whole item, and Instellingen fits (issue 30.7, 30.6)', async ({ page, request }, testInfo) => {
  const staff = await freshStaff(request, 'Beheerder', 'phone-context', 'Bram');
  await staffLoginViaApi(page, staff);
  await page.goto('/beheer/inbox/formulier/1');
  await expectScreen(page, 'Inbox-item');

  const panel = page.getByRole('region', { name: inboxContextText.title, exact: true });
  await expect(panel.getByRole('list', { name: inboxContextText.openItems }).getByRole('listitem').first()).toBeVisible();
  const notes = await page.getByRole('region', { name: 'Interne notitie' }).boundingBox();
  const under = await panel.boundingBox();
  expect(under!.y).toBeGreaterThan(notes!.y + notes!.height);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'inbox item with its customer on a phone');
  await saveScreen(page, testInfo, 'phone-beheer-item-customer-context');

  await page.goto('/beheer/instellingen');
  await expectScreen(page, 'Instellingen');
  await expect(page.getByRole('switch', { name: ownSettingsText.digestLabel })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/beheer/instellingen on a phone');
  await saveScreen(page, testInfo, 'phone-beheer-instellingen');
});
