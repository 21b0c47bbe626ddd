import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL's own client programs (pg_dump, psql) for backups of a DATABASE_URL database. Looked for on
 * PATH, then where Debian and Ubuntu install them (/usr/lib/postgresql/<version>/bin); the first one at
 * least as new as the server is used (pg_dump refuses to dump a server newer than itself).
 */
export type PostgresProgram = 'pg_dump' | 'psql';

/** A program missing, or failing (its message is what it printed). */
export class PostgresProgramError extends Error {
  override name = 'PostgresProgramError';
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function candidates(program: PostgresProgram): string[] {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  let installed: string[] = [];
  try {
    installed = readdirSync('/usr/lib/postgresql')
      .filter((version) => /^\d+$/.test(version))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'));
  } catch {
    // Not a Debian-style installation.
  }
  return [...onPath, ...installed].map((folder) => path.join(folder, program)).filter(executable);
}

async function majorVersion(file: string): Promise<number | undefined> {
  try {
    const { stdout } = await promisify(execFile)(file, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The program to use with a server of this major version; a clear error when there is none. */
export async function findPostgresProgram(program: PostgresProgram, serverMajor: number): Promise<string> {
  const seen: string[] = [];
  for (const file of candidates(program)) {
    const major = await majorVersion(file);
    if (major !== undefined && major >= serverMajor) return file;
    seen.push(`${file} (${major ?? 'unknown version'})`);
  }
  throw new PostgresProgramError(
    `${program} of PostgreSQL ${serverMajor} or newer is needed and was not found` +
      (seen.length > 0 ? ` (found only ${seen.join(', ')})` : '') +
      `. Install PostgreSQL's client programs (Debian/Ubuntu: apt install postgresql-client-${serverMajor}) or put them on PATH.`,
  );
}

/**
 * How the programs reach DATABASE_URL: the URL without its password as --dbname, and the password in
 * PGPASSWORD, so that it never shows in the process list.
 */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a program to its end; fails with what it printed on stderr. */
export function runProgram(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else {
        const why = stderr.trim() || (signal ? `stopped by ${signal}` : `exit code ${code}`);
        reject(new PostgresProgramError(`${path.basename(file)} failed: ${why}`));
      }
    });
  });
}
