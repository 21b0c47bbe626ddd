import { describe, expect, it } from 'vitest';
import { businessRegistrationRow, qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { signedIn, testPassword } from '../support/function-behaviour.ts';
import { anonClient, serviceClient, type ServerProcess } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

// The server's own defaults: 5 submissions at once, one more every 5 minutes, per client address.
const server = serverForThisFile();
const unlimited = serverForThisFile({ env: { RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0' } });

const BURST = 5;

type Submission = { table?: 'applications' | 'business_registrations'; rows?: unknown; ip?: string; token?: string };

/**
 * POST /rest/v1/<table> as the browser sends it. `ip` is the client address a trusted proxy on this machine
 * reports (TRUST_PROXY's default trusts loopback), so each test has a budget of its own.
 */
async function submit(target: ServerProcess, { table = 'applications', rows, ip, token }: Submission = {}) {
  const response = await fetch(`${target.url}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: target.keys.anonKey,
      authorization: `Bearer ${token ?? target.keys.anonKey}`,
      'content-type': 'application/json',
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(rows ?? (table === 'applications' ? qualifiedApplicationRow() : businessRegistrationRow())),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

/** An account created with the service role (an officer when `appRole` is admin), signed in. */
async function account(appRole?: 'admin') {
  const email = uniqueEmail(appRole ?? 'applicant');
  const created = await serviceClient(server).auth.admin.createUser({
    email,
    password: testPassword,
    email_confirm: true,
    ...(appRole ? { app_metadata: { role: appRole } } : {}),
  });
  if (created.error) throw new Error(created.error.message);
  const client = await signedIn(server, email);
  const { data } = await client.auth.getSession();
  return { client, token: data.session!.access_token };
}

describe('per-IP limit on visitors’ submissions (applications, business registrations, newsletter)', () => {
  it('refuses the submission after the burst with 429, Retry-After and a PostgREST error; both tables share the budget', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < BURST; i += 1) {
      const table = i % 2 === 0 ? 'applications' : 'business_registrations';
      expect((await submit(server, { table, ip })).status, `submission ${i + 1}`).toBe(201);
    }
    for (const table of ['applications', 'business_registrations'] as const) {
      const refused = await submit(server, { table, ip });
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      // One row comes back every 5 minutes.
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(300);
      expect(refused.body).toEqual({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
        details: `Too many submissions from this address; retry after ${wait} seconds`,
        hint: null,
      });
    }
  });

  it('keeps one budget per client address', async () => {
    for (let i = 0; i <= BURST; i += 1) await submit(server, { ip: '203.0.113.20' });
    expect((await submit(server, { ip: '203.0.113.20' })).status).toBe(429);
    expect((await submit(server, { ip: '203.0.113.21' })).status).toBe(201);
  });

  it('counts every row of a request, and refuses more rows than the burst at once', async () => {
    const ip = '203.0.113.30';
    const rows = (n: number) => Array.from({ length: n }, () => qualifiedApplicationRow());
    expect((await submit(server, { ip, rows: rows(BURST + 1) })).body).toMatchObject({ code: 'PGRST413' });
    expect((await submit(server, { ip, rows: rows(BURST - 1) })).status).toBe(201);
    expect((await submit(server, { ip, rows: rows(2) })).status).toBe(429);
    expect((await submit(server, { ip, rows: rows(1) })).status).toBe(201);
  });

  it('limits visitors and applicants of one address, never officers or the service role', async () => {
    // supabase-js from this machine's own address: its error is the PostgREST error with the status.
    const visitor = anonClient(server);
    for (let i = 0; i < BURST; i += 1) {
      expect((await visitor.from('applications').insert(qualifiedApplicationRow())).error).toBeNull();
    }
    const refused = await visitor.from('applications').insert(qualifiedApplicationRow());
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    const applicant = await account();
    expect((await applicant.client.from('applications').insert(qualifiedApplicationRow())).status).toBe(429);

    const officer = await account('admin');
    const service = serviceClient(server);
    for (let i = 0; i <= BURST; i += 1) {
      expect((await submit(server, { token: officer.token })).status).toBe(201);
      expect((await service.from('applications').insert(qualifiedApplicationRow())).status).toBe(201);
      expect((await service.from('business_registrations').insert(businessRegistrationRow())).status).toBe(201);
    }
  });

  it('counts the newsletter’s subscriptions in the same budget', async () => {
    const ip = '203.0.113.50';
    const subscribe = (email: string) =>
      fetch(`${server.url}/rest/v1/rpc/subscribe_to_newsletter`, {
        method: 'POST',
        headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email }),
      });
    for (let i = 0; i < BURST; i += 1) expect((await subscribe(uniqueEmail('reader'))).status).toBe(200);
    const refused = await subscribe(uniqueEmail('reader'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await submit(server, { ip })).status).toBe(429);
  });

  it('limits nothing else a visitor does', async () => {
    const ip = '203.0.113.40';
    for (let i = 0; i <= BURST; i += 1) await submit(server, { ip });
    const read = await fetch(`${server.url}/rest/v1/rpc/health`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: '{}',
    });
    expect(read.status).toBe(200);
  });

  it('is off with RATE_LIMIT_SUBMISSIONS_PER_5_MIN=0', async () => {
    for (let i = 0; i < BURST * 2; i += 1) {
      expect((await submit(unlimited, { table: i % 2 ? 'applications' : 'business_registrations' })).status).toBe(201);
    }
  });
});
