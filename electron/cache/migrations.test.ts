import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateCache, openCacheDatabase } from './cache-database.ts';
import { cacheMigrations, latestCacheVersion } from './migrations.ts';

const folders: string[] = [];
function cacheFile(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-cache-'));
  folders.push(folder);
  return path.join(folder, 'cache.sqlite');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tables(db: Database.Database): string[] {
  return db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
}

describe('desktop cache migrations', () => {
  it('are numbered 1, 2, ... without gaps', () => {
    expect(cacheMigrations.map((migration) => migration.version)).toEqual(
      cacheMigrations.map((_migration, index) => index + 1),
    );
  });

  it('bring an empty file to the latest version, in WAL mode, readable by its owner only', () => {
    const file = cacheFile();
    const db = openCacheDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latestCacheVersion);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.prepare("insert into meta (key, value) values ('probe', 'x')").run();
    for (const suffix of ['', '-wal', '-shm']) expect(statSync(`${file}${suffix}`).mode & 0o777).toBe(0o600);
    db.close();
  });

  it('migration 1 creates the applications, related rows, cursors and outbox', () => {
    const db = new Database(':memory:');
    migrateCache(db, cacheMigrations.slice(0, 1));
    expect(tables(db)).toEqual(['applications', 'meta', 'outbox', 'related_rows', 'sqlite_sequence', 'sync_state']);
    expect(() =>
      db.prepare("insert into outbox (intent, created_at, state) values ('{}', 'now', 'lost')").run(),
    ).toThrow(/CHECK constraint failed/);
  });

  it('migration 2 upgrades a version-1 cache, keeping its rows and queue, and adds document files with a budget', () => {
    const file = cacheFile();
    const old = new Database(file);
    migrateCache(old, cacheMigrations.slice(0, 1));
    old
      .prepare(
        "insert into applications (id, list, business_name, search_text, created_at, data) values ('a', 'pending', 'B', 'b', 't', '{}')",
      )
      .run();
    old.prepare('insert into outbox (intent, created_at) values (\'{"kind":"decide"}\', \'t\')').run();
    old.close();

    const db = openCacheDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latestCacheVersion);
    expect(db.prepare('select count(*) from applications').pluck().get()).toBe(1);
    expect(db.prepare('select intent from outbox').pluck().get()).toBe('{"kind":"decide"}');
    expect(tables(db)).toContain('document_files');
    expect(db.prepare("select value from meta where key = 'document_budget_bytes'").pluck().get()).toBe(
      String(200 * 1024 * 1024),
    );
    db.close();
  });

  it('migration 3 drops the synced audit entries and their cursor (fetched again, linked by the server), nothing else', () => {
    const db = new Database(':memory:');
    migrateCache(db, cacheMigrations.slice(0, 2));
    const related = db.prepare(
      "insert into related_rows (table_name, id, application_id, sort_key, data) values (?, ?, 'a', 't', '{}')",
    );
    related.run('audit_log', '1');
    related.run('term_sheets', 'ts');
    const cursor = db.prepare("insert into sync_state (table_name, cursor_at, cursor_id) values (?, 't', '1')");
    cursor.run('audit_log');
    cursor.run('term_sheets');
    migrateCache(db, cacheMigrations.slice(0, 3));
    expect(db.prepare('select table_name from related_rows').pluck().all()).toEqual(['term_sheets']);
    expect(db.prepare('select table_name from sync_state').pluck().all()).toEqual(['term_sheets']);
  });

  it('migration 4 drops the audit entries’ cursor only (all fetched again with their lender names), keeping the entries', () => {
    const db = new Database(':memory:');
    migrateCache(db, cacheMigrations.slice(0, 3));
    db.prepare(
      "insert into related_rows (table_name, id, application_id, sort_key, data) values ('audit_log', '1', 'a', 't', '{}')",
    ).run();
    const cursor = db.prepare("insert into sync_state (table_name, cursor_at, cursor_id) values (?, 't', '1')");
    cursor.run('audit_log');
    cursor.run('term_sheets');
    migrateCache(db, cacheMigrations.slice(0, 4));
    expect(db.prepare('select table_name from related_rows').pluck().all()).toEqual(['audit_log']);
    expect(db.prepare('select table_name from sync_state').pluck().all()).toEqual(['term_sheets']);
  });

  it('runs each migration once: opening a current cache again changes nothing', () => {
    const file = cacheFile();
    openCacheDatabase(file).close();
    const db = openCacheDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latestCacheVersion);
    db.close();
  });

  it('leaves the cache at its earlier version when a migration fails (one transaction each)', () => {
    const db = new Database(':memory:');
    const broken = [
      ...cacheMigrations.slice(0, 1),
      { version: 2, name: 'broken', sql: 'create table x (a); nonsense;' },
    ];
    expect(() => migrateCache(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).not.toContain('x');
  });
});
