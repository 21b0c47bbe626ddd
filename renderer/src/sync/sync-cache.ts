import type { SupabaseClient } from '@supabase/supabase-js';
import { API_MAX_ROWS } from '../../../shared/db/api-limits.ts';
import {
  syncedTableNames,
  syncedTables,
  type CacheStatus,
  type DesktopBridge,
  type SyncedTable,
} from '../../../shared/ipc/channels.ts';

/** The part of the desktop bridge a sync writes through (main stores each page in one transaction). */
export type SyncCachePort = Pick<DesktopBridge, 'cache:get-status' | 'cache:store-changes' | 'cache:finish-sync'>;

export type SyncProgress = { table: SyncedTable; tableNumber: number; tables: number; rowsStored: number };

export class SyncError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    message: string,
    /** The HTTP status of the refusal (401 or 403: the session was refused). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

export type SyncOptions = {
  /**
   * Rows asked for per request. A page shorter than this ends the table, so it must not exceed what the
   * API returns at most (API_MAX_ROWS, hosted Supabase's max_rows).
   */
  pageSize?: number;
  /**
   * Each sync asks again for the last seconds before its cursor: a row written by a transaction that
   * started before the previous sync but committed after it carries an older time than the cursor.
   */
  overlapSeconds?: number;
  onProgress?: (progress: SyncProgress) => void;
};

/**
 * Brings the officer's cache up to date (docs/architecture.md, Sync): for each synced table, the
 * rows changed since the table's cursor, in pages ordered by (cursor column, id) and read by keyset, so
 * rows with equal times are never skipped; tombstones (deleted_rows) remove what was deleted. Reads go
 * through supabase-js under the officer's session, so RLS decides what reaches the cache.
 */
export async function syncCache(
  supabase: SupabaseClient,
  cache: SyncCachePort,
  { pageSize = API_MAX_ROWS, overlapSeconds = 5, onProgress }: SyncOptions = {},
): Promise<CacheStatus> {
  const startedAt = new Date().toISOString();
  const { cursors } = await cache['cache:get-status'](undefined);
  let rowsStored = 0;
  let tablesDone = 0;
  const syncTable = async (table: SyncedTable) => {
    const column = syncedTables[table];
    const cursor = cursors[table];
    const since = cursor ? new Date(Date.parse(cursor.at) - overlapSeconds * 1000).toISOString() : null;
    const fetchPage = async (after: { at: string; id: string } | null) => {
      let query = supabase.from(table).select('*').order(column).order('id').limit(pageSize);
      if (after) {
        query = query.or(`${column}.gt."${after.at}",and(${column}.eq."${after.at}",id.gt."${after.id}")`);
      } else if (since) {
        query = query.gte(column, since);
      }
      const { data, error, status } = await query;
      if (error) {
        throw new SyncError(status === 0 ? 'unreachable' : 'refused', `Syncing ${table}: ${error.message}`, status);
      }
      return (data ?? []) as Record<string, unknown>[];
    };
    let next: Promise<Record<string, unknown>[]> | null = fetchPage(null);
    // Bounded: a table of ten million rows at the default page size.
    for (let page = 0; next && page < 10_000; page += 1) {
      const rows: Record<string, unknown>[] = await next;
      // The next page is asked for while this one is stored (its keyset starts after this page's last row).
      const last = rows[rows.length - 1];
      next = rows.length < pageSize || !last ? null : fetchPage({ at: String(last[column]), id: String(last.id) });
      // A failed fetch of the next page is reported when it is awaited, not as an unhandled rejection.
      next?.catch(() => undefined);
      if (rows.length > 0) {
        await cache['cache:store-changes']({ table, rows } as Parameters<SyncCachePort['cache:store-changes']>[0]);
      }
      rowsStored += rows.length;
      onProgress?.({ table, tableNumber: tablesDone + 1, tables: syncedTableNames.length, rowsStored });
    }
    tablesDone += 1;
  };
  // The tables are independent and synced together (each page is stored in one transaction of its own);
  // tombstones come last, so that a row deleted meanwhile cannot come back after its tombstone removed it.
  await Promise.all(syncedTableNames.filter((table) => table !== 'deleted_rows').map(syncTable));
  await syncTable('deleted_rows');
  return cache['cache:finish-sync']({ syncedAt: startedAt });
}
