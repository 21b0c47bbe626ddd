import {
  ADMIN_PAGE_SIZE,
  applicationListCounts,
  applicationListOf,
  applicationSorts,
  type ApplicationListCounts,
  type ApplicationsPage,
  type ApplicationsPageArgs,
} from '../../shared/admin/application-lists.ts';
import type {
  LenderNetworkRows,
  LoanStageRow,
  OfferAcceptanceRow,
  PipelineHistory,
  RateIndexValueRow,
  Tombstone,
} from '../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../shared/db/applications.ts';
import { containsPattern, searchedColumns, searchWords } from '../../shared/admin/application-search.ts';
import {
  syncedTables,
  type CacheStatus,
  type CachedApplication,
  type SyncCursor,
  type SyncPage,
  type SyncedRow,
  type SyncedTable,
} from '../../shared/ipc/channels.ts';
import type Database from 'better-sqlite3';
import type { CacheDatabase } from './cache-database.ts';
import { cacheOwner } from './cache-owner.ts';

type RelatedTable = keyof CachedApplication['related'];
/** The synced tables whose rows belong to no application: the lender network and the index values. */
const globalTables = ['lenders', 'rate_index_values'] as const;
const relatedTables = Object.keys(syncedTables).filter(
  (table): table is RelatedTable =>
    table !== 'applications' && table !== 'deleted_rows' && !(globalTables as readonly string[]).includes(table),
);

/** The column linking a related row to its application. */
function applicationIdOf(row: SyncedRow[RelatedTable]): string | null {
  return 'application_id' in row && typeof row.application_id === 'string' ? row.application_id : null;
}

/**
 * Ids of rows changed at the same moment, in numeric order ('9' before '10'). One collator for every comparison:
 * localeCompare with options makes a new one at each call, which took a tenth of a 10,000-application sync.
 */
const idOrder = new Intl.Collator('en', { numeric: true });

/** The later of two cursors: by time, then by id. */
function later(a: SyncCursor | undefined, b: SyncCursor): SyncCursor {
  if (!a) return b;
  if (a.at !== b.at) return a.at > b.at ? a : b;
  return idOrder.compare(a.id, b.id) >= 0 ? a : b;
}

/**
 * The officer's offline copy of what they may read: applications and their related rows, stored page by
 * page as sync brings them (each page and its table's cursor in one transaction), read back the way the
 * admin screens ask for them. The server stays the source of truth; nothing here is edited locally.
 */
export class CacheStore {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: CacheDatabase) {}

  /** A prepared statement, prepared once (a sync stores thousands of rows through the same few). */
  private statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** The account the cache belongs to (cacheOwner): one read, where the whole status is not needed. */
  owner(): string | null {
    return cacheOwner(this.db);
  }

  status(): CacheStatus {
    const cursors: CacheStatus['cursors'] = {};
    for (const row of this.db.prepare('select table_name, cursor_at, cursor_id from sync_state').all() as {
      table_name: SyncedTable;
      cursor_at: string;
      cursor_id: string;
    }[]) {
      cursors[row.table_name] = { at: row.cursor_at, id: row.cursor_id };
    }
    const lastSynced = this.db.prepare("select value from meta where key = 'last_synced_at'").pluck().get() as
      string | undefined;
    const owner = cacheOwner(this.db);
    return {
      lastSyncedAt: lastSynced ?? null,
      applications: this.db.prepare('select count(*) from applications').pluck().get() as number,
      cursors,
      documentBytes: this.db.prepare('select coalesce(sum(size), 0) from document_files').pluck().get() as number,
      owner,
      othersQueued: this.db
        .prepare("select count(*) from outbox where state = 'pending' and owner_id is not @owner")
        .pluck()
        .get({ owner }) as number,
    };
  }

  /**
   * An account signed in: the cache becomes its own. Another account's copy is removed before anything of it
   * can be read (the new account syncs its own); that account's queued changes stay, kept for it (never listed
   * for, nor sent by, this one) until it signs in again. Changes queued before owners were recorded are taken
   * by this account.
   */
  claim(userId: string): CacheStatus {
    const removed = this.db.transaction(() => {
      const owner = cacheOwner(this.db);
      if (owner === userId) return false;
      // Without an owner the copy was made before owners were recorded: whose it is cannot be told.
      const hadCopy = this.deleteReadCopy();
      this.db
        .prepare(
          "insert into meta (key, value) values ('owner_id', ?) on conflict (key) do update set value = excluded.value",
        )
        .run(userId);
      this.db.prepare('update outbox set owner_id = ? where owner_id is null').run(userId);
      return hadCopy;
    })();
    if (removed) this.compact();
    return this.status();
  }

  /** Stores one page of changed rows (upserts; tombstones delete) and moves the table's cursor, atomically. */
  storeChanges(page: SyncPage): CacheStatus {
    const column = syncedTables[page.table];
    this.db.transaction(() => {
      let cursor: SyncCursor | undefined = this.cursor(page.table);
      if (page.table === 'applications') for (const row of page.rows) this.putApplication(row);
      else if (page.table === 'deleted_rows') for (const row of page.rows) this.applyTombstone(row);
      else if (page.table === 'lenders') for (const row of page.rows) this.putGlobal('lenders', row.id, row.name, row);
      else if (page.table === 'rate_index_values') {
        for (const row of page.rows) this.putGlobal('rate_index_values', row.id, row.created_at, row);
      } else for (const row of page.rows) this.putRelated(page.table, row);
      // Every synced row has its table's cursor column (syncedTables), read here by name.
      for (const row of page.rows as readonly Record<string, unknown>[]) {
        const at = row[column];
        if (typeof at === 'string') cursor = later(cursor, { at, id: String(row.id) });
      }
      if (cursor) {
        this.db
          .prepare(
            `insert into sync_state (table_name, cursor_at, cursor_id) values (?, ?, ?)
             on conflict (table_name) do update set cursor_at = excluded.cursor_at, cursor_id = excluded.cursor_id`,
          )
          .run(page.table, cursor.at, cursor.id);
      }
    })();
    return this.status();
  }

  finishSync(syncedAt: string): CacheStatus {
    this.db
      .prepare(
        "insert into meta (key, value) values ('last_synced_at', ?) on conflict (key) do update set value = excluded.value",
      )
      .run(syncedAt);
    return this.status();
  }

  private cursor(table: SyncedTable): SyncCursor | undefined {
    const row = this.statement('select cursor_at, cursor_id from sync_state where table_name = ?').get(table) as
      { cursor_at: string; cursor_id: string } | undefined;
    return row ? { at: row.cursor_at, id: row.cursor_id } : undefined;
  }

  private putApplication(row: ApplicationRow) {
    const searchText = searchedColumns
      .map((column) => row[column])
      .join('\n')
      .toLowerCase();
    this.statement(
      `insert into applications (id, list, business_name, search_text, created_at, data)
         values (@id, @list, @business_name, @search_text, @created_at, @data)
         on conflict (id) do update set list = excluded.list, business_name = excluded.business_name,
           search_text = excluded.search_text, created_at = excluded.created_at, data = excluded.data`,
    ).run({
      id: row.id,
      list: applicationListOf(row),
      business_name: row.business_name,
      search_text: searchText,
      created_at: row.created_at,
      data: JSON.stringify(row),
    });
  }

  private putRelated(table: RelatedTable, row: SyncedRow[RelatedTable]) {
    const applicationId = applicationIdOf(row);
    // Audit entries are kept for cached applications only (the log also names documents, accounts...).
    if (table === 'audit_log' && (applicationId === null || !this.hasApplication(applicationId))) return;
    const sortKey = String((row as Record<string, unknown>)[syncedTables[table]] ?? '');
    this.statement(
      `insert into related_rows (table_name, id, application_id, sort_key, data) values (?, ?, ?, ?, ?)
         on conflict (table_name, id) do update set application_id = excluded.application_id,
           sort_key = excluded.sort_key, data = excluded.data`,
    ).run(table, String(row.id), applicationId, sortKey, JSON.stringify(row));
  }

  /**
   * A row of no application's: a lender of the network (every application is matched against it, kept by name) or
   * an index value (every variable-rate offer is computed at it, kept by when it was entered).
   */
  private putGlobal(table: (typeof globalTables)[number], id: string, sortKey: string, row: object) {
    this.statement(
      `insert into related_rows (table_name, id, application_id, sort_key, data) values (?, ?, null, ?, ?)
         on conflict (table_name, id) do update set sort_key = excluded.sort_key, data = excluded.data`,
    ).run(table, String(id), sortKey, JSON.stringify(row));
  }

  private hasApplication(id: string): boolean {
    return this.statement('select 1 from applications where id = ?').get(id) !== undefined;
  }

  private applyTombstone({ table_name: table, row_id: id }: Tombstone) {
    if (table === 'applications') {
      this.db
        .prepare(
          `delete from document_files where document_id in
             (select id from related_rows where table_name = 'documents' and application_id = ?)`,
        )
        .run(id);
      this.db.prepare('delete from related_rows where application_id = ?').run(id);
      this.db.prepare('delete from applications where id = ?').run(id);
      return;
    }
    if (table === 'documents') this.db.prepare('delete from document_files where document_id = ?').run(id);
    this.db.prepare('delete from related_rows where table_name = ? and id = ?').run(table, id);
  }

  /** One page of a list, searched and sorted as the web dashboard does it at the database. */
  applicationsPage({ list, search, sort, page, documents }: ApplicationsPageArgs): ApplicationsPage {
    const order = applicationSorts.find((option) => option.id === sort) ?? applicationSorts[0];
    const orderBy =
      order.column === 'business_name_key'
        ? 'business_name collate nocase asc, id'
        : `created_at ${order.ascending ? 'asc' : 'desc'}, id`;
    // Each word of the search, in the lower-cased text of the searched columns (one per line).
    const patterns = searchWords(search.toLowerCase()).map((word) => containsPattern(word, '%'));
    const state = documents === 'files_to_review' ? undefined : documents;
    const where = [
      'list = @list',
      ...patterns.map((_pattern, index) => `search_text like @word${index} escape '\\'`),
      // A row cached from a server older than the checklist has none: it matches no state, and has no file to review.
      ...(state ? ["json_extract(data, '$.checklist_state') = @state"] : []),
      ...(documents === 'files_to_review'
        ? ["coalesce(json_extract(data, '$.checklist_counts.awaiting_review'), 0) > 0"]
        : []),
    ].join(' and ');
    const words = Object.fromEntries(patterns.map((pattern, index) => [`word${index}`, pattern]));
    const params = {
      list,
      ...words,
      ...(state ? { state } : {}),
      limit: ADMIN_PAGE_SIZE,
      offset: page * ADMIN_PAGE_SIZE,
    };
    const rows = this.db
      .prepare(`select data from applications where ${where} order by ${orderBy} limit @limit offset @offset`)
      .pluck()
      .all(params) as string[];
    const total = this.db.prepare(`select count(*) from applications where ${where}`).pluck().get(params) as number;
    return { rows: rows.map((data) => JSON.parse(data) as ApplicationRow), total };
  }

  /** How many applications each list holds: one grouped count over the lists' index, never the rows. */
  applicationListCounts(): ApplicationListCounts {
    const rows = this.statement('select list, count(*) as applications from applications group by list').all() as {
      list: string;
      applications: number;
    }[];
    return applicationListCounts(rows);
  }

  applicationDetail(id: string): CachedApplication | null {
    const data = this.db.prepare('select data from applications where id = ?').pluck().get(id) as string | undefined;
    if (data === undefined) return null;
    const byTable = Object.fromEntries(relatedTables.map((table): [RelatedTable, unknown[]] => [table, []])) as Record<
      RelatedTable,
      unknown[]
    >;
    const rows = this.db
      .prepare('select table_name, data from related_rows where application_id = ? order by sort_key, id')
      .all(id) as { table_name: RelatedTable; data: string }[];
    for (const row of rows) byTable[row.table_name].push(JSON.parse(row.data));
    // Each row is kept exactly as the API returned it for its table (the sync stores pages of the table's rows), so
    // it has that table's type (shared/db/admin-rows.ts).
    const related = byTable as CachedApplication['related'];
    const keptDocumentIds = this.db
      .prepare(
        `select f.document_id from document_files as f
           join related_rows as r on r.table_name = 'documents' and r.id = f.document_id
          where r.application_id = ? order by f.document_id`,
      )
      .pluck()
      .all(id) as string[];
    const application = JSON.parse(data) as ApplicationRow;
    const others = this.db
      .prepare(
        `select data from applications
          where id <> @id
            and (json_extract(data, '$.email') = @email or json_extract(data, '$.user_id') = @userId)`,
      )
      .pluck()
      .all({ id, email: application.email, userId: application.user_id }) as string[];
    return {
      application,
      otherApplications: others.map((row) => JSON.parse(row) as ApplicationRow),
      related,
      lenders: this.lenders(),
      keptDocumentIds,
    };
  }

  /** The whole lender network as last synced, active and paused, by name. */
  lenders(): LenderNetworkRows {
    const rows = this.statement("select data from related_rows where table_name = 'lenders' order by sort_key, id")
      .pluck()
      .all() as string[];
    return rows.map((row) => JSON.parse(row) as LenderNetworkRows[number]);
  }

  /** Every index value as last synced, the latest entered first (the latest of each index counts). */
  rateIndexValues(): RateIndexValueRow[] {
    const rows = this.statement(
      "select data from related_rows where table_name = 'rate_index_values' order by sort_key desc, id desc",
    )
      .pluck()
      .all() as string[];
    return rows.map((row) => JSON.parse(row) as RateIndexValueRow);
  }

  /** Every acceptance and stage as last synced, in the order they were made (the Pipeline's figures). */
  pipelineHistory(): PipelineHistory {
    const rows = <Row>(table: 'offer_acceptances' | 'loan_stages') =>
      (
        this.statement('select data from related_rows where table_name = ? order by sort_key, id')
          .pluck()
          .all(table) as string[]
      ).map((row) => JSON.parse(row) as Row);
    const acceptances = rows<OfferAcceptanceRow>('offer_acceptances');
    const stages = rows<LoanStageRow>('loan_stages');
    return {
      acceptances: acceptances.map(({ application_id, accepted_at }) => ({ application_id, accepted_at })),
      stages: stages.map(({ application_id, stage, created_at }) => ({ application_id, stage, created_at })),
    };
  }

  /**
   * The officer logged out (having agreed to lose what was still queued): nothing of their data stays on the
   * machine. Changes another account queued stay, kept for it. `everything` (another server) drops those too.
   */
  clear({ everything = false }: { everything?: boolean } = {}): CacheStatus {
    this.db.transaction(() => {
      this.deleteReadCopy();
      if (everything) this.db.prepare('delete from outbox').run();
      else this.db.prepare('delete from outbox where owner_id is ?').run(cacheOwner(this.db));
      this.db.prepare("delete from meta where key = 'owner_id'").run();
    })();
    this.compact();
    return this.status();
  }

  /** Removes the synced rows, kept files and sync cursors; true when there was any. */
  private deleteReadCopy(): boolean {
    let deleted = 0;
    for (const table of ['applications', 'related_rows', 'sync_state', 'document_files']) {
      deleted += this.db.prepare(`delete from ${table}`).run().changes;
    }
    deleted += this.db.prepare("delete from meta where key = 'last_synced_at'").run().changes;
    return deleted > 0;
  }

  /** The freed pages are overwritten, not only unlinked. */
  private compact() {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.exec('vacuum');
  }

  documentBudgetBytes(): number {
    return Number(this.db.prepare("select value from meta where key = 'document_budget_bytes'").pluck().get());
  }

  setDocumentBudget(bytes: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          "insert into meta (key, value) values ('document_budget_bytes', ?) on conflict (key) do update set value = excluded.value",
        )
        .run(String(bytes));
      this.evictDocuments(0);
    })();
  }

  /**
   * Keeps a document's file for offline reading; the least recently read files make room for it. A file
   * larger than the whole budget is not kept.
   */
  keepDocument(
    documentId: string,
    data: Uint8Array,
    now = new Date().toISOString(),
  ): { kept: boolean; documentBytes: number } {
    const kept = this.db.transaction(() => {
      if (data.byteLength > this.documentBudgetBytes()) return false;
      this.db.prepare('delete from document_files where document_id = ?').run(documentId);
      this.evictDocuments(data.byteLength);
      this.db
        .prepare('insert into document_files (document_id, data, size, last_read_at) values (?, ?, ?, ?)')
        .run(documentId, Buffer.from(data.buffer, data.byteOffset, data.byteLength), data.byteLength, now);
      return true;
    })();
    return { kept, documentBytes: this.status().documentBytes };
  }

  readDocument(documentId: string, now = new Date().toISOString()): { data: Uint8Array } | null {
    const row = this.db.prepare('select data from document_files where document_id = ?').pluck().get(documentId) as
      Buffer | undefined;
    if (!row) return null;
    this.db.prepare('update document_files set last_read_at = ? where document_id = ?').run(now, documentId);
    return { data: new Uint8Array(row) };
  }

  /** Where the server stored a cached document (its extension is the type the server checked), or null. */
  documentStoragePath(documentId: string): string | null {
    const storagePath = this.db
      .prepare(
        "select json_extract(data, '$.storage_path') from related_rows where table_name = 'documents' and id = ?",
      )
      .pluck()
      .get(documentId);
    return typeof storagePath === 'string' ? storagePath : null;
  }

  /** Removes the least recently read files until `incoming` more bytes fit in the budget. */
  private evictDocuments(incoming: number) {
    const budget = this.documentBudgetBytes();
    let used = this.status().documentBytes;
    const oldest = this.db
      .prepare('select document_id, size from document_files order by last_read_at, document_id')
      .all() as { document_id: string; size: number }[];
    for (const file of oldest) {
      if (used + incoming <= budget) break;
      this.db.prepare('delete from document_files where document_id = ?').run(file.document_id);
      used -= file.size;
    }
  }
}
