import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiConnectSources, contentSecurityPolicy } from './content-security-policy.ts';

/** The directives of a policy, by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

describe('the renderer Content-Security-Policy', () => {
  it('is strict everywhere except inline styles (emotion) and the configured API server', () => {
    expect(directives(contentSecurityPolicy('http://localhost:3000'))).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'connect-src': "'self' http://localhost:3000 ws://localhost:3000",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'none'",
    });
  });

  it('allows a hosted https API and its wss realtime origin, without path or default port', () => {
    expect(directives(contentSecurityPolicy('https://abcd.supabase.co:443/rest/v1/'))['connect-src']).toBe(
      "'self' https://abcd.supabase.co wss://abcd.supabase.co",
    );
    expect(apiConnectSources('http://192.168.1.20:8080')).toEqual([
      'http://192.168.1.20:8080',
      'ws://192.168.1.20:8080',
    ]);
  });

  it('never allows scripts from anywhere else, nor eval', () => {
    const policy = contentSecurityPolicy('https://abcd.supabase.co');
    expect(directives(policy)['script-src']).toBe("'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('*');
  });

  it.each([
    ['no server configured', null],
    ['an empty address', ''],
    ['a file URL', 'file:///etc'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a wildcard', '*'],
    ['a bare scheme', 'https:'],
    ['an injected directive', "https://a.example; script-src 'unsafe-inline'"],
    ['credentials in the address', 'https://user:secret@a.example'],
  ])('adds nothing to connect-src for %s', (_name, apiUrl) => {
    expect(apiConnectSources(apiUrl)).toEqual([]);
    expect(directives(contentSecurityPolicy(apiUrl))['connect-src']).toBe("'self'");
  });

  it('is the only policy: renderer/index.html declares none of its own that could drift from it', () => {
    const html = readFileSync(path.join(import.meta.dirname, '..', 'renderer', 'index.html'), 'utf8');
    expect(html.toLowerCase()).not.toContain('content-security-policy');
  });
});
