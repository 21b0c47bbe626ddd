import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { inlineParameters, type Database, type Queryable, type QueryResult, type Statement } from './database.ts';
import { transactionScripts } from './script-groups.ts';

/**
 * Statements as one script: one message to the database's thread is what saves time (there is no round trip
 * to a server to save, and a script cannot carry parameters).
 */
function script(statements: Statement[]): string {
  return statements.map((statement) => inlineParameters(statement.sql, statement.params)).join(';\n');
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string } };

/** An error from the database's thread, with the fields it had there (a database error's code, detail, hint). */
function rebuiltError(fields: { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * The database's thread (pglite-worker.mjs) and the calls to it: each call is a message answered with its id.
 * When the thread stops (a crash of PGlite itself), every call waiting and every later call fails with why.
 */
function startDatabaseThread(dir: string) {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of waiting.values()) call.reject(stopped);
    waiting.clear();
  };
  const settle = (reply: Reply) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) call?.resolve(reply.value);
    else call?.reject(rebuiltError(reply.error));
  };
  // Node reads the thread's messages in one go, those that arrive meanwhile included: a transaction's round trips
  // (begin, its queries, commit) could all end before a request that had already arrived is read. Settling each
  // reply in the event loop's check phase lets the I/O that arrived run between two round trips, for sure.
  worker.on('message', (reply: Reply) => setImmediate(settle, reply));
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  const ready = new Promise<void>((resolve, reject) => waiting.set(0, { resolve: () => resolve(), reject }));

  function call<T>(message: Record<string, unknown>): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      worker.postMessage({ ...message, id });
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }
  return { ready, call, terminate: () => worker.terminate() };
}

/**
 * Opens (creating when missing) the embedded Postgres in dataDir/pgdata. PGlite runs on a thread of its own
 * (pglite-worker.mjs): its work is synchronous, and on the server's thread every query held up every request
 * (under load some connections waited seconds); there, the server keeps answering meanwhile.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pgdata');
  // Only this account may enter it, whoever made DATA_DIR (an operator's folder, a container volume): the files
  // PGlite writes inside are readable by everyone, and they hold every application.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const thread = startDatabaseThread(dir);
  try {
    await thread.ready;
  } catch (error) {
    await thread.terminate();
    throw error;
  }
  const { call } = thread;

  const queryable = (tx?: number): Queryable => ({
    query: (sql, params = []) => call({ op: 'query', sql, params, tx }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
  });

  /** Runs fn in a transaction held open on the database's thread: committed when fn resolves, else rolled back. */
  async function inTransaction<T>(fn: (tx: Queryable, number: number) => Promise<T>, setup?: Statement[]) {
    const tx = await call<number>({ op: 'begin', sql: setup?.length ? script(setup) : undefined });
    let result: T;
    try {
      result = await fn(queryable(tx), tx);
    } catch (error) {
      await call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await call({ op: 'end', tx, commit: true });
    return result;
  }

  let copies = 0;
  return {
    kind: 'pglite',
    ...queryable(),
    transaction: (fn, options) => inTransaction(fn, options?.setup),
    // PGlite runs one transaction at a time: independent scripts that arrive during one go together as the next.
    transactionScript: transactionScripts(
      (statements) => call<QueryResult[]>({ op: 'script', sql: script(statements) }),
      1,
    ),
    async snapshotDataDir(alongside) {
      copies += 1;
      try {
        // Data pages written out first, so that the copy needs little replay of the write-ahead log when opened.
        await call({ op: 'exec', sql: 'checkpoint' });
        // PGlite runs one transaction at a time: inside this one, nothing else runs until the copy is made. The
        // copy is of the files on disk, which every committed transaction has reached (its write-ahead log
        // record): opening it recovers the same state, as a restart after a crash does.
        return await inTransaction(async (tx, number) => {
          const result = await alongside(tx);
          const tarball = await call<Uint8Array>({ op: 'dump', tx: number });
          return { tarball, alongside: result };
        });
      } finally {
        copies -= 1;
      }
    },
    copying: () => copies > 0,
    async close() {
      await call({ op: 'close' });
      await thread.terminate();
    },
  };
}
