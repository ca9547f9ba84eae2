import { calls, feedback } from '@portal/contract';
import type { Page } from '@playwright/test';
import { createActiveAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { TotpCodes } from '../support/totp.js';
import { expectScreen, field, fillLogin, sideMenu, submitLogin, topBar } from '../support/ui.js';

const twoFactorCard = (page: Page) => page.getByRole('region', { name: 'Tweestapsverificatie' });
const enableForm = (page: Page) => twoFactorCard(page).getByRole('form', { name: 'Tweestapsverificatie activeren' });
const disableForm = (page: Page) => twoFactorCard(page).getByRole('form', { name: 'Tweestapsverificatie deactiveren' });

/** The setup part of the card: QR code and the key for manual entry, answered as the secret. */
async function readSetup(page: Page): Promise<string> {
  const qr = twoFactorCard(page).getByRole('img', { name: /QR-code/ });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const secret = (await twoFactorCard(page).getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  return secret;
}

test.describe('Tweestapsverificatie', () => {
  test('a new user turns two-factor login on, keeps the backup codes, logs in with a code and with a backup code, and turns it off again', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createActiveAccount(request, 'totp', { firstName: 'Lotte' });
    await loginViaApi(page, account.email, account.password);
    await page.goto('/settings');
    await expectScreen(page, 'Instellingen');

    const codes = new TotpCodes(await readSetup(page));
    await field(enableForm(page), 'Wachtwoord').fill(account.password);
    await field(enableForm(page), 'Code').fill(await codes.next());
    await enableForm(page).getByRole('button', { name: 'Activeren' }).click();
    // The ten backup codes, shown this once, until the user says they are kept.
    const backupDialog = page.getByRole('dialog', { name: 'Uw back-upcodes' });
    const backupCodeItems = backupDialog.getByRole('list', { name: 'Back-upcodes' }).getByRole('listitem');
    await expect(backupCodeItems).toHaveCount(10);
    const backupCodes = await backupCodeItems.allTextContents();
    for (const code of backupCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await saveScreen(page, testInfo, 'desktop-backup-codes');
    await expectNoSeriousA11yViolations(page, 'the backup codes dialog');
    await backupDialog.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
    await expect(backupDialog).toHaveCount(0);
    // (the backup codes' own part of the card may still say, for a moment, that there are none: it is told anew)
    await expect(twoFactorCard(page).getByRole('alert').filter({ hasText: 'Two Factor Authentication' })).toHaveText(
      'Two Factor Authentication is geactiveerd',
    );
    await expect(disableForm(page)).toBeVisible();
    await expect(twoFactorCard(page).getByTestId('totp-secret')).toHaveCount(0);
    await expect(twoFactorCard(page).getByText(/U hebt nog 10 van de 10 back-upcodes/)).toBeVisible();

    await sideMenu(page).getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL('/auth');

    await fillLogin(page, account.email, account.password);
    await submitLogin(page);
    await expect(field(page, 'Code')).toBeVisible();
    await field(page, 'Code').fill(await codes.next());
    await submitLogin(page);
    await expect(page).toHaveURL('/');
    await expectScreen(page, 'Dashboard');
    await expect(topBar(page).getByText('Lotte', { exact: true })).toBeVisible();

    // The phone left at home: a backup code logs in, once.
    for (const attempt of ['first', 'again'] as const) {
      await sideMenu(page).getByRole('button', { name: 'Uitloggen' }).click();
      await expect(page).toHaveURL('/auth');
      await fillLogin(page, account.email, account.password);
      await submitLogin(page);
      await page.getByRole('button', { name: 'Telefoon niet bij de hand? Log in met een back-upcode' }).click();
      await field(page, 'Back-upcode').fill(backupCodes[0]!.toLowerCase());
      await submitLogin(page);
      if (attempt === 'again') {
        await expect(page.getByRole('alert')).toHaveText(`${feedback.loginFailed}${feedback.loginBackupCodeWrong}`);
        await field(page, 'Back-upcode').fill(backupCodes[1]!);
        await submitLogin(page);
      }
      await expectScreen(page, 'Dashboard');
    }

    await sideMenu(page).getByRole('link', { name: 'Beveiliging' }).click();
    await expectScreen(page, 'Instellingen');
    await expect(twoFactorCard(page).getByText(/U hebt nog 8 van de 10 back-upcodes/)).toBeVisible();
    await field(disableForm(page), 'Wachtwoord').fill(account.password);
    await field(disableForm(page), 'Code').fill(await codes.next());
    await disableForm(page).getByRole('button', { name: 'Deactiveren' }).click();
    await expect(twoFactorCard(page).getByRole('alert')).toHaveText('Two Factor Authentication is gedeactiveerd');
    // Off again: the card offers a new setup, and the password alone logs in.
    await expect(enableForm(page)).toBeVisible();
    await readSetup(page);
    const login = await request.post(calls.authentication.loginWithCredentials.path, {
      data: { emailAddress: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
  });

  test('enabling is refused with a wrong code or a wrong password, and needs both fields', async ({ page, request }) => {
    const account = await createActiveAccount(request, 'totp-wrong');
    await loginViaApi(page, account.email, account.password);
    await page.goto('/settings');
    const codes = new TotpCodes(await readSetup(page));
    const submit = enableForm(page).getByRole('button', { name: 'Activeren' });

    await submit.click();
    await expect(enableForm(page).getByText('Password is verplicht', { exact: true })).toBeVisible();
    await expect(enableForm(page).getByText('Code is verplicht', { exact: true })).toBeVisible();

    const failure = '2FA wijzigen niet gelukt. Controleer of uw wachtwoord juist is en voer de juiste verificatiecode in.';
    const rightCode = await codes.next();
    const wrongCode = String((Number(rightCode) + 500_000) % 1_000_000).padStart(6, '0');
    await field(enableForm(page), 'Wachtwoord').fill(account.password);
    await field(enableForm(page), 'Code').fill(wrongCode);
    await submit.click();
    await expect(twoFactorCard(page).getByRole('alert')).toHaveText(failure);

    await field(enableForm(page), 'Wachtwoord').fill('Niet#Mijn1Wachtwoord');
    await field(enableForm(page), 'Code').fill(await codes.next());
    await submit.click();
    await expect(twoFactorCard(page).getByRole('alert')).toHaveText(failure);

    // Still off: the password alone logs in.
    await expect(enableForm(page)).toBeVisible();
    const login = await request.post(calls.authentication.loginWithCredentials.path, {
      data: { emailAddress: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
  });
});
