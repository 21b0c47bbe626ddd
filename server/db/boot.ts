import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, type ServerConfig } from '../config.ts';
import type { Database } from './database.ts';
import { applyMigrations, readMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

const readSql = (name: string) => readFileSync(path.join(import.meta.dirname, name), 'utf8');

/** The API roles (anon, authenticated, service_role), created when missing. */
export const platformRolesSql = readSql('platform-roles.sql');

/** Everything hosted Supabase provides that our migrations rely on (the roles first). */
export const platformSql = `${platformRolesSql}\n${readSql('platform.sql')}`;

/** Opens PGlite in DATA_DIR (or the DATABASE_URL server), creates the platform objects and migrates. */
export async function bootDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await db.exec(platformSql);
    await applyMigrations(db, readMigrations(MIGRATIONS_DIR));
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
