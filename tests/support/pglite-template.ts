import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bootDatabase } from '../../server/db/boot.ts';

/**
 * A migrated PGlite database made once per test run, which every server a test starts on PGlite begins from
 * (a copy of its folder): creating one from nothing and migrating it takes about 4 s of CPU, copying it a
 * tenth of a second, and the integration suite starts a hundred servers. The copy is what a server finds on a
 * restart: the platform's roles and every migration applied; the server's own first start (its keys, the
 * administrator) still happens in the server. The environment names the template for the processes the run
 * starts (tests/support/server-process.ts).
 */
export const PGLITE_TEMPLATE_ENV = 'LOAN_MATCH_TEST_PGLITE_TEMPLATE';

/** Makes the template and names it in the environment; returns what removes it. Nothing in Postgres mode. */
export async function preparePgliteTemplate(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loan-match-pglite-template-'));
  const db = await bootDatabase({ dataDir, databaseUrl: undefined });
  // Data pages written out, so that each copy opens without replaying the write-ahead log.
  await db.exec('checkpoint');
  await db.close();
  process.env[PGLITE_TEMPLATE_ENV] = path.join(dataDir, 'pgdata');
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Gives a data folder about to get a server on PGlite its copy of the template, when there is one. */
export function startFromPgliteTemplate(dataDir: string): void {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const target = path.join(dataDir, 'pgdata');
  if (template && existsSync(template) && !existsSync(target)) cpSync(template, target, { recursive: true });
}

/** Vitest's global setup for the integration project (its returned function is the teardown). */
export function setup(): Promise<() => void> {
  return preparePgliteTemplate();
}
