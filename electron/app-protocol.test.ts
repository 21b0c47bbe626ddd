import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEntryUrl, appProtocolHandler, contentTypeOf } from './app-protocol.ts';

/**
 * Electron's protocol.handle passes the handler a Fetch API Request and sends back its Response; Node has
 * the same Request and Response, so the handler is exercised here exactly as Electron (which cannot run on
 * this machine) would call it, against a temporary renderer folder.
 */
let base: string;
let root: string;
const policy = "default-src 'self'";
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'app-protocol-'));
  root = path.join(base, 'desktop');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Loan Match Admin</title>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(root, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(path.join(root, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(root, 'assets', 'font.woff2'), new Uint8Array([0x77, 0x4f, 0x46, 0x32, 0x00, 0xff]));
  // Beside the renderer folder, never to be served.
  writeFileSync(path.join(base, 'secret.txt'), 'TOP SECRET');
  writeFileSync(path.join(base, 'secret'), 'TOP SECRET');
  symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
  handle = appProtocolHandler({ root, contentSecurityPolicy: () => policy });
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('the app:// protocol handler', () => {
  it('serves the entry page with its content type and the CSP header', async () => {
    const response = await get(appEntryUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(policy);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('Loan Match Admin');
  });

  it('serves the root as index.html', async () => {
    const response = await get('app://admin/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Loan Match Admin');
  });

  it('serves assets with their content types, bytes unchanged', async () => {
    const script = await get('app://admin/assets/index-abc123.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("app")');
    expect((await get('app://admin/assets/index-abc123.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('app://admin/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    const font = await get('app://admin/assets/font.woff2');
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(new Uint8Array(await font.arrayBuffer())).toEqual(new Uint8Array([0x77, 0x4f, 0x46, 0x32, 0x00, 0xff]));
  });

  it('reads the policy per request, so a changed server setting applies on the next load', async () => {
    let current = "connect-src 'self' http://localhost:3000";
    const changing = appProtocolHandler({ root, contentSecurityPolicy: () => current });
    expect((await changing(new Request(appEntryUrl))).headers.get('content-security-policy')).toBe(current);
    current = "connect-src 'self' https://project.supabase.co";
    expect((await changing(new Request(appEntryUrl))).headers.get('content-security-policy')).toBe(current);
  });

  it('answers a client-side route (no extension) with index.html, a missing asset with 404', async () => {
    const route = await get('app://admin/admin/applications/42');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('Loan Match Admin');
    const missing = await get('app://admin/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(policy);
  });

  it.each([
    ['a parent segment', 'app://admin/../secret.txt'],
    ['parent segments below a folder', 'app://admin/assets/../../secret.txt'],
    ['an encoded parent segment', 'app://admin/%2e%2e/secret.txt'],
    ['an encoded parent with an encoded slash', 'app://admin/%2e%2e%2fsecret.txt'],
    ['a parent with an encoded slash', 'app://admin/..%2fsecret.txt'],
    ['a parent with an encoded slash, no extension', 'app://admin/..%2fsecret'],
    ['a parent with an encoded backslash', 'app://admin/..%5csecret.txt'],
    ['a double-encoded parent', 'app://admin/%252e%252e/secret.txt'],
    ['an absolute path after the host', 'app://admin/{base}/secret.txt'],
    ['an encoded absolute path', 'app://admin/{encoded-base}%2Fsecret.txt'],
    ['an encoded absolute path, no extension', 'app://admin/{encoded-base}%2Fsecret'],
    ['a Windows drive path', 'app://admin/C:%5CWindows%5Cwin.ini'],
    ['a NUL byte', 'app://admin/index.html%00.js'],
    ['a symbolic link out of the folder', 'app://admin/assets/link.txt'],
  ])('refuses %s', async (_name, template) => {
    const url = template.replace('{base}', base).replace('{encoded-base}', encodeURIComponent(base));
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('TOP SECRET');
  });

  it('treats a doubled slash as part of the app, not as the root of the disk', async () => {
    const response = await get('app://admin//etc/passwd');
    expect(await response.text()).not.toContain('root:');
  });

  it('serves nothing for another host of the scheme or another scheme', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('https://admin/index.html')).status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(appEntryUrl, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await get(appEntryUrl, 'POST')).status).toBe(405);
  });

  it('types unknown files as plain bytes', () => {
    expect(contentTypeOf('/x/data.bin')).toBe('application/octet-stream');
    expect(contentTypeOf('/x/INDEX.HTML')).toBe('text/html; charset=utf-8');
  });
});
