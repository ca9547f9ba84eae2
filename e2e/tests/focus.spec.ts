import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';

/** Tabs forward until `target` has the focus (or holds it); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error('the element never got the focus by keyboard');
}

/** The focused element's outline, and the colour behind it (the nearest ancestor with a background). */
function focusedRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    let behind: Element | null = el.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const colour = getComputedStyle(behind).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
      behind = behind.parentElement;
    }
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, background };
  });
}

const channels = (rgb: string) => (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
function luminance(rgb: string) {
  const [r, g, b] = channels(rgb).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

async function expectVisibleRing(page: Page, what: string) {
  const ring = await focusedRing(page);
  expect(ring.style, what).toBe('solid');
  expect(ring.width, what).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.colour, ring.background), `${what}: ${ring.colour} on ${ring.background}`).toBeGreaterThanOrEqual(3);
}

test.describe('Zichtbare focus', () => {
  test('a sort header, a menu item, a button and a link show a ring of 3 px with at least 3:1 contrast when reached by keyboard', async ({
    page,
    demoAdministratorLogin: _login,
  }) => {
    await page.goto('/products');
    await expectScreen(page, 'Assortiment Overzicht');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

    await tabTo(page, sideMenu(page).getByRole('link', { name: 'Inpakopdrachten' }));
    await expectVisibleRing(page, 'a side menu item');

    const sortHeader = page.getByRole('table').getByRole('columnheader').nth(1).getByRole('button');
    await tabTo(page, sortHeader);
    await expectVisibleRing(page, 'a sort header');

    await tabTo(page, page.getByRole('button', { name: /volgende pagina/i }));
    await expectVisibleRing(page, 'a pager button');

    await page.goto('/contact');
    await expectScreen(page, 'Contact');
    await tabTo(page, sideMenu(page).getByRole('link', { name: 'Contact' }));
    await expectVisibleRing(page, 'the selected side menu item');
  });
});

test.describe('Het zijmenu op een laag scherm', () => {
  test('with Formulieren open on a 1366 × 900 screen, Uitloggen stays in view and the entries scroll', async ({ page, demoAdministratorLogin: _login }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await expectScreen(page, 'Dashboard');
    const menu = sideMenu(page);
    await menu.getByRole('button', { name: 'Formulieren' }).click();
    await expect(menu.getByRole('link', { name: 'Foto aanvragen' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Uitloggen' })).toBeInViewport({ ratio: 1 });
    // The last entry is reached by scrolling the entries, not the page.
    const last = menu.getByRole('link', { name: 'Beveiliging' });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(menu.getByRole('button', { name: 'Uitloggen' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);
  });
});
