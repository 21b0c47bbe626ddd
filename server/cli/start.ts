import { startServer } from '../app.ts';
import { ConfigError, loadConfig, type ServerConfig } from '../config.ts';
import { describeStartError } from './start-errors.ts';
import { buildWeb, DEFAULT_WEB_DIR, isWebBuildStale } from './web-build.ts';

/** Read once main has validated it: what a failed start is explained against. */
let config: ServerConfig | undefined;

/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves it and the
 * API on one port. `--no-build` skips the build check (npm run dev, tests).
 */
async function main() {
  config = loadConfig();
  const usesDefaultWebDir = config.webDir === DEFAULT_WEB_DIR;
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

// What stands in the way of a start (configuration, port, DATA_DIR, the Postgres server) is said in one line;
// anything else is a bug and is printed in full.
main().catch((error: unknown) => {
  const known = error instanceof ConfigError ? error.message : config && describeStartError(error, config);
  console.error(known ?? error);
  process.exit(1);
});
