import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../config.ts';
import { migratedSchema } from '../db/schema-file.ts';

/**
 * `npm run db:schema`: writes supabase/schema.sql, the schema as the migrations leave it (see schema-dump.ts),
 * from a fresh PGlite database in a temporary folder. Run it after adding a migration, and commit the file.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'loan-match-schema-'));
try {
  const target = path.join(projectRoot, 'supabase', 'schema.sql');
  writeFileSync(target, await migratedSchema(scratch));
  console.log(`Wrote ${path.relative(process.cwd(), target)}.`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
