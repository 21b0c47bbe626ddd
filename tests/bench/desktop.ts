import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openCacheDatabase } from '../../electron/cache/cache-database.ts';
import { CacheStore } from '../../electron/cache/cache-store.ts';
import { Outbox } from '../../electron/cache/outbox.ts';
import { desktopDataHandlers } from '../../electron/desktop-handlers.ts';
import { dispatch } from '../../electron/ipc-handlers.ts';
import { ConnectionStore } from '../../electron/settings.ts';
import { ipcChannels, type DesktopBridge } from '../../shared/ipc/channels.ts';
import { replayOutbox } from '../../renderer/src/sync/replay-outbox.ts';
import { syncCache } from '../../renderer/src/sync/sync-cache.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import {
  clientWithKey,
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
} from '../support/server-process.ts';
import { createAccount } from '../e2e/pages/portal-session.ts';
import { verdict } from './measure.ts';

/** How many applications the first sync stores, and how many queued decisions are replayed. */
export type DesktopSize = { applications: number; decisions: number };

/** Applications are seeded this many at a time. */
const BATCH = 1000;

/** The desktop main process's handlers over a cache file, called as the preload's bridge would call them. */
function bridgeOver(folder: string) {
  const db = openCacheDatabase(path.join(folder, 'cache.sqlite'));
  const handlers = desktopDataHandlers({
    cache: new CacheStore(db),
    outbox: new Outbox(db),
    connection: new ConnectionStore(path.join(folder, 'connection.json')),
  });
  const bridge = Object.fromEntries(
    ipcChannels.map((channel) => [channel, (payload: unknown) => dispatch(handlers, channel, payload)]),
  ) as DesktopBridge;
  return { db, bridge };
}

/**
 * The desktop app's figures (the real run's sizes): a first sync of 10,000 applications into SQLite through the
 * real sync and the validated handlers (target 1 s) beside a raw better-sqlite3 bulk insert of the same rows; a
 * cold open of the cached list (target 200 ms); the replay of 100 queued decisions beside 100 direct calls.
 */
export async function benchDesktop(size: DesktopSize): Promise<string[]> {
  const { applications, decisions } = size;
  const dataDir = temporaryDataDir();
  const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-desktop-bench-'));
  const server = await startServerProcess({ dataDir });
  try {
    const database = serviceClient(server);
    for (let start = 0; start < applications; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, applications - start) }, (_value, index) =>
        qualifiedApplicationRow({ business_name: `Bench Business ${start + index}` }),
      );
      const { error } = await database.from('applications').insert(rows);
      if (error) throw new Error(error.message);
    }
    const officer = await createAccount(database, server.url, { admin: true, keys: server.keys });
    const supabase = clientWithKey(server.url, server.keys.anonKey);
    await supabase.auth.signInWithPassword({ email: officer.email, password: officer.password });

    // Baseline: the same rows, fetched the same way, inserted raw in one transaction.
    const { data: all } = await database.from('applications').select('*').limit(applications);
    const raw = new Database(path.join(folder, 'raw.sqlite'));
    raw.pragma('journal_mode = WAL');
    raw.exec('create table rows (id text primary key, data text not null)');
    const rawStarted = performance.now();
    const insert = raw.prepare('insert into rows (id, data) values (?, ?)');
    raw.transaction(() => {
      for (const row of all ?? []) insert.run(String(row.id), JSON.stringify(row));
    })();
    const rawMs = performance.now() - rawStarted;
    raw.close();

    const { db, bridge } = bridgeOver(folder);
    // The cache and its queued changes are the signed-in officer's, as after the app's sign-in.
    await bridge['cache:claim']({ userId: officer.id });
    // How much of the sync is main's part (validating and storing pages), the rest being the API's.
    let storeMs = 0;
    const store = bridge['cache:store-changes'];
    bridge['cache:store-changes'] = async (page) => {
      const started = performance.now();
      try {
        return await store(page);
      } finally {
        storeMs += performance.now() - started;
      }
    };
    const syncStarted = performance.now();
    const status = await syncCache(supabase, bridge);
    const syncMs = performance.now() - syncStarted;
    db.close();

    const coldStarted = performance.now();
    const reopened = bridgeOver(folder);
    const page = await reopened.bridge['cache:applications-page']({
      list: 'pending',
      search: '',
      sort: 'newest',
      page: 0,
    });
    const coldMs = performance.now() - coldStarted;

    const { data: more } = await database
      .from('applications')
      .select('id, business_name')
      .eq('status', 'pending')
      .limit(decisions * 2);
    const targets = (more ?? []).slice(0, decisions);
    for (const target of targets) {
      await reopened.bridge['outbox:enqueue']({
        kind: 'decide',
        applicationId: String(target.id),
        decision: 'approved',
        reason: '',
        expectedStatus: 'pending',
        label: String(target.business_name),
      });
    }
    const replayStarted = performance.now();
    const replay = await replayOutbox(supabase, reopened.bridge);
    const replayMs = performance.now() - replayStarted;
    const direct = (more ?? []).slice(decisions, decisions * 2);
    const directStarted = performance.now();
    for (const target of direct) {
      await supabase.rpc('decide_application', {
        application_id: target.id,
        decision: 'approved',
        reason: '',
        expected_status: 'pending',
      });
      await supabase.functions.invoke('notify-applicant', { body: { applicationId: target.id } });
    }
    const directMs = performance.now() - directStarted;
    reopened.db.close();

    return [
      `sync of ${status.applications} applications (and their timelines) into SQLite: ${syncMs.toFixed(0)} ms; raw bulk insert of the same rows ${rawMs.toFixed(0)} ms (ratio ${(syncMs / rawMs).toFixed(1)}x, includes fetching over the API; validating and storing in main ${storeMs.toFixed(0)} ms, overlapped with the next page's fetch); target 1000 ms: ${verdict(syncMs <= 1000)}`,
      `cold open of the cached list (open, migrate check, first page of 25 of ${page.total}): ${coldMs.toFixed(1)} ms; target 200 ms: ${verdict(coldMs <= 200)}`,
      `replay of ${targets.length} queued decisions: ${replayMs.toFixed(0)} ms (${replay.applied} applied); ${direct.length} direct decide + notify calls ${directMs.toFixed(0)} ms (ratio ${(replayMs / directMs).toFixed(2)}x)`,
    ];
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
    rmSync(folder, { recursive: true, force: true });
  }
}
