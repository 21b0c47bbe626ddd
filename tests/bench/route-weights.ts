import { buildWeb, isWebBuildStale } from '../../server/cli/web-build.ts';
import { routeBudgets } from '../budgets/budgets.ts';
import { budgetProblems, defaultWebDir, formatRouteWeight, measureRoute } from '../budgets/route-weight.ts';
import { verdict } from './measure.ts';

/**
 * The home page's JavaScript aim: at most 120 KB gzip before it is interactive (its budget in tests/budgets/budgets.ts
 * holds what it needs today, above this). KB is 1,000 bytes.
 */
const HOME_PAGE_JS_AIM_BYTES = 120_000;

/**
 * What each budgeted route loads before it is interactive, chunk by chunk beside its budget (the same measure
 * tests/e2e/budgets.spec.ts holds them to), and the home page against its aim. Builds dist/web when stale.
 */
export async function benchRouteWeights(): Promise<string[]> {
  if (isWebBuildStale(defaultWebDir)) await buildWeb();
  const lines: string[] = [];
  for (const budget of routeBudgets) {
    const weight = measureRoute(defaultWebDir, budget);
    const problems = budgetProblems(weight, budget);
    lines.push(...formatRouteWeight(weight, budget).split('\n'));
    lines.push(problems.length === 0 ? `  within its budget` : `  OVER BUDGET: ${problems.join(' ')}`);
    if (budget.route === '/') {
      lines.push(
        `home page JavaScript ${(weight.jsGzipBytes / 1000).toFixed(1)} KB gzip ` +
          `(target <= ${HOME_PAGE_JS_AIM_BYTES / 1000} KB: ${verdict(weight.jsGzipBytes <= HOME_PAGE_JS_AIM_BYTES)})`,
      );
    }
  }
  return lines;
}
