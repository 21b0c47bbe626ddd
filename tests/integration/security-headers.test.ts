import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * The headers of server/ as a browser meets them: the web build (pages, the SPA fallback, an SVG) under a
 * Content-Security-Policy and the other security headers, its scripts and style sheets with nosniff but no policy
 * (a browser never shows them as a page), the API with nosniff and its CORS intact, and HSTS only for a request
 * that came over https. The web build here is a small one written for the test (WEB_DIR), shaped as the real one:
 * pages with one inline start-up script, spa.html for other routes, hashed assets.
 */

const startScript = '(function(){import("/assets/index-test.js")})()';
const webDir = mkdtempSync(path.join(tmpdir(), 'loan-match-web-'));
const page = (body: string) =>
  `<!doctype html><html><head><style>body{margin:0}</style></head><body><div id="root">${body}</div><script>${startScript}</script></body></html>`;
writeFileSync(path.join(webDir, 'index.html'), page('Home'));
writeFileSync(
  path.join(webDir, 'spa.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>',
);
mkdirSync(path.join(webDir, 'faq'));
writeFileSync(path.join(webDir, 'faq', 'index.html'), page('FAQ'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'assets', 'index-test.js'), 'export {};');
writeFileSync(path.join(webDir, 'assets', 'index-test.css'), 'body{margin:0}');
writeFileSync(
  path.join(webDir, 'favicon.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const siteUrl = 'https://loans.example.com';
const server = serverForThisFile({ env: { WEB_DIR: webDir, SITE_URL: siteUrl } });

/** The policy's directives by name: "script-src 'self' 'sha256-...'" gives { 'script-src': ["'self'", ...] }. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const webPaths = {
  'the home page': '/',
  'a prerendered page': '/faq',
  'a route of the app (SPA fallback)': '/portal/login',
  'an SVG, which a browser can open as a document and run the scripts of': '/favicon.svg',
};

const scriptsAndStyleSheets = {
  'a hashed script': '/assets/index-test.js',
  'a hashed style sheet': '/assets/index-test.css',
};

describe('the web build', () => {
  it.each(Object.entries(webPaths))('serves %s with the Content-Security-Policy', async (_what, pathname) => {
    const response = await fetch(`${server.url}${pathname}`);
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    const inlineHash = `'sha256-${createHash('sha256').update(startScript).digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", inlineHash]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", siteUrl]);
    // Style may be inline (emotion inserts <style> at run time); script never.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it.each(Object.entries(scriptsAndStyleSheets))(
    'serves %s with nosniff and without the page-only headers',
    async (_what, pathname) => {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/(javascript|css)/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
    },
  );

  it('adds HSTS when the request came over https through a trusted proxy, and only then', async () => {
    const overHttps = await fetch(`${server.url}/faq`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const api = await fetch(`${server.url}/config.json`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const overHttp = await fetch(`${server.url}/faq`, { headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the API', () => {
  const apiRequests = [
    ['/rest/v1/', 'GET /rest/v1/applications'],
    ['/auth/v1/', 'GET /auth/v1/settings'],
    ['/storage/v1/', 'POST /storage/v1/object/list/documents'],
    ['/functions/v1/', 'POST /functions/v1/send-emails'],
    ['/config.json', 'GET /config.json'],
    ['unknown paths', 'GET /rest/v1/no_such_table'],
  ] as const;

  it.each(apiRequests)('answers %s with nosniff and keeps CORS open (%s)', async (_prefix, request) => {
    const [method, pathname] = request.split(' ') as [string, string];
    const origin = 'https://elsewhere.example.org';
    const headers = { apikey: server.keys.anonKey, origin, 'content-type': 'application/json' };
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    // The web build's policy is not put on the API's answers.
    expect(response.headers.get('content-security-policy')).toBeNull();

    const preflight = await fetch(`${server.url}${pathname}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
  });
});

describe('a proxy the server does not trust', () => {
  const untrusting = serverForThisFile({ env: { WEB_DIR: webDir, TRUST_PROXY: 'false' } });

  it('cannot turn HSTS on with X-Forwarded-Proto', async () => {
    const response = await fetch(`${untrusting.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(directives(response.headers.get('content-security-policy'))['connect-src']).toEqual(["'self'"]);
  });
});
