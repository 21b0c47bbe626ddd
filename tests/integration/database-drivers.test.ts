import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Statement } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { removeDataDir, temporaryDataDir, testDatabaseUrl } from '../support/server-process.ts';

/**
 * The database interface as server/ opens it: PGlite, or (when TEST_DATABASE_URL is set) a Postgres
 * server reached through a pool whose connections send each transaction's statements at once, as named
 * (prepared) statements. What the API relies on: values travel as data, each statement answers with its
 * own rows, a failure is reported as itself and rolls the whole transaction back, and a connection is
 * never returned to the pool in the middle of a transaction.
 */

let dataDir: string;
let db: Database;

beforeAll(async () => {
  dataDir = temporaryDataDir('loan-match-drivers-');
  const url = await testDatabaseUrl(dataDir);
  db = url ? await openPostgres(url) : await openPglite(dataDir);
  await db.exec(`create table public.driver_notes (id int primary key, body text not null, extra jsonb)`);
});

afterAll(async () => {
  await db?.close();
  await removeDataDir(dataDir);
});

const insertNote = (id: number, body: unknown, extra: unknown = null) => ({
  sql: 'insert into public.driver_notes (id, body, extra) values ($1, $2, $3::jsonb) returning id, body, extra',
  params: [id, body, extra],
});

const countNotes = { sql: 'select count(*)::int as n from public.driver_notes where id between $1 and $2', params: [] };

describe('transactionScript', () => {
  it('returns each statement’s rows, with values kept as data', async () => {
    const tricky = `it's $2 -- ; drop table public.driver_notes; '`;
    const results = await db.transactionScript([
      insertNote(1, tricky, { nested: { quote: "'" } }),
      insertNote(2, 'second'),
      { sql: 'select body from public.driver_notes where id = $1', params: [1] },
    ]);
    expect(results).toHaveLength(3);
    expect(results[0]!.rows).toEqual([{ id: 1, body: tricky, extra: { nested: { quote: "'" } } }]);
    expect(results[1]!.affectedRows).toBe(1);
    expect(results[2]!.rows).toEqual([{ body: tricky }]);
  });

  it('gives the same statement text its new values every time', async () => {
    for (let id = 10; id < 30; id += 1) {
      const [result] = await db.transactionScript([insertNote(id, `note ${id}`)]);
      expect(result!.rows[0]).toMatchObject({ id, body: `note ${id}` });
    }
    const [count] = await db.transactionScript([{ ...countNotes, params: [10, 29] }]);
    expect(count!.rows[0]).toEqual({ n: 20 });
  });

  it('throws the failing statement’s own error and keeps nothing of the transaction', async () => {
    const failure = await db
      .transactionScript([insertNote(100, 'kept only if the whole script commits'), insertNote(1, 'duplicate id')])
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505' });
    const [count] = await db.transactionScript([{ ...countNotes, params: [100, 100] }]);
    expect(count!.rows[0]).toEqual({ n: 0 });
  });

  it('stays usable after more failures than the pool has connections, including statements that do not parse', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const error = await db
        .transactionScript([
          insertNote(200 + attempt, 'rolled back'),
          attempt % 2 === 0
            ? { sql: 'select no_such_column from public.driver_notes where id = $1', params: [1] }
            : insertNote(200 + attempt, 'the same id twice'),
        ])
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: attempt % 2 === 0 ? '42703' : '23505' });
    }
    const [count] = await db.transactionScript([{ ...countNotes, params: [200, 299] }]);
    expect(count!.rows[0]).toEqual({ n: 0 });
  });

  it('runs many transactions at once without mixing their results', async () => {
    const ids = Array.from({ length: 60 }, (_, index) => 1000 + index);
    const results = await Promise.all(
      ids.map((id) =>
        db.transactionScript([
          insertNote(id, `concurrent ${id}`),
          { sql: 'select body from public.driver_notes where id = $1', params: [id] },
        ]),
      ),
    );
    results.forEach((result, index) => expect(result[1]!.rows).toEqual([{ body: `concurrent ${ids[index]}` }]));
  });
});

describe('a connection lost during a transaction', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'fails that transaction with the server’s error, and the process and the pool go on',
    async () => {
      // An uncaught error from the lost connection would fail this file (vitest reports it) and stop a server.
      const failure = await db
        .transactionScript([
          insertNote(400, 'never committed'),
          { sql: 'select pg_terminate_backend(pg_backend_pid())', params: [] },
        ])
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: '57P01' });
      const [count] = await db.transactionScript([{ ...countNotes, params: [400, 400] }]);
      expect(count!.rows[0]).toEqual({ n: 0 });
    },
  );
});

describe('transaction', () => {
  it('runs the setup first, in the same transaction as the work', async () => {
    const seen = await db.transaction(
      async (tx) =>
        (await tx.query<{ value: string }>(`select current_setting('loan_match.test', true) as value`)).rows,
      { setup: [{ sql: `select set_config('loan_match.test', $1, true)`, params: ['set for this transaction'] }] },
    );
    expect(seen).toEqual([{ value: 'set for this transaction' }]);
    // Local to the transaction: the next one does not see it.
    const [after] = await db.transactionScript([
      { sql: `select coalesce(current_setting('loan_match.test', true), '') as value`, params: [] },
    ]);
    expect(after!.rows).toEqual([{ value: '' }]);
  });

  it('rolls back when the work throws, and the connection goes back clean', async () => {
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('insert into public.driver_notes (id, body) values ($1, $2)', [300, 'rolled back']);
        throw new Error('the work failed');
      })
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Error);
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => db.transactionScript([{ ...countNotes, params: [300, 300] }])),
    );
    counts.forEach(([count]) => expect(count!.rows[0]).toEqual({ n: 0 }));
  });
});

describe('transactions waiting their turn', () => {
  /**
   * Transactions queued behind one another must not keep requests that have arrived unread (when PGlite ran on the
   * server's thread, connections then waited seconds under load). A transaction takes several round trips (begin,
   * its query, commit), and I/O already pending runs before it ends, on either driver: Postgres answers each on a
   * socket read in its own turn of the event loop; PGlite's replies are settled in the loop's check phase, after
   * what was already waiting (Node would otherwise read a fast thread's replies in one go, and once did, in CI).
   * On PGlite even the one-round-trip script ends after it, and the script, sent first, ends first (the thread runs
   * what it is sent in the order it came). On Postgres the two go to two connections at once and either may end
   * first; the script may end before the pending I/O runs.
   */
  it('let the I/O already pending run first, every time', async () => {
    // A race: before PGlite's replies were settled in the check phase, a few tries in a thousand went wrong.
    const tries = 1000;
    const orders = new Set<string>();
    const select = [{ sql: 'select 1 as one', params: [] }];
    for (let i = 0; i < tries; i++) {
      const order: string[] = [];
      const queued = [
        db.transactionScript(select).then(() => order.push('script')),
        db.transaction((tx) => tx.query('select 1 as one')).then(() => order.push('transaction')),
      ];
      setImmediate(() => order.push('pending I/O'));
      await Promise.all(queued);
      orders.add(order.join(' < '));
    }
    const expected =
      db.kind === 'pglite'
        ? ['pending I/O < script < transaction']
        : [
            'pending I/O < script < transaction',
            'pending I/O < transaction < script',
            'script < pending I/O < transaction',
          ];
    expect([...orders].filter((order) => !expected.includes(order))).toEqual([]);
  });
});

describe('independent scripts (script-groups.ts)', () => {
  /** A script as the API sends an insert: its own settings first, then a write that records what it saw. */
  const independentInsert = (id: number, caller: string): Statement[] => [
    { sql: `select set_config('request.jwt.claim.sub', $1, true)`, params: [caller] },
    {
      sql: `insert into public.driver_notes (id, body) values ($1, current_setting('request.jwt.claim.sub'))
              returning id, body, xmin::text as transaction`,
      params: [id],
    },
  ];
  const runIndependent = (statements: Statement[]) => db.transactionScript(statements, { independent: true });
  const committed = async (from: number, to: number) =>
    (await db.transactionScript([{ ...countNotes, params: [from, to] }]))[0]!.rows[0];
  /**
   * Twenty inserts sent at once (ids from `firstId`), with `extra` added to the one at `at`: on Postgres the first
   * ten run alone, the other ten as one group.
   */
  const twentyAtOnce = (firstId: number, caller: string, at: number, extra: Statement[]) => {
    const scripts = Array.from({ length: 20 }, (_, index) => independentInsert(firstId + index, caller));
    scripts[at]!.push(...extra);
    return Promise.allSettled(scripts.map(runIndependent));
  };

  it('sends those that arrive while others run as one transaction, each with its own settings and results', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => 2000 + index);
    const results = await Promise.all(ids.map((id) => runIndependent(independentInsert(id, `caller ${id}`))));
    results.forEach((result, index) => {
      expect(result).toHaveLength(2);
      expect(result[1]!.rows).toEqual([
        { id: ids[index], body: `caller ${ids[index]}`, transaction: expect.any(String) as string },
      ]);
    });
    // One transaction each for the first ones (PGlite: one; Postgres: half its pool), then the rest together.
    const transactions = new Set(results.map((result) => result[1]!.rows[0]!.transaction));
    expect(transactions.size).toBe(db.kind === 'pglite' ? 2 : 11);
  });

  it('gives the one that fails its own error and commits the others of its group', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => 2200 + index);
    // The last one repeats an id already taken: it fails inside a group on either database.
    const outcomes = await Promise.allSettled(
      [...ids, 2200].map((id, index) => runIndependent(independentInsert(id, `attempt ${index}`))),
    );
    expect(outcomes.slice(0, -1).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(outcomes.at(-1)).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(await committed(2200, 2239)).toEqual({ n: 40 });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs alone again the scripts of a group in which a statement was cancelled (it rolled back)',
    async () => {
      // Past the first ten, in the group, and last in it: its timeout, set for the rest of the transaction, reaches
      // no other script of the group.
      const outcomes = await twentyAtOnce(2400, 'beside a slow one', 19, [
        { sql: `select set_config('statement_timeout', '20ms', true)`, params: [] },
        { sql: 'select pg_sleep(1)', params: [] },
      ]);
      expect(outcomes.slice(0, 19).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
      expect(outcomes[19]).toMatchObject({ status: 'rejected', reason: { code: '57014' } });
      expect(await committed(2400, 2419)).toEqual({ n: 19 });
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'does not run again a group whose connection was lost, since its COMMIT may have happened',
    async () => {
      // Past the first ten (which run alone), in the group: the server ends this connection.
      const outcomes = await twentyAtOnce(2300, 'in a group', 15, [
        { sql: 'select pg_terminate_backend(pg_backend_pid())', params: [] },
      ]);
      expect(outcomes.slice(0, 10).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
      expect(outcomes.slice(10).every((outcome) => outcome.status === 'rejected')).toBe(true);
      expect(await committed(2300, 2319)).toEqual({ n: 10 });
    },
  );
});
