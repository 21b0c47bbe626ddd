import type { Page } from '@playwright/test';

/** Opens a page and waits until the app runs it (a prerendered page is hydrated, see site-layout.tsx). */
export async function openWhenReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
}
