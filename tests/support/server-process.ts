import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { createApiKeys, loadJwtSecret, type ApiKeys } from '../../server/keys.ts';
import { startFromPgliteTemplate } from './pglite-template.ts';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export type ServerProcess = {
  url: string;
  dataDir: string;
  keys: ApiKeys;
  child: ChildProcess;
  output: () => string;
  /** Stops the process: SIGTERM shuts down cleanly, SIGKILL simulates a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export function temporaryDataDir(prefix = 'loan-match-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * When TEST_DATABASE_URL names a Postgres server (a superuser connection, as .ci/run sets up), every
 * data folder gets its own fresh database there, so the same tests run against PGlite and Postgres.
 */
function testDatabaseName(dataDir: string): string {
  return `loan_match_test_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

async function withAdminConnection<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The DATABASE_URL a server on this data folder should use: undefined means PGlite. */
export async function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = testDatabaseName(dataDir);
  await withAdminConnection(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Removes a test data folder and, in Postgres mode, its database. */
export async function removeDataDir(dataDir: string): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    await withAdminConnection((client) =>
      client.query(`drop database if exists ${testDatabaseName(dataDir)} with (force)`),
    );
  }
}

/**
 * Starts `server/cli/start.ts --no-build` as a real child process on a free loopback port and waits for
 * the URL it prints.
 */
export async function startServerProcess(options: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Use PGlite even when TEST_DATABASE_URL is set. */
  pglite?: boolean;
}): Promise<ServerProcess> {
  const databaseUrl = options.pglite ? undefined : await testDatabaseUrl(options.dataDir);
  if (!databaseUrl) startFromPgliteTemplate(options.dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts', '--no-build'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchOutput(child, /running at (http:\/\/\S+)/, 'server', options.timeoutMs ?? 60_000);
  const url = await watched.found;
  const keys = await createApiKeys(loadJwtSecret(options.dataDir, options.env?.JWT_SECRET));
  return {
    url,
    dataDir: options.dataDir,
    keys,
    child,
    output: watched.output,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => stopProcess(child, signal),
  };
}

/**
 * A child's output so far, and the first group of `pattern` once the output matches it (an address it prints
 * when ready). The child is killed when that takes longer than timeoutMs; the promise fails if it exits first.
 */
export function watchOutput(
  child: ChildProcessByStdio<null, Readable, Readable>,
  pattern: RegExp,
  what: string,
  timeoutMs: number,
): { output: () => string; found: Promise<string> } {
  let output = '';
  const found = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code} before starting:\n${output}`));
    });
  });
  return { output: () => output, found };
}

/** Sends a child process the signal (unless it has exited) and waits until it exits. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A supabase-js client as the browser has it (anon key), without a persisted session. */
export function anonClient(server: { url: string; keys: ApiKeys }): SupabaseClient {
  return clientWithKey(server.url, server.keys.anonKey);
}

/** A supabase-js client with the service-role key: bypasses RLS, for checking what is really stored. */
export function serviceClient(server: { url: string; keys: ApiKeys }): SupabaseClient {
  return clientWithKey(server.url, server.keys.serviceRoleKey);
}

/**
 * supabase-js in Node 20, which has no native WebSocket: realtime gets the ws package. `options` adds to
 * the defaults (no persisted session, no auto refresh), e.g. a PKCE flow or a user's access token.
 */
export function clientWithKey(
  url: string,
  key: string,
  options: { flowType?: 'pkce'; accessToken?: () => Promise<string> } = {},
): SupabaseClient {
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      ...(options.flowType ? { flowType: options.flowType } : {}),
    },
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    realtime: { transport: WebSocket as never },
  });
}
