import { describe, expect, it } from 'vitest';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';
import { rawRequest } from './support.ts';

/**
 * With SITE_URL unset and the server reached directly, a link in an e-mail and the API address in /config.json
 * are built from the request. The Host header (and X-Forwarded-Host, which TRUST_PROXY's default lets loopback
 * peers such as this test set) is the client's to write: whatever it holds, no e-mailed link and no API address
 * may name a host other than this machine, nor carry userinfo.
 */
// Each variant asks for a reset e-mail from 127.0.0.1: the per-address limit on those would stop the loop.
const server = serverForThisFile({ env: { RATE_LIMIT_RECOVER_PER_5_MIN: '0' } });
const port = () => new URL(server.url).port;

/** Host values an attacker writes: userinfo, paths, lists, ports, IPv6 literals and their mixtures. */
const hostileHosts = [
  'localhost:PORT@evil.example',
  'localhost@evil.example',
  '127.0.0.1:PORT@evil.example',
  'localhost:PORT@evil.example:443',
  'localhost:PORT:@evil.example',
  '[::1]:PORT@evil.example',
  '[::1]@evil.example',
  'evil.example',
  'evil.example:PORT',
  'localhost.evil.example',
  'localhost:PORT/@evil.example',
  'localhost:PORT\\@evil.example',
  'localhost:PORT#@evil.example',
  'localhost:PORT?@evil.example',
  'localhost,evil.example',
  'localhost:PORT, evil.example',
  'localhost:99999',
  'localhost:PORT%40evil.example',
  '[::ffff:127.0.0.1]@evil.example',
  '[evil.example]',
  '',
];

/** Every URL in a text (e-mail body). */
function urlsIn(text: string): URL[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => new URL(match[0]));
}

function expectOnThisMachine(url: URL, context: string) {
  expect(url.username, context).toBe('');
  expect(url.password, context).toBe('');
  expect(['localhost', '127.0.0.1', '[::1]'], `${context}: ${url.href}`).toContain(url.hostname);
}

async function recover(email: string, headers: string[]) {
  const body = JSON.stringify({ email });
  return rawRequest(
    server,
    ['POST /auth/v1/recover HTTP/1.1', ...headers, `apikey: ${server.keys.anonKey}`, 'Content-Type: application/json'],
    body,
  );
}

describe('links e-mailed in answer to a request with a hostile Host', () => {
  it('point at this machine whatever the Host, X-Forwarded-Host or duplicate headers say', async () => {
    const variants: string[][] = [];
    for (const host of hostileHosts.map((value) => value.replaceAll('PORT', port()))) {
      variants.push([`Host: ${host}`]);
      variants.push([`Host: localhost:${port()}`, `X-Forwarded-Host: ${host}`]);
    }
    variants.push([`Host: localhost:${port()}`, 'Host: evil.example']);
    variants.push(['Host: evil.example', `Host: localhost:${port()}`]);
    variants.push([
      `Host: localhost:${port()}`,
      'X-Forwarded-Host: evil.example',
      `X-Forwarded-Host: localhost:${port()}`,
    ]);
    variants.push([`Host: localhost:${port()}`, 'X-Forwarded-Proto: javascript', 'X-Forwarded-Host: evil.example']);
    variants.push([`Host: localhost:${port()}`, 'Forwarded: host=evil.example;proto=https']);

    for (const headers of variants) {
      // A new account each time: the resend interval would hold back a second e-mail to one address. Without a
      // password: hashing one for each of the ~50 variants is most of this test's work on a busy machine, and a
      // reset link goes to an account whatever its password.
      const email = uniqueEmail('host');
      const made = await serviceClient(server).auth.admin.createUser({ email, email_confirm: true });
      expect(made.error).toBeNull();
      const answer = await recover(email, headers);
      // A Host the HTTP parser itself refuses is answered 400 with nothing sent; anything else is answered 200.
      expect([200, 400], headers.join(' | ')).toContain(answer.status);
      const mails = await mailbox(server, email);
      if (answer.status === 400) {
        expect(mails).toEqual([]);
        continue;
      }
      expect(mails, headers.join(' | ')).toHaveLength(1);
      const urls = urlsIn(mails[0]!.text);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expectOnThisMachine(url, headers.join(' | '));
    }
  });
});

describe('/config.json with a hostile Host', () => {
  it('names an API address without userinfo, on the host it was reached at when that is a plain host, else localhost', async () => {
    for (const host of hostileHosts.map((value) => value.replaceAll('PORT', port()))) {
      for (const headers of [[`Host: ${host}`], [`Host: localhost:${port()}`, `X-Forwarded-Host: ${host}`]]) {
        const answer = await rawRequest(server, ['GET /config.json HTTP/1.1', ...headers]);
        if (answer.status === 400) continue;
        expect(answer.status, headers.join(' | ')).toBe(200);
        const { supabaseUrl } = JSON.parse(answer.body) as { supabaseUrl: string };
        const url = new URL(supabaseUrl);
        expect(url.username, headers.join(' | ')).toBe('');
        expect(url.password).toBe('');
        expect(url.pathname).toBe('/');
        // A plain host is echoed: the browser reached us under that name (DNS pointed it here), or a trusted proxy
        // forwarded it (X-Forwarded-Host may list several; Fastify takes the last). What must never pass is a
        // host that is not one of the names the request gave as a whole.
        if (url.hostname !== 'localhost') {
          const named = host.split(',').map((item) => item.trim().toLowerCase());
          expect(named, `${host} gave ${supabaseUrl}`).toContain(url.host);
        }
      }
    }
  });

  it('keeps a plain IPv6 loopback Host as it is', async () => {
    const answer = await rawRequest(server, ['GET /config.json HTTP/1.1', `Host: [::1]:${port()}`]);
    expect(JSON.parse(answer.body)).toMatchObject({ supabaseUrl: `http://[::1]:${port()}` });
  });
});
