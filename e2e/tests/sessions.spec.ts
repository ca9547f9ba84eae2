import { createActiveAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { horizontalOverflow } from '../support/customers.js';
import { waitForMail } from '../support/mail.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';

test.describe('Actieve sessies', () => {
  test('a user sees where the account is logged in and ends the other session, which is logged out at its next step', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const account = await createActiveAccount(request, 'sessions', { firstName: 'Lotte' });
    // The other browser: logged in first, with the dashboard open.
    const otherContext = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
    const other = await otherContext.newPage();
    await loginViaApi(other, account.email, account.password);
    await other.goto('/');
    await expectScreen(other, 'Dashboard');

    await loginViaApi(page, account.email, account.password);
    await page.goto('/settings');
    await expectScreen(page, 'Instellingen');
    const card = page.getByRole('region', { name: 'Actieve sessies' });
    const sessions = card.getByRole('list', { name: 'Actieve sessies' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.first()).toContainText('Deze sessie');
    await expect(sessions.nth(1)).toHaveAttribute('aria-label', 'Safari op iPhone');
    await saveScreen(page, testInfo, 'desktop-sessions');
    await expectNoSeriousA11yViolations(page, 'Beveiliging with its sessions');

    await sessions.nth(1).getByRole('button', { name: /beëindigen$/ }).click();
    await expect(sessions).toHaveCount(1);
    await expect(card.getByText('Uw account is nergens anders ingelogd.')).toBeVisible();

    // The other browser's next step finds its session ended: back to the login page.
    await sideMenu(other).getByRole('link', { name: 'Inpakopdrachten' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    await otherContext.close();

    // The second browser was new to the account (the first login of an account is no news): its owner was told.
    const mail = await waitForMail({ to: account.email, subject: 'Nieuwe inlog op uw account' });
    expect(mail.text).toMatch(/Browser: Chrome op \w+/);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'phone-sessions');
  });
});
