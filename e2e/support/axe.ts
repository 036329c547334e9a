import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// axe-core in the browser tests (issue 13): the WCAG 2.1 A and AA rules on a page as it is shown.

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a page. Moderate and minor findings are printed, not failed. */
const FAILING = new Set(['serious', 'critical']);

export interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until the page shows its content: no lazy-page loader, busy region, spinner or skeleton left, and
 * `ready` (the page's own content) visible when given.
 */
export async function settled(page: Page, ready?: Locator) {
  if (ready) await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  await expect(
    page.locator('[data-testid="page-loader"], [aria-busy="true"], .ant-spin-spinning, .ant-skeleton'),
  ).toHaveCount(0, {
    timeout: 30_000,
  });
  // Colours still fading (a button enabled as its list arrives fades from grey to its colour in
  // 0.2 s) would be measured half-way: wait for every transition and finite animation to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical violations of the page as it is now (the others counted in `all`). */
export async function axeFindings(page: Page, label: string): Promise<{ failing: Finding[]; all: number }> {
  // Legacy mode: axe runs in the page itself. The default mode runs it in every frame and merges
  // the results in a new blank page, twice the time per page; the app has no frames of its own.
  // Only the violations are described (passes and incomplete results are not needed here).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const findings = results.violations.map((v) => ({
    page: label,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  const failing = findings.filter((f) => FAILING.has(f.impact));
  // A11Y_REPORT=<file>: one JSON line per page (violations by impact), for before/after figures.
  if (process.env.A11Y_REPORT) {
    const byImpact: Record<string, number> = {};
    for (const v of results.violations) byImpact[v.impact ?? 'unknown'] = (byImpact[v.impact ?? 'unknown'] ?? 0) + 1;
    fs.appendFileSync(
      process.env.A11Y_REPORT,
      `${JSON.stringify({ page: label, byImpact, rules: findings.map((f) => `${f.impact}:${f.id}(${f.targets.length})`) })}\n`,
    );
  }
  return { failing, all: findings.length };
}

/**
 * What axe does not check, found the same way (impact serious): an antd button or a link that shows
 * only an icon and has no name in words of its own (antd's icons name themselves in English:
 * "delete", "bell"); a label whose field id is not unique in the page (two forms of one page, or
 * two tabs, with the same field names: the label would focus the other one).
 */
export async function extraFindings(page: Page, label: string): Promise<Finding[]> {
  const found = await page.evaluate(() => {
    const describe = (el: Element) => {
      const icon = el.querySelector('[data-icon]')?.getAttribute('data-icon');
      const id = el.getAttribute('data-testid');
      const near = el.closest('[data-testid]')?.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${id ? `[data-testid="${id}"]` : ''} (icon ${icon ?? '?'}${near && !id ? `, in ${near}` : ''})`;
    };
    const named = (el: Element) =>
      !!(
        el.getAttribute('aria-label')?.trim() ||
        el.getAttribute('aria-labelledby') ||
        el.getAttribute('title')?.trim()
      );
    const iconOnly = [...document.querySelectorAll('.ant-btn, a[href]')]
      .filter(
        (el) => el instanceof HTMLElement && el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]'),
      )
      .filter(
        (el) => !named(el) && !(el as HTMLElement).innerText.trim() && !el.querySelector('img[alt]:not([alt=""])'),
      )
      .filter((el) => el.querySelector('.anticon, svg'))
      .map(describe);
    const labels = [...document.querySelectorAll('label[for]')]
      .map((l) => l.getAttribute('for')!)
      .filter((id) => document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length > 1)
      .map(
        (id) =>
          `label[for="${id}"]: ${document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length} elements with this id`,
      );
    return { iconOnly, labels: [...new Set(labels)] };
  });
  const findings: Finding[] = [];
  if (found.iconOnly.length)
    findings.push({
      page: label,
      id: 'icon-only-control-name',
      impact: 'serious',
      help: 'A button or link that shows only an icon needs an aria-label in the page language',
      targets: found.iconOnly,
    });
  if (found.labels.length)
    findings.push({
      page: label,
      id: 'label-for-unique-id',
      impact: 'serious',
      help: "A label's field id must be unique (give each Form of a page its own name)",
      targets: found.labels,
    });
  return findings;
}

/** The findings as lines a reader can act on: page, rule, impact and each element. */
export function formatFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.page}: ${f.id} (${f.impact}) — ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}
