import { afterAll, describe, expect, it } from 'vitest';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { rawGet } from '../support/raw-http.ts';
import {
  anonClient,
  removeDataDir,
  startServerProcess,
  temporaryDataDir,
  type ServerProcess,
} from '../support/server-process.ts';

/**
 * The dev mailbox shows every e-mail, password-reset links included, to whoever can reach it. A server
 * listening beyond loopback without SMTP_URL keeps the e-mails but does not serve them unless DEV_MAILBOX=on,
 * says so at start, and does not claim local mode (the developer test page goes with the mailbox).
 *
 * HOST=0.0.0.0 makes the server reachable from other machines; the test still reaches it through 127.0.0.1.
 */

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dataDir of dataDirs) await removeDataDir(dataDir);
});

async function start(env: Record<string, string>, dataDir = temporaryDataDir()): Promise<ServerProcess> {
  if (!dataDirs.includes(dataDir)) dataDirs.push(dataDir);
  const server = await startServerProcess({ dataDir, env });
  // A server on 0.0.0.0 prints http://localhost:port; loopback's IPv4 address is where it surely listens.
  return { ...server, url: server.url.replace('//localhost:', '//127.0.0.1:') };
}

async function status(server: ServerProcess, pathname: string): Promise<number> {
  return (await fetch(`${server.url}${pathname}`)).status;
}

async function localMode(server: ServerProcess): Promise<unknown> {
  const config = (await (await fetch(`${server.url}/config.json`)).json()) as { localMode?: unknown };
  return config.localMode;
}

describe('the dev mailbox on a server reachable from other machines (HOST=0.0.0.0, no SMTP_URL)', () => {
  it(
    'is not served, start-up says so and how to turn it on, and the e-mails are kept',
    { timeout: 120_000 },
    async () => {
      const dataDir = temporaryDataDir();
      const email = uniqueEmail('exposed');
      const exposed = await start({ HOST: '0.0.0.0' }, dataDir);
      try {
        await expect.poll(() => exposed.output()).toContain('Dev mailbox: off.');
        expect(exposed.output()).toContain('DEV_MAILBOX=on to serve the mailbox');
        expect(await status(exposed, '/_dev/mailbox')).toBe(404);
        expect(await status(exposed, '/_dev/mailbox/messages')).toBe(404);
        expect(await status(exposed, `/_dev/mailbox/messages?to=${encodeURIComponent(email)}`)).toBe(404);
        expect(await localMode(exposed)).toBe(false);

        // Sign-up and password reset still work; their e-mails are stored, not shown.
        expect((await anonClient(exposed).auth.signUp({ email, password: 'exposed-pass' })).error).toBeNull();
        expect((await anonClient(exposed).auth.resetPasswordForEmail(email)).error).toBeNull();
      } finally {
        await exposed.stop();
      }

      // The same data on loopback: the mailbox is served and nothing was lost.
      const local = await start({}, dataDir);
      try {
        expect(local.output()).not.toContain('Dev mailbox');
        expect(await localMode(local)).toBe(true);
        expect((await mailbox(local, email)).map((message) => message.subject)).toEqual([
          'Reset your Loan Match password',
          'Confirm your Loan Match account',
        ]);
      } finally {
        await local.stop();
      }
    },
  );

  it(
    'is served when the operator turns it on (DEV_MAILBOX=on), with a warning at start',
    { timeout: 60_000 },
    async () => {
      const server = await start({ HOST: '0.0.0.0', DEV_MAILBOX: 'on' });
      try {
        await expect.poll(() => server.output()).toMatch(/Warning: dev mailbox ON and exposed \(DEV_MAILBOX=on\)/);
        expect(server.output()).toContain('password-reset links included');
        expect(await status(server, '/_dev/mailbox')).toBe(200);
        expect(await status(server, '/_dev/mailbox/messages')).toBe(200);
        expect(await localMode(server)).toBe(true);
      } finally {
        await server.stop();
      }
    },
  );
});

describe('the dev mailbox on loopback', () => {
  it('is not served when turned off (DEV_MAILBOX=off)', { timeout: 60_000 }, async () => {
    const server = await start({ DEV_MAILBOX: 'off' });
    try {
      await expect.poll(() => server.output()).toContain('Dev mailbox: off (DEV_MAILBOX=off)');
      expect(await status(server, '/_dev/mailbox')).toBe(404);
      expect(await status(server, '/_dev/mailbox/messages')).toBe(404);
      expect(await localMode(server)).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('is not served to a request that came through a proxy, unless DEV_MAILBOX=on', { timeout: 60_000 }, async () => {
    const proxied = async (server: ServerProcess, headers: Record<string, string>) =>
      (await fetch(`${server.url}/_dev/mailbox/messages`, { headers })).status;
    const implicit = await start({});
    try {
      expect(await status(implicit, '/_dev/mailbox/messages')).toBe(200);
      expect(await proxied(implicit, { 'x-forwarded-for': '203.0.113.9' })).toBe(404);
      expect(await proxied(implicit, { forwarded: 'for=203.0.113.9' })).toBe(404);
      // What a CDN or a tunnel says instead.
      for (const header of ['true-client-ip', 'cf-connecting-ip', 'client-ip', 'x-client-ip']) {
        expect(await proxied(implicit, { [header]: '203.0.113.9' }), header).toBe(404);
      }
      expect(
        (await fetch(`${implicit.url}/_dev/mailbox`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
      ).toBe(404);
    } finally {
      await implicit.stop();
    }
    const chosen = await start({ DEV_MAILBOX: 'on' });
    try {
      expect(await proxied(chosen, { 'x-forwarded-for': '203.0.113.9' })).toBe(200);
    } finally {
      await chosen.stop();
    }
  });
});

describe('the dev pages and another site’s page in the same browser', () => {
  it(
    'answer no other site: neither a page elsewhere (Origin, Sec-Fetch-Site) nor a name pointed at this machine; a link followed in the tab opens them',
    { timeout: 60_000 },
    async () => {
      const server = await start({ SMS_QUIET_HOURS: 'off' });
      try {
        const port = new URL(server.url).port;
        const read = async (pathname: string, headers: Record<string, string>) =>
          (await rawGet(`${server.url}${pathname}`, headers)).status;
        for (const pathname of ['/_dev/mailbox/messages', '/_dev/mailbox', '/_dev/sms/messages', '/_dev/sms']) {
          // A page of another site: what a browser says of it.
          expect(await read(pathname, { origin: 'https://evil.example' }), pathname).toBe(403);
          expect(await read(pathname, { 'sec-fetch-site': 'cross-site' }), pathname).toBe(403);
          expect(await read(pathname, { 'sec-fetch-site': 'same-site' }), pathname).toBe(403);
          // Framed by it, or fetched in a frame's name: the page elsewhere could show or read it.
          const framed = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' };
          expect(await read(pathname, framed), pathname).toBe(403);
          expect(await read(pathname, { ...framed, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'document' })).toBe(403);
          // A link on another site followed in the tab: only the developer sees what it opens.
          const followed = {
            'sec-fetch-site': 'cross-site',
            'sec-fetch-mode': 'navigate',
            'sec-fetch-dest': 'document',
          };
          expect(await read(pathname, followed), pathname).toBe(200);
          // A name of the attacker's pointed at 127.0.0.1 (DNS rebinding): its page asks as its own origin.
          const rebound = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };
          expect(await read(pathname, { ...rebound, 'sec-fetch-site': 'same-origin' }), pathname).toBe(403);
          expect(await read(pathname, { ...followed, host: rebound.host }), pathname).toBe(403);
          // This server's own pages, the address typed in the bar, and tools that say nothing.
          const own = {
            host: `localhost:${port}`,
            origin: `http://localhost:${port}`,
            'sec-fetch-site': 'same-origin',
          };
          expect(await read(pathname, own), pathname).toBe(200);
          expect(await read(pathname, { 'sec-fetch-site': 'none' }), pathname).toBe(200);
          expect(await read(pathname, {}), pathname).toBe(200);
        }
      } finally {
        await server.stop();
      }
    },
  );

  it('answer the name SITE_URL gives the server', { timeout: 60_000 }, async () => {
    const server = await start({ SITE_URL: 'http://loans.example.test' });
    try {
      const port = new URL(server.url).port;
      expect((await rawGet(`${server.url}/_dev/mailbox/messages`, { host: `loans.example.test:${port}` })).status).toBe(
        200,
      );
      expect((await rawGet(`${server.url}/_dev/mailbox/messages`, { host: `other.example.test:${port}` })).status).toBe(
        403,
      );
    } finally {
      await server.stop();
    }
  });
});
