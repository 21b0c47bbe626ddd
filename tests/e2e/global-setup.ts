import { buildWeb, isWebBuildStale } from '../../server/cli/web-build.ts';
import { removeDataDir, startServerProcess, temporaryDataDir } from '../support/server-process.ts';
import path from 'node:path';

/**
 * Builds the web app when stale, then starts server/ on a temporary data folder and a free port. Its
 * address and data folder reach the tests through the environment (workers inherit it).
 */
export default async function globalSetup() {
  const webDir = path.resolve(import.meta.dirname, '..', '..', 'dist', 'web');
  if (isWebBuildStale(webDir)) await buildWeb();
  const server = await startServerProcess({ dataDir: temporaryDataDir('loan-match-e2e-') });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  };
}
