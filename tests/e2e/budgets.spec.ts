import { readFileSync } from 'node:fs';
import { DEFAULT_WEB_DIR } from '../../server/cli/web-build.ts';
import { routeBudgets } from '../budgets/budgets.ts';
import { budgetProblems, measureRoute, recordedSizesFile, type RecordedSizes } from '../budgets/route-weight.ts';
import { expect, test } from './fixtures.ts';
import { openWhenReady } from './pages/app-ready.ts';

/**
 * The routes' budgets (tests/budgets/budgets.ts), on the production build the global setup made: the bytes of
 * JavaScript and CSS each route loads before it is interactive, and how many script files a signed-in route loads.
 */
const recorded = JSON.parse(readFileSync(recordedSizesFile, 'utf8')) as RecordedSizes;

for (const budget of routeBudgets) {
  test(`${budget.route} stays within its budget`, () => {
    const weight = measureRoute(DEFAULT_WEB_DIR, budget);
    expect(budgetProblems(weight, budget, recorded)).toEqual([]);
  });
}

/**
 * The measure reads the build, not the browser: here the browser confirms it, every script a public page
 * fetches until the app runs it being one the measure counted (for the home page, usable with no script, in
 * the app it loads later), and the home page fetching none before it has loaded.
 */
for (const route of ['/', '/calculator']) {
  test(`every script ${route} fetches before the app runs it is counted in its budget`, async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname.replace(/^\//, ''));
    });
    await openWhenReady(page, route);
    const weight = measureRoute(
      DEFAULT_WEB_DIR,
      routeBudgets.find((budget) => budget.route === route)!,
    );
    const counted = [...weight.scripts, ...(weight.later?.scripts ?? [])].map((script) => script.file);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((file) => !counted.includes(file))).toEqual([]);
  });
}

test('the home page, usable with no script, fetches its app only once it has loaded', async ({ page }) => {
  await openWhenReady(page, '/');
  const timing = await page.evaluate(() => ({
    loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(timing.loaded).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.loaded);
});
