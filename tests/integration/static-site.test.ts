import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * What server/ answers for a page it has no file for: the app (whose router shows the page, or its 'not found'
 * page) with the status a crawler should see. The web build here is a small one written for the test (WEB_DIR),
 * shaped as the real one: the prerendered home page, spa.html for other routes, a blog post's body as blog/{slug}.md.
 */

const webDir = mkdtempSync(path.join(tmpdir(), 'loan-match-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Home</title>');
writeFileSync(path.join(webDir, 'spa.html'), '<!doctype html><title>App</title><div id="root"></div>');
mkdirSync(path.join(webDir, 'blog'));
writeFileSync(path.join(webDir, 'blog', 'understanding-sba-loans.md'), '# SBA loans');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const server = serverForThisFile({ env: { WEB_DIR: webDir } });
const browserNavigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function get(pathname: string, headers: Record<string, string> = browserNavigation) {
  const response = await fetch(`${server.url}${pathname}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('a page without a file of its own', () => {
  it('is the app, with 200, for a route of the app and an existing blog post', async () => {
    for (const pathname of ['/portal/login', '/blog/understanding-sba-loans']) {
      const page = await get(pathname);
      expect(page, pathname).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
      expect(page.body, pathname).toContain('<title>App</title>');
    }
  });

  it('is the app, with 404, for a blog post that does not exist (its page says so)', async () => {
    for (const pathname of ['/blog/no-such-article', '/blog/..%2F..%2Fpackage.json']) {
      const page = await get(pathname);
      expect(page, pathname).toMatchObject({ status: 404, type: 'text/html; charset=utf-8' });
      expect(page.body, pathname).toContain('<title>App</title>');
    }
  });

  it('is the app, with 404, when a browser navigates to a path like a missing file', async () => {
    for (const pathname of ['/package.json', '/a%2F..', '/docs/report.pdf']) {
      const page = await get(pathname);
      expect(page, pathname).toMatchObject({ status: 404, type: 'text/html; charset=utf-8' });
      expect(page.body, pathname).toContain('<title>App</title>');
    }
  });

  it('is a plain 404 when a script or a fetch asks for a missing file', async () => {
    const missing = await get('/package.json', { accept: '*/*' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ code: 'not_found', message: 'No route for GET /package.json' });
    const missingPost = await get('/blog/no-such-article.md', { accept: '*/*' });
    expect(missingPost.status).toBe(404);
    expect(missingPost.type).toContain('application/json');
  });

  it('is never the app under the API', async () => {
    const page = await get('/rest/v1/no-such-route.json');
    expect(page.status).toBe(404);
    expect(page.body).not.toContain('<title>App</title>');
  });
});
