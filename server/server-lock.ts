import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) allows one process at a time, and does not lock its folder itself.
 * The server records its pid in DATA_DIR/server.pid; the CLI refuses to open the database meanwhile.
 * Once the server listens, the file's second line is the address it answers on from this machine
 * (`npm run backup` asks the running server for its snapshot there).
 */
const LOCK_FILE = 'server.pid';

export function writeServerLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return () => {
    if (runningServerPid(dataDir) === process.pid) rmSync(file, { force: true });
  };
}

/** Adds the address this (locking) process listens on to its lock file. */
export function recordServerAddress(dataDir: string, url: string): void {
  writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n${url}\n`, { mode: 0o600 });
}

/** The live server using this data folder, if any (a stale file left by a crash is ignored). */
export function runningServer(dataDir: string): { pid: number; url: string | undefined } | undefined {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return undefined;
  const [first, second] = readFileSync(file, 'utf8').split('\n');
  const pid = Number.parseInt(first?.trim() ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const url = second?.trim() || undefined;
  try {
    process.kill(pid, 0);
    return { pid, url };
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM' ? { pid, url } : undefined;
  }
}

/** The pid of a live server using this data folder, if any. */
export function runningServerPid(dataDir: string): number | undefined {
  return runningServer(dataDir)?.pid;
}

/** What the CLI says when it must not open the embedded database: a server runs on it (else undefined). */
export function serverRunningRefusal(dataDir: string): string | undefined {
  const pid = runningServerPid(dataDir);
  if (pid === undefined) return undefined;
  return `The server (pid ${pid}) is running on ${dataDir}. Stop it first: the embedded database allows one process at a time. (If no server is running, delete ${path.join(dataDir, LOCK_FILE)}.)`;
}
