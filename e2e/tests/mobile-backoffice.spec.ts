import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
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
