import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult, Row } from './database.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends Row>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Opens (creating when missing) the embedded Postgres in dataDir/pgdata. */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        if (options?.setup) await tx.exec(options.setup);
        return fn(wrap(tx));
      }),
    transactionScript: (statements) =>
      pg.transaction(async (tx) => {
        const results = await tx.exec(statements.join(';\n'));
        return results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows ?? 0 }));
      }),
    close: () => pg.close(),
  };
}
