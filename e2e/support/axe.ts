import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

const require = createRequire(import.meta.url);
/** Injected with page.evaluate: the CSP refuses inline scripts, a <script> tag would not run. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const failingImpacts: ImpactValue[] = ['serious', 'critical'];

type Violation = AxeResults['violations'][number];
interface AxeGlobal {
  run(context: Document, options: RunOptions): Promise<AxeResults>;
}

function describe(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.html.replace(/\s+/g, ' ').slice(0, 300)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A/AA and best practices) and fails on every serious or
 * critical violation, listing each rule with the elements that break it.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  // The page is checked as it settles: a part still being fetched (aria-busy) may show disabled fields whose
  // labels fade to their own colour the moment it arrives, which axe would measure halfway.
  await expect(page.locator('[aria-busy="true"]'), `${label}: still loading`).toHaveCount(0);
  // Colours are checked as they end up: a label fading from its disabled grey after a submit is not a finding.
  // Each finite animation (a fade, a transition) is brought to its end state at once, instead of waiting for it.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity && animation.playState !== 'finished') animation.finish();
    }
  });
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOnly) => (window as unknown as { axe: AxeGlobal }).axe.run(document, { runOnly }),
    tags,
  );
  const serious = results.violations.filter((v) => v.impact && failingImpacts.includes(v.impact));
  expect(
    serious.map((v) => `${v.impact} ${v.id} (${v.nodes.length}×)`),
    `Accessibility violations on ${label}:\n\n${describe(serious)}\n`,
  ).toEqual([]);
}
