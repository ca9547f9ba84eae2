import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { backofficeAuthCalls, staffSession, staffSessionStorageKey, type StaffRole, type StaffSession } from '@portal/contract';
import { newPassword } from './accounts.js';
import { createStaff } from './cli.js';
import { TotpCodes } from './totp.js';

/** A staff member of the provider of one test's own: password and two-factor codes known to the test. */
export interface FreshStaff {
  email: string;
  firstName: string;
  password: string;
  role: StaffRole;
  totp: TotpCodes;
}

/**
 * A staff member made as the provider does it: the create-staff command's invitation accepted, then the first
 * login's two-factor set-up confirmed with a code, all through the back-office API. Each test has its own, so
 * that two tests never compete for the same account's one-time codes.
 */
export async function freshStaff(request: APIRequestContext, role: StaffRole, label: string, firstName = 'Sanne'): Promise<FreshStaff> {
  const email = `e2e.staff.${label}.${randomBytes(4).toString('hex')}@mijnspits.example`;
  const link = await createStaff({ email, firstName, lastName: role, role });
  const password = newPassword();
  const accepted = await request.post(backofficeAuthCalls.acceptInvitation.path, {
    data: { token: link.searchParams.get('token'), password, passwordRepeat: password },
  });
  expect(accepted.status(), await accepted.text()).toBe(204);
  const setupSession = staffSession.parse(await (await request.post(backofficeAuthCalls.login.path, { data: { emailAddress: email, password } })).json());
  const auth = { Authorization: `Bearer ${setupSession.accessToken}` };
  const setup = (await (await request.get(backofficeAuthCalls.totpSetup.path, { headers: auth })).json()) as { secret: string };
  const totp = new TotpCodes(setup.secret);
  const enabled = await request.post(backofficeAuthCalls.totpEnable.path, { headers: auth, data: { pin: await totp.next() } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { email, firstName, password, role, totp };
}

/** Logs a staff member in through the API and gives the session to the web app as it keeps it (once per tab). */
export async function staffLoginViaApi(page: Page, staff: FreshStaff): Promise<StaffSession> {
  const response = await page.request.post(backofficeAuthCalls.login.path, {
    data: { emailAddress: staff.email, password: staff.password, pin: await staff.totp.next() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = staffSession.parse(await response.json());
  await page.addInitScript(
    ({ key, value }) => {
      const marker = 'e2e.staff-session-seeded';
      try {
        if (window.sessionStorage.getItem(marker)) return;
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem(marker, '1');
      } catch {
        // a document without storage (about:blank)
      }
    },
    { key: staffSessionStorageKey, value: JSON.stringify(session) },
  );
  return session;
}
