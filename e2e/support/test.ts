import path from 'node:path';
import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import type { AuthData } from '@portal/contract';
import { demo } from './accounts.js';
import { PortalApi } from './api.js';
import { freshCustomer, type FreshCustomer } from './customers.js';
import { loginViaApi } from './session.js';

/**
 * Chromium logs every 4xx answer as "Failed to load resource: the server responded with a status of …".
 * These statuses are answers the screens expect and handle (wrong password 400, expired token 401 before
 * the refresh, two-factor needed 409); anything else in the console is a failure.
 */
const expectedApiStatuses = new Set([400, 401, 409]);

function isExpectedFailedResource(message: ConsoleMessage, alsoExpected: readonly number[]): boolean {
  const text = message.text();
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
  if (!status || !(expectedApiStatuses.has(Number(status)) || alsoExpected.includes(Number(status)))) return false;
  const url = message.location().url;
  return URL.canParse(url) && new URL(url).pathname.startsWith('/api/');
}

/** A page logged in through the API (the session in the web app's storage), and the API as that user. */
export interface LoggedIn {
  session: AuthData;
  api: PortalApi;
}

async function logIn(page: Parameters<typeof loginViaApi>[0], emailAddress: string, password: string): Promise<LoggedIn> {
  const session = await loginViaApi(page, emailAddress, password);
  return { session, api: new PortalApi(page.request, session.accessToken) };
}

interface Fixtures {
  failOnBrowserErrors: void;
  expectedApiStatuses: number[];
  expectedFailedResources: RegExp[];
  /** A customer of this test's own, with an active administrator (see freshCustomer); made when asked for. */
  customer: FreshCustomer;
  /** `page`, logged in as the administrator of `customer`. */
  customerLogin: LoggedIn;
  /** `page`, logged in as the demo customer's administrator. */
  demoAdministratorLogin: LoggedIn;
}

/**
 * The fixtures of every browser test (as the Epic Stack has them): a fresh customer and logged-in pages are
 * asked for by name; and every test fails when a page of its browser context logs a console error or throws
 * an uncaught error.
 */
export const test = base.extend<Fixtures>({
  customer: async ({ request }, use, testInfo) => {
    // The spec file's name labels the customer and its addresses, to tell them apart in the mails of a run.
    await use(await freshCustomer(request, path.basename(testInfo.file, '.spec.ts')));
  },
  customerLogin: async ({ page, customer }, use) => {
    await use(await logIn(page, customer.administrator.email, customer.administrator.password));
  },
  demoAdministratorLogin: async ({ page }, use) => {
    await use(await logIn(page, demo.administrator.email, demo.password));
  },
  /**
   * More API statuses a test provokes on purpose, e.g. `test.use({ expectedApiStatuses: [503] })` where a
   * routed call answers 503 to show the failure state; their console lines are then not a failure.
   */
  expectedApiStatuses: [[], { option: true }],
  /**
   * Files a test keeps from the browser on purpose (say, a chunk of the app, to show what a screen does when its code
   * cannot be fetched): their "Failed to load resource" lines are then not a failure.
   */
  expectedFailedResources: [[], { option: true }],
  failOnBrowserErrors: [
    async ({ context, expectedApiStatuses: alsoExpected, expectedFailedResources }, use) => {
      const problems: string[] = [];
      context.on('console', (message) => {
        if (message.type() !== 'error' || isExpectedFailedResource(message, alsoExpected)) return;
        const failedOnPurpose =
          message.text().startsWith('Failed to load resource') && expectedFailedResources.some((pattern) => pattern.test(message.location().url));
        if (failedOnPurpose) return;
        const { url, lineNumber } = message.location();
        problems.push(`console error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        problems.push(`page error: ${error.stack ?? error.message}`);
      });
      await use();
      expect(problems, 'the browser reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
