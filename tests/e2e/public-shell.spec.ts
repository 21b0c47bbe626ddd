import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { brand, telHref } from '../../shared/brand/brand.ts';
import { loadJwtSecret, signToken } from '../../server/keys.ts';
import { expect, test } from './fixtures.ts';
import { ContentPage } from './pages/content-page.ts';
import { SiteShell } from './pages/site-shell.ts';
import { openWhenReady } from './pages/app-ready.ts';

const phone = { width: 390, height: 844 };

/**
 * Puts a supabase-js session into the browser's storage before the app loads, as a sign-in would. The
 * access token is minted with the installation's JWT secret (server/keys.ts signToken), so the tests do
 * not depend on the sign-in screens, which a later issue builds. `appRole` goes into app_metadata (what
 * authorizes), `userRole` into user_metadata (what must never authorize).
 */
async function signInAs(page: Page, baseURL: string, roles: { appRole?: string; userRole?: string }) {
  const secret = loadJwtSecret(process.env.E2E_DATA_DIR!, undefined);
  const id = randomUUID();
  const email = `owner-${id.slice(0, 8)}@harborcafe.com`;
  const app_metadata = { provider: 'email', providers: ['email'], ...(roles.appRole ? { role: roles.appRole } : {}) };
  const user_metadata = roles.userRole ? { role: roles.userRole } : {};
  const expiresIn = 3600;
  const access_token = await signToken(
    secret,
    {
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata,
      user_metadata,
      session_id: randomUUID(),
    },
    expiresIn,
  );
  const session = {
    access_token,
    refresh_token: `e2e-${randomUUID()}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    user: {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata,
      user_metadata,
      created_at: new Date().toISOString(),
    },
  };
  // supabase-js's default storage key: sb-<first label of the API host>-auth-token.
  const storageKey = `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-session-planted')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-session-planted', 'yes');
      }
    },
    [storageKey, JSON.stringify(session)] as const,
  );
}

test.describe('top bar', () => {
  test('signed out, it links the product’s pages, Client Portal and Apply Now', async ({ page }) => {
    await page.goto('/');
    const shell = new SiteShell(page);
    const links = {
      Calculator: '/calculator',
      'How It Works': '/how-it-works',
      FAQ: '/faq',
      About: '/about',
      'Client Portal': '/portal/login',
      'Apply Now': '/apply',
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(shell.topBarLink(name)).toHaveAttribute('href', href);
    }
    await expect(shell.topBarLink(brand.productName)).toHaveAttribute('href', '/');
    await expect(shell.topBarButton('Logout')).toHaveCount(0);
  });

  test('an admin (app_metadata.role) sees Admin and Logout', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { appRole: 'admin' });
    await page.goto('/');
    const shell = new SiteShell(page);
    await expect(shell.topBarLink('Admin')).toHaveAttribute('href', '/admin');
    await expect(shell.topBarButton('Logout')).toBeVisible();
    await expect(shell.topBarLink('Portal')).toHaveCount(0);
    await expect(shell.topBarLink('Client Portal')).toHaveCount(0);
    await expect(shell.topBarLink('Apply Now')).toHaveCount(0);
  });

  test('a signed-in applicant sees Portal (to /portal) and Logout, even with role admin in user_metadata', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, { userRole: 'admin' });
    await page.goto('/faq');
    const shell = new SiteShell(page);
    await expect(shell.topBarLink('Portal')).toHaveAttribute('href', '/portal');
    await expect(shell.topBarButton('Logout')).toBeVisible();
    await expect(shell.topBarLink('Admin')).toHaveCount(0);
  });

  test('Logout signs out, returns home and shows the signed-out links again', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { userRole: 'applicant' });
    await page.goto('/about');
    const shell = new SiteShell(page);
    await shell.topBarButton('Logout').click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(shell.topBarLink('Apply Now')).toHaveAttribute('href', '/apply');
    await expect(shell.topBarLink('Client Portal')).toHaveAttribute('href', '/portal/login');
    await page.reload();
    await expect(shell.topBarButton('Logout')).toHaveCount(0);
    await expect(shell.topBarLink('Apply Now')).toBeVisible();
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: phone });

  test('at a phone width the links move into a drawer that opens, navigates and closes', async ({ page, baseURL }) => {
    await page.goto('/');
    const shell = new SiteShell(page);
    await expect(shell.topBarLink('How It Works')).toBeHidden();
    await shell.openDrawer();
    for (const name of ['Calculator', 'How It Works', 'FAQ', 'About', 'Client Portal', 'Apply Now']) {
      await expect(shell.drawerLink(name)).toBeVisible();
    }
    await expect(shell.drawerLink('Client Portal')).toHaveAttribute('href', '/portal/login');
    await shell.drawerLink('FAQ').click();
    await expect(page).toHaveURL(`${baseURL}/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(shell.drawer).toBeHidden();
    // After an in-app navigation the head holds the new page's title and description only.
    await expect(page).toHaveTitle(`Frequently Asked Questions | ${brand.productName}`);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  });

  test('the drawer takes focus, closes with Escape and returns focus to the menu button', async ({ page }) => {
    await openWhenReady(page, '/loans');
    const shell = new SiteShell(page);
    await shell.openDrawer();
    await expect(shell.drawerLink('Calculator')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shell.drawer).toBeHidden();
    await expect(shell.menuButton).toBeFocused();
  });

  test('signed in as an admin, the drawer offers Admin Dashboard and Logout', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { appRole: 'admin' });
    await page.goto('/');
    const shell = new SiteShell(page);
    await shell.openDrawer();
    await expect(shell.drawerLink('Admin Dashboard')).toHaveAttribute('href', '/admin');
    await expect(shell.drawerButton('Logout')).toBeVisible();
    await expect(shell.drawerLink('Apply Now')).toHaveCount(0);
  });

  test('signed in as an applicant, the drawer offers Client Portal (to /portal) and Logout', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, { userRole: 'applicant' });
    await page.goto('/');
    const shell = new SiteShell(page);
    await shell.openDrawer();
    await expect(shell.drawerLink('Client Portal')).toHaveAttribute('href', '/portal');
    await expect(shell.drawerButton('Logout')).toBeVisible();
    await expect(shell.drawerLink('Admin Dashboard')).toHaveCount(0);
  });
});

test.describe('mobile drawer before any script runs', () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test('the home page’s menu opens and its links load their pages with no script', async ({ page, baseURL }) => {
    await page.goto('/');
    const shell = new SiteShell(page);
    await shell.openDrawer();
    await expect(shell.drawerLink('Apply Now')).toHaveAttribute('href', '/apply');
    // Below the top bar: the menu button, focused, stays in sight (WCAG 2.4.11, focus not obscured).
    const button = (await shell.menuButton.boundingBox())!;
    expect((await shell.drawer.boundingBox())!.y).toBeGreaterThanOrEqual(button.y + button.height);
    await shell.drawerLink('FAQ').click();
    await expect(page).toHaveURL(`${baseURL}/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(shell.drawer).toBeHidden();
  });
});

test.describe('footer', () => {
  test('links loan options, resources and legal pages, shows contact details and the disclaimer', async ({ page }) => {
    await page.goto('/about');
    const shell = new SiteShell(page);
    for (const name of ['SBA 7(a) Loans', 'Term Loans', 'Line of Credit']) {
      await expect(shell.footerLink(name)).toHaveAttribute('href', '/loans');
    }
    await expect(shell.footerLink('Blog')).toHaveAttribute('href', '/blog');
    await expect(shell.footerLink('Terms of Use')).toHaveAttribute('href', '/terms');
    await expect(shell.footerLink('Privacy Policy')).toHaveAttribute('href', '/privacy');
    await expect(shell.footerLink(brand.contactPhone)).toHaveAttribute('href', telHref(brand.contactPhone));
    await expect(shell.footerLink(brand.contactEmail)).toHaveAttribute('href', `mailto:${brand.contactEmail}`);
    await expect(shell.footerLink(brand.loansEmail)).toHaveAttribute('href', `mailto:${brand.loansEmail}`);
    await expect(shell.footer).toContainText(brand.businessHours);
    await expect(shell.footer).toContainText(`${brand.productName} is not a lender`);
    await expect(shell.footer).toContainText('not an official loan application');
  });
});

test('an unknown address shows the 404 page with a way home', async ({ page, baseURL }) => {
  await page.goto('/no-such-page');
  const view = new ContentPage(page);
  await expect(view.pageHeading).toHaveText('Page not found');
  await expect(page).toHaveTitle(`Page Not Found | ${brand.productName}`);
  await view.link('Return to Homepage').click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('every page has its own title and one meta description', async ({ page }) => {
  const pages: [string, string][] = [
    ['/', `${brand.productName} | SBA Loan Matching for Small Businesses`],
    ['/how-it-works', `How It Works | ${brand.productName}`],
    ['/faq', `Frequently Asked Questions | ${brand.productName}`],
    ['/about', `About Us | ${brand.productName}`],
    ['/loans', `Loan Options | ${brand.productName}`],
    ['/booking-success', `Application Received | ${brand.productName}`],
    ['/terms', `Terms of Use | ${brand.productName}`],
    ['/privacy', `Privacy Policy | ${brand.productName}`],
    ['/blog', `Blog | ${brand.productName}`],
    ['/blog/business-plan-tips', `Business Plan Tips That Help Your Loan Get Approved | ${brand.productName}`],
    ['/missing', `Page Not Found | ${brand.productName}`],
  ];
  const view = new ContentPage(page);
  const descriptions = new Set<string>();
  for (const [path, title] of pages) {
    await view.open(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
    const description = await view.metaDescription();
    expect(description?.length, `description of ${path}`).toBeGreaterThan(40);
    descriptions.add(description!);
  }
  expect(descriptions.size).toBe(pages.length);
});

/** The paths of the scripts a prerendered page loads until the app runs it and its loading has settled. */
async function scriptsLoadedBy(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openWhenReady(page, path);
  await page.waitForLoadState('networkidle');
  return scripts;
}

test('the home page loads no portal, admin, store, markdown or supabase-js code at first paint', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, '/');
  expect(scripts.some((path) => /\/home-page-[\w-]+\.js$/.test(path))).toBe(true);
  const unwanted = scripts.filter((path) =>
    /(\/supabase-|store-layout|apply-page|blog-post-page|markdown|portal|admin|pdf)/i.test(path),
  );
  expect(unwanted).toEqual([]);
});

test('the pre-qualification page loads supabase-js only when the application is sent', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, '/apply');
  expect(scripts.some((path) => /\/apply-page-[\w-]+\.js$/.test(path))).toBe(true);
  // supabase-js is the supabase-* chunk (load-supabase-* is the few bytes that import it on demand).
  expect(scripts.filter((path) => /\/supabase-[\w-]+\.js$/.test(path))).toEqual([]);
});
