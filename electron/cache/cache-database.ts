import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { cacheMigrations, type CacheMigration } from './migrations.ts';

export type CacheDatabase = Database.Database;

/** The SQLite files of a cache: the database and, in WAL mode, its log and shared-memory index. */
function cacheFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`];
}

/**
 * Opens (or creates) the officer's cache: readable by the user only, write-ahead logging, foreign keys
 * on, migrated to the latest version. `nativeBinding` points at a better-sqlite3 build for Electron's ABI
 * when main runs inside Electron (tests in Node leave it out).
 */
export function openCacheDatabase(
  file: string,
  options: { nativeBinding?: string; migrations?: readonly CacheMigration[] } = {},
): CacheDatabase {
  // Created empty with owner-only permissions before SQLite opens it, so it is never readable by others.
  if (file !== ':memory:' && !existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  // FULL: a committed transaction (a queued decision) survives a power cut, not only a killed process.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  migrateCache(db, options.migrations ?? cacheMigrations);
  if (file !== ':memory:') for (const path of cacheFiles(file)) if (existsSync(path)) chmodSync(path, 0o600);
  return db;
}

/** Applies every migration newer than the database's user_version, each in its own transaction. */
export function migrateCache(db: CacheDatabase, migrations: readonly CacheMigration[] = cacheMigrations): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
