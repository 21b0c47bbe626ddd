import { MIGRATIONS_DIR } from '../config.ts';
import { applyMigrations, readMigrations } from './migrate.ts';
import { platformSql } from './boot.ts';
import { openPglite } from './pglite.ts';
import { dumpSchema } from './schema-dump.ts';

/** The schema text a fresh PGlite database in `scratchDir` has once the platform objects and migrations ran. */
export async function migratedSchema(scratchDir: string): Promise<string> {
  const db = await openPglite(scratchDir);
  try {
    await db.exec(platformSql);
    await applyMigrations(db, readMigrations(MIGRATIONS_DIR));
    return await dumpSchema(db);
  } finally {
    await db.close();
  }
}
