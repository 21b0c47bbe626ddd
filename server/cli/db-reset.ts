import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_CREDENTIALS_FILE } from '../auth/admin-accounts.ts';
import { ConfigError, loadConfig, projectRoot } from '../config.ts';
import { serverRunningRefusal } from '../server-lock.ts';

/**
 * `npm run db:reset [-- --yes]`: empties the database so the next start recreates it (platform objects,
 * migrations, a new first-run admin). The JWT secret stays, so keys keep working; uploaded files go,
 * since their records do.
 * - PGlite: deletes DATA_DIR/pgdata.
 * - DATABASE_URL: drops our schemas (public, the platform's auth, storage, extensions,
 *   supabase_migrations and _dev, and any schema a migration creates) with everything in them, then
 *   recreates an empty public schema. Other schemas and the roles are left alone.
 */

const platformSchemas = ['public', 'auth', 'storage', 'extensions', 'supabase_migrations', '_dev'];

/** Schemas our migrations create (`create schema [if not exists] name`). */
function migrationSchemas(): string[] {
  const directory = path.join(projectRoot, 'supabase', 'migrations');
  const names = new Set<string>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(path.join(directory, file), 'utf8');
    for (const match of sql.matchAll(/create\s+schema\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) {
      names.add(match[1]!.toLowerCase());
    }
  }
  return [...names];
}

async function resetPostgres(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where nspname = any($1::text[]) order by nspname',
      [[...new Set([...platformSchemas, ...migrationSchemas()])]],
    );
    const schemas = existing.rows.map((row) => row.name);
    await client.query('begin');
    for (const schema of schemas) await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
    await client.query('create schema public');
    await client.query('grant usage on schema public to public');
    await client.query('commit');
    return schemas;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `the Postgres database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

async function confirmed(target: string): Promise<boolean> {
  if (!process.stdin.isTTY) {
    console.error('Refusing to reset without confirmation: run it in a terminal, or pass --yes.');
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(
      `This deletes every account, application and document in ${target}. Continue? [y/N] `,
    );
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { yes: { type: 'boolean', short: 'y' } } });
  const config = loadConfig();
  const target = config.databaseUrl
    ? describeDatabase(config.databaseUrl)
    : `the embedded database in ${config.dataDir}`;
  const refusal = config.databaseUrl ? undefined : serverRunningRefusal(config.dataDir);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  if (!values.yes && !(await confirmed(target))) {
    console.log('Nothing was changed.');
    return 1;
  }
  if (config.databaseUrl) {
    const dropped = await resetPostgres(config.databaseUrl);
    console.log(`Dropped schemas ${dropped.join(', ')} of ${target}.`);
  } else {
    rmSync(path.join(config.dataDir, 'pgdata'), { recursive: true, force: true });
    console.log(`Deleted ${path.join(config.dataDir, 'pgdata')}.`);
  }
  rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
  rmSync(path.join(config.dataDir, ADMIN_CREDENTIALS_FILE), { force: true });
  console.log('The next start recreates the database and prints a new administrator password.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
