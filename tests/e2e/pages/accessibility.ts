import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

/**
 * Axe violations of impact serious or critical on the page as it is now (or only inside the elements that
 * `include` selects), in a readable form.
 */
export async function seriousAccessibilityViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** The accessible names of the buttons inside `scope`, in order, as a screen reader lists them. */
export async function buttonNames(scope: Locator): Promise<string[]> {
  return [...(await scope.ariaSnapshot()).matchAll(/button "([^"]*)"/g)].map((match) => match[1]!);
}
