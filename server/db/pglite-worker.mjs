// @ts-check
/**
 * The embedded database's own thread: PGlite (Postgres compiled to WebAssembly) runs here, so that its work,
 * which is synchronous once started, never holds up the server's thread, which keeps reading and answering
 * requests meanwhile (and, on a machine with more than one core, works at the same time).
 *
 * Plain JavaScript on purpose: a worker thread gets none of the TypeScript loader of the process that starts it
 * (tsx, vitest), and this file needs nothing else of ours. server/db/pglite.ts is the other end: it sends one
 * message per call and this thread answers it with the same id.
 *
 * Messages in: { id, op, ... }; out: { id, ok: true, value } or { id, ok: false, error }.
 * - query { sql, params, tx? }, exec { sql, tx? }: in the open transaction `tx`, or on their own (PGlite then
 *   waits for any open transaction to end first).
 * - begin { sql? }: opens a transaction (running `sql` first, the request's role) and answers with its number
 *   once it holds the database; end { tx, commit }: commits or rolls it back.
 * - script { sql }: a script in a transaction of its own, each statement's rows and row count.
 * - dump { tx }: the data directory as a tar, taken inside the open transaction `tx`.
 * - close.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread (server/db/pglite.ts starts it)');

/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, done: Promise<void> }>} */
const open = new Map();
let nextTransaction = 1;

/** @param {unknown} error */
function errorFields(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  // A database error's own fields (code, detail, hint, constraint...) travel with its message; not what PGlite
  // adds beside them (the query's options hold functions, which cannot be sent).
  const fields = Object.entries(error).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}

/** @param {number | undefined} tx */
function target(pg, tx) {
  if (tx === undefined) return pg;
  const entry = open.get(tx);
  if (!entry) throw new Error(`No open transaction ${tx}`);
  return entry.tx;
}

/**
 * Opens a transaction that stays open across messages until `end` comes for it.
 * @param {PGlite} pg
 * @param {string | undefined} setupSql
 * @returns {Promise<number>}
 */
function begin(pg, setupSql) {
  const number = nextTransaction++;
  return new Promise((started, failed) => {
    /** @type {(commit: boolean) => void} */
    let end = () => {};
    const ended = new Promise((resolve) => (end = resolve));
    const done = pg.transaction(async (tx) => {
      if (setupSql) await tx.exec(setupSql);
      open.set(number, { tx, end, done });
      started(number);
      if (!(await ended)) await tx.rollback();
    });
    done.catch(failed).finally(() => open.delete(number));
  });
}

/**
 * @param {PGlite} pg
 * @param {any} message
 * @returns {Promise<{ value: unknown, transfer?: ArrayBuffer[] }>}
 */
async function handle(pg, message) {
  switch (message.op) {
    case 'query': {
      const result = await target(pg, message.tx).query(message.sql, message.params);
      return { value: { rows: result.rows, affectedRows: result.affectedRows ?? 0 } };
    }
    case 'exec':
      await target(pg, message.tx).exec(message.sql);
      return { value: null };
    case 'begin':
      return { value: await begin(pg, message.sql) };
    case 'end': {
      const entry = open.get(message.tx);
      if (!entry) throw new Error(`No open transaction ${message.tx}`);
      entry.end(message.commit);
      await entry.done;
      return { value: null };
    }
    case 'script': {
      const results = await pg.transaction((tx) => tx.exec(message.sql));
      // rowCount is per statement; PGlite's affectedRows adds up over a script.
      return { value: results.map((result) => ({ rows: result.rows, affectedRows: result.rowCount ?? 0 })) };
    }
    case 'dump': {
      target(pg, message.tx); // only inside a transaction: nothing else writes while the copy is made
      const tarball = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
      return { value: tarball, transfer: [tarball.buffer] };
    }
    case 'close':
      await pg.close();
      return { value: null };
    default:
      throw new Error(`Unknown database operation ${String(message.op)}`);
  }
}

try {
  const pg = await PGlite.create(workerData.dir);
  port.on('message', (message) => {
    const fail = (/** @type {unknown} */ error) =>
      port.postMessage({ id: message.id, ok: false, error: errorFields(error) });
    handle(pg, message).then(({ value, transfer }) => {
      try {
        port.postMessage({ id: message.id, ok: true, value }, transfer ?? []);
      } catch (error) {
        fail(error); // a value that cannot be sent: the caller hears why rather than waiting for ever
      }
    }, fail);
  });
  port.postMessage({ id: 0, ok: true, value: 'ready' });
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: errorFields(error) });
}
