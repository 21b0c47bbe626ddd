import path from 'node:path';
import { startServer } from '../app.ts';
import { ConfigError, loadConfig, projectRoot } from '../config.ts';
import { buildWeb, isWebBuildStale } from './web-build.ts';

/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves it and the
 * API on one port. `--no-build` skips the build check (npm run dev, tests).
 */
async function main() {
  const config = loadConfig();
  const usesDefaultWebDir = config.webDir === path.join(projectRoot, 'dist', 'web');
  if (!process.argv.includes('--no-build') && usesDefaultWebDir && isWebBuildStale(config.webDir)) {
    console.log('Building the web app (its build is missing or older than its sources)...');
    await buildWeb();
  }
  const server = await startServer(config);
  console.log(`Loan Match is running at ${server.url}`);
  console.log(
    `Database: ${config.databaseUrl ? 'Postgres server (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, shutting down...`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
