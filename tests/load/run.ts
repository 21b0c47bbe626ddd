import { removeDataDir, startServerProcess, temporaryDataDir } from '../support/server-process.ts';
import { formatLoadReport, loadServerEnv, runMixedLoad } from './mixed-load.ts';

/**
 * `npm run test:load`: 10,000 pre-qualification submissions from 100 concurrent clients, mixed with portal
 * uploads and admin reads, against server/ on loopback: on PGlite, then on Postgres when TEST_DATABASE_URL
 * names a server. Bounded: at most 10 minutes per database. Exits 1 on a 5xx or a lost acknowledged write.
 */
const submissions = Number(process.env.LOAD_SUBMISSIONS ?? 10_000);
let failed = false;
const databases: { name: string; pglite: boolean }[] = [{ name: 'PGlite', pglite: true }];
if (process.env.TEST_DATABASE_URL) databases.push({ name: 'Postgres', pglite: false });
for (const database of databases) {
  const dataDir = temporaryDataDir();
  const server = await startServerProcess({ dataDir, pglite: database.pglite, env: loadServerEnv });
  try {
    const report = await runMixedLoad(server, { submissions, concurrency: 100, maxSeconds: 600 });
    console.log(`\n== ${database.name}: ${submissions} submissions from 100 clients`);
    for (const line of formatLoadReport(report)) console.log(`   ${line}`);
    if (report.serverErrors > 0 || report.missing > 0) failed = true;
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
}
process.exit(failed ? 1 : 0);
