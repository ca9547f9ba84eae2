import { calls } from '@portal/contract';
import type { Page } from '@playwright/test';
import { demo } from '../support/accounts.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

const memoCards = (scope: Page) => scope.getByRole('region', { name: 'Mededelingen' }).getByRole('article');

test('on a phone, the dashboard opened directly shows its memos before the app’s scripts arrive, and the app takes them over (decision 0101)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, demo.administrator.email, demo.password);
  const memoCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === calls.memo.getActiveMemos.path) memoCalls.push(r.url());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'commit' });
  const early = page.locator('#early-memos');
  await expect(memoCards(page).first()).toBeVisible();
  await expect(early).toHaveAttribute('data-memos', 'shown');
  const titles = await memoCards(page).getByRole('heading', { level: 3 }).allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  await expect(page.locator('#root')).toBeEmpty();
  await saveScreen(page, testInfo, 'phone-dashboard-memos-before-scripts');

  release();
  await expectScreen(page, 'Dashboard');
  await expect(early).toHaveCount(0);
  await expect(memoCards(page).getByRole('heading', { level: 3 })).toHaveText(titles);
  // The app took the page's answer: the memos were fetched once.
  expect(memoCalls).toHaveLength(1);
  await saveScreen(page, testInfo, 'phone-dashboard-after-scripts');
});
