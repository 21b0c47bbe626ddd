import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) allows one process at a time, and does not lock its folder itself.
 * The server records its pid in DATA_DIR/server.pid; the CLI refuses to open the database meanwhile.
 */
const LOCK_FILE = 'server.pid';

export function writeServerLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return () => {
    if (runningServerPid(dataDir) === process.pid) rmSync(file, { force: true });
  };
}

/** The pid of a live server using this data folder, if any (a stale file left by a crash is ignored). */
export function runningServerPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM' ? pid : undefined;
  }
}
