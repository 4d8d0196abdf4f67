import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core run inside the page: the WCAG 2.0/2.1 A and AA rules only, violations only.

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Finding = { rule: string; impact: string; help: string; targets: string[] };

/** The WCAG A/AA violations axe finds in the page as it is now. */
export async function axeViolations(page: Page): Promise<Finding[]> {
  // Evaluated through the debugging protocol: the portal's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async (tags) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page as a global.
      const axe = (window as any).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        }),
      );
    },
    WCAG_TAGS as unknown as string[],
  );
}
