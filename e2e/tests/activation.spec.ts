import { inviteAccount, newPassword } from '../support/accounts.js';
import { baseURL } from '../support/env.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field, fillLogin, submitLogin, topBar } from '../support/ui.js';

test.describe('Account activeren', () => {
  test('an invited user activates through the mail, logs in, and the link works once', async ({ page }) => {
    const invited = await inviteAccount('activate', { firstName: 'Noor', lastName: 'Jansen', type: 'Administrator' });
    expect(invited.activationLink.origin).toBe(baseURL);
    expect(invited.activationLink.searchParams.get('token')).toBeTruthy();

    await page.goto(invited.activationLink.href);
    await expect(page).toHaveTitle('Account activeren · Mijn Spits');
    const form = page.getByRole('form', { name: 'Account activeren' });
    const password = newPassword();
    await field(form, 'Nieuw wachtwoord').fill(password);
    await field(form, 'Herhaal nieuw wachtwoord').fill(password);
    await form.getByRole('button', { name: 'Account activeren' }).click();
    await expect(page.getByRole('alert')).toHaveText('Account is geactiveerd');

    await page.getByRole('link', { name: 'Naar inloggen' }).click();
    await expect(page).toHaveURL('/auth');
    await fillLogin(page, invited.email, password);
    await submitLogin(page);
    await expect(page).toHaveURL('/');
    await expectScreen(page, 'Dashboard');
    await expect(topBar(page).getByText('Noor', { exact: true })).toBeVisible();
    await expect(topBar(page).getByText('N', { exact: true })).toBeVisible();

    await page.goto(invited.activationLink.href);
    await expect(page.getByRole('alert')).toContainText('Account activeren mislukt');
    await expect(form).toHaveCount(0);
  });

  test('an invited account cannot log in before it is activated', async ({ page }) => {
    const invited = await inviteAccount('inactive');
    await page.goto('/auth');
    await fillLogin(page, invited.email, newPassword());
    await submitLogin(page);
    await expect(page.getByRole('alert')).toHaveText('Inloggen mislukt! Controleer uw e-mailadres en wachtwoord.');
  });

  test('a missing or unknown token shows the error state, after a waiting text while it is checked', async ({ page }) => {
    let releaseCheck = () => {};
    const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
    await page.route('**/Authentication/IsActivationKeyValid', async (route) => {
      await checkHeld;
      await route.continue();
    });
    await page.goto('/auth/activate?token=onbekend');
    await expect(page.getByText('Een moment geduld...', { exact: true })).toBeVisible();
    releaseCheck();
    await expect(page.getByRole('alert')).toContainText('Account activeren mislukt');

    for (const url of ['/auth/activate', '/auth/activate?token=invalid']) {
      await page.goto(url);
      await expect(page.getByRole('alert')).toContainText('Account activeren mislukt');
      await expect(page.getByRole('form', { name: 'Account activeren' })).toHaveCount(0);
    }
  });
});
