import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { projectRoot } from '../../server/config.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import {
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
  type ServerProcess,
} from '../support/server-process.ts';
import { latestMail, verifyLinkIn } from '../support/auth-helpers.ts';
import { freeLoopbackPort, startStaticHost } from '../support/static-host.ts';
import { expect, test } from './fixtures.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { openWhenReady } from './pages/app-ready.ts';
import { AuthPages } from './pages/auth-pages.ts';

/**
 * The hosted path (docs/architecture.md, Hosted Supabase path): the web build made for a hosted project
 * (VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY baked in) on a plain static file host, talking to server/ as its
 * Supabase API on another origin (localhost:<port> against 127.0.0.1:<port>). Proves CORS, the prerendered pages, the
 * SPA fallback, the wizard, sign-in, the e-mailed link's redirect back to the site and the portal without server/
 * serving a single page. server/ has the settings a hosted project's Auth has: SITE_URL is the static host (where links
 * may send people back to), API_EXTERNAL_URL its own address (where the links go). A second host serves the same build
 * with index.html, the prerendered home page, as its fallback, as many hosts do by default.
 */

test.describe.configure({ mode: 'serial' });

const buildDir = path.join(projectRoot, 'dist', 'static-host-e2e', 'web');
let api: ServerProcess;
let site: { url: string; close(): Promise<void> };
let indexFallbackSite: { url: string; close(): Promise<void> };
/** The browser contexts a test opened on a host: closed after it, so that no page keeps a connection to a server. */
const openContexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await mkdir(buildDir, { recursive: true });
  site = await startStaticHost(buildDir);
  indexFallbackSite = await startStaticHost(buildDir, 'localhost', 'index.html');
  const port = await freeLoopbackPort();
  api = await startServerProcess({
    dataDir: temporaryDataDir('loan-match-hosted-'),
    env: {
      PORT: String(port),
      SITE_URL: site.url,
      API_EXTERNAL_URL: `http://127.0.0.1:${port}`,
      WEB_DIR: path.join(buildDir, '..', 'no-web-app'),
      RATE_LIMIT_TOKEN_BURST: '0',
      RATE_LIMIT_SIGNUP_PER_5_MIN: '0',
    },
  });
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/build-web.ts', '--out', buildDir], {
    cwd: projectRoot,
    env: { ...process.env, VITE_SUPABASE_URL: api.url, VITE_SUPABASE_ANON_KEY: api.keys.anonKey },
  });
  expect(new URL(site.url).origin).not.toBe(new URL(api.url).origin);
});

test.afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((context) => context.close()));
});

test.afterAll(async () => {
  await site?.close();
  await indexFallbackSite?.close();
  await api?.stop();
  if (api) await removeDataDir(api.dataDir);
  await rm(path.dirname(buildDir), { recursive: true, force: true });
});

/** A browser on the static host; every request it makes to server/ is recorded. */
async function onStaticHost(
  browser: Browser,
  host = site,
): Promise<{ page: Page; apiCalls: string[]; failures: string[] }> {
  const context = await browser.newContext({ baseURL: host.url });
  openContexts.push(context);
  const page = await context.newPage();
  const apiCalls: string[] = [];
  const failures: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(api.url)) apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /CORS|Access-Control/i.test(message.text())) failures.push(message.text());
  });
  return { page, apiCalls, failures };
}

test('the home page and a prerendered page come from the static host, and hydrate', async ({ browser }) => {
  const { page, failures } = await onStaticHost(browser);
  const faq = await page.request.get(`${site.url}/faq`);
  expect(faq.status()).toBe(200);
  // Prerendered: the answers are in the HTML the host sends, before any script runs.
  expect(await faq.text()).toContain('Frequently Asked Questions');
  await openWhenReady(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openWhenReady(page, '/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  expect(failures).toEqual([]);
});

test('a deep link falls back to the app page, which renders its route', async ({ browser }) => {
  const { page, failures } = await onStaticHost(browser);
  const response = await page.request.get(`${site.url}/portal/forgot-password`);
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain('Forgot');
  await openWhenReady(page, '/portal/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Password/);
  expect(failures).toEqual([]);
});

test('the wizard submits to server/ across origins, then the applicant signs in and sees it in the portal', async ({
  browser,
}) => {
  const { page, apiCalls, failures } = await onStaticHost(browser);
  const email = `hosted.${Date.now()}@harborcafe.com`;
  const businessName = `Hosted Harbor Cafe ${Date.now()}`;
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps({ ...sampleForm, email, businessName });
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
  const service = serviceClient(api);
  const stored = await service.from('applications').select('business_name, status').eq('email', email).single();
  expect(stored.data).toEqual({ business_name: businessName, status: 'pending' });
  expect(apiCalls).toContain('POST /rest/v1/applications');

  const password = 'a-good-password';
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  expect(created.error).toBeNull();
  const auth = new AuthPages(page);
  await auth.openLogin();
  await auth.email().fill(email);
  await auth.password().fill(password);
  await auth.submit('Sign In').click();
  await page.waitForURL(`${site.url}/portal`);
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Application for ${businessName}` })).toBeVisible();
  expect(apiCalls).toContain('POST /auth/v1/token');
  // No page came from server/: only its API was called.
  expect(
    apiCalls.every((call) => /^(GET|POST|PATCH|DELETE|HEAD|OPTIONS) \/(rest|auth|storage|functions)\/v1\//.test(call)),
  ).toBe(true);
  expect(failures).toEqual([]);
});

test('a visitor signs up on the site; the e-mailed link goes to the API, which sends them back to the site’s portal, signed in', async ({
  browser,
}) => {
  const { page, failures } = await onStaticHost(browser);
  const email = `hosted.signup.${Date.now()}@harborcafe.com`;
  const auth = new AuthPages(page);
  await auth.openLogin('?mode=signup');
  await auth.signUp(email, 'a-good-password');
  await expect(auth.status()).toContainText('Please check your email');

  const link = new URL(verifyLinkIn(await latestMail(api, email, 'Confirm your')));
  expect(link.origin).toBe(api.url);
  expect(link.searchParams.get('redirect_to')).toBe(`${site.url}/portal`);
  await page.goto(link.toString());
  await page.waitForURL(`${site.url}/portal`);
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
  expect(failures).toEqual([]);
});

test('on a host that falls back to index.html, the prerendered home page, a deep link runs its own route', async ({
  browser,
}) => {
  const { page, failures } = await onStaticHost(browser, indexFallbackSite);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const home = 'SBA funding for your small business, matched in minutes';
  expect(await (await page.request.get(`${indexFallbackSite.url}/portal/forgot-password`)).text()).toContain(home);
  await openWhenReady(page, '/portal/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Password/);
  await expect(page.getByRole('heading', { name: home })).toHaveCount(0);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  // Hydrating the home page's HTML as another route was React error #418 (a hydration mismatch).
  expect(errors).toEqual([]);
  expect(failures).toEqual([]);
});
