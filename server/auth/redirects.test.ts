import { describe, expect, it } from 'vitest';
import { safeRedirect, siteUrl, withHashParams, withQueryParams } from './redirects.ts';

const site = 'https://loans.example.com';

describe('safeRedirect', () => {
  it('keeps addresses on the site itself, without their hash', () => {
    expect(safeRedirect('https://loans.example.com/portal/reset-password', site)).toBe(
      'https://loans.example.com/portal/reset-password',
    );
    expect(safeRedirect('https://loans.example.com/portal?tab=docs#old', site)).toBe(
      'https://loans.example.com/portal?tab=docs',
    );
  });

  it('sends everything else to the site (no open redirect)', () => {
    for (const requested of [
      'https://evil.example/steal',
      'https://loans.example.com.evil.example/',
      'http://loans.example.com/portal',
      'https://loans.example.com:8443/portal',
      'https://user:pass@loans.example.com/portal',
      'javascript:alert(1)',
      '//evil.example/x',
      '/portal',
      '',
      undefined,
      42,
    ]) {
      expect(safeRedirect(requested, site)).toBe(site);
    }
  });
});

describe('siteUrl', () => {
  // As from a browser on this machine (local) unless said otherwise.
  const reached = (host: string, port = 3000, local = true) => ({ protocol: 'http', host, port, local });

  it('prefers SITE_URL, else the origin the request came to when that is this machine', () => {
    expect(siteUrl('https://loans.example.com/', reached('localhost:3000'))).toBe(site);
    expect(siteUrl(undefined, reached('localhost:3000'))).toBe('http://localhost:3000');
    expect(siteUrl(undefined, reached('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(siteUrl(undefined, reached('[::1]:3000'))).toBe('http://[::1]:3000');
  });

  it('never takes another name from the request: links would point wherever the client says', () => {
    expect(siteUrl(undefined, reached('attacker.example'))).toBe('http://localhost:3000');
    expect(siteUrl(undefined, reached('attacker.example:3000', 8080))).toBe('http://localhost:8080');
    expect(siteUrl(undefined, reached('localhost.attacker.example'))).toBe('http://localhost:3000');
  });

  it('takes a name of this machine on another port only from a request made on this machine', () => {
    // `npm run dev`: the page on Vite's port, its requests forwarded to server/ by Vite on this machine.
    expect(siteUrl(undefined, reached('localhost:5173'))).toBe('http://localhost:5173');
    // From another machine (or through a proxy), the port would send the link to whatever listens there.
    expect(siteUrl(undefined, reached('localhost:8081', 3000, false))).toBe('http://localhost:3000');
    expect(siteUrl(undefined, reached('127.0.0.1:9999', 3000, false))).toBe('http://localhost:3000');
    expect(siteUrl(undefined, reached('[::1]:8080', 3000, false))).toBe('http://localhost:3000');
    // Its own port stays (the address typed in the browser), and the default port of the scheme is that port.
    expect(siteUrl(undefined, reached('127.0.0.1:3000', 3000, false))).toBe('http://127.0.0.1:3000');
    expect(siteUrl(undefined, reached('localhost', 80, false))).toBe('http://localhost');
  });

  it('reads the Host as one parsed origin: userinfo, paths, lists and bad ports never pass as this machine', () => {
    for (const host of [
      'localhost:3000@evil.example',
      'localhost@evil.example',
      '127.0.0.1:3000@evil.example:443',
      'localhost:3000/@evil.example',
      'localhost:3000#@evil.example',
      'localhost:3000?@evil.example',
      'localhost:3000\\@evil.example',
      'localhost, evil.example',
      'localhost,evil.example',
      'localhost:99999',
      'localhost:0',
      '[::1]@evil.example',
      '[::1:3000',
      'localhost%40evil.example',
      'localhost:3000 evil.example',
      '',
    ]) {
      expect(siteUrl(undefined, reached(host)), host).toBe('http://localhost:3000');
    }
  });
});

describe('redirect parameters', () => {
  it('puts a session in the hash and a PKCE code in the query', () => {
    expect(withHashParams(`${site}/portal`, { access_token: 'a.b.c', expires_in: 3600 })).toBe(
      `${site}/portal#access_token=a.b.c&expires_in=3600`,
    );
    expect(withQueryParams(`${site}/portal?x=1`, { code: 'abc' })).toBe(`${site}/portal?x=1&code=abc`);
  });
});
