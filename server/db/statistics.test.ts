import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { refreshStatistics, vacuumDeadRows } from './statistics.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'loan-match-statistics-'));
let db: Database;

/** The planner's estimate of the rows a query reads. */
async function estimatedRows(sql: string): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
  return Number(/rows=(\d+)/.exec(rows[0]!['QUERY PLAN'])![1]);
}

beforeAll(async () => {
  db = await openPglite(dataDir);
  await db.exec(`create table public.pile (id int primary key, status text not null, filler text not null)`);
});

afterAll(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('refreshStatistics (PGlite has no autovacuum)', () => {
  it('leaves alone an empty table and one that has not changed since its last analysis', async () => {
    expect(await refreshStatistics(db)).toEqual([]);
  });

  it('analyses a table that grew, so the planner knows how many rows a filter keeps', async () => {
    await db.exec(
      `insert into public.pile select i, case when i % 10 = 0 then 'done' else 'pending' end, repeat('x', 200)
         from generate_series(1, 10000) as i`,
    );
    // Never analysed: the planner's guess is far from the 9,000 pending rows.
    expect(await estimatedRows(`select * from public.pile where status = 'pending'`)).toBeLessThan(1000);
    expect(await refreshStatistics(db)).toEqual(['public.pile']);
    expect(await estimatedRows(`select * from public.pile where status = 'pending'`)).toBeGreaterThan(8000);
    expect(await refreshStatistics(db)).toEqual([]);
  });

  it('analyses it again once it changed by more than a tenth', async () => {
    await db.exec(`insert into public.pile select i, 'done', repeat('x', 200) from generate_series(10001, 10200) as i`);
    expect(await refreshStatistics(db)).toEqual([]);
    await db.exec(`insert into public.pile select i, 'done', repeat('x', 200) from generate_series(10201, 12000) as i`);
    expect(await refreshStatistics(db)).toEqual(['public.pile']);
  });

  it('analyses it again once more than a tenth of its rows changed, though its size did not', async () => {
    // Deleted rows keep their space until a vacuum: the table's size stays the same.
    await db.exec(`delete from public.pile where status = 'pending' and id <= 500`);
    expect(await refreshStatistics(db)).toEqual([]);
    await db.exec(`delete from public.pile where status = 'pending' and id <= 5000`);
    const pending = await estimatedRows(`select * from public.pile where status = 'pending'`);
    expect(await refreshStatistics(db)).toEqual(['public.pile']);
    expect(await estimatedRows(`select * from public.pile where status = 'pending'`)).toBeLessThan(pending - 3000);
  });
});

describe('vacuumDeadRows (PGlite never vacuums either)', () => {
  /** The table's dead rows and vacuums, as PGlite counts them once this session's counts are written out. */
  async function churnCounts(): Promise<{ dead: number; vacuums: number }> {
    await db.query('select pg_stat_force_next_flush()');
    const { rows } = await db.query<{ dead: number; vacuums: number }>(
      `select n_dead_tup::int as dead, vacuum_count::int as vacuums
         from pg_catalog.pg_stat_user_tables where relid = 'public.churn'::regclass`,
    );
    return rows[0]!;
  }

  beforeAll(async () => {
    await db.exec(`create table public.churn (id int primary key, status text not null)`);
    await db.exec(`insert into public.churn select i, 'new' from generate_series(1, 1000) as i`);
    await db.exec('analyze public.churn');
  });

  it('leaves a table alone while its dead rows are at most 50 plus a fifth of its rows', async () => {
    await db.exec(`update public.churn set status = 'seen' where id <= 200`);
    expect(await churnCounts()).toEqual({ dead: 200, vacuums: 0 });
    expect(await vacuumDeadRows(db)).not.toContain('public.churn');
  });

  it('vacuums it past that, and its dead rows are gone', async () => {
    await db.exec(`update public.churn set status = 'done' where id <= 60`);
    expect(await churnCounts()).toEqual({ dead: 260, vacuums: 0 });
    expect(await vacuumDeadRows(db)).toContain('public.churn');
    expect(await churnCounts()).toEqual({ dead: 0, vacuums: 1 });
    expect(await vacuumDeadRows(db)).not.toContain('public.churn');
  });
});
