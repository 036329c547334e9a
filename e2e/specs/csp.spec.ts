import type { Page } from '@playwright/test';
import { demo, expect, login, test, urlFor } from '../support/fixtures';

/**
 * The server's CSP has no 'unsafe-eval' (apps/server/src/app.ts). A bundle that evaluates strings
 * (`eval`, `new Function`, even a feature probe inside try/catch) raises a
 * securitypolicyviolation event on the page — not always a console error — so listen for it.
 */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __reportCspViolation: (v: string) => void };
      w.__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

/** Opens a page and waits until it is drawn: the frame for private pages, the form for public ones. */
async function visit(page: Page, url: string, ready: string) {
  await page.goto(url);
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('load');
}

for (const [role, pages] of [
  ['admin', ['/dashboard', '/admin/users']],
  ['producer', ['/dashboard', '/products', '/product-batches']],
] as const) {
  test(`the web app runs under the CSP without unsafe-eval: login and ${role} pages`, async ({ page }) => {
    test.slow(); // several full page loads
    const violations = await collectViolations(page);
    await visit(page, urlFor('dtrack', '/login'), 'login-email');
    await login(page, 'dtrack', demo(role, 'dtrack'));
    for (const p of pages) await visit(page, urlFor('dtrack', p), 'side-menu');
    expect(violations, 'CSP violations').toEqual([]);
  });
}
