import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, projectRoot } from '../../server/config.ts';
import { migratedSchema } from '../../server/db/schema-file.ts';

/**
 * supabase/schema.sql is the schema as the migrations leave it (server/db/schema-dump.ts), committed so that a
 * change to a function reads as a diff of one file. It is always built on PGlite (the same engine for everyone),
 * also in the Postgres pass of the suite.
 */
const migrationsDir = MIGRATIONS_DIR;

/** The newest migration when this rule came in: later ones name every function they restate. */
const NAMING_RULE_SINCE = '20261205100000';

describe('supabase/schema.sql', () => {
  it('is what the migrations produce (run `npm run db:schema` after changing a migration)', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'loan-match-schema-test-'));
    try {
      const produced = await migratedSchema(scratch);
      const committed = readFileSync(path.join(projectRoot, 'supabase', 'schema.sql'), 'utf8');
      expect(produced === committed, 'supabase/schema.sql is stale: run `npm run db:schema` and commit it').toBe(true);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('migration file names', () => {
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();

  it('are unique timestamps, so that the order they run in is the order of their names', () => {
    const versions = files.map((file) => file.slice(0, 14));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('name each function a migration restates (one defined by an earlier migration), from the rule on', () => {
    const defined = new Set<string>();
    const unnamed: string[] = [];
    for (const file of files) {
      const sql = readFileSync(path.join(migrationsDir, file), 'utf8').toLowerCase();
      const names = [
        ...sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?/g),
      ].map((match) => match[1]!);
      for (const name of names) {
        if (defined.has(name) && file.slice(0, 14) > NAMING_RULE_SINCE && !file.includes(name)) {
          unnamed.push(`${file} restates ${name}`);
        }
      }
      for (const name of names) defined.add(name);
    }
    expect(unnamed).toEqual([]);
  });
});
