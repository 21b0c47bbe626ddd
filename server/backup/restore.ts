import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ServerConfig } from '../config.ts';
import { serverRunningRefusal } from '../server-lock.ts';
import { ArchiveError, databaseEntry, readArchive, type Manifest } from './archive.ts';
import { dataDirProblem } from './data-dir.ts';
import { otherConnectionsRefusal, postgresServerRefusal } from './database-connections.ts';
import { connectionFor, findPostgresProgram, PostgresProgramError, runProgram } from './postgres-tools.ts';

/**
 * `npm run restore -- FILE`: puts a backup back into DATA_DIR (and, with DATABASE_URL, into that database).
 * The target must be empty unless --force is given. The archive is first read through into a folder beside
 * DATA_DIR and checked against its manifest, and (PGlite) its database opened once; only then is the target
 * touched, so a damaged archive leaves it as it was. The data folder's entries are then moved in place.
 * With Postgres, the roles, the emptying (--force) and the dump run in one transaction through psql.
 */

export class RestoreError extends Error {
  override name = 'RestoreError';
}

const platformRolesFile = path.join(import.meta.dirname, '..', 'db', 'platform-roles.sql');

const describeKind = { pglite: 'an embedded (PGlite) database', postgres: 'a Postgres database (pg_dump)' };

function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `the database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

/** What makes a database not empty: every schema of its own but an empty public. */
const occupiedSchemas = `
  select n.nspname as name from pg_namespace as n
   where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
     and (n.nspname <> 'public'
          or exists (select 1 from pg_class as c where c.relnamespace = n.oid)
          or exists (select 1 from pg_proc as p where p.pronamespace = n.oid)
          or exists (select 1 from pg_type as t where t.typnamespace = n.oid))
   order by 1`;

type PostgresTarget = { databaseUrl: string; schemas: string[]; psql: string };

/** Checks the target database: empty, or --force and nobody else connected. */
async function inspectPostgres(databaseUrl: string, force: boolean): Promise<PostgresTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schemas = (await client.query<{ name: string }>(occupiedSchemas)).rows.map((row) => row.name);
    if (schemas.length > 0 && !force) {
      throw new RestoreError(
        `Refusing to restore into ${describeDatabase(databaseUrl)}: it is not empty (schemas ${schemas.join(', ')}). ` +
          'Restore into an empty database, or pass --force to replace what it holds.',
      );
    }
    const refusal =
      schemas.length > 0 ? await otherConnectionsRefusal(client, describeDatabase(databaseUrl)) : undefined;
    if (refusal) throw new RestoreError(refusal);
    const major = (
      await client.query<{ major: number }>(`select current_setting('server_version_num')::int / 10000 as major`)
    ).rows[0]!.major;
    return { databaseUrl, schemas, psql: await findPostgresProgram('psql', major) };
  } finally {
    await client.end();
  }
}

/** The SQL that empties the database before the dump runs (--force): like npm run db:reset, every schema. */
function emptyingSql(schemas: string[]): string {
  if (schemas.length === 0) return '';
  return `drop schema ${schemas.map((name) => pg.escapeIdentifier(name)).join(', ')} cascade;
create schema if not exists public;
grant usage on schema public to public;`;
}

async function restorePostgres(target: PostgresTarget, dumpFile: string): Promise<void> {
  const { dbname, env } = connectionFor(target.databaseUrl);
  const emptying = emptyingSql(target.schemas);
  await runProgram(
    target.psql,
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
      `--file=${platformRolesFile}`,
      ...(emptying ? [`--command=${emptying}`] : []),
      `--file=${dumpFile}`,
    ],
    env,
  );
}

/** Loads PGlite's data directory copy into `pgdata` and opens it once: a copy that does not open stops here. */
async function restorePglite(tarball: string, pgdata: string): Promise<void> {
  const db = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([readFileSync(tarball)]) });
  try {
    await db.query('select count(*) from storage.objects');
  } finally {
    await db.close();
  }
}

/** DATA_DIR must be a folder, or one that can be created: not a file, nor under one. */
function checkDataDir(dataDir: string): void {
  const problem = dataDirProblem(dataDir);
  if (problem) {
    throw new RestoreError(
      `${problem}: set DATA_DIR to the folder to restore into (an empty or new one). Nothing was changed.`,
    );
  }
}

/** The folder beside DATA_DIR that the archive is read into. */
function stagingFolder(dataDir: string): string {
  try {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    return mkdtempSync(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-`));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new RestoreError(
      `Cannot create a folder beside ${dataDir} to read the archive into (${why}). Nothing was changed.`,
    );
  }
}

function entriesOf(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Restores `file` into the configured DATA_DIR (and DATABASE_URL). Returns the archive's manifest. */
export async function restoreBackup(config: ServerConfig, file: string, force: boolean): Promise<Manifest> {
  const { dataDir, databaseUrl } = config;
  checkDataDir(dataDir);
  const refusal = databaseUrl
    ? postgresServerRefusal(dataDir, describeDatabase(databaseUrl))
    : serverRunningRefusal(dataDir);
  if (refusal) throw new RestoreError(refusal);
  if (!existsSync(file)) throw new RestoreError(`${file} does not exist.`);
  const existing = entriesOf(dataDir);
  if (existing.length > 0 && !force) {
    throw new RestoreError(
      `Refusing to restore into ${dataDir}: the folder is not empty (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', ...' : ''}). ` +
        'Restore into an empty or new folder (DATA_DIR), or pass --force to replace what it holds.',
    );
  }
  const postgres = databaseUrl ? await inspectPostgres(databaseUrl, force) : undefined;

  const staging = stagingFolder(dataDir);
  try {
    let manifest: Manifest;
    try {
      manifest = await readArchive(file, staging);
    } catch (error) {
      if (error instanceof ArchiveError) throw new RestoreError(`${error.message} Nothing was changed.`);
      throw error;
    }
    const kind = manifest.database.kind;
    if ((kind === 'postgres') !== Boolean(databaseUrl)) {
      throw new RestoreError(
        `${file} holds ${describeKind[kind]}: ` +
          (kind === 'postgres'
            ? 'set DATABASE_URL to the (empty) database to restore it into.'
            : 'unset DATABASE_URL to restore it into DATA_DIR.') +
          ' Nothing was changed.',
      );
    }
    const staged = path.join(staging, 'data');
    mkdirSync(staged, { recursive: true, mode: 0o700 });
    const dump = path.join(staging, ...databaseEntry[kind].split('/'));
    if (postgres) {
      try {
        await restorePostgres(postgres, dump);
      } catch (error) {
        // One transaction: the database is as it was.
        if (error instanceof PostgresProgramError) throw new RestoreError(`${error.message}\nNothing was changed.`);
        throw error;
      }
    } else await restorePglite(dump, path.join(staged, 'pgdata'));

    for (const name of existing) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    for (const name of entriesOf(staged)) renameSync(path.join(staged, name), path.join(dataDir, name));
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
