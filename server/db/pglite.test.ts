import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseErrorFields, type Database } from './database.ts';
import { openPglite } from './pglite.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'loan-match-pglite-'));
let db: Database;

// A new database is made at first open (some seconds on a busy machine).
beforeAll(async () => {
  db = await openPglite(dataDir);
  await db.exec(`create table public.tally (id int primary key, note text)`);
}, 120_000);

// The last test closes the database.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resolves after the server's thread has run a task of its own: a timer's turn. */
const serverThreadTurn = () => new Promise<'server thread'>((resolve) => setTimeout(() => resolve('server thread'), 0));

describe('the embedded database on a thread of its own', () => {
  it('leaves the server thread free while a long query runs (requests are read and answered meanwhile)', async () => {
    const long = db
      .query(`select count(*) from generate_series(1, 3000000) as i where i % 7 = 3`)
      .then(() => 'query' as const);
    // In the server's thread, PGlite's work held the thread until the query was done: the timer came second.
    expect(await Promise.race([long, serverThreadTurn()])).toBe('server thread');
    await long;
  });

  it('runs a query from outside a transaction after the transaction, never inside it', async () => {
    let outside: Promise<unknown> | undefined;
    let outsideDone = false;
    await db.transaction(async (tx) => {
      await tx.query(`insert into public.tally (id, note) values (1, 'inside')`);
      outside = db.query(`select note from public.tally where id = 1`).then((result) => {
        outsideDone = true;
        return result.rows;
      });
      await serverThreadTurn();
      await tx.query(`update public.tally set note = 'committed' where id = 1`);
      expect(outsideDone).toBe(false);
    });
    expect(await outside).toEqual([{ note: 'committed' }]);
  });

  it('rolls back when the work throws, and keeps a database error’s code and detail', async () => {
    const failing = db.transaction(async (tx) => {
      await tx.query(`insert into public.tally (id, note) values (2, 'rolled back')`);
      await tx.query(`insert into public.tally (id, note) values (1, 'a second row 1')`);
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(databaseErrorFields(error)).toMatchObject({ code: '23505', detail: 'Key (id)=(1) already exists.' });
    expect((await db.query(`select id from public.tally order by id`)).rows).toEqual([{ id: 1 }]);
  });

  it('says the database is closed to a call made after close, rather than leaving it waiting', async () => {
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow(/database's thread stopped/);
  });
});
