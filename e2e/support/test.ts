import { test as base, expect, type ConsoleMessage } from '@playwright/test';

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

/** Every test fails when a page of its browser context logs a console error or throws an uncaught error. */
export const test = base.extend<{ failOnBrowserErrors: void; expectedApiStatuses: number[] }>({
  /**
   * More API statuses a test provokes on purpose, e.g. `test.use({ expectedApiStatuses: [503] })` where a
   * routed call answers 503 to show the failure state; their console lines are then not a failure.
   */
  expectedApiStatuses: [[], { option: true }],
  failOnBrowserErrors: [
    async ({ context, expectedApiStatuses: alsoExpected }, use) => {
      const problems: string[] = [];
      context.on('console', (message) => {
        if (message.type() !== 'error' || isExpectedFailedResource(message, alsoExpected)) return;
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
