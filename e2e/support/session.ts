import type { Page } from '@playwright/test';
import { authData, calls, sessionStorageKey, type AuthData } from '@portal/contract';

/**
 * Logs in through the API and hands the session to the web app the way it keeps it itself: the login
 * answer, as JSON, in localStorage under the contract's key. The session is put there once per tab (before
 * the first page of the origin runs), so that a later logout in the test is not undone by a navigation.
 */
export async function loginViaApi(page: Page, emailAddress: string, password: string): Promise<AuthData> {
  const response = await page.request.post(calls.authentication.loginWithCredentials.path, {
    data: { emailAddress, password },
  });
  if (!response.ok()) {
    throw new Error(`Login of ${emailAddress} through the API answered ${response.status()}: ${await response.text()}`);
  }
  const session = authData.parse(await response.json());
  await page.addInitScript(
    ({ key, value }) => {
      const marker = 'e2e.session-seeded';
      try {
        if (window.sessionStorage.getItem(marker)) return;
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem(marker, '1');
      } catch {
        // a document without storage (about:blank)
      }
    },
    { key: sessionStorageKey, value: JSON.stringify(session) },
  );
  return session;
}

/** The session the web app has stored, or null. */
export async function storedSession(page: Page): Promise<AuthData | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), sessionStorageKey);
  return raw ? authData.parse(JSON.parse(raw)) : null;
}
