import { createWriteStream, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '../config.ts';
import { openPglite } from '../db/pglite.ts';
import { createApiKeys, readJwtSecret } from '../keys.ts';
import { runningServer, writeServerLock } from '../server-lock.ts';
import { readArchive, writeArchive, type Manifest } from './archive.ts';
import { BACKUP_ROUTE, BackupError, pgliteParts, withPostgresParts } from './contents.ts';
import { dataDirProblem } from './data-dir.ts';

/** Asks the server running on the data folder for its archive (see routes.ts), into `output`. */
async function fromRunningServer(config: ServerConfig, server: { pid: number; url: string }, output: Writable) {
  const secret = readJwtSecret(config.dataDir, config.jwtSecret);
  if (!secret) {
    throw new BackupError(
      `The server (pid ${server.pid}) runs with JWT_SECRET from its environment: run the backup with the same JWT_SECRET.`,
    );
  }
  const { serviceRoleKey } = await createApiKeys(secret);
  let response: Response;
  try {
    response = await fetch(`${server.url}${BACKUP_ROUTE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey },
    });
  } catch (error) {
    const why = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new BackupError(`Could not reach the server (pid ${server.pid}) at ${server.url}: ${why}`);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new BackupError(
      `The server at ${server.url} refused the backup (HTTP ${response.status}${body.message ? `: ${body.message}` : ''}).`,
    );
  }
  try {
    await pipeline(Readable.fromWeb(response.body), output);
  } catch (error) {
    throw new BackupError(
      `The server stopped sending the backup (${error instanceof Error ? error.message : String(error)}); its log says why.`,
    );
  }
}

/** Opens the embedded database itself (no server runs on it) and archives it with the data folder. */
async function fromStoppedPglite(config: ServerConfig, output: Writable) {
  if (!existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${path.join(config.dataDir, 'pgdata')} to back up.`);
  }
  let releaseLock: () => void;
  try {
    releaseLock = writeServerLock(config.dataDir);
  } catch (error) {
    // A server (or npm run admin) took the folder meanwhile: its lock says who.
    throw new BackupError(reason(error));
  }
  try {
    const db = await openPglite(config.dataDir);
    try {
      const parts = await pgliteParts(db, config.dataDir, Boolean(config.jwtSecret));
      await writeArchive(output, parts.entries, parts.description);
    } finally {
      await db.close();
    }
  } finally {
    releaseLock();
  }
}

/** Whether a target names a folder by its form: it ends in a path separator (`/var/backups/lm/`). */
function namesFolder(target: string): boolean {
  return target.endsWith('/') || target.endsWith(path.sep);
}

/**
 * Where `npm run backup [-- TARGET]` writes: backups/loan-match-<UTC date>-<time>Z.tar.gz without a target;
 * that name inside the target when it is a folder (an existing one, or one ending in a path separator, which
 * is created when missing); else the target itself, as a file name.
 */
export function backupFileName(target: string | undefined, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  const name = `loan-match-${stamp}.tar.gz`;
  if (target === undefined) return path.resolve('backups', name);
  const resolved = path.resolve(target);
  const folder = namesFolder(target) || (existsSync(resolved) && statSync(resolved).isDirectory());
  return folder ? path.join(resolved, name) : resolved;
}

/** A file system error in words: "permission denied (EACCES)". */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const system = /^([A-Z]+): ([^,]+),/.exec(message);
  return system ? `${system[2]} (${system[1]})` : message;
}

/** Creates the folder of `file` and opens `partial` (its temporary name) for writing; a BackupError when it cannot. */
function openForWriting(file: string, partial: string): number {
  const folder = path.dirname(file);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new BackupError(`Cannot create the folder ${folder} for the backup: ${reason(error)}.`);
  }
  try {
    return openSync(partial, 'w', 0o600);
  } catch (error) {
    throw new BackupError(`Cannot write the backup ${file}: ${reason(error)}.`);
  }
}

/**
 * Writes one archive of the database and the stored files to `file` (never overwriting one): from the
 * running server on PGlite (it makes the snapshot: only it can open the database), by opening PGlite when
 * no server runs, or with pg_dump when DATABASE_URL is set. The archive is written under a temporary name,
 * read back against its manifest, then renamed: a failed backup leaves no file that looks like one.
 */
export async function createBackup(config: ServerConfig, file: string): Promise<Manifest> {
  const problem = dataDirProblem(config.dataDir);
  if (problem) throw new BackupError(`${problem}: set DATA_DIR to the data folder.`);
  if (existsSync(file))
    throw new BackupError(`${file} already exists: choose another name (backups are never overwritten).`);
  const partial = `${file}.partial`;
  // Opened here, so that a target that cannot be written fails at once, and plainly.
  const output = createWriteStream(partial, { fd: openForWriting(file, partial) });
  try {
    if (config.databaseUrl) {
      await withPostgresParts({ ...config, databaseUrl: config.databaseUrl }, path.dirname(file), (parts) =>
        writeArchive(output, parts.entries, parts.description),
      );
    } else {
      const server = runningServer(config.dataDir);
      if (server && !server.url) {
        throw new BackupError(
          `Another process (pid ${server.pid}: a server starting, or npm run admin) is using ${config.dataDir}: try again in a moment.`,
        );
      }
      if (server) await fromRunningServer(config, { pid: server.pid, url: server.url! }, output);
      else await fromStoppedPglite(config, output);
    }
    const manifest = await readArchive(partial);
    renameSync(partial, file);
    return manifest;
  } finally {
    output.destroy();
    rmSync(partial, { force: true });
  }
}
