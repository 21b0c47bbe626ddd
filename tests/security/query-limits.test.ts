import { describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_DEPTH } from '../../server/http/json-body.ts';
import { QUERY_LIMITS } from '../../server/rest/query-params.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * Every parameter /rest/v1 parses has a bound: nesting of and/or groups, conditions, in-lists, listed columns,
 * the query string's length. Past one, PostgREST's 400 (PGRST100); without a valid key, 401 before anything is
 * parsed. And while such requests are answered, others are too: the parser never blocks the server.
 */
const server = serverForThisFile();

/** A /rest/v1 request with the service-role key (every table readable: a query that passes its limits answers 200). */
async function rest(path: string, key: string | null = server.keys.serviceRoleKey, init: RequestInit = {}) {
  const response = await fetch(`${server.url}/rest/v1/${path}`, {
    ...init,
    headers: { ...(key ? { apikey: key, authorization: `Bearer ${key}` } : {}), ...(init.headers ?? {}) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the message.
  }
  return { status: response.status, body: body as Record<string, unknown> };
}

const nestedOr = (depth: number) => `${'or('.repeat(depth - 1)}name.eq.x${')'.repeat(depth - 1)}`;
const repeat = (count: number, item: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => item(index)).join(',');

describe('filters nested past the limit', () => {
  it("answers the issue's 14 KB nested or=(or(or(...))) with 400 at once, and 401 without a key", async () => {
    const bomb = `or=(${'or('.repeat(3500)}name.eq.x${')'.repeat(3500)})`;
    const withoutKey = await rest(`lenders?${bomb}`, null);
    expect(withoutKey.status).toBe(401);
    const withKey = await rest(`lenders?${bomb}`);
    expect(withKey.status).toBe(400);
    expect(withKey.body).toMatchObject({ code: 'PGRST100' });
  });

  it(`takes groups nested ${QUERY_LIMITS.logicDepth} deep and refuses one more, in or, and, not.or and inside rpc reads`, async () => {
    const deepest = QUERY_LIMITS.logicDepth;
    expect((await rest(`lenders?select=id&or=(${nestedOr(deepest)})`)).status).toBe(200);
    for (const parameter of ['or', 'and', 'not.or', 'not.and']) {
      const refused = await rest(`lenders?select=id&${parameter}=(${nestedOr(deepest + 1)})`);
      expect(refused.status, parameter).toBe(400);
      expect(refused.body).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('deep') });
    }
    const throughRpc = await rest(`rpc/consent_lenders?or=(${nestedOr(deepest + 1)})`);
    expect(throughRpc.status).toBe(400);
    expect(throughRpc.body).toMatchObject({ code: 'PGRST100' });
  });

  it('counts parentheses in quoted values as text, not as nesting', async () => {
    const quoted = `"${'('.repeat(50)}"`;
    expect((await rest(`lenders?select=id&or=(name.eq.${encodeURIComponent(quoted)},name.eq.y)`)).status).toBe(200);
  });
});

describe('sizes past the limits', () => {
  const cases: [string, string][] = [
    ['conditions across parameters', repeat(QUERY_LIMITS.conditions + 1, () => 'name=neq.x').replaceAll(',', '&')],
    ['conditions inside one group', `or=(${repeat(QUERY_LIMITS.conditions + 1, () => 'name.eq.x')})`],
    ['items of an in-list', `name=in.(${repeat(QUERY_LIMITS.listItems + 1, (index) => String(index))})`],
    ['select columns', `select=${repeat(QUERY_LIMITS.listedColumns + 1, () => 'id')}`],
    ['order terms', `order=${repeat(QUERY_LIMITS.listedColumns + 1, () => 'id.asc')}`],
    ['on_conflict columns', `on_conflict=${repeat(QUERY_LIMITS.listedColumns + 1, () => 'id')}`],
    ['the query string', `name=eq.${'x'.repeat(QUERY_LIMITS.queryLength)}`],
  ];
  for (const [what, query] of cases) {
    it(`refuses too many ${what} with 400 PGRST100`, async () => {
      const answer = await rest(`lenders?${query}`);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'PGRST100' });
    });
  }

  it('takes each at its limit', async () => {
    for (const query of [
      `name=in.(${repeat(QUERY_LIMITS.listItems, (index) => String(index))})`,
      `or=(${repeat(QUERY_LIMITS.conditions, () => 'name.eq.x')})`,
      `select=${repeat(50, () => 'id')}&order=${repeat(20, () => 'id.asc')}`,
    ]) {
      expect((await rest(`lenders?${query}`)).status, query.slice(0, 60)).toBe(200);
    }
  });

  it('refuses embedded resources, however deep, with 400', async () => {
    for (const select of ['id,lender(id)', `id,${'a('.repeat(500)}b${')'.repeat(500)}`]) {
      const answer = await rest(`lenders?select=${encodeURIComponent(select)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'PGRST100' });
    }
  });

  it('checks the key before the query on writes and deletes too', async () => {
    const bomb = `or=(${'or('.repeat(3000)}name.eq.x${')'.repeat(3000)})`;
    for (const method of ['PATCH', 'DELETE', 'POST']) {
      const answer = await rest(`lenders?${bomb}`, null, {
        method,
        body: method === 'DELETE' ? undefined : '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, method).toBe(401);
    }
  });
});

describe('while hostile queries are parsed', () => {
  it('answers other requests meanwhile, and every hostile one with its 400', async () => {
    const bomb = `lenders?or=(${'or('.repeat(1500)}name.eq.x${')'.repeat(1500)})`;
    const hostile = Array.from({ length: 20 }, () => rest(bomb));
    const health = await fetch(`${server.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    const answers = await Promise.all(hostile);
    for (const answer of answers) expect(answer.status).toBe(400);
  });
});

describe('JSON bodies nested past the limit', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  it(`refuses a body nested deeper than ${JSON_BODY_MAX_DEPTH} levels with 400, on /rest/v1 and /auth/v1`, async () => {
    const insert = await fetch(`${server.url}/rest/v1/applications`, {
      method: 'POST',
      headers: {
        apikey: server.keys.anonKey,
        authorization: `Bearer ${server.keys.anonKey}`,
        'content-type': 'application/json',
      },
      body: `{"first_name":"Maria","evaluation_result":${deep(200_000)}}`,
    });
    expect(insert.status).toBe(400);
    expect(await insert.json()).toMatchObject({ code: 'PGRST102' });

    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: `{"email":"deep@example.com","password":"deep-pass-1","data":{"x":${deep(100_000)}}}`,
    });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ code: 'bad_json' });
  });

  it('takes a body at the limit', async () => {
    const answer = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: `{"email":"deep-ok@example.com","password":"deep-pass-1","data":{"x":${deep(JSON_BODY_MAX_DEPTH - 2)}}}`,
    });
    expect(answer.status).toBe(200);
  });
});
