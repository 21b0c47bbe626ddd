import pg from 'pg';
import type { Database, Queryable, QueryResult, Row } from './database.ts';

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

/** Connects to a Postgres server (DATABASE_URL) through a connection pool. */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  // sqlLiteral relies on it (it is Postgres' default; a server configured otherwise is corrected here).
  pool.on('connect', (client) => {
    client.query('set standard_conforming_strings = on').catch(() => undefined);
  });
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        await client.query(options?.setup ? `begin; ${options.setup}` : 'begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async transactionScript(statements) {
      const client = await pool.connect();
      try {
        const results = await client.query(['begin', ...statements, 'commit'].join(';\n'));
        const all = Array.isArray(results) ? results : [results];
        return all.slice(1, -1).map((result) => ({ rows: result.rows, affectedRows: result.rowCount ?? 0 }));
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
