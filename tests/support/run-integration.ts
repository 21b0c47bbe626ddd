import { spawnSync } from 'node:child_process';

/**
 * The integration suite against one kind of database: `npm run test:integration` on PGlite (the embedded
 * default), `npm run test:integration:postgres` on a Postgres server. Arguments after the kind select test files,
 * as vitest's do (`npm run test:integration:postgres -- tests/integration/backup.test.ts`).
 *
 * TEST_DATABASE_URL (a superuser connection; each test data folder gets a database of its own there) decides
 * where every server a test starts keeps its data (tests/support/server-process.ts). The PGlite pass runs without
 * it even when it is set, as on CI, where .ci/run sets it for the Postgres pass: otherwise both passes would run
 * on Postgres and PGlite would go untested. INTEGRATION_PASS tells the tests which pass this is
 * (tests/integration/benches.test.ts runs in the PGlite pass only).
 */
const [kind, ...files] = process.argv.slice(2);
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('Usage: run-integration.ts pglite|postgres [files]');

const env: NodeJS.ProcessEnv = { ...process.env, INTEGRATION_PASS: kind };
if (kind === 'pglite') delete env.TEST_DATABASE_URL;
else if (!env.TEST_DATABASE_URL) {
  console.log('Postgres pass not run: TEST_DATABASE_URL is not set (.ci/run sets it up with PostgreSQL 15).');
  process.exit(0);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...files], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
