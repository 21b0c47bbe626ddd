import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_CREDENTIALS_FILE } from '../auth/admin-accounts.ts';
import type { ServerConfig } from '../config.ts';
import { databaseErrorFields, type Database } from '../db/database.ts';
import { JWT_SECRET_FILE } from '../keys.ts';
import { databaseEntry, type ArchiveDescription, type ArchiveEntry, type Manifest } from './archive.ts';
import { connectionFor, findPostgresProgram, runProgram } from './postgres-tools.ts';

/**
 * What a backup holds, and how it stays consistent while the server runs.
 *
 * A stored file is in place before the row naming it commits, and removed only after that row is gone.
 * So the database is copied first, with the list of stored objects read in the same snapshot; then exactly
 * those files are added, while removals are held off (PGlite: inside the server process, which makes the
 * backup; Postgres: by share locks on those storage.objects rows, which make a delete or replacement wait,
 * in whichever process it runs). Every row of the copy finds its file and no file comes without its row, so
 * the restored server's start-up storage check has nothing to repair. Files uploaded after the snapshot are
 * left out with their rows.
 */

export type BackupParts = { entries: ArchiveEntry[]; description: ArchiveDescription };

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * What a backup holds, in words, read from its manifest: "the embedded database (PGlite), 5 stored file(s),
 * the JWT secret and the first-run administrator's credentials". The JWT secret only when it is the one in
 * use (not when JWT_SECRET is: then a jwt-secret file left in the data folder is not what signs the keys).
 */
export function describeBackup(manifest: Manifest): string {
  const has = (name: string) => manifest.entries.some((entry) => entry.name === `data/${name}`);
  const parts = [
    manifest.database.kind === 'pglite' ? 'the embedded database (PGlite)' : 'the Postgres database',
    `${manifest.storedFiles} stored file(s)`,
    ...(manifest.jwtSecret === 'data-folder' && has(JWT_SECRET_FILE) ? ['the JWT secret'] : []),
    ...(has(ADMIN_CREDENTIALS_FILE) ? ["the first-run administrator's credentials"] : []),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/** Where POST asks a running PGlite server for its archive (loopback, service role only). */
export const BACKUP_ROUTE = '/_backup';

type StoredObject = { bucket_id: string; id: string };

const listStoredObjects = 'select bucket_id, id::text as id from storage.objects order by bucket_id, id';

/** The data folder's part: the state files, then the file of every stored object (noting any missing). */
function dataFolderParts(dataDir: string, objects: StoredObject[]) {
  const entries: ArchiveEntry[] = [];
  for (const name of [JWT_SECRET_FILE, ADMIN_CREDENTIALS_FILE]) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) entries.push({ name: `data/${name}`, file });
  }
  const missingFiles: string[] = [];
  for (const object of objects) {
    const file = path.join(dataDir, 'storage', object.bucket_id, object.id);
    if (existsSync(file)) entries.push({ name: `data/storage/${object.bucket_id}/${object.id}`, file });
    else missingFiles.push(`${object.bucket_id}/${object.id}`);
  }
  return { entries, missingFiles };
}

/** A PGlite database's backup: its data directory and the data folder, at one moment. */
export async function pgliteParts(db: Database, dataDir: string, jwtSecretConfigured: boolean): Promise<BackupParts> {
  if (!db.snapshotDataDir) throw new BackupError('This database cannot copy its data directory');
  const { tarball, alongside } = await db.snapshotDataDir(async (tx) => ({
    objects: (await tx.query<StoredObject>(listStoredObjects)).rows,
    version: (await tx.query<{ server_version: string }>('show server_version')).rows[0]!.server_version,
  }));
  const folder = dataFolderParts(dataDir, alongside.objects);
  return {
    entries: [{ name: databaseEntry.pglite, bytes: tarball }, ...folder.entries],
    description: {
      database: { kind: 'pglite', version: alongside.version },
      jwtSecret: jwtSecretConfigured ? 'environment' : 'data-folder',
      missingFiles: folder.missingFiles,
    },
  };
}

/**
 * Opens a transaction whose snapshot pg_dump will share, and locks (FOR SHARE) the storage.objects rows
 * it sees. A row changed since the snapshot cannot be locked in it (serialization failure): then again.
 */
async function lockedSnapshot(client: pg.Client) {
  for (let attempt = 1; ; attempt += 1) {
    await client.query('begin isolation level repeatable read');
    try {
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      const version = (
        await client.query<{ server_version: string; major: number }>(
          `select current_setting('server_version') as server_version,
                current_setting('server_version_num')::int / 10000 as major`,
        )
      ).rows[0]!;
      const objects = (await client.query<StoredObject>(`${listStoredObjects} for share`)).rows;
      return { snapshot, version, objects };
    } catch (error) {
      await client.query('rollback');
      if (attempt < 10 && databaseErrorFields(error)?.code === '40001') continue;
      throw error;
    }
  }
}

/**
 * A Postgres database's backup: pg_dump (plain SQL, without owners: the restoring user owns what it
 * restores) into workDir, then `write` archives it with the data folder while the locks hold.
 */
export async function withPostgresParts<T>(
  config: ServerConfig & { databaseUrl: string },
  workDir: string,
  write: (parts: BackupParts) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  const temporary = mkdtempSync(path.join(workDir, '.loan-match-backup-'));
  try {
    const { snapshot, version, objects } = await lockedSnapshot(client);
    const pgDump = await findPostgresProgram('pg_dump', version.major);
    const dumpFile = path.join(temporary, 'postgres.sql');
    const { dbname, env } = connectionFor(config.databaseUrl);
    await runProgram(
      pgDump,
      ['--format=plain', '--no-owner', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${dbname}`],
      env,
    );
    const folder = dataFolderParts(config.dataDir, objects);
    return await write({
      entries: [{ name: databaseEntry.postgres, file: dumpFile }, ...folder.entries],
      description: {
        database: { kind: 'postgres', version: version.server_version },
        jwtSecret: config.jwtSecret ? 'environment' : 'data-folder',
        missingFiles: folder.missingFiles,
      },
    });
  } finally {
    // Ends the transaction, and with it the locks.
    await client.query('rollback').catch(() => undefined);
    await client.end();
    rmSync(temporary, { recursive: true, force: true });
  }
}
