import { openCacheDatabase } from './cache-database.ts';
import { CacheStore } from './cache-store.ts';
import { Outbox } from './outbox.ts';

/**
 * Run as a child process by outbox.test.ts: queues decisions one after another and prints the id of each
 * as soon as enqueue returns (the moment the officer is told it is queued), until it is killed.
 */
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: outbox-writer.fixture.ts <cache file>');
const db = openCacheDatabase(file);
new CacheStore(db).claim('20000000-0000-4000-8000-000000000001');
const outbox = new Outbox(db);
for (let index = 1; index <= 100_000; index += 1) {
  const entry = outbox.enqueue({
    kind: 'decide',
    applicationId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
    decision: index % 2 === 0 ? 'approved' : 'rejected',
    reason: `decision ${index}`,
    expectedStatus: 'pending',
    label: `Business ${index}`,
  });
  process.stdout.write(`${entry.id}\n`);
}
