import type { OutboxEntry, OutboxIntent, OutboxSettlement, OutboxState } from '../../shared/ipc/channels.ts';
import type { CacheDatabase } from './cache-database.ts';
import { cacheOwner } from './cache-owner.ts';

type OutboxRow = {
  id: number;
  intent: string;
  created_at: string;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  server_state: string | null;
  settled_at: string | null;
};

function entryOf(row: OutboxRow): OutboxEntry {
  return {
    ...(JSON.parse(row.intent) as OutboxIntent),
    id: row.id,
    createdAt: row.created_at,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    serverState: row.server_state,
    settledAt: row.settled_at,
  };
}

/**
 * Decisions the officer made while offline, kept in SQLite (committed before the officer is told it is
 * queued, so a killed app loses none) and replayed in the order they were made. An entry ends done,
 * conflict (the server holds a different state now) or refused; those stay listed until the officer
 * dismisses them, so nothing is settled silently.
 *
 * Each entry belongs to the account that made it (the cache's owner then, see CacheStore.claim): only the
 * current owner's entries are listed, replayed, settled or dismissed, so a change is never shown to, nor sent
 * as, another officer signed in on the same computer.
 */
export class Outbox {
  constructor(private readonly db: CacheDatabase) {}

  enqueue(intent: OutboxIntent, now = new Date().toISOString()): OutboxEntry {
    const owner = cacheOwner(this.db);
    if (!owner) throw new Error('No account is signed in on this cache: nothing can be queued');
    const { lastInsertRowid } = this.db
      .prepare('insert into outbox (intent, created_at, owner_id) values (?, ?, ?)')
      .run(JSON.stringify(intent), now, owner);
    return this.get(Number(lastInsertRowid));
  }

  /** Every entry of the owner not dismissed, oldest first: pending ones are replayed in this order. */
  list(): OutboxEntry[] {
    return (
      this.db
        .prepare('select * from outbox where dismissed = 0 and owner_id is ? order by id')
        .all(cacheOwner(this.db)) as OutboxRow[]
    ).map(entryOf);
  }

  settle({ id, outcome, message, serverState }: OutboxSettlement, now = new Date().toISOString()): OutboxEntry {
    const changed = this.db
      .prepare(
        `update outbox set state = ?, attempts = attempts + 1, last_error = ?, server_state = ?, settled_at = ?
         where id = ? and state = 'pending' and owner_id is ?`,
      )
      .run(outcome, message, serverState, now, id, cacheOwner(this.db)).changes;
    if (changed === 0) throw new Error(`Outbox entry ${id} is not pending`);
    return this.get(id);
  }

  /** The server could not be reached: the entry stays pending, first in line for the next attempt. */
  postpone(id: number, error: string): OutboxEntry {
    this.db
      .prepare(
        "update outbox set attempts = attempts + 1, last_error = ? where id = ? and state = 'pending' and owner_id is ?",
      )
      .run(error, id, cacheOwner(this.db));
    return this.get(id);
  }

  /** The officer has seen how a settled entry ended; a pending one cannot be dismissed. */
  dismiss(id: number): OutboxEntry[] {
    const changed = this.db
      .prepare("update outbox set dismissed = 1 where id = ? and state <> 'pending' and owner_id is ?")
      .run(id, cacheOwner(this.db)).changes;
    if (changed === 0) throw new Error(`Outbox entry ${id} is pending or unknown`);
    return this.list();
  }

  private get(id: number): OutboxEntry {
    const row = this.db.prepare('select * from outbox where id = ? and owner_id is ?').get(id, cacheOwner(this.db)) as
      OutboxRow | undefined;
    if (!row) throw new Error(`No outbox entry ${id}`);
    return entryOf(row);
  }
}
