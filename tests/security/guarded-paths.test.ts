import { describe, expect, it } from 'vitest';
import { serverForThisFile } from '../support/server-for-file.ts';
import { rawRequest } from './support.ts';

/**
 * Paths with a guard of their own: the dev mailbox (served on a loopback HOST, but never to a request that came
 * through a proxy: it holds every reset link) and the backup route (this machine only, never proxied). The guard
 * must hold for every spelling of the path that reaches the route: percent-encoded, double-encoded, with
 * dot-segments, doubled or trailing slashes, other case, a query or a matrix parameter.
 */
const server = serverForThisFile();

/** The spellings of a path an attacker tries. */
function spellings(path: string): string[] {
  const encodeEach = (text: string) =>
    [...text].map((ch) => (/[a-z_]/i.test(ch) ? `%${ch.charCodeAt(0).toString(16).toUpperCase()}` : ch)).join('');
  const segments = path.split('/').filter(Boolean);
  const first = segments[0]!;
  const rest = segments.slice(1).join('/');
  return [
    path,
    path.replace('_', '%5F'),
    path.replace('_', '%5f'),
    encodeEach(path),
    path.replace('_', '%255F'),
    path.replace('_', '%25%35%46'),
    `/${first}/./${rest}`,
    `/${first}/x/../${rest}`,
    `/./${first}/${rest}`,
    `/${first}/%2E/${rest}`,
    `/${first}/%2e%2e/${first}/${rest}`,
    `//${first}/${rest}`,
    `/${first}//${rest}`,
    `${path}/`,
    `${path}?x=1`,
    `${path};x=1`,
    `${path}%00`,
    `${path}%20`,
    path.toUpperCase(),
    `/${first}%2F${rest}`,
    `/${first}\\${rest}`,
  ];
}

/** Whether an answer is the mailbox: its JSON list of messages, or its page. */
function isMailbox(answer: { status: number; body: string }): boolean {
  if (answer.status !== 200) return false;
  if (answer.body.includes('<title>Dev mailbox')) return true;
  try {
    return Array.isArray(JSON.parse(answer.body));
  } catch {
    return false;
  }
}

const proxiedHeaders = [
  ['X-Forwarded-For: 203.0.113.7'],
  ['Forwarded: for=203.0.113.7'],
  ['X-Forwarded-For: 127.0.0.1'],
  ['x-forwarded-for: 203.0.113.7', 'X-Forwarded-For: 127.0.0.1'],
  ['X-Forwarded-For:'],
  ['X-Real-IP: 203.0.113.7'],
  ['Via: 1.1 proxy'],
  ['X-Forwarded-Host: localhost'],
  ['X-Forwarded-Proto: https'],
];

describe('the dev mailbox through a proxy', () => {
  it('is refused for every spelling of its paths', async () => {
    for (const path of ['/_dev/mailbox', '/_dev/mailbox/messages']) {
      for (const spelled of spellings(path)) {
        for (const headers of proxiedHeaders) {
          const answer = await rawRequest(server, [`GET ${spelled} HTTP/1.1`, 'Host: localhost', ...headers]);
          const context = `${spelled} ${headers.join(' | ')} -> ${answer.status}`;
          // Never the mailbox: its JSON list or its page (a path the router does not take may get the web app's
          // page, when a build is there, or its 404).
          expect(isMailbox(answer), context).toBe(false);
        }
      }
    }
  });

  it('is still served to this machine without a proxy, under its own spelling and the encoded one the router takes', async () => {
    for (const path of ['/_dev/mailbox/messages', '/%5Fdev/mailbox/messages']) {
      const answer = await rawRequest(server, [`GET ${path} HTTP/1.1`, 'Host: localhost']);
      expect(answer.status, path).toBe(200);
      expect(Array.isArray(JSON.parse(answer.body))).toBe(true);
    }
  });
});

describe('the backup route', () => {
  it('is refused through a proxy and without the service key, for every spelling', async () => {
    for (const spelled of spellings('/_backup')) {
      for (const headers of [...proxiedHeaders, []]) {
        const answer = await rawRequest(server, [
          `POST ${spelled} HTTP/1.1`,
          'Host: localhost',
          `apikey: ${server.keys.anonKey}`,
          `Authorization: Bearer ${server.keys.anonKey}`,
          ...headers,
        ]);
        expect(answer.status, `${spelled} ${headers.join(' | ')}`).not.toBe(200);
        expect(answer.headers['content-type']?.[0] ?? '').not.toContain('gzip');
      }
    }
  });
});
