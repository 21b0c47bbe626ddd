import { buildWebWhenStale } from '../../server/cli/web-build.ts';
import { routeBudgets } from '../budgets/budgets.ts';
import { formatRouteWeight, measureRoute } from '../budgets/route-weight.ts';
import { verdict } from './measure.ts';

/**
 * The home page's JavaScript aim: at most 120 KB gzip before it is interactive (its budget in tests/budgets/budgets.ts
 * holds what it needs today, below this). KB is 1,000 bytes.
 */
const HOME_PAGE_JS_AIM_BYTES = 120_000;

/**
 * What each budgeted route loads before it is interactive, chunk by chunk beside its budget (the same measure
 * tests/e2e/budgets.spec.ts holds them to), and the home page against its aim. Builds dist/web when stale.
 */
export async function benchRouteWeights(): Promise<string[]> {
  const webDir = await buildWebWhenStale();
  const lines: string[] = [];
  for (const budget of routeBudgets) {
    const weight = measureRoute(webDir, budget);
    lines.push(...formatRouteWeight(weight, budget));
    if (budget.route === '/') {
      // A page usable with no script loads its app afterwards, when needed: said beside the figure.
      const later = weight.later
        ? `; then its app, when needed, ${(weight.later.jsGzipBytes / 1000).toFixed(1)} KB`
        : '';
      lines.push(
        `home page JavaScript ${(weight.jsGzipBytes / 1000).toFixed(1)} KB gzip before it is interactive ` +
          `(target <= ${HOME_PAGE_JS_AIM_BYTES / 1000} KB: ${verdict(weight.jsGzipBytes <= HOME_PAGE_JS_AIM_BYTES)})${later}`,
      );
    }
  }
  return lines;
}
