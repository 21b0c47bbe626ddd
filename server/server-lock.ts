import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time per data folder. The embedded database (PGlite) does not lock its folder itself, and
 * the storage check at start removes files it finds no row for (an upload another server is receiving), so
 * the server, in PGlite and in Postgres mode, and the CLI that open the database (npm run admin, backup) take
 * DATA_DIR/server.pid before they touch anything: its first line is the holder's pid. Once the server
 * listens, the second line is the address it answers on from this machine (`npm run backup` asks the running
 * server for its snapshot there). The third line is when the holder process started and the fourth a token
 * of this taking: a file naming our own pid but another start time is an earlier process's (a restarted
 * container gives its server the same pid again), and the token tells one holder's file from another's.
 */
const LOCK_FILE = 'server.pid';

/** What a process is told when the data folder is in use (a one-line message naming the pid and the folder). */
export class ServerLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerLockError';
  }
}

type LockContent = { pid: number; url: string | undefined; started: number | undefined; token: string | undefined };

/** A held lock: the address is added once the server listens; release removes the file if it is still ours. */
export type ServerLock = { recordAddress(url: string): void; release(): void };

/** When this process started, in ms since the epoch (the same in every thread of the process). */
function processStart(): number {
  return Math.round(Date.now() - process.uptime() * 1000);
}

/** Two readings of processStart() in one process differ by far less (clock adjustments aside). */
const SAME_PROCESS_WITHIN_MS = 1_000;

function lockPath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

function format(lock: LockContent): string {
  return `${lock.pid}\n${lock.url ?? ''}\n${lock.started ?? ''}\n${lock.token ?? ''}\n`;
}

function parse(text: string): LockContent | undefined {
  const [first, second, third, fourth] = text.split('\n');
  const pid = Number.parseInt(first?.trim() ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const started = Number.parseInt(third?.trim() ?? '', 10);
  return {
    pid,
    url: second?.trim() || undefined,
    started: Number.isInteger(started) ? started : undefined,
    token: fourth?.trim() || undefined,
  };
}

/** The lock file's text, or undefined when there is none. */
function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the process a lock names still holds it (a file left by a crash or kill -9 does not). */
function isHeld(lock: LockContent): boolean {
  if (lock.pid === process.pid) {
    // This process: held by a server here that was not closed, unless an earlier process had our pid.
    return lock.started !== undefined && Math.abs(lock.started - processStart()) < SAME_PROCESS_WITHIN_MS;
  }
  try {
    process.kill(lock.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** What one who finds the folder in use is told. */
function refusal(dataDir: string, lock: LockContent): string {
  const holder = lock.url
    ? `A server (pid ${lock.pid}) is already running on ${dataDir}, at ${lock.url}`
    : `Another process (pid ${lock.pid}: a server starting, or npm run admin or backup) is using ${dataDir}`;
  return `${holder}: stop it first, or give this one another DATA_DIR. (If no such process runs, delete ${lockPath(dataDir)}.)`;
}

/** Creates `file` with `content` unless it exists (false then): never a moment where it exists half-written. */
function createExclusive(file: string, content: string, token: string): boolean {
  const temporary = `${file}.${token}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: an exclusive create, whose content follows a moment later.
    try {
      writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if (fallbackError instanceof Error && 'code' in fallbackError && fallbackError.code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Takes DATA_DIR/server.pid for this process, creating DATA_DIR (owner-only) when missing, or throws a
 * ServerLockError naming the live process that holds it, in this process too (a server started here and not
 * closed). A file a dead process left is taken over; when several processes find it at once, one wins.
 */
export function takeServerLock(dataDir: string): ServerLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockPath(dataDir);
  const token = randomBytes(8).toString('hex');
  const mine: LockContent = { pid: process.pid, url: undefined, started: processStart(), token };
  const isMine = (text: string | undefined) => text !== undefined && parse(text)?.token === token;

  const lock: ServerLock = {
    recordAddress(url: string) {
      if (!isMine(readText(file))) return;
      // Written aside and renamed over the lock: a reader never finds it empty.
      const temporary = `${file}.${token}.tmp`;
      writeFileSync(temporary, format({ ...mine, url }), { mode: 0o600 });
      renameSync(temporary, file);
    },
    release() {
      if (isMine(readText(file))) rmSync(file, { force: true });
    },
  };

  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (createExclusive(file, format(mine), token)) return lock;
    const found = readText(file);
    if (found === undefined) continue; // released meanwhile: try again
    const holder = parse(found);
    if (holder && isHeld(holder)) throw new ServerLockError(refusal(dataDir, holder));
    // Stale (or unreadable): moved aside under a name of our own, so that of several processes finding it
    // only one removes it; one that moved a lock another took meanwhile puts it back and looks again.
    const aside = `${file}.${token}.stale`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') continue;
      throw error;
    }
    if (readText(aside) !== found) {
      try {
        linkSync(aside, file);
      } catch {
        // Yet another process took it: it holds the lock, and the next look says so.
      }
    }
    rmSync(aside, { force: true });
  }
  throw new ServerLockError(`Could not take ${file}: other processes keep changing it. Try again.`);
}

/** The CLI's lock (npm run admin, backup): takes DATA_DIR/server.pid, or throws a ServerLockError. */
export function writeServerLock(dataDir: string): () => void {
  const lock = takeServerLock(dataDir);
  return () => lock.release();
}

/** The live process holding this data folder, if any (a stale file left by a crash is ignored). */
export function runningServer(dataDir: string): { pid: number; url: string | undefined } | undefined {
  const text = readText(lockPath(dataDir));
  const lock = text === undefined ? undefined : parse(text);
  return lock && isHeld(lock) ? { pid: lock.pid, url: lock.url } : undefined;
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
