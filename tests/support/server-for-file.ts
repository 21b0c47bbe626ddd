import { afterAll, beforeAll } from 'vitest';
import { removeDataDir, startServerProcess, temporaryDataDir, type ServerProcess } from './server-process.ts';

/**
 * server/ for one test file: started before the file's tests on a fresh data folder (and database), stopped
 * and removed after them. The returned object is filled in when the file's tests start, so use it inside
 * tests and hooks (hooks registered after this call run after the server has started).
 */
export function serverForThisFile(options: { env?: Record<string, string> } = {}): ServerProcess {
  const server = {} as ServerProcess;
  beforeAll(async () => {
    Object.assign(server, await startServerProcess({ dataDir: temporaryDataDir(), ...options }));
  });
  afterAll(async () => {
    if (!server.dataDir) return;
    await server.stop();
    await removeDataDir(server.dataDir);
  });
  return server;
}
