import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/*
 * axe-core run in the page directly. @axe-core/playwright injected the 560 KB source on every check and
 * finished each run in a new blank page; with two checks per page (both themes) that was a fifth of the
 * journeys' CPU. Here the source goes in once per document, and only violations are gathered (axe's
 * `resultTypes`): the rules that run are the same, and a violation keeps every node.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN_OPTIONS: Axe.RunOptions = {
  resultTypes: ['violations'],
  // The app has no frames of its own; Firebase's hidden auth frame is not the page's content.
  iframes: false,
};

/**
 * No serious or critical axe violations on the page as it is now, in `within` (a selector) or the whole
 * document.
 */
export async function expectNoSeriousAxeViolations(page: Page, within?: string) {
  await coloursSettled(page);
  // Evaluated as a string, like a DevTools snippet: the page's CSP does not apply to it.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ context, options }) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const results: Axe.AxeResults = await axe.run(context ?? document, options);
      return results.violations;
    },
    { context: within, options: RUN_OPTIONS },
  );
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

/**
 * A control that has just changed state (a click, a theme switch) may still be fading, and axe would judge
 * its colours half way. Only animations that end in time are awaited: not endless ones, nor scroll-driven
 * ones (daisyUI's modal scroll lock never ends).
 */
function coloursSettled(page: Page) {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.timeline === document.timeline)
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
