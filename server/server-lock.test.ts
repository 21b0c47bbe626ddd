import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  runningServer,
  serverRunningRefusal,
  ServerLockError,
  takeServerLock,
  writeServerLock,
} from './server-lock.ts';

const lockModule = path.join(import.meta.dirname, 'server-lock.ts');
const folders: string[] = [];
const children: ChildProcessByStdio<null, Readable, Readable>[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-lock-'));
  folders.push(folder);
  return folder;
}

/** Another Node process that runs `code` with takeServerLock and the data folder in scope. */
function otherProcess(dataDir: string, code: string): ChildProcessByStdio<null, Readable, Readable> {
  const script = `import { takeServerLock } from ${JSON.stringify(lockModule)};\nconst dataDir = ${JSON.stringify(dataDir)};\n${code}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Resolves with the child's output once it has printed `text` (rejects if it exits first). */
function printed(child: ChildProcessByStdio<null, Readable, Readable>, text: string): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve(output);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${text}:\n${output}`)));
  });
}

function exited(child: ChildProcessByStdio<null, Readable, Readable>): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

describe('the data folder lock (DATA_DIR/server.pid)', () => {
  it('is taken once: a second server in this process is refused until the first releases it', () => {
    const dataDir = path.join(dataFolder(), 'not-yet-made');
    const first = takeServerLock(dataDir);
    expect(readFileSync(lockFile(dataDir), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(runningServer(dataDir)).toEqual({ pid: process.pid, url: undefined });

    expect(() => takeServerLock(dataDir)).toThrow(ServerLockError);
    expect(() => takeServerLock(dataDir)).toThrow(
      `Another process (pid ${process.pid}: a server starting, or npm run admin or backup) is using ${dataDir}: stop it first, or give this one another DATA_DIR.`,
    );

    first.recordAddress('http://127.0.0.1:3000');
    expect(runningServer(dataDir)).toEqual({ pid: process.pid, url: 'http://127.0.0.1:3000' });
    expect(() => takeServerLock(dataDir)).toThrow(
      `A server (pid ${process.pid}) is already running on ${dataDir}, at http://127.0.0.1:3000: stop it first`,
    );

    first.release();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    takeServerLock(dataDir).release();
    // Nothing but the lock was ever written beside it.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses while another live process holds it, and takes it over once that process is killed', async () => {
    const dataDir = dataFolder();
    const holder = otherProcess(
      dataDir,
      `takeServerLock(dataDir); console.log('holding'); setInterval(() => {}, 1000);`,
    );
    await printed(holder, 'holding');

    expect(runningServer(dataDir)?.pid).toBe(holder.pid);
    expect(serverRunningRefusal(dataDir)).toContain(`The server (pid ${holder.pid}) is running on ${dataDir}.`);
    expect(() => takeServerLock(dataDir)).toThrow(`(pid ${holder.pid}`);
    expect(() => writeServerLock(dataDir)).toThrow(ServerLockError);

    // kill -9: the file stays behind, naming a dead process.
    holder.kill('SIGKILL');
    await exited(holder);
    expect(readFileSync(lockFile(dataDir), 'utf8').split('\n')[0]).toBe(String(holder.pid));
    expect(runningServer(dataDir)).toBeUndefined();
    const lock = takeServerLock(dataDir);
    expect(runningServer(dataDir)?.pid).toBe(process.pid);
    lock.release();
  }, 30_000);

  it('takes over a file that names this process’s pid but an earlier start (a restarted container), or no process', () => {
    const dataDir = dataFolder();
    const anHourAgo = Date.now() - 3_600_000;
    for (const stale of [`${process.pid}\n\n${anHourAgo}\nearlier\n`, `${process.pid}\n`, 'not a pid\n', '']) {
      writeFileSync(lockFile(dataDir), stale);
      expect(runningServer(dataDir)).toBeUndefined();
      const lock = takeServerLock(dataDir);
      expect(runningServer(dataDir)?.pid).toBe(process.pid);
      lock.release();
    }
  });

  it('lets exactly one of several processes that find a stale file at once take it', async () => {
    const dataDir = dataFolder();
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(lockFile(dataDir), `${dead.pid}\n\n${Date.now()}\ncrashed\n`);

    // Each says it is ready, then spins until the go file appears and tries at once; a winner holds the lock
    // until it is killed.
    const go = path.join(dataFolder(), 'go');
    const contenders = Array.from({ length: 6 }, () =>
      otherProcess(
        dataDir,
        `import { existsSync } from 'node:fs';
         console.log('ready');
         setTimeout(() => {
           while (!existsSync(${JSON.stringify(go)}));
           try { takeServerLock(dataDir); console.log('outcome: took'); setInterval(() => {}, 1000); }
           catch (error) { console.log('outcome: refused ' + error.name); }
         }, 10);`,
      ),
    );
    await Promise.all(contenders.map((child) => printed(child, 'ready')));
    writeFileSync(go, '');
    const outcomes = await Promise.all(contenders.map((child) => printed(child, 'outcome: ')));
    expect(outcomes.filter((output) => output.includes('outcome: took'))).toHaveLength(1);
    expect(outcomes.filter((output) => output.includes('outcome: refused ServerLockError'))).toHaveLength(5);
    expect(readdirSync(dataDir)).toEqual(['server.pid']);
  }, 30_000);

  it('is released only by its holder: a release after another took over leaves the other’s file', () => {
    const dataDir = dataFolder();
    const lock = takeServerLock(dataDir);
    rmSync(lockFile(dataDir));
    const other = takeServerLock(dataDir);
    lock.release();
    lock.recordAddress('http://127.0.0.1:1');
    expect(runningServer(dataDir)).toEqual({ pid: process.pid, url: undefined });
    other.release();
    expect(existsSync(lockFile(dataDir))).toBe(false);
  });
});
