import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, watch } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { ServerLockError } from '../../server/server-lock.ts';
import { outputOf } from '../support/cli-process.ts';
import { removeDataDir, startServerProcess, temporaryDataDir, testDatabaseUrl } from '../support/server-process.ts';

// How `npm start` starts, refuses to start and stops, on real processes, ports and data folders.
const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const dataDir = temporaryDataDir();
let databaseUrl: string | undefined;

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl(dataDir);
});
afterAll(() => removeDataDir(dataDir));

const serverEnv = (env: Record<string, string> = {}) => {
  const all: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...env,
  };
  if (!databaseUrl) delete all.DATABASE_URL;
  return all;
};

/** `npm start --no-build` as the tests start it, run until it exits. */
function startToExit(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts', '--no-build'], {
    cwd: projectRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child);
}

const credentialsFile = path.join(dataDir, 'admin-credentials.txt');
const pointer = `The first administrator's e-mail and password are in ${credentialsFile}; delete the file once you have stored them.`;

describe('npm start on one data folder', () => {
  it('takes the lock before the database, and says in one line that the port is in use', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    // What appears in the new data folder, in order.
    const created: string[] = [];
    const watcher = watch(dataDir, (_event, name) => {
      if (name && !created.includes(name)) created.push(name);
    });
    try {
      const result = await startToExit({ PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop what uses it or set PORT.`);
    } finally {
      watcher.close();
      await new Promise((resolve) => busy.close(resolve));
    }
    const lockAt = created.indexOf('server.pid');
    const databaseAt = created.findIndex((name) => ['pgdata', 'jwt-secret'].includes(name));
    expect(lockAt).toBeGreaterThanOrEqual(0);
    expect(lockAt).toBeLessThan(databaseAt);
    // The failed start released the lock, but had created the administrator (its banner never shown).
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    expect(existsSync(credentialsFile)).toBe(true);
  }, 120_000);

  it('points to the saved administrator credentials, and refuses a second server while the first serves', async () => {
    const first = await startServerProcess({ dataDir });
    try {
      expect(first.output()).toContain(pointer);
      expect(first.output()).not.toContain('First start: created the administrator account');

      const second = await startToExit();
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toBe(
        `A server (pid ${first.child.pid}) is already running on ${dataDir}, at ${first.url}: stop it first, or give this one another DATA_DIR. (If no such process runs, delete ${path.join(dataDir, 'server.pid')}.)`,
      );
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
      expect(readFileSync(path.join(dataDir, 'server.pid'), 'utf8').split('\n')[0]).toBe(String(first.child.pid));
    } finally {
      await first.stop();
    }
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 120_000);
});

describe('servers started in one process', () => {
  const ownDataDir = temporaryDataDir();
  afterAll(() => removeDataDir(ownDataDir));

  it('refuses a second server on the same data folder until the first is closed', async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir,
      DATABASE_URL: await testDatabaseUrl(ownDataDir),
    });
    const log = vi.spyOn(console, 'log');
    const credentials = path.join(ownDataDir, 'admin-credentials.txt');
    const pointsToCredentials = () =>
      log.mock.calls.some(([line]) => typeof line === 'string' && line.includes(`are in ${credentials};`));
    try {
      const first = await startServer(config);
      try {
        expect(pointsToCredentials()).toBe(false); // the banner itself was printed
        await expect(startServer(config)).rejects.toThrow(ServerLockError);
        await expect(startServer(config)).rejects.toThrow(`is already running on ${ownDataDir}`);
        expect((await fetch(`${first.url}/health`)).status).toBe(200);
      } finally {
        await first.close();
      }

      const again = await startServer(config);
      await again.close();
      expect(pointsToCredentials()).toBe(true);

      log.mockClear();
      rmSync(credentials);
      const withoutFile = await startServer(config);
      await withoutFile.close();
      expect(pointsToCredentials()).toBe(false);
    } finally {
      log.mockRestore();
    }
  }, 120_000);
});

describe('the data folder', () => {
  it('lets only this account into the database and the documents, even when it was made open before', async () => {
    const opened = temporaryDataDir();
    for (const folder of ['', 'pgdata', 'storage'])
      mkdirSync(path.join(opened, folder), { recursive: true, mode: 0o777 });
    const server = await startServerProcess({ dataDir: opened });
    try {
      const mode = (folder: string) => (statSync(path.join(opened, folder)).mode & 0o777).toString(8);
      expect(mode('storage')).toBe('700');
      // The database files are there in PGlite mode (the Postgres run keeps them in its server).
      if (readdirSync(path.join(opened, 'pgdata')).length > 0) expect(mode('pgdata')).toBe('700');
    } finally {
      await server.stop();
      await removeDataDir(opened);
    }
  });
});
