import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MAX_ROWS } from '../../shared/db/api-limits.ts';
import { COMPRESS_MIN_BYTES } from '../../server/http/compressed-json.ts';
import { postgrestSearchFilters } from '../../shared/admin/application-search.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { clientWithKey, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';
import { tokenSignedByServer } from '../support/auth-helpers.ts';
import { rawGet } from '../support/raw-http.ts';
import { createAccount } from '../e2e/pages/portal-session.ts';

const server = serverForThisFile();
const rows = [
  qualifiedApplicationRow({ business_name: 'Alpha Bakery', city: 'Reno', state: 'NV' }),
  qualifiedApplicationRow({ business_name: 'Beta Builders', city: 'Las Vegas', state: 'NV' }),
  qualifiedApplicationRow({ business_name: 'Gamma Grocers', city: 'Boise', state: 'ID' }),
];

beforeAll(async () => {
  const { error } = await serviceClient(server).from('applications').insert(rows);
  if (error) throw new Error(error.message);
});

const names = rows.map((row) => row.business_name as string);

describe('PostgREST reads through supabase-js', () => {
  it('filters, orders and limits', async () => {
    const { data, error } = await serviceClient(server)
      .from('applications')
      .select('business_name, city')
      .in('business_name', names)
      .eq('state', 'NV')
      .order('business_name', { ascending: false })
      .limit(5);
    expect(error).toBeNull();
    expect(data).toEqual([
      { business_name: 'Beta Builders', city: 'Las Vegas' },
      { business_name: 'Alpha Bakery', city: 'Reno' },
    ]);
  });

  it('orders by a computed field (a function of the row), which select=* leaves out', async () => {
    const client = serviceClient(server);
    const city = 'Computed Field City';
    const names = ['Zeta Zinc', 'acme bakery', 'Bravo Books'];
    const inserted = await client
      .from('applications')
      .insert(names.map((business_name) => qualifiedApplicationRow({ business_name, city })));
    expect(inserted.error).toBeNull();
    const { data, error } = await client
      .from('applications')
      .select('business_name, business_name_key')
      .eq('city', city)
      .order('business_name_key');
    expect(error).toBeNull();
    expect(data).toEqual([
      { business_name: 'acme bakery', business_name_key: 'acme bakery' },
      { business_name: 'Bravo Books', business_name_key: 'bravo books' },
      { business_name: 'Zeta Zinc', business_name_key: 'zeta zinc' },
    ]);
    const whole = await client.from('applications').select('*').eq('city', city).limit(1).single();
    expect(Object.keys(whole.data!)).not.toContain('business_name_key');
  });

  it('supports or, ilike, neq and is', async () => {
    const { data } = await serviceClient(server)
      .from('applications')
      .select('business_name')
      .or('business_name.ilike.*grocers*,city.eq.Reno')
      .neq('state', 'CA')
      .is('decided_at', null)
      .order('business_name');
    expect(data?.map((row) => row.business_name)).toEqual(['Alpha Bakery', 'Gamma Grocers']);
  });

  it('answers the admin search (one quoted or=() per word, ANDed) with every character but the separators literal', async () => {
    const client = serviceClient(server);
    const city = 'Search Words City';
    const stored = [
      { business_name: 'Smith, Jones (Partners)', first_name: 'Ann', last_name: 'Lee' },
      { business_name: '100% Pure_Juice', first_name: 'Bulk', last_name: 'B12' },
      { business_name: 'Back\\Slash "Quoted" Co', first_name: 'Cy', last_name: 'Ode' },
      { business_name: '100 Pure Juices', first_name: 'Dee', last_name: 'Fox' },
      { business_name: 'Joe’s Diner', first_name: 'Joe', last_name: "O'Neil" },
    ];
    const inserted = await client
      .from('applications')
      .insert(stored.map((names) => qualifiedApplicationRow({ ...names, city })));
    expect(inserted.error).toBeNull();
    const found = async (search: string) => {
      let query = client.from('applications').select('business_name').eq('city', city);
      for (const filter of postgrestSearchFilters(search)) query = query.or(filter);
      const { data, error } = await query.order('business_name');
      expect(error).toBeNull();
      return data!.map((row) => row.business_name as string);
    };
    expect(await found('bulk b12')).toEqual(['100% Pure_Juice']);
    expect(await found('Smith, Jones')).toEqual(['Smith, Jones (Partners)']);
    expect(await found('(Partners) ann')).toEqual(['Smith, Jones (Partners)']);
    expect(await found('back\\slash')).toEqual(['Back\\Slash "Quoted" Co']);
    expect(await found('"quoted"')).toEqual(['Back\\Slash "Quoted" Co']);
    expect(await found('100%')).toEqual(['100% Pure_Juice']);
    expect(await found('pure_')).toEqual(['100% Pure_Juice']);
    expect(await found('%')).toEqual(['100% Pure_Juice']);
    expect(await found('100 juice')).toEqual(['100 Pure Juices', '100% Pure_Juice']);
    expect(await found('bulk fox')).toEqual([]);
    // An apostrophe finds either kind; the punctuation around a word is left off.
    expect(await found("joe's")).toEqual(['Joe’s Diner']);
    expect(await found('o’neil')).toEqual(['Joe’s Diner']);
    expect(await found('Ann Lee.')).toEqual(['Smith, Jones (Partners)']);
    // Each of the four searched columns: the business, first and last names above, and the e-mail.
    expect(await found('@LOPEZBAKERY.com')).toHaveLength(stored.length);
  });

  it('pages with range and reports the exact count', async () => {
    const { data, count, status } = await serviceClient(server)
      .from('applications')
      .select('business_name', { count: 'exact' })
      .in('business_name', names)
      .order('business_name')
      .range(1, 1);
    expect(data).toEqual([{ business_name: 'Beta Builders' }]);
    expect(count).toBe(3);
    expect(status).toBe(206);
  });

  it('answers a counted page as the same page read without a count, counted as every row it is a page of', async () => {
    // A counted read of a table is one statement (buildCountedSelect in server/rest/sql-builder.ts): the filters run
    // once and the page's rows are read again by their key. Whatever the filters, order and range, as the service
    // role and as an officer under RLS, it answers what a read without a count and a read of every row do.
    const city = 'Counted Page City';
    const stamps = ['2026-01-05T10:00:00Z', '2026-01-05T10:00:00Z', '2026-02-01T08:30:00Z', '2026-03-10T16:45:00Z'];
    const pool = ['Lopez Bakery', 'lopez bakery', 'Acme Cafe 1', 'Cafe 12', 'Zeta Zinc'];
    const stored = Array.from({ length: 40 }, (_row, index) =>
      qualifiedApplicationRow({
        city,
        business_name: pool[index % pool.length],
        status: (['pending', 'approved', 'rejected'] as const)[index % 3],
        created_at: stamps[index % stamps.length],
      }),
    );
    expect((await serviceClient(server).from('applications').insert(stored)).error).toBeNull();
    const officer = await createAccount(serviceClient(server), server.url, { admin: true, keys: server.keys });
    const asOfficer = clientWithKey(server.url, server.keys.anonKey, {
      accessToken: async () => officer.session.access_token,
    });
    const term = fc.constantFrom(
      { column: 'created_at', ascending: false },
      { column: 'created_at', ascending: true },
      { column: 'business_name', ascending: true },
      { column: 'business_name_key', ascending: true },
      { column: 'status', ascending: false, nullsFirst: true },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          officer: fc.boolean(),
          status: fc.constantFrom(undefined, 'pending', 'approved'),
          search: fc.constantFrom('', 'lopez', 'cafe 1', 'zzz'),
          order: fc.array(term, { maxLength: 2 }),
          from: fc.integer({ min: 0, max: 45 }),
          size: fc.integer({ min: 1, max: 30 }),
        }),
        async ({ officer: byOfficer, status, search, order, from, size }) => {
          const client = byOfficer ? asOfficer : serviceClient(server);
          const read = (columns: string, options?: { count: 'exact' }) => {
            let query = client.from('applications').select(columns, options).eq('city', city);
            if (status) query = query.eq('status', status);
            for (const filter of postgrestSearchFilters(search)) query = query.or(filter);
            for (const { column, ...how } of order) query = query.order(column, how);
            // Each row once in the order: the rows tied on the terms above come in the order of their key.
            return query.order('id');
          };
          const counted = await read('*', { count: 'exact' }).range(from, from + size - 1);
          const plain = await read('*').range(from, from + size - 1);
          const every = await read('id');
          expect(counted.error).toBeNull();
          expect(counted.data).toEqual(plain.data);
          expect(counted.count).toBe(every.data?.length);
          expect(counted.status).toBe((counted.data?.length ?? 0) < (counted.count ?? 0) ? 206 : 200);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('returns at most API_MAX_ROWS rows per read, whatever limit is asked, as hosted max_rows does', async () => {
    const many = Array.from({ length: API_MAX_ROWS + 5 }, (_row, index) =>
      qualifiedApplicationRow({ city: 'Max Rows City', business_name: `Many ${String(index).padStart(4, '0')}` }),
    );
    expect((await serviceClient(server).from('applications').insert(many)).error).toBeNull();
    const read = (limit?: number) => {
      const query = serviceClient(server)
        .from('applications')
        .select('business_name', { count: 'exact' })
        .eq('city', 'Max Rows City')
        .order('business_name');
      return limit === undefined ? query : query.limit(limit);
    };
    for (const answer of [await read(), await read(API_MAX_ROWS * 2)]) {
      expect(answer.data).toHaveLength(API_MAX_ROWS);
      expect(answer.count).toBe(API_MAX_ROWS + 5);
      expect(answer.status).toBe(206);
    }
    // The rest is read page by page.
    const rest = await read().range(API_MAX_ROWS, API_MAX_ROWS * 2 - 1);
    expect(rest.data?.map((row) => row.business_name)).toEqual(
      many.slice(API_MAX_ROWS).map((row) => row.business_name),
    );
  });

  it('counts without rows on a HEAD request', async () => {
    const { data, count } = await serviceClient(server)
      .from('applications')
      .select('*', { count: 'exact', head: true })
      .eq('state', 'NV')
      .in('business_name', names);
    expect(data).toBeNull();
    expect(count).toBe(2);
  });

  it('returns one object for single(), and null for maybeSingle() without a match', async () => {
    const single = await serviceClient(server)
      .from('applications')
      .select('city')
      .eq('business_name', 'Alpha Bakery')
      .single();
    expect(single.data).toEqual({ city: 'Reno' });
    const none = await serviceClient(server).from('applications').select('city').eq('business_name', 'Nobody').single();
    expect(none.error?.code).toBe('PGRST116');
    expect(none.status).toBe(406);
    const maybe = await serviceClient(server)
      .from('applications')
      .select('city')
      .eq('business_name', 'Nobody')
      .maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

/** A GET to the data API (as the service role unless `token` says otherwise), read as the bytes on the wire. */
function apiGet(path: string, acceptEncoding?: string, token = server.keys.serviceRoleKey) {
  const headers: Record<string, string> = { apikey: server.keys.anonKey, authorization: `Bearer ${token}` };
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  return rawGet(`${server.url}${path}`, headers);
}

describe('compressed answers (server/http/compressed-json.ts)', () => {
  const everyColumn = `/rest/v1/applications?select=*&business_name=in.(${names.map(encodeURIComponent).join(',')})&order=id`;

  it('compresses a read of 1 KB or more with the best encoding the client accepts, the same JSON inside', async () => {
    const plain = await apiGet(everyColumn);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveLength(3);

    const brotli = await apiGet(everyColumn, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.headers['content-range']).toBe('0-2/*');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(plain.body.toString('utf8'));

    const gzip = await apiGet(everyColumn, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain.body.toString('utf8'));

    const identity = await apiGet(everyColumn, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it("sends a smaller answer as it is, and compresses a function's answer as a read's", async () => {
    const small = await apiGet(`/rest/v1/applications?select=city&business_name=eq.Alpha%20Bakery`, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual([{ city: 'Reno' }]);

    // The lender network's criteria (a function signed-in applicants call), some 4 KB of JSON.
    const applicant = await tokenSignedByServer(
      server,
      { role: 'authenticated', sub: crypto.randomUUID(), email: 'criteria@example.com' },
      60,
    );
    const plain = await apiGet('/rest/v1/rpc/lender_criteria', undefined, applicant);
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    const brotli = await apiGet('/rest/v1/rpc/lender_criteria', 'br', applicant);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });
});

describe('PostgREST writes through supabase-js', () => {
  it('inserts and returns the created row', async () => {
    const row = qualifiedApplicationRow({ business_name: 'Delta Dental' });
    const { data, error, status } = await serviceClient(server)
      .from('applications')
      .insert(row)
      .select('id, business_name, status')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ business_name: 'Delta Dental', status: 'pending' });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('updates and deletes the filtered rows only', async () => {
    const client = serviceClient(server);
    const created = await client
      .from('applications')
      .insert(qualifiedApplicationRow({ business_name: 'Echo Electric' }))
      .select('id')
      .single();
    const id = created.data!.id as string;
    const updated = await client.from('applications').update({ city: 'Carson City' }).eq('id', id).select('city');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ city: 'Carson City' }]);
    const deleted = await client.from('applications').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
    const gone = await client.from('applications').select('id').eq('id', id);
    expect(gone.data).toEqual([]);
  });

  it('upserts on the primary key', async () => {
    const client = serviceClient(server);
    const created = await client
      .from('applications')
      .insert(qualifiedApplicationRow({ business_name: 'Foxtrot Farms' }))
      .select()
      .single();
    const row = { ...created.data, city: 'Elko' };
    const upserted = await client.from('applications').upsert(row).select('city');
    expect(upserted.error).toBeNull();
    expect(upserted.data).toEqual([{ city: 'Elko' }]);
    const { count } = await client
      .from('applications')
      .select('*', { count: 'exact', head: true })
      .eq('business_name', 'Foxtrot Farms');
    expect(count).toBe(1);
  });
});

describe('PostgREST errors', () => {
  it('answers an unknown table with PGRST205 (404)', async () => {
    const { error, status } = await serviceClient(server).from('no_such_table').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });

  it('answers an unknown column with 42703 (400) and an unknown body column with PGRST204', async () => {
    const read = await serviceClient(server).from('applications').select('nope');
    expect(read.status).toBe(400);
    expect(read.error?.code).toBe('42703');
    const write = await serviceClient(server).from('applications').insert({ nope: 1 });
    expect(write.error?.code).toBe('PGRST204');
  });

  it('answers malformed JSON, bad operators and oversized bodies with 4xx in the protocol shape', async () => {
    const headers = { apikey: server.keys.serviceRoleKey, 'content-type': 'application/json' };
    const malformed = await fetch(`${server.url}/rest/v1/applications`, {
      method: 'POST',
      headers,
      body: '{"first_name":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'PGRST102', details: null, hint: null });

    const operator = await fetch(`${server.url}/rest/v1/applications?city=regex.x`, { headers });
    expect(operator.status).toBe(400);
    expect(await operator.json()).toMatchObject({ code: 'PGRST100' });

    const oversized = await fetch(`${server.url}/rest/v1/applications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ use_of_funds: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ code: 'PGRST413' });

    const wrongType = await serviceClient(server).from('applications').select('id').eq('annual_revenue', 'lots');
    expect(wrongType.status).toBe(400);
    expect(wrongType.error?.code).toBe('22P02');
  });

  it('answers every oversized body with its 413, never with a broken connection while the client still sends', async () => {
    // Before the server read the rest of a refused body, about one in six of these ended in EPIPE or a reset.
    const headers = { apikey: server.keys.serviceRoleKey, 'content-type': 'application/json' };
    const body = JSON.stringify({ use_of_funds: 'x'.repeat(8 * 1024 * 1024) });
    const statuses: (number | string)[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const answer = await fetch(`${server.url}/rest/v1/applications`, { method: 'POST', headers, body });
        statuses.push(answer.status);
        expect(await answer.json()).toMatchObject({ code: 'PGRST413' });
      } catch (error) {
        statuses.push(String((error as Error).cause ?? error));
      }
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 413));
  });

  it('refuses expired, tampered and wrongly signed tokens', async () => {
    const expired = await tokenSignedByServer(server, { role: 'service_role' }, -60);
    const wrongSecret = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const [header, , signature] = server.keys.anonKey.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role', iss: 'supabase' })).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;

    const cases: [string, string][] = [
      [expired, 'PGRST303'],
      [wrongSecret, 'PGRST301'],
      [tampered, 'PGRST301'],
    ];
    for (const [token, code] of cases) {
      const { error, status } = await clientWithKey(server.url, token).from('applications').select('id');
      expect(status).toBe(401);
      expect(error?.code).toBe(code);
    }
  });

  it('runs requests whose token claims hold quotes and SQL as plain data', async () => {
    const token = await tokenSignedByServer(
      server,
      {
        role: 'authenticated',
        sub: '00000000-0000-4000-8000-000000000001',
        email: "o'brien'); drop table public.applications; --@example.com",
        user_metadata: { note: "\\'; select pg_sleep(10); --" },
      },
      60,
    );
    const { data, error } = await clientWithKey(server.url, token).from('applications').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { count } = await serviceClient(server).from('applications').select('*', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(0);
  });

  it('never answers 500 to a batch of hostile requests', async () => {
    const headers = { apikey: server.keys.serviceRoleKey };
    const paths = [
      '/rest/v1/applications?select=id,(',
      '/rest/v1/applications?order=',
      '/rest/v1/applications?id=eq.not-a-uuid',
      '/rest/v1/applications?or=(((',
      '/rest/v1/applications?select=id::regclass',
      // (A huge limit is capped to API_MAX_ROWS; a huge offset is out of range.)
      '/rest/v1/applications?offset=99999999999999999999',
      '/rest/v1/rpc/does_not_exist',
      '/rest/v1/%00',
    ];
    for (const target of paths) {
      const response = await fetch(`${server.url}${target}`, { headers });
      expect(response.status, target).toBeGreaterThanOrEqual(400);
      expect(response.status, target).toBeLessThan(500);
    }
  });
});
