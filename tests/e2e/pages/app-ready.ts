import type { Page } from '@playwright/test';
import { STARTS_WHEN_NEEDED, appStartTag } from '../../../server/cli/web-build.ts';

/**
 * On a page usable with no script, or a form page, the app starts at the visitor's first input unless something is
 * stored (AppStart 'when-needed' and 'at-first-input' in server/cli/web-build.ts): the pointer moves over the
 * page, as a visitor's would.
 */
export async function startAppWhenNeeded(page: Page): Promise<void> {
  const startsWhenNeeded = await page.evaluate(
    (tags) => Array.from(document.scripts).some((script) => tags.some((tag) => script.outerHTML.startsWith(tag))),
    STARTS_WHEN_NEEDED.map(appStartTag),
  );
  if (!startsWhenNeeded) return;
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
}

/** Opens a page and waits until the app runs it (a prerendered page is hydrated, see site-layout.tsx). */
export async function openWhenReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await startAppWhenNeeded(page);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
}
