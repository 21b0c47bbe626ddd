import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToPendingIo } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  inlineParameters,
  type Database,
  type Queryable,
  type QueryResult,
  type Row,
  type Statement,
} from './database.ts';

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

/**
 * Statements as one script: PGlite runs in this process, so one call is what saves time (there is no
 * round trip to save, and a script cannot carry parameters).
 */
function script(statements: Statement[]): string {
  return statements.map((statement) => inlineParameters(statement.sql, statement.params)).join(';\n');
}

/** Opens (creating when missing) the embedded Postgres in dataDir/pgdata. */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pgdata');
  // Only this account may enter it, whoever made DATA_DIR (an operator's folder, a container volume): the files
  // PGlite writes inside are readable by everyone, and they hold every application.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const pg = await PGlite.create(dir);
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    // PGlite runs on this thread and its work is synchronous: transactions queued behind one another would run back
    // to back, and the server would read its sockets only between bursts of them, so under load some connections
    // waited seconds while others were answered. Each transaction first lets the event loop read what has arrived
    // (setImmediate): requests then wait their turn in the order they came.
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        await yieldToPendingIo();
        if (options?.setup?.length) await tx.exec(script(options.setup));
        return fn(wrap(tx));
      }),
    transactionScript: (statements) =>
      pg.transaction(async (tx) => {
        await yieldToPendingIo();
        const results = await tx.exec(script(statements));
        // rowCount is per statement; PGlite's affectedRows adds up over a script.
        return results.map((result) => ({ rows: result.rows, affectedRows: result.rowCount ?? 0 }));
      }),
    async snapshotDataDir(alongside) {
      // Data pages written out first, so that the copy needs little replay of the write-ahead log when opened.
      await pg.exec('checkpoint');
      // PGlite runs one transaction at a time: inside this one, nothing else runs until the copy is made. The
      // copy is of the files on disk, which every committed transaction has reached (its write-ahead log
      // record): opening it recovers the same state, as a restart after a crash does.
      return pg.transaction(async (tx) => {
        const result = await alongside(wrap(tx));
        const dump = await pg.dumpDataDir('none');
        return { tarball: new Uint8Array(await dump.arrayBuffer()), alongside: result };
      });
    },
    close: () => pg.close(),
  };
}
