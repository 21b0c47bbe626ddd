import type pg from 'pg';
import { runningServer } from '../server-lock.ts';

/**
 * Whether anyone else uses a DATABASE_URL database: `npm run restore -- --force` and `npm run db:reset`
 * drop every schema of ours, which must not happen under a running server (it would answer errors from
 * then on). Counts the other client sessions on the database the client is connected to; background
 * processes (autovacuum) do not count. A session that has just closed (a server that has just stopped)
 * can stay listed for a moment, so the count is read again for up to `settleMs` until it is zero.
 */
export async function otherConnectionCount(client: pg.Client, settleMs = 2000): Promise<number> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const count = rows[0]!.count;
    if (count === 0 || Date.now() >= deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the commands say when others use the database (`described`: "the database x on host"); else undefined. */
export async function otherConnectionsRefusal(client: pg.Client, described: string): Promise<string | undefined> {
  const count = await otherConnectionCount(client);
  return count > 0
    ? `${count} other connection(s) are open on ${described}: stop the server using it first.`
    : undefined;
}

/**
 * What the commands say when a server runs on DATA_DIR with DATABASE_URL (it holds DATA_DIR/server.pid in
 * Postgres mode too): an idle server may hold no connection at the moment, so the count above can miss it.
 */
export function postgresServerRefusal(dataDir: string, described: string): string | undefined {
  const server = runningServer(dataDir);
  return server
    ? `The server (pid ${server.pid}) is running on ${dataDir} with ${described}: stop it first.`
    : undefined;
}
