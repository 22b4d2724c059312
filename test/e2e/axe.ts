// axe-core in a page: the serious and critical violations of WCAG 2.1 A/AA and axe's best practices,
// plus the rule that an accessible name must contain the visible label (a speech user says what they
// see: "Turbo" must work on a button that reads TURBO).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

interface AxeResult {
  violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
}

let source: string | undefined;

/** The serious and critical violations on the page as it is now, one line each ([] when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) stays on.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, {
      iframes: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}
