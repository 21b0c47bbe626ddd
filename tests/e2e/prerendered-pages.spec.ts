import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openWhenReady, startAppWhenNeeded } from './pages/app-ready.ts';
import { START_AT_THE_LATEST_MS } from '../../server/cli/web-build.ts';
import { routesUsableWithoutScript } from '../../web/src/entry-prerender.tsx';

/**
 * The public pages are rendered to HTML at build time (web/src/entry-prerender.tsx): they read without
 * JavaScript, and the app then hydrates them without a mismatch or any other console error.
 */
const pages = [
  { path: '/', heading: 'SBA funding for your small business, matched in minutes' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/calculator', heading: 'Business Health Calculator' },
  { path: '/apply', heading: 'Pre-Qualification Form' },
  { path: '/terms', heading: 'Terms of Use' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of pages) {
    test(`${path} shows its content and title`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('title')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    });
  }

  test('a page carries its styles in <head>: the global CSS and one sheet of its own', async ({ page }) => {
    await page.goto('/apply');
    await expect(page.locator('head > style[data-global-css]')).toHaveCount(1);
    await expect(page.locator('head > style[data-emotion^="css "]')).toHaveCount(1);
    await expect(page.locator('#root style[data-emotion^="css "]')).toHaveCount(0);
    // Styled before any script: the heading has its recipe's size, the token variables are defined.
    const heading = page.getByRole('heading', { level: 1 });
    expect(parseFloat(await heading.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThan(24);
    const blue = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-blue-600'),
    );
    expect(blue.trim()).not.toBe('');
  });
});

/**
 * A page listed as usable with no script starts its app only when needed (a stored session, the visitor's first
 * input): nothing on it may need the app (a form, a button of the page's own). Only the menu's buttons, which are
 * native popover controls.
 */
test.describe('pages usable with no script', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of routesUsableWithoutScript) {
    test(`${path} has no control that needs a script`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const controls = await page
        .locator('input, select, textarea, form, button:not([popovertarget])')
        .evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 80)));
      expect(controls).toEqual([]);
    });
  }
});

/** Style elements whose text defines Chakra's token variables (only the build's global CSS should). */
const tokenSheets = () =>
  Array.from(document.querySelectorAll('style')).filter((style) =>
    style.textContent?.includes('--chakra-colors-blue-600:'),
  ).length;

for (const { path, heading } of pages) {
  test(`${path} hydrates without console errors and keeps one title`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await openWhenReady(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await expect(page.locator('title')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });
}

test('the app’s scripts are requested only after the page’s first contentful paint', async ({ page }) => {
  // The blog starts its app after the first paint (AppStart 'after-first-paint' in server/cli/web-build.ts).
  await openWhenReady(page, '/blog');
  const timing = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(timing.firstContentfulPaint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(0);
  // The page's start script waits for the paint, or a second at most (a background tab never paints): on a
  // machine so busy that the paint comes later than that, the scripts start at the second.
  const startAt = Math.min(timing.firstContentfulPaint!, START_AT_THE_LATEST_MS);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(startAt);
});

/**
 * Opens a page and waits until it has loaded, the browser is idle and the network quiet (where an app starting by
 * itself would have started); returns the scripts the page has requested, kept up to date.
 */
async function openUntilQuiet(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(path);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  return scripts;
}

test('a signed-out visitor’s page usable with no script runs no script until their first input', async ({ page }) => {
  const scripts = await openUntilQuiet(page, '/');
  expect(scripts).toEqual([]);
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
  // The pointer moves over the page: the app starts and takes the page over.
  await page.mouse.move(5, 5);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  expect(scripts.length).toBeGreaterThan(0);
});

test.describe('a form page, on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a first-time visitor’s form page runs no script until they touch it; the field they tapped gets the focus', async ({
    page,
  }) => {
    expect(await openUntilQuiet(page, '/apply')).toEqual([]);
    const firstName = page.getByLabel('First Name');
    await expect(firstName).toBeDisabled();
    // The tap finds the field disabled (forced: Playwright would wait for it); the app starts and focuses it.
    await firstName.tap({ force: true });
    await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
    await expect(firstName).toBeFocused();
    await page.keyboard.type('Dana');
    await expect(firstName).toHaveValue('Dana');
  });
});

test('a key pressed on a form page starts its app; the focus goes where the key sent it', async ({ page }) => {
  await page.goto('/calculator');
  await page.keyboard.press('Tab');
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Net Income')).toBeEnabled();
  // The first Tab went to the page's first link, not into the form.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
});

test('another tab’s sign-in starts the app of a page waiting for input; its other stored keys do not', async ({
  page,
  context,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/faq');
  // Another tab runs the app (supabase-js writes keys of its own to the shared storage), signed out.
  const other = await context.newPage();
  await other.goto('/portal/login');
  await other.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await other.evaluate(() => localStorage.setItem('lm-e2e-other-key', 'x'));
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  // The other tab signs in: its session is stored, and this page's app starts to show it.
  await other.evaluate(() => localStorage.setItem('sb-e2e-auth-token', '{}'));
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  expect(scripts.length).toBeGreaterThan(0);
  await other.close();
});

test('a page read and scrolled before its app starts keeps its place once the app runs it', async ({ page }) => {
  // The app starts at the visitor's first input: here after they have scrolled, on a page already being read.
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 900));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await startAppWhenNeeded(page);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a route that is not prerendered still starts from the app shell', async ({ page }) => {
  const response = await page.request.get('/register');
  expect(await response.text()).toContain('<div id="root"></div>');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register Your Business' })).toBeVisible();
  // The shell carries the global CSS too; the app does not compute it again.
  expect(await page.evaluate(tokenSheets)).toBe(1);
});

test('the app adds no second copy of the global CSS to a hydrated page, which stays styled', async ({ page }) => {
  await openWhenReady(page, '/apply');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(tokenSheets)).toBe(1);
  const next = page.getByRole('button', { name: 'Next' });
  // The solid blue button of the theme: blue.700 (#173da6) behind white text.
  expect(await next.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(23, 61, 166)');
  expect(await next.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
});

test('the wizard restores a saved application on a prerendered page, with no input needed to start its app', async ({
  page,
}) => {
  await openWhenReady(page, '/apply');
  await page.getByLabel('First Name').fill('Dana');
  // Something is kept for this page (the saved answers): its app starts once the page has loaded, by itself.
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Dana');
  await expect(page.getByLabel('First Name')).toBeEnabled();
});
