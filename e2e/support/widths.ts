import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.js';
import { saveScreen, screensDir } from './screens.js';

export const desktop = { width: 1366, height: 900 };
export const phone = { width: 412, height: 915 };

/** The narrowest phone the screens are looked at on (a 390 px wide one). */
export const narrowPhone = { width: 390, height: 844 };

/**
 * The screen as it is now, at desktop and at phone width (`phoneSize`, 412 px unless given), each checked by axe and
 * saved for people to look at; with `part`, that part on its own as well (a long page's history is too small to read
 * in the whole). It ends at desktop.
 */
export async function lookAtBothWidths(page: Page, testInfo: TestInfo, name: string, part?: Locator, phoneSize = phone): Promise<void> {
  for (const [width, size] of [['desktop', desktop], ['phone', phoneSize]] as const) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} width`);
    // From the top: a page left scrolled by a click is pictured with its fixed bar halfway down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreen(page, testInfo, `${name}-${width}`);
    if (part) {
      const file = path.join(screensDir, `${name}-${width}-part.png`);
      await part.screenshot({ path: file, animations: 'disabled' });
      await testInfo.attach(`${name}-${width}-part`, { path: file, contentType: 'image/png' });
    }
  }
  await page.setViewportSize(desktop);
}
