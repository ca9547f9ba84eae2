import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { repoRoot } from './env.js';

/** Where the run keeps its screenshots for people to look at: e2e/test-results/screens/*.png. */
export const screensDir = path.join(repoRoot, 'e2e', 'test-results', 'screens');

/** Saves a full-page screenshot as screens/<name>.png and attaches it to the test's report. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await mkdir(screensDir, { recursive: true });
  const file = path.join(screensDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
