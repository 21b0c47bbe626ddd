import { platformSql } from '../../server/db/boot.ts';
import { applyMigrations, readMigrations } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import path from 'node:path';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { removeDataDir, startServerProcess, temporaryDataDir, testDatabaseUrl } from '../support/server-process.ts';
import { loadServerEnv } from '../load/mixed-load.ts';
import { formatLoad, runLoad, verdict, type LoadResult } from './measure.ts';
import { hasWrk, wrkPost } from './wrk.ts';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const CONCURRENCY = 50;
/** Each measured load runs for 10 s (wrk's duration too), or until this many requests, whichever comes first. */
const TOTAL = 60_000;
const MAX_SECONDS = 10;
/**
 * Each side first runs a shorter load whose figures are dropped: the JIT, the connection pool and the
 * database's plan caches warm up, as they are on a server that has been running for a while.
 */
const WARM_UP_TOTAL = 20_000;
const WARM_UP_SECONDS = 5;

/** The transaction the API runs for one anonymous submission, sent straight to the database. */
const insertSql = `insert into public.applications (${Object.keys(qualifiedApplicationRow()).join(', ')})
  select ${Object.keys(qualifiedApplicationRow()).join(', ')}
  from json_populate_recordset(null::public.applications, $1::json)`;
const roleSql = `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`;

/** Runs task from 50 workers: first the warm-up, whose figures are dropped, then the measured load. */
async function loadAfterWarmUp(task: () => Promise<void>): Promise<LoadResult> {
  const load = (total: number, maxSeconds: number) => runLoad({ concurrency: CONCURRENCY, total, maxSeconds, task });
  await load(WARM_UP_TOTAL, WARM_UP_SECONDS);
  return load(TOTAL, MAX_SECONDS);
}

/** The transaction sent the fastest way the driver has: all statements at once (one round trip). */
function rawRate(db: Database): Promise<LoadResult> {
  return loadAfterWarmUp(async () => {
    await db.transactionScript([
      { sql: roleSql, params: [] },
      { sql: insertSql, params: [JSON.stringify([qualifiedApplicationRow()])] },
    ]);
  });
}

async function apiRate(url: string, anonKey: string): Promise<LoadResult> {
  const headers = {
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  };
  const body = JSON.stringify(qualifiedApplicationRow());
  if (hasWrk()) {
    const load = (seconds: number) =>
      wrkPost({ url: `${url}/rest/v1/applications`, body, headers, connections: CONCURRENCY, seconds });
    load(WARM_UP_SECONDS);
    return load(10);
  }
  return loadAfterWarmUp(async () => {
    const response = await fetch(`${url}/rest/v1/applications`, { method: 'POST', headers, body });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
  });
}

async function platformAndMigrations(db: Database) {
  await db.exec(platformSql);
  await applyMigrations(db, readMigrations(path.join(projectRoot, 'supabase', 'migrations')));
}

async function openPostgresPool(url: string): Promise<Database> {
  const { openPostgres } = await import('../../server/db/postgres.ts');
  return openPostgres(url);
}

/**
 * Application submission through the API (50 concurrent connections on loopback) beside the same
 * transaction sent straight to the database, in PGlite and in Postgres mode. Targets: API rate at least
 * 0.85 of the raw rate in both modes (what the API adds to a submission stays small beside the database's own
 * work); p99 under 150 ms on PGlite (no visitor waits a second behind others) and at most 50 ms on Postgres.
 */
const RATE_RATIO_TARGET = 0.85;
const P99_TARGET_MS = { pglite: 150, postgres: 50 } as const;

export async function benchApiSubmission(): Promise<string[]> {
  const lines: string[] = [
    hasWrk()
      ? `load generator: wrk (1 thread, 50 connections, 10 s after a ${WARM_UP_SECONDS} s warm-up)`
      : 'load generator: Node fetch in this process (install wrk for a generator that leaves the CPU to the server)',
  ];
  const modes: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.TEST_DATABASE_URL) lines.push('postgres mode not measured: TEST_DATABASE_URL is not set');
  for (const mode of modes) {
    const rawDir = temporaryDataDir('loan-match-bench-raw-');
    const apiDir = temporaryDataDir('loan-match-bench-api-');
    try {
      let raw: LoadResult;
      if (mode === 'pglite') {
        const db = await openPglite(rawDir);
        await platformAndMigrations(db);
        raw = await rawRate(db);
        await db.close();
      } else {
        const db = await openPostgresPool((await testDatabaseUrl(rawDir))!);
        await platformAndMigrations(db);
        raw = await rawRate(db);
        await db.close();
      }
      const server = await startServerProcess({
        dataDir: apiDir,
        env: loadServerEnv,
        pglite: mode === 'pglite',
      });
      const api = await apiRate(server.url, server.keys.anonKey);
      await server.stop();
      const ratio = api.rate / raw.rate;
      lines.push(`submission (${mode}) raw SQL: ${formatLoad(raw)}`);
      lines.push(`submission (${mode}) API:     ${formatLoad(api)}`);
      lines.push(
        `submission (${mode}) API/raw rate ratio ${ratio.toFixed(2)} (target >= ${RATE_RATIO_TARGET}: ${verdict(ratio >= RATE_RATIO_TARGET)})`,
      );
      const p99Target = P99_TARGET_MS[mode];
      lines.push(
        `submission (${mode}) API p99 ${api.p99Ms.toFixed(1)} ms (target <= ${p99Target} ms: ${verdict(api.p99Ms <= p99Target)})`,
      );
    } finally {
      await removeDataDir(rawDir);
      await removeDataDir(apiDir);
    }
  }
  return lines;
}
