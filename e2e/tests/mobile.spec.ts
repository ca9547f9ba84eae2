import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field, fillLogin, sideMenu, submitLogin, topBar } from '../support/ui.js';

test.describe('Telefoon (Pixel 7)', () => {
  test('log in, open the menu with the menu button, go to Beveiliging', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await expect(field(page, 'E-mailadres')).toBeVisible();
    // The card fits the screen: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await saveScreen(page, testInfo, 'mobile-login');

    await fillLogin(page, demo.administrator.email, demo.password);
    await submitLogin(page);
    await expect(page).toHaveURL('/');
    await expectScreen(page, 'Dashboard');
    await expect(topBar(page).getByText(demo.administrator.firstName, { exact: true })).toBeVisible();

    // On a phone the menu is a drawer behind the menu button.
    const menuButton = topBar(page).getByRole('button', { name: 'Menu openen' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(sideMenu(page)).toBeHidden();
    await menuButton.click();
    await expect(sideMenu(page)).toBeVisible();
    // The open drawer is modal: the page behind it, top bar included, is hidden from assistive technology.
    await expect(page.getByRole('button', { name: 'Menu openen', includeHidden: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(menuButton).toBeHidden();
    const beveiliging = sideMenu(page).getByRole('link', { name: 'Beveiliging' });
    await expect(beveiliging).toBeInViewport();
    await saveScreen(page, testInfo, 'mobile-dashboard-menu');
    await expectNoSeriousA11yViolations(page, 'the dashboard with the menu open, on a phone');

    await beveiliging.click();
    await expect(page).toHaveURL('/settings');
    await expectScreen(page, 'Instellingen');
    await expect(sideMenu(page)).toBeHidden();
    await expect(page.getByRole('region', { name: 'Wachtwoord wijzigen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tweestapsverificatie' })).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await saveScreen(page, testInfo, 'mobile-settings');
    await expectNoSeriousA11yViolations(page, '/settings on a phone');
  });
});
