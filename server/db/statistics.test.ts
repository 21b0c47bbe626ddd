import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { refreshStatistics } from './statistics.ts';

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
});
