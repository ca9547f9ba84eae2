import { calls, feedback, sessionStorageKey, type AuthData } from '@portal/contract';
import type { Page } from '@playwright/test';
import { demo } from '../support/accounts.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi, storedSession } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { TotpCodes } from '../support/totp.js';
import { expectScreen, field, fillLogin, sideMenu, submitLogin, topBar } from '../support/ui.js';

test.describe('Inloggen', () => {
  test('the administrator logs in through the form and lands on the dashboard', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveTitle('Inloggen · Mijn Spits');
    await fillLogin(page, demo.administrator.email, demo.password);
    await submitLogin(page);

    await expect(page).toHaveURL('/');
    await expectScreen(page, 'Dashboard');
    await expect(topBar(page).getByText('Sanne', { exact: true })).toBeVisible();
    await expect(topBar(page).getByText('S', { exact: true })).toBeVisible();
  });

  /** Holds the app's entry script back, as on a slow phone, until `release` is called. */
  async function holdAppScripts(page: Page) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('the login card comes with the page and takes typing before the scripts; the app takes over what was typed (decision 0101)', async ({
    page,
    request,
  }, testInfo) => {
    const sent = await (await request.get('/auth')).text();
    expect(sent).toContain('<title>Inloggen · Mijn Spits</title>');
    expect(sent).toMatch(/<div id="login-shell">.*>Inloggen<\/h1>.*E-mailadres.*<script src="\/assets\/early-login-[\w-]+\.js"><\/script>/s);

    const release = await holdAppScripts(page);
    await page.goto('/auth', { waitUntil: 'commit' });
    const shell = page.locator('#login-shell');
    await expect(shell.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await expect(shell.getByRole('button', { name: 'Inloggen', exact: true })).toBeEnabled();
    await expect(page.locator('#root')).toBeHidden();
    await field(shell, 'E-mailadres').fill(demo.administrator.email);
    await field(shell, 'Wachtwoord').fill(demo.password);
    await saveScreen(page, testInfo, 'desktop-login-before-scripts');

    release();
    await expect(shell).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Inloggen' })).toHaveCount(1);
    await expect(page).toHaveTitle('Inloggen · Mijn Spits');
    await expect(field(page, 'E-mailadres')).toHaveValue(demo.administrator.email);
    await expect(field(page, 'Wachtwoord')).toHaveValue(demo.password);
    await expect(field(page, 'Wachtwoord')).toBeFocused();
    await submitLogin(page);
    await expectScreen(page, 'Dashboard');
  });

  test('on a phone, a login typed and submitted before the scripts arrive is sent at once and the app carries it to the dashboard (decision 0101)', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdAppScripts(page);
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(calls.authentication.loginWithCredentials.path)) logins.push(r.url());
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    const shell = page.locator('#login-shell');
    await expect(shell.getByRole('button', { name: 'Inloggen', exact: true })).toBeEnabled();
    await saveScreen(page, testInfo, 'phone-login-before-scripts');
    await fillLogin(page, demo.administrator.email, demo.password);
    const answer = page.waitForResponse((r) => r.url().endsWith(calls.authentication.loginWithCredentials.path));
    await submitLogin(page);
    // The login is answered while the app's scripts are still held back.
    expect((await answer).status()).toBe(200);
    await expect(shell.getByRole('button', { name: 'Inloggen', exact: true })).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('#root')).toBeHidden();
    await saveScreen(page, testInfo, 'phone-login-submitted-before-scripts');

    release();
    await expectScreen(page, 'Dashboard');
    // The app took the early answer: the login was sent once.
    expect(logins).toHaveLength(1);
    await saveScreen(page, testInfo, 'phone-dashboard-after-early-login');
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    await page.goto('/auth');
    await fillLogin(page, demo.employee.email, 'Verkeerd#Wachtwoord1');
    const answer = page.waitForResponse((r) => r.url().endsWith(calls.authentication.loginWithCredentials.path));
    await submitLogin(page);
    // The server's answer first: on a loaded machine a failure then says what it answered, not only what showed.
    const refused = await answer;
    expect(refused.status(), await refused.text()).toBe(400);

    await expect(page.getByRole('alert')).toHaveText('Inloggen mislukt! Controleer uw e-mailadres en wachtwoord.');
    await expect(page).toHaveURL('/auth');
  });

  test('an empty submit names both required fields', async ({ page }) => {
    await page.goto('/auth');
    await submitLogin(page);

    await expect(page.getByText('E-mailadres is verplicht', { exact: true })).toBeVisible();
    await expect(page.getByText('Wachtwoord is verplicht', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('the two-factor account is asked for its code and logs in with it', async ({ page }) => {
    await page.goto('/auth');
    await fillLogin(page, demo.twoFactor.email, demo.password);
    await expect(field(page, 'Code')).toHaveCount(0);
    const credentialsAnswer = page.waitForResponse((r) => r.url().endsWith('/Authentication/LoginWithCredentials'));
    await submitLogin(page);
    expect((await credentialsAnswer).status()).toBe(409);

    await expect(field(page, 'Code')).toBeVisible();
    await expect(field(page, 'Code')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await submitLogin(page);
    await expect(page.getByText('Code is verplicht', { exact: true })).toBeVisible();

    const codes = new TotpCodes(demo.twoFactor.totpSecret);
    const wrongCode = String((Number(await codes.next()) + 500_000) % 1_000_000).padStart(6, '0');
    await field(page, 'Code').fill(wrongCode);
    await submitLogin(page);
    // The spec's failed login, and on its second line that the code was wrong or used (the password was right).
    await expect(page.getByRole('alert')).toHaveText(`${feedback.loginFailed}${feedback.loginCodeWrong}`);
    await expect(field(page, 'Code')).toBeVisible();
    await expect(page).toHaveURL('/auth');

    await field(page, 'Code').fill(await codes.next());
    await submitLogin(page);
    await expect(page).toHaveURL('/');
    await expectScreen(page, 'Dashboard');
    await expect(topBar(page).getByText(demo.twoFactor.firstName, { exact: true })).toBeVisible();
  });

  test('logging out ends the session: back to /auth, and the dashboard stays closed', async ({ page }) => {
    await page.goto('/auth');
    await fillLogin(page, demo.administrator.email, demo.password);
    await submitLogin(page);
    await expectScreen(page, 'Dashboard');

    const session = await storedSession(page);
    expect(session?.userInfo).toEqual({ firstName: 'Sanne', isAdministrator: true });

    await sideMenu(page).getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // The server has ended the session too: its refresh token no longer works.
    const refresh = await page.request.post(calls.authentication.refreshAccessToken.path, {
      data: { refreshToken: session?.refreshToken },
    });
    expect(refresh.status()).toBe(401);

    await page.goto('/settings');
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  });

  test('a dashboard route without a session redirects to /auth', async ({ page }) => {
    for (const route of ['/', '/products', '/settings', '/forms/requestPhoto']) {
      await page.goto(route);
      await expect(page).toHaveURL('/auth');
      await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    }
  });
});

/** Replaces the stored session's tokens, as if they had expired or been revoked meanwhile. */
async function spoilTokens(page: Page, tokens: Partial<Pick<AuthData, 'accessToken' | 'refreshToken'>>) {
  await page.evaluate(
    ({ key, tokens }) => {
      const session = JSON.parse(window.localStorage.getItem(key) ?? 'null') as object | null;
      if (!session) throw new Error('no session stored');
      window.localStorage.setItem(key, JSON.stringify({ ...session, ...tokens }));
    },
    { key: sessionStorageKey, tokens },
  );
}

test.describe('Sessie', () => {
  test('a refused access token is renewed with the refresh token and the call replayed', async ({ page }) => {
    const session = await loginViaApi(page, demo.administrator.email, demo.password);
    await page.goto('/');
    await expectScreen(page, 'Dashboard');
    await spoilTokens(page, { accessToken: 'verlopen.toegangs.token' });

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/Authentication/RefreshAccessToken'));
    await sideMenu(page).getByRole('link', { name: 'Beveiliging' }).click();
    expect((await refreshed).status()).toBe(200);
    // The status call was replayed with the new token: the card shows its setup, no error.
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    await expect(page).toHaveURL('/settings');
    const renewed = await storedSession(page);
    expect(renewed?.accessToken).not.toBe('verlopen.toegangs.token');
    expect(renewed?.refreshToken).not.toBe(session.refreshToken);
    expect(renewed?.userInfo).toEqual(session.userInfo);
  });

  test('a refused refresh token ends the session and opens the login page', async ({ page }) => {
    await loginViaApi(page, demo.administrator.email, demo.password);
    await page.goto('/');
    await expectScreen(page, 'Dashboard');
    await spoilTokens(page, { accessToken: 'verlopen.toegangs.token', refreshToken: 'ingetrokken-vernieuwingstoken' });

    // The next screen's call is refused and so is the renewal. Opened by its address, not by the menu: a call of
    // the dashboard in the background can meet the spoiled tokens first and end the session before a click
    // (the menu is then gone, and a click would wait for it in vain).
    await page.goto('/settings');
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });
});
