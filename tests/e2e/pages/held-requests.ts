import type { Page } from '@playwright/test';

/**
 * Holds every request matching `pattern` until the returned function is called (later ones go through at once):
 * the test sees the screen while it waits for the answer.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
