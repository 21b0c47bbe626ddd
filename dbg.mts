import { startServerProcess, temporaryDataDir, removeDataDir, serviceClient } from './tests/support/server-process.ts';
import { openPglite } from './server/db/pglite.ts';
const dataDir = temporaryDataDir();
for (let round = 0; round < 3; round++) {
  let t = Date.now();
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'error' } });
  console.log('start', Date.now() - t); t = Date.now();
  console.log((await serviceClient(server).from('applications').select('id').limit(1)).error, 'query', Date.now() - t); t = Date.now();
  await server.stop();
  console.log('stop', Date.now() - t); t = Date.now();
  const db = await openPglite(dataDir);
  await db.query('select 1');
  await db.close();
  console.log('direct', Date.now() - t);
}
await removeDataDir(dataDir);
