import { calls } from '@portal/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { createActiveAccount, newPassword } from '../support/accounts.js';
import { baseURL } from '../support/env.js';
import { linkFrom, mailSubjects, waitForMail } from '../support/mail.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field, fillLogin, submitLogin, topBar } from '../support/ui.js';

const policyMessage = 'Wachtwoord voldoet niet aan de vereisten: 8 karakters, 1 hoofdletter, 1 kleine letter en 1 cijfer';
const repeatMessage = 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord';

async function apiLoginStatus(request: APIRequestContext, emailAddress: string, password: string): Promise<number> {
  const response = await request.post(calls.authentication.loginWithCredentials.path, { data: { emailAddress, password } });
  return response.status();
}

async function fillNewPassword(page: Page, password: string, repeat: string) {
  const form = page.getByRole('form', { name: 'Nieuw wachtwoord instellen' });
  await field(form, 'Nieuw wachtwoord').fill(password);
  await field(form, 'Herhaal nieuw wachtwoord').fill(repeat);
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
}

test.describe('Wachtwoord vergeten', () => {
  test('a reset link from the mail sets a new password once', async ({ page, request }) => {
    const account = await createActiveAccount(request, 'reset', { firstName: 'Ruben' });
    const requestedAt = Date.now();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await expect(page).toHaveURL('/auth/reset-password');
    await expect(page).toHaveTitle('Wachtwoord vergeten · Mijn Spits');
    await field(page, 'E-mailadres').fill(account.email);
    await page.getByRole('button', { name: 'Reset link aanvragen' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met instructies om uw wachtwoord opnieuw in te stellen.',
    );

    const mail = await waitForMail({ to: account.email, subject: mailSubjects.passwordReset, since: requestedAt });
    const link = linkFrom(mail, '/auth/reset-password/update');
    expect(link.origin).toBe(baseURL);
    expect(link.searchParams.get('token')).toBeTruthy();

    await page.goto(link.href);
    await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeVisible();
    await expect(page).toHaveTitle('Nieuw wachtwoord instellen · Mijn Spits');

    const password = newPassword();
    for (const weak of ['Kort1', 'alleenkleineletters1', 'ALLEENHOOFDLETTERS1', 'GeenCijfersHier']) {
      await fillNewPassword(page, password, password.replace(/./, '#'));
      await expect(page.getByText(policyMessage, { exact: true })).toHaveCount(0);
      await fillNewPassword(page, weak, weak);
      await expect(page.getByText(policyMessage, { exact: true })).toBeVisible();
    }
    await fillNewPassword(page, password, `${password}x`);
    await expect(page.getByText(repeatMessage, { exact: true })).toBeVisible();
    await expect(page.getByText(policyMessage, { exact: true })).toHaveCount(0);

    await fillNewPassword(page, password, password);
    await expect(page.getByRole('alert')).toHaveText('Wachtwoord is gewijzigd');
    await page.getByRole('link', { name: 'Naar inloggen' }).click();
    await expect(page).toHaveURL('/auth');

    expect(await apiLoginStatus(request, account.email, account.password)).toBe(400);
    await fillLogin(page, account.email, password);
    await submitLogin(page);
    await expect(page).toHaveURL('/');
    await expectScreen(page, 'Dashboard');
    await expect(topBar(page).getByText('Ruben', { exact: true })).toBeVisible();

    // The link works once; then it says so and offers a new one.
    await page.goto(link.href);
    await expect(page.getByRole('alert')).toContainText('Wachtwoord wijzigen mislukt');
    await expect(page.getByRole('alert')).toContainText('verlopen of al gebruikt');
    await expect(page.getByRole('form', { name: 'Nieuw wachtwoord instellen' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Nieuwe link aanvragen' }).click();
    await expect(page).toHaveURL('/auth/reset-password');
  });

  test('the reset request needs an address and answers the same for an unknown one', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await page.getByRole('button', { name: 'Reset link aanvragen' }).click();
    await expect(page.getByText('E-mailadres is verplicht', { exact: true })).toBeVisible();

    await field(page, 'E-mailadres').fill('niemand.bekend@apotheekdelinde.example');
    await page.getByRole('button', { name: 'Reset link aanvragen' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met instructies om uw wachtwoord opnieuw in te stellen.',
    );
  });

  test('a missing or unknown token shows the error state, after a waiting text while it is checked', async ({ page }) => {
    let releaseCheck = () => {};
    const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
    await page.route('**/Authentication/IsPasswordResetTokenValid', async (route) => {
      await checkHeld;
      await route.continue();
    });
    await page.goto('/auth/reset-password/update?token=onbekend');
    await expect(page.getByText('Een moment geduld...', { exact: true })).toBeVisible();
    releaseCheck();
    await expect(page.getByRole('alert')).toContainText('Wachtwoord wijzigen mislukt');
    await expect(page.getByText('Een moment geduld...', { exact: true })).toHaveCount(0);

    for (const url of ['/auth/reset-password/update', '/auth/reset-password/update?token=', '/auth/reset-password/update?token=invalid']) {
      await page.goto(url);
      await expect(page.getByRole('alert')).toContainText('Wachtwoord wijzigen mislukt');
      await expect(page.getByRole('form', { name: 'Nieuw wachtwoord instellen' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Terug naar inloggen' })).toBeVisible();
    }
  });
});

test.describe('Wachtwoord wijzigen in Instellingen', () => {
  test('a wrong current password is refused; the right one changes it', async ({ page, request }) => {
    const account = await createActiveAccount(request, 'change');
    await loginViaApi(page, account.email, account.password);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Wachtwoord wijzigen' });
    const submit = card.getByRole('button', { name: 'Wachtwoord wijzigen' });

    await submit.click();
    await expect(card.getByText('Huidig wachtwoord is verplicht', { exact: true })).toBeVisible();
    await expect(card.getByText('Nieuw wachtwoord is verplicht', { exact: true })).toBeVisible();

    const password = newPassword();
    await field(card, 'Huidig wachtwoord').fill('Niet#Mijn1Wachtwoord');
    await field(card, 'Nieuw wachtwoord').fill(password);
    await field(card, 'Herhaal nieuw wachtwoord').fill(password);
    await submit.click();
    await expect(card.getByRole('alert')).toHaveText(
      'Wachtwoord wijzigen mislukt. Controleer of het juiste huidige wachtwoord is ingevoerd en zorg dat het nieuwe wachtwoord voldoet aan de volgende eisen.',
    );
    expect(await apiLoginStatus(request, account.email, account.password)).toBe(200);

    await field(card, 'Huidig wachtwoord').fill(account.password);
    await field(card, 'Nieuw wachtwoord').fill('zwak');
    await field(card, 'Herhaal nieuw wachtwoord').fill('zwak');
    await submit.click();
    await expect(card.getByText(policyMessage, { exact: true })).toBeVisible();
    await field(card, 'Nieuw wachtwoord').fill(password);
    await submit.click();
    await expect(card.getByText(repeatMessage, { exact: true })).toBeVisible();

    await field(card, 'Herhaal nieuw wachtwoord').fill(password);
    await submit.click();
    await expect(card.getByRole('alert')).toHaveText(
      'Uw wachtwoord is aangepast. U moet voortaan met het nieuwe wachtwoord inloggen.',
    );
    await expect(field(card, 'Huidig wachtwoord')).toHaveValue('');

    expect(await apiLoginStatus(request, account.email, password)).toBe(200);
    expect(await apiLoginStatus(request, account.email, account.password)).toBe(400);
  });
});
