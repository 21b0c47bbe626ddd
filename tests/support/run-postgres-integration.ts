import { spawnSync } from 'node:child_process';

/**
 * `npm run test:integration:postgres`: the integration suite again, against a Postgres server instead
 * of PGlite. TEST_DATABASE_URL must be a superuser connection (each test data folder gets a database of
 * its own there). .ci/run starts Debian's PostgreSQL 15 and sets it; elsewhere the pass says why it did
 * not run. Arguments select test files, as vitest's do (`npm run test:integration:postgres -- tests/integration/backup.test.ts`).
 * INTEGRATION_PASS tells the tests this is the second pass (tests/integration/benches.test.ts runs in the first only).
 */
if (!process.env.TEST_DATABASE_URL) {
  console.log('Postgres pass not run: TEST_DATABASE_URL is not set (.ci/run sets it up with PostgreSQL 15).');
  process.exit(0);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, INTEGRATION_PASS: 'postgres' },
});
process.exit(result.status ?? 1);
