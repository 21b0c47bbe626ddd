import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { applicationFor, createAccount, plantSession } from './pages/portal-session.ts';

/**
 * The signed-in screens' pages (server/cli/web-build.ts, appShellDocument) preload every chunk their route
 * loads and /config.json, so that a phone fetches them at once rather than one lazy import after another;
 * until the app starts they show a placeholder, which the app replaces.
 */
async function scriptsLoadedBy(page: Page, path: string, ready: () => Promise<void>) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
  });
  await page.goto(path);
  await ready();
  const preloaded = await page
    .locator('head link[rel="modulepreload"], head script[type="module"]')
    .evaluateAll((elements) =>
      elements.map(
        (element) => new URL(element.getAttribute('href') ?? element.getAttribute('src')!, location.href).pathname,
      ),
    );
  return { requested, preloaded, configRequests };
}

test('the portal loads only scripts its page preloads, and /config.json once', async ({ page, baseURL, database }) => {
  const account = await createAccount(database, baseURL!);
  const application = await applicationFor(database, account);
  await plantSession(page, baseURL!, account.session);
  const { requested, preloaded, configRequests } = await scriptsLoadedBy(page, '/portal', async () => {
    await expect(page.getByRole('article', { name: `Application for ${application.businessName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Additional Information' })).toBeVisible();
  });
  expect(requested.length).toBeGreaterThan(10);
  expect(requested.filter((script) => !preloaded.includes(script))).toEqual([]);
  expect(configRequests).toHaveLength(1);
  await expect(page.locator('[data-app-shell]')).toHaveCount(0);
});

test('the admin dashboard loads only scripts its page preloads', async ({ page, baseURL, database }) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, await createAccount(database, baseURL!));
  await plantSession(page, baseURL!, officer.session);
  const { requested, preloaded } = await scriptsLoadedBy(page, '/admin', async () => {
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by business, name or e-mail' }).fill(application.businessName);
    await expect(page.getByRole('row').filter({ hasText: application.businessName })).toBeVisible();
  });
  expect(requested.filter((script) => !preloaded.includes(script))).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a signed-in screen shows a loading placeholder, not a blank page', async ({ page }) => {
    await page.goto('/portal');
    await expect(page.getByRole('status')).toHaveText('Loading…');
  });
});
