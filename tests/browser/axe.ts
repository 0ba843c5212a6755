/**
 * axe-core in the page, for the suites that check screens against WCAG 2.0 and 2.1 levels A
 * and AA. The script is injected into the page, which the product's Content-Security-Policy
 * rightly refuses: contexts that audit are opened with `bypassCSP`.
 */
import { createRequire } from 'node:module';
import type { AxeResults, Result as AxeRule } from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    axe?: { run: (context: Document | Element, options: unknown) => Promise<AxeResults> };
  }
}

const requireHere = createRequire(__filename);
const AXE_PATH = requireHere.resolve('axe-core/axe.min.js');
export const AXE_VERSION = (requireHere('axe-core/package.json') as { version: string }).version;
/** WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Two best-practice rules kept on as well: the heading outline and content outside landmarks. */
export const EXTRA_RULES = ['heading-order', 'region'];

/** Waits until no finite CSS animation or transition is running, so contrast is read at rest. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + 3_000;
        const check = () => {
          const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
          if (running.length === 0 || Date.now() > deadline) requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          else setTimeout(check, 50);
        };
        check();
      }),
  );
}

/**
 * Runs axe on `page` as it is now. By default it waits for the page to be at rest first and
 * keeps EXTRA_RULES on; `{ atRest: false, extraRules: false }` runs the WCAG tags alone, at once.
 */
export async function runAxe(page: Page, options: { atRest?: boolean; extraRules?: boolean } = {}): Promise<AxeResults> {
  if (options.atRest !== false) await settle(page);
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(
    ({ tags, extra }) =>
      window.axe!.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      }),
    { tags: AXE_TAGS, extra: options.extraRules === false ? [] : EXTRA_RULES },
  );
}

/** One violated rule: its id, impact, the first few elements and what to fix. */
export function describeViolation(rule: AxeRule): string {
  const targets = rule.nodes.slice(0, 3).map((node) => node.target.map(String).join(' >> '));
  const more = rule.nodes.length > 3 ? ` (+${rule.nodes.length - 3} more)` : '';
  const summary = (rule.nodes[0]?.failureSummary ?? rule.help).replace(/\s+/g, ' ').trim();
  return `${rule.id} [${rule.impact ?? 'n/a'}] ${rule.nodes.length} node(s): ${targets.join(', ')}${more}\n      ${summary}`;
}
