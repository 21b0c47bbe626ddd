import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverForThisFile } from '../support/server-for-file.ts';
import { signedInApplicant } from './support.ts';

/**
 * A property-based fuzzer over the REST query grammar and the auth endpoints. For any generated request, server/
 * answers with a status below 500 within ANSWER_BOUND_MS, and a health check sent while it is in flight is
 * answered too (no request blocks the others).
 *
 * On failure fast-check prints the seed and the path of the smallest failing request. Replay it with
 * `FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run --project integration tests/security/fuzz.test.ts`;
 * FUZZ_RUNS sets how many requests each property tries (200 by default).
 */
const server = serverForThisFile({
  env: {
    // Rate limits would answer most generated requests 429 before they reach the code under test.
    RATE_LIMIT_TOKEN_BURST: '0',
    RATE_LIMIT_SIGNUP_PER_5_MIN: '0',
    RATE_LIMIT_RECOVER_PER_5_MIN: '0',
    RATE_LIMIT_VERIFY_PER_5_MIN: '0',
    RATE_LIMIT_BAD_PASSWORDS_PER_HOUR: '0',
    RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0',
    LOG_LEVEL: 'fatal',
  },
});

/** Generous: a bound on a hang, not a speed target (a busy machine hashes a password in well under a second). */
const ANSWER_BOUND_MS = 10_000;
const runs = Number(process.env.FUZZ_RUNS) || 200;
const replay = process.env.FUZZ_SEED
  ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH, endOnFailure: true }
  : {};

type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string };

/** Sends the request and, while it is in flight, a health check; both must answer in time and below 500. */
async function answersInTime(request: FuzzRequest): Promise<void> {
  const fuzzed = fetch(`${server.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    // A redirect (an e-mailed link's verify) is an answer: the site it points at is not under test here.
    redirect: 'manual',
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const health = fetch(`${server.url}/auth/v1/health`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
  const [answer, healthAnswer] = await Promise.all([fuzzed, health]);
  expect(healthAnswer.status).toBe(200);
  expect(answer.status, `${request.method} ${request.path.slice(0, 300)} -> ${answer.text.slice(0, 300)}`).toBeLessThan(
    500,
  );
}

// The REST grammar: names, operators and values with every character the parser treats specially.
const special = fc.constantFrom('(', ')', ',', '.', '"', '\\', ':', '*', '%', ' ', '&', '=', '!', 'é', '\u0000', '🙂');
const word = fc.oneof(
  fc.constantFrom('id', 'name', 'email', 'status', 'created_at', 'user_id', 'not', 'or', 'and', 'select', 'x'),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  word,
  fc.integer().map(String),
  fc.array(fc.oneof(word, special), { maxLength: 12 }).map((parts) => parts.join('')),
  word.map((text) => `"${text}"`),
);
const operator = fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'cs', 'fts', 'zz');
const condition = fc
  .tuple(fc.boolean(), word, operator, fc.array(value, { maxLength: 4 }))
  .map(([negated, column, op, values]) =>
    op === 'in'
      ? `${column}.${negated ? 'not.' : ''}in.(${values.join(',')})`
      : `${column}.${negated ? 'not.' : ''}${op}.${values[0] ?? ''}`,
  );
const { tree } = fc.letrec<{ tree: string }>((self) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc
      .tuple(fc.constantFrom('or', 'and', 'not.or', 'not.and'), fc.array(self('tree'), { minLength: 1, maxLength: 4 }))
      .map(([kind, children]) => `${kind}(${children.join(',')})`),
  ),
}));
/** A group nested past any limit, or unbalanced: what a hostile client sends on purpose. */
const deepTree = fc
  .tuple(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: -3, max: 3 }))
  .map(([depth, imbalance]) => `${'or('.repeat(depth)}id.eq.1${')'.repeat(Math.max(0, depth + imbalance))}`);

const parameter = fc.oneof(
  fc.tuple(
    fc.constantFrom('or', 'and', 'not.or', 'not.and'),
    fc.oneof(tree, deepTree).map((t) => `(${t})`),
  ),
  fc.tuple(
    word,
    condition.map((c) => c.slice(c.indexOf('.') + 1)),
  ),
  fc.tuple(
    fc.constantFrom('select', 'order', 'limit', 'offset', 'on_conflict', 'columns'),
    fc.array(fc.oneof(word, value, tree), { maxLength: 6 }).map((parts) => parts.join(',')),
  ),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })),
);

const relation = fc.oneof(
  fc.constantFrom('applications', 'lenders', 'documents', 'audit_log', 'application_notes', 'no_such_table'),
  fc.constantFrom('rpc/decide_application', 'rpc/consent_lenders', 'rpc/subscribe_to_newsletter', 'rpc/nope'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const jsonBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 50 }),
  fc.constant('{"a":'),
  fc.constant(''),
  // Nested deep enough to overflow whatever walks it after parsing, as a hostile client sends on purpose.
  fc.integer({ min: 1, max: 100_000 }).map((depth) => `{"data":${'['.repeat(depth)}1${']'.repeat(depth)}}`),
  fc
    .dictionary(word, fc.oneof(value, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 5 })
    .map((d) => JSON.stringify(d)),
);

describe('fuzzing', () => {
  it('the REST query grammar: any request is answered below 500, in time, without holding up another', async () => {
    const applicant = await signedInApplicant(server);
    const token = (await applicant.client.auth.getSession()).data.session!.access_token;
    const keys = fc.constantFrom<Record<string, string>>(
      {},
      { apikey: server.keys.anonKey },
      { apikey: server.keys.anonKey, authorization: `Bearer ${token}` },
      { apikey: server.keys.anonKey, authorization: 'Bearer not.a.jwt' },
    );
    const request = fc
      .record({
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
        relation,
        parameters: fc.array(parameter, { maxLength: 6 }),
        keys,
        body: jsonBody,
        prefer: fc.constantFrom('', 'return=representation', 'count=exact', 'resolution=merge-duplicates', 'x'),
        accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', '*/*'),
      })
      .map(({ method, relation: name, parameters, keys: auth, body, prefer, accept }): FuzzRequest => {
        const query = new URLSearchParams(parameters).toString();
        return {
          method,
          path: `/rest/v1/${name}${query ? `?${query}` : ''}`,
          headers: { ...auth, prefer, accept, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
        };
      });
    await fc.assert(fc.asyncProperty(request, answersInTime), { numRuns: runs, ...replay });
  });

  it('the auth endpoints: any request is answered below 500, in time, without holding up another', async () => {
    const email = fc.oneof(
      fc.emailAddress(),
      fc.constantFrom('admin@example.com', 'a@b', '', ' ', 'x'.repeat(300)),
      fc.string({ maxLength: 30 }),
      fc.integer(),
    );
    const authBody = fc
      .record(
        {
          email,
          password: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null)),
          refresh_token: fc.oneof(fc.string({ maxLength: 60 }), fc.integer()),
          token: fc.string({ maxLength: 60 }),
          token_hash: fc.string({ maxLength: 60 }),
          type: fc.constantFrom('signup', 'recovery', 'magiclink', 'invite', 'email', 'sms', ''),
          code_challenge: fc.oneof(fc.string({ maxLength: 140 }), fc.constant('a'.repeat(43))),
          code_challenge_method: fc.constantFrom('s256', 'plain', 'S256', 'md5', ''),
          auth_code: fc.string({ maxLength: 40 }),
          code_verifier: fc.string({ maxLength: 60 }),
          data: fc.oneof(
            fc.json({ maxDepth: 3 }).map((text) => JSON.parse(text) as unknown),
            fc.constant(null),
          ),
        },
        { requiredKeys: [] },
      )
      .map((body) => JSON.stringify(body));
    const endpoint = fc.constantFrom(
      ['POST', '/signup'],
      ['POST', '/token?grant_type=password'],
      ['POST', '/token?grant_type=refresh_token'],
      ['POST', '/token?grant_type=pkce'],
      ['POST', '/token?grant_type=nope'],
      ['POST', '/recover'],
      ['POST', '/resend'],
      ['POST', '/verify'],
      ['GET', '/verify'],
      ['GET', '/user'],
      ['PUT', '/user'],
      ['POST', '/logout'],
      ['GET', '/admin/users'],
    );
    const request = fc
      .record({
        endpoint,
        body: fc.oneof(authBody, jsonBody),
        query: fc.dictionary(
          fc.constantFrom('redirect_to', 'token', 'type', 'scope', 'grant_type', 'x'),
          fc.oneof(fc.webUrl(), fc.string({ maxLength: 40 })),
          { maxKeys: 3 },
        ),
        bearer: fc.constantFrom('', 'Bearer not.a.jwt', `Bearer ${server.keys.anonKey}`),
      })
      .map(({ endpoint: [method, path], body, query, bearer }): FuzzRequest => {
        const extra = new URLSearchParams(query).toString();
        const separator = path.includes('?') ? '&' : '?';
        return {
          method: method!,
          path: `/auth/v1${path}${extra ? `${separator}${extra}` : ''}`,
          headers: {
            apikey: server.keys.anonKey,
            'content-type': 'application/json',
            ...(bearer ? { authorization: bearer } : {}),
          },
          ...(method === 'GET' ? {} : { body }),
        };
      });
    await fc.assert(fc.asyncProperty(request, answersInTime), { numRuns: runs, ...replay });
  });
});
