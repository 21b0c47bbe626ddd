import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * Runs one of server/cli's scripts (as `npm run admin`, `db:reset`, `backup`, `restore` do) on a data folder,
 * with stdin closed (not a terminal). `databaseUrl` selects Postgres mode, as DATABASE_URL does.
 */
export function runCli(
  script: 'admin.ts' | 'db-reset.ts' | 'backup.ts' | 'restore.ts',
  args: string[],
  options: { dataDir: string; databaseUrl?: string | undefined },
): Promise<CliResult> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
  };
  if (!options.databaseUrl) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'cli', script), ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child);
}

/** Waits for a child process started with stdout and stderr piped; its exit code and everything it printed. */
export function outputOf(child: ChildProcessByStdio<null, Readable, Readable>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
