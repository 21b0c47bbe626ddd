import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_CREDENTIALS_FILE } from '../auth/admin-accounts.ts';
import { dataDirProblem } from '../backup/data-dir.ts';
import { otherConnectionsRefusal, postgresServerRefusal } from '../backup/database-connections.ts';
import { ConfigError, loadConfig, MIGRATIONS_DIR } from '../config.ts';
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
  const directory = MIGRATIONS_DIR;
  const names = new Set<string>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(path.join(directory, file), 'utf8');
    for (const match of sql.matchAll(/create\s+schema\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) {
      names.add(match[1]!.toLowerCase());
    }
  }
  return [...names];
}

class UsageError extends Error {}

/** Someone else uses the database: nothing was done. */
class Refusal extends Error {}

const usage = `Usage: npm run db:reset [-- --yes]

Empties the database so that the next start recreates it, with a new first-run administrator: with PGlite
it deletes DATA_DIR/pgdata (DATA_DIR defaults to ./data); with DATABASE_URL it drops our schemas in that
database (other schemas and the roles stay). Uploaded files (DATA_DIR/storage) go too; the JWT secret stays.
Asks first: --yes skips the question. Stop the server first.`;

function parse(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean', short: 'h' } },
    });
    return { yes: values.yes ?? false, help: values.help ?? false };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Refuses while a server runs on DATA_DIR, or anyone else (a server elsewhere) is connected to the database,
 * as npm run restore -- --force does.
 */
async function refuseIfInUse(client: pg.Client, target: string, dataDir: string): Promise<void> {
  const refusal = postgresServerRefusal(dataDir, target) ?? (await otherConnectionsRefusal(client, target));
  if (refusal) throw new Refusal(`${refusal} Nothing was changed.`);
}

async function resetPostgres(client: pg.Client, target: string, dataDir: string): Promise<string[]> {
  const existing = await client.query<{ name: string }>(
    'select nspname as name from pg_namespace where nspname = any($1::text[]) order by nspname',
    [[...new Set([...platformSchemas, ...migrationSchemas()])]],
  );
  const schemas = existing.rows.map((row) => row.name);
  await client.query('begin');
  try {
    // Checked again: a server may have started while the question was asked.
    await refuseIfInUse(client, target, dataDir);
    for (const schema of schemas) await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
    await client.query('create schema public');
    await client.query('grant usage on schema public to public');
    await client.query('commit');
    return schemas;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
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
  const args = parse(process.argv.slice(2));
  if (args.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const problem = dataDirProblem(config.dataDir);
  if (problem) {
    console.error(`${problem}: nothing was changed.`);
    return 1;
  }
  if (config.databaseUrl) {
    const target = describeDatabase(config.databaseUrl);
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await refuseIfInUse(client, target, config.dataDir);
      if (!args.yes && !(await confirmed(target))) {
        console.log('Nothing was changed.');
        return 1;
      }
      const dropped = await resetPostgres(client, target, config.dataDir);
      console.log(`Dropped schemas ${dropped.join(', ')} of ${target}.`);
    } finally {
      await client.end();
    }
  } else {
    // Before the lock: a typo in DATA_DIR (a folder that does not exist) is said as such.
    const pgdata = path.join(config.dataDir, 'pgdata');
    if (!existsSync(pgdata)) {
      console.error(`No database in ${config.dataDir}: nothing to reset.`);
      return 1;
    }
    const refusal = serverRunningRefusal(config.dataDir);
    if (refusal) {
      console.error(refusal);
      return 1;
    }
    if (!args.yes && !(await confirmed(`the embedded database in ${config.dataDir}`))) {
      console.log('Nothing was changed.');
      return 1;
    }
    rmSync(pgdata, { recursive: true, force: true });
    console.log(`Deleted ${pgdata}.`);
  }
  rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
  rmSync(path.join(config.dataDir, ADMIN_CREDENTIALS_FILE), { force: true });
  console.log('The next start recreates the database and prints a new administrator password.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
