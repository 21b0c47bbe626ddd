import pg from 'pg';
import type { Database, Queryable, QueryResult, Row, Statement } from './database.ts';
import { transactionScripts } from './script-groups.ts';

type Client = Pick<pg.PoolClient, 'query'>;

function wrap(client: Client): Queryable {
  return {
    async query<T extends Row>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query<T>(sql, params);
      return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * Statements sent with a name are parsed and planned once per connection, then only bound and run.
 * The API builds the same few statement texts over and over (values travel as parameters), so naming
 * them saves most of the database's work per request. Bounded: past the limit, a new text is sent
 * unnamed (parsed each time), so no client can make connections hold an unbounded number of them.
 */
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

function namedQuery(statement: Statement): pg.QueryConfig {
  let name = statementNames.get(statement.sql);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `loan_match_${statementNames.size + 1}`;
    statementNames.set(statement.sql, name);
  }
  return { text: statement.sql, values: [...statement.params], ...(name === undefined ? {} : { name }) };
}

/**
 * Sends every query at once (the connection is in pipeline mode: one round trip for all of them) and
 * waits for all. The first failure is thrown: in a transaction, the ones after it fail only because it
 * did, and COMMIT after a failure rolls back.
 */
async function pipelined(client: pg.PoolClient, queries: (string | pg.QueryConfig)[]): Promise<pg.QueryResult[]> {
  // Corked, the messages of all queries leave in one write instead of one per query.
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  stream?.cork?.();
  let pending: Promise<pg.QueryResult>[];
  try {
    pending = queries.map((query) => client.query(query));
  } finally {
    stream?.uncork?.();
  }
  const settled = await Promise.allSettled(pending);
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<pg.QueryResult>).value);
}

/** After a failure: leaves the connection outside any transaction, or reports it unusable. */
async function cleanUp(client: pg.PoolClient): Promise<Error | undefined> {
  if (client.getTransactionStatus() === 'I') return undefined;
  try {
    await client.query('rollback');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

const POOL_SIZE = 20;

/**
 * How many transactions of independent scripts (script-groups.ts) may run at once: half the pool, so that during
 * a burst of submissions every other request still finds a connection; scripts that arrive meanwhile wait and go
 * together as one transaction.
 */
const GROUPED_TRANSACTIONS = POOL_SIZE / 2;

/** Connects to a Postgres server (DATABASE_URL) through a connection pool. */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE, pipeline: true });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  const probe = await pool.connect();
  probe.release();

  /** Runs work on a pooled connection inside BEGIN ... COMMIT; a failure rolls back. */
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let unusable: Error | undefined;
    // The pool listens for errors of idle connections only: without a listener of ours, a connection lost while
    // checked out (the server restarting, an operator ending it) would throw from the process and stop it.
    const lost = (error: Error) => {
      unusable = error;
    };
    client.on('error', lost);
    try {
      return await work(client);
    } catch (error) {
      unusable ??= await cleanUp(client);
      throw error;
    } finally {
      client.off('error', lost);
      client.release(unusable);
    }
  }

  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: (fn, options) =>
      inTransaction(async (client) => {
        await pipelined(client, ['begin', ...(options?.setup ?? []).map(namedQuery)]);
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      }),
    transactionScript: transactionScripts(
      (statements) =>
        inTransaction(async (client) => {
          const results = await pipelined(client, ['begin', ...statements.map(namedQuery), 'commit']);
          return results.slice(1, -1).map((result) => ({ rows: result.rows, affectedRows: result.rowCount ?? 0 }));
        }),
      GROUPED_TRANSACTIONS,
    ),
    close: () => pool.end(),
  };
}
