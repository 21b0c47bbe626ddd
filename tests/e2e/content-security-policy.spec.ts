import type { Page } from '@playwright/test';
import { sampleForm } from '../../shared/testing/samples.ts';
import { expect, test } from './fixtures.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { openWhenReady, startAppWhenNeeded } from './pages/app-ready.ts';

type Violation = { directive: string; blocked: string; source: string; sample: string };

/**
 * Records every Content-Security-Policy violation the page reports, from before its first script runs
 * (Playwright's init scripts are not subject to the page's policy).
 */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

test('the home page, the wizard through its result and the portal sign-in run under the CSP without a violation', async ({
  page,
}) => {
  const violations = await recordViolations(page);

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await startAppWhenNeeded(page);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  expect(await violations()).toEqual([]);

  // The wizard: validation messages (zod), every step, the submission and its result screen.
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.next();
  await expect(apply.message('First name is required')).toBeVisible();
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await apply.completeSteps({
    ...sampleForm,
    email: `csp.${unique}@example.com`,
    businessName: `Policy Bakery ${unique}`,
    annualRevenue: '$600,000',
    monthlyDebtPayments: '$4,000',
  });
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
  expect(await violations()).toEqual([]);

  // The portal sign-in, opened directly (served by the SPA fallback) and used once.
  const auth = new AuthPages(page);
  await auth.openLogin();
  await auth.signIn(`nobody.${unique}@example.com`, 'not-the-password');
  await expect(auth.alert()).toBeVisible();
  expect(await violations()).toEqual([]);

  await openWhenReady(page, '/');
  expect(await violations()).toEqual([]);
});
