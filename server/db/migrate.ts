import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';

const migrationFile = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export type Migration = { version: string; name: string; sql: string };

/** Lists supabase/migrations in version order; a file not named <UTC timestamp>_<topic>.sql is an error. */
export function readMigrations(directory: string): Migration[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = migrationFile.exec(file);
      if (!match) throw new Error(`Migration ${file} is not named <YYYYMMDDHHMMSS>_<topic>.sql`);
      return { version: match[1]!, name: match[2]!, sql: readFileSync(path.join(directory, file), 'utf8') };
    });
}

/** Applies each migration not yet recorded, in order, each in its own transaction. Returns the applied versions. */
export async function applyMigrations(db: Database, migrations: Migration[]): Promise<string[]> {
  const done = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(done.rows.map((row) => row.version));
  const newlyApplied: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
    newlyApplied.push(migration.version);
  }
  return newlyApplied;
}
