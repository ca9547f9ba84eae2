import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { calls } from '@portal/contract';
import { demoFacts } from '../../apps/api/src/test/demo-facts.js';
import { invite, type Invitation } from './cli.js';
import { linkFrom, mailSubjects, waitForMail } from './mail.js';

/** The demo data of every fresh e2e database (README.md), as the API tests check it against the seed. */
export const demo = {
  password: demoFacts.password,
  ...demoFacts.accounts,
  twoFactor: { ...demoFacts.accounts.twoFactor, totpSecret: demoFacts.totpSecret },
} as const;

const random = (bytes = 4) => randomBytes(bytes).toString('hex');

/** An address no other test (or earlier run on the same database) uses. */
export const uniqueEmail = (label: string) => `e2e.${label}.${Date.now().toString(36)}${random(3)}@apotheekdelinde.example`;

/** A password that satisfies the policy (8+, upper, lower, digit) and is on no list of common passwords. */
export const newPassword = () => `Rol${random(4)}#Zk9`;

export interface InvitedAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** the activation link from the mail */
  activationLink: URL;
}

export interface TestAccount {
  email: string;
  firstName: string;
  password: string;
}

/** Invites a new account of the demo pharmacy with the CLI and waits for its activation mail. */
export async function inviteAccount(
  label: string,
  options: Partial<Omit<Invitation, 'email'>> = {},
): Promise<InvitedAccount> {
  const account = {
    email: uniqueEmail(label),
    firstName: options.firstName ?? 'Eva',
    lastName: options.lastName ?? 'Testpersoon',
  };
  await invite({ type: 'Employee', ...options, ...account });
  const mail = await waitForMail({ to: account.email, subject: mailSubjects.activation });
  return { ...account, activationLink: linkFrom(mail, '/auth/activate') };
}

/** A fresh, active account of its own: invited with the CLI, activated with the token from its mail. */
export async function createActiveAccount(
  request: APIRequestContext,
  label: string,
  options: Partial<Omit<Invitation, 'email'>> = {},
): Promise<TestAccount> {
  const invited = await inviteAccount(label, options);
  const password = newPassword();
  const activationToken = invited.activationLink.searchParams.get('token');
  const response = await request.post(calls.authentication.activateAccount.path, {
    data: { activationToken, password, passwordRepeat: password },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { email: invited.email, firstName: invited.firstName, password };
}
