import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in the browser tests. The console's CSP allows no injected
 * script tag, so axe's source is run through the page's evaluation (once a
 * document: client-side navigation keeps it). Only the WCAG 2.2 A and AA
 * rules run (issue 24 "Accessibility (WCAG 2.2 AA)").
 */

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One rule broken on a page: where, which rule, how badly, and the elements (CSS selectors). */
export interface AxeFinding {
  page: string;
  rule: string;
  impact: AxeImpact | null;
  targets: string[];
}

export interface AxeOptions {
  /** only inside this element (CSS selector); the whole document by default */
  within?: string;
  /** only findings of these impacts; all by default */
  impacts?: readonly AxeImpact[];
  /**
   * Rules switched off, each with the reason the test states (a rule is off
   * only where it cannot judge the page, never to hide a defect).
   */
  disabled?: Readonly<Record<string, string>>;
  /** what to call the page in the findings; its path by default */
  name?: string;
}

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

let source: string | undefined;
const axeSource = () =>
  (source ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** axe-core's WCAG 2.2 A/AA findings on the page as it is now. */
export async function axeFindings(page: Page, options: AxeOptions = {}): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const { within, impacts, disabled = {} } = options;
  const found = await page.evaluate(
    async ({ within, tags, off }) => {
      const { axe } = window as unknown as {
        axe: {
          run: (
            context: string | Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: AxeImpact | null; nodes: { target: unknown[] }[] }[] }>;
        };
      };
      // the page settled: a colour mid-transition (a button just enabled fading from grey to its colour, MUI's 250 ms)
      // is not what anyone reads, and axe measured one once under load; endless animations (spinners) are not waited
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      );
      const { violations } = await axe.run(within ?? document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      }));
    },
    { within, tags: [...WCAG_AA_TAGS], off: Object.keys(disabled) },
  );
  const name = options.name ?? new URL(page.url()).pathname;
  return found
    .filter((f) => !impacts || (f.impact !== null && impacts.includes(f.impact)))
    .map((f) => ({ page: name, ...f }));
}

/** Findings one a line, readable in a failed assertion: page, rule, impact, elements. */
export const describeFindings = (findings: readonly AxeFinding[]): string[] =>
  findings.map((f) => `${f.page} · ${f.rule} (${f.impact}) · ${f.targets.join(' | ')}`);
