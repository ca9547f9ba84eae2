import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createActiveAccount, type TestAccount } from './accounts.js';
import { createCustomer } from './cli.js';

export interface FreshCustomer {
  code: string;
  name: string;
  /** its first administrator, active, with a known password */
  administrator: TestAccount & { lastName: string };
}

/**
 * A customer of its own for one test, onboarded as the provider does it (create-client, then an invited and
 * activated administrator), so that its orders and accounts are seen by that test only.
 */
export async function freshCustomer(request: APIRequestContext, label: string, firstName = 'Lotte'): Promise<FreshCustomer> {
  const code = `E2E-${randomBytes(4).toString('hex').toUpperCase()}`;
  const name = `Apotheek ${label} ${code}`;
  await createCustomer({ code, name, kind: 'Pharmacy' });
  const lastName = 'Beheerder';
  const administrator = await createActiveAccount(request, label, { client: code, type: 'Administrator', firstName, lastName });
  return { code, name, administrator: { ...administrator, lastName } };
}

/** The page fits the viewport's width: nothing sticks out sideways (the phone check). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
