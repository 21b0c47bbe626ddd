import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { rawGet } from '../support/raw-http.ts';
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
// Hashed files as the build writes them: a script with its .br and .gz copies, a font without copies.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};`;
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'assets', 'app-B1x2y3Z4.js'), script);
writeFileSync(path.join(webDir, 'assets', 'app-B1x2y3Z4.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDir, 'assets', 'app-B1x2y3Z4.js.gz'), gzipSync(script));
writeFileSync(path.join(webDir, 'assets', 'Roboto-Regular-C5d6E7f8.ttf'), Buffer.from([0, 1, 0, 0, 0, 4]));
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

describe('the hashed files (/assets/, server/http/hashed-assets.ts)', () => {
  const asset = (name: string, acceptEncoding?: string) =>
    rawGet(`${server.url}/assets/${name}`, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

  it('sends the copy compressed the way the browser accepts, kept for a year, the same script inside', async () => {
    const brotli = await asset('app-B1x2y3Z4.js', 'gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(script);

    const gzip = await asset('app-B1x2y3Z4.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(script);

    const plain = await asset('app-B1x2y3Z4.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  it('sends a file without compressed copies as it is', async () => {
    const font = await asset('Roboto-Regular-C5d6E7f8.ttf', 'br');
    expect(font).toMatchObject({ status: 200, body: Buffer.from([0, 1, 0, 0, 0, 4]) });
    expect(font.headers['content-type']).toBe('font/ttf');
    expect(font.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for a missing file, then serves it once the build writes it', async () => {
    const name = 'late-D9e8F7g6.js';
    const missing = await asset(name);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString('utf8'))).toMatchObject({ code: 'not_found' });
    writeFileSync(path.join(webDir, 'assets', name), 'export {};');
    const written = await asset(name);
    expect(written).toMatchObject({ status: 200, body: Buffer.from('export {};') });
  });

  it('never serves a file outside the folder, nor one whose name is not an asset name', async () => {
    for (const pathname of ['..%2Fspa.html', '..%2F..%2Fpackage.json', 'a%00.js', 'sub%2Fapp-B1x2y3Z4.js']) {
      const answer = await asset(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.body.toString('utf8'), pathname).not.toContain('<title>');
    }
  });
});
