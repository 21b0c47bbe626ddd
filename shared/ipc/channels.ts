import type { ApplicationListCounts, ApplicationsPage, ApplicationsPageArgs } from '../admin/application-lists.ts';
import type {
  ApplicationRelatedRows,
  LenderNetworkRows,
  PipelineHistory,
  RateIndexValueRow,
  Tombstone,
} from '../db/admin-rows.ts';
import type { ApplicationRow } from '../db/applications.ts';
import type { ApplicationStatus } from '../status/transitions.ts';
import type { SeenLoanStage } from '../offers/loan-stages.ts';

/**
 * The desktop IPC contract, part 1: channel names and their request and response types. Kept free of
 * runtime dependencies so the sandboxed preload stays tiny (type imports vanish at build); the payload
 * schemas are in schemas.ts.
 *
 * - app: the desktop app's own information.
 * - settings: the server the app talks to, and the room kept documents may take.
 * - cache: the local copy of what the admin last synced, for offline review (docs/architecture.md, Sync).
 * - documents: document files kept for offline reading.
 * - outbox: decisions, notes, document reviews and loan stages made offline, replayed against the API when back
 *   online.
 * - dialog: native save and open dialogs.
 */
export const ipcChannels = [
  'app:get-info',
  'settings:get',
  'settings:save-connection',
  'settings:set-document-budget',
  'cache:get-status',
  'cache:store-changes',
  'cache:finish-sync',
  'cache:applications-page',
  'cache:application-list-counts',
  'cache:application-detail',
  'cache:lenders',
  'cache:pipeline-history',
  'cache:rate-index-values',
  'cache:claim',
  'cache:clear',
  'documents:keep',
  'documents:read',
  'documents:show',
  'outbox:enqueue',
  'outbox:list',
  'outbox:settle',
  'outbox:postpone',
  'outbox:dismiss',
  'dialog:save-file',
  'dialog:open-file',
] as const;

export type IpcChannel = (typeof ipcChannels)[number];

type AppInfo = { name: string; version: string; platform: string };

/** Where the app's Supabase API is: server/ (its anon key read from /config.json) or a hosted project. */
export type ConnectionSettings = { supabaseUrl: string; anonKey: string };

export type DesktopSettings = {
  /** null until the officer has chosen a server on first start. */
  connection: ConnectionSettings | null;
  /** How much room kept document files may take, in megabytes. */
  documentBudgetMb: number;
};

/**
 * The tables the desktop app copies for offline review, each with the column its sync cursor follows
 * (rows changed since the last sync). deleted_rows holds a tombstone per deleted row of the others.
 */
export const syncedTables = {
  applications: 'updated_at',
  documents: 'updated_at',
  additional_info: 'updated_at',
  pre_application_letters: 'created_at',
  term_sheets: 'created_at',
  bank_packages: 'updated_at',
  application_events: 'created_at',
  audit_log: 'created_at',
  lenders: 'updated_at',
  lender_consents: 'updated_at',
  // Notes are never changed once written (only removed with their application, by tombstone).
  application_notes: 'created_at',
  // Reviews and not-needed marks are never changed once written; requests are (cancelled).
  document_reviews: 'created_at',
  document_requests: 'updated_at',
  documents_not_needed: 'created_at',
  // Offers change when withdrawn; acceptances and stages are never changed once written.
  loan_offers: 'updated_at',
  offer_acceptances: 'accepted_at',
  loan_stages: 'created_at',
  // Every index value entered is kept, never changed (the latest of each index counts).
  rate_index_values: 'created_at',
  // A text's status changes as it is sent and delivered.
  sms_messages: 'updated_at',
  // Each consent is a new row, never changed (the latest of each application counts).
  sms_consents: 'created_at',
  deleted_rows: 'deleted_at',
} as const;
export type SyncedTable = keyof typeof syncedTables;
export const syncedTableNames = Object.keys(syncedTables) as [SyncedTable, ...SyncedTable[]];

/** Where a table's sync stands: the cursor column's value and the id of the last row stored. */
export type SyncCursor = { at: string; id: string };

export type CacheStatus = {
  /** ISO time of the last completed sync; null before the first. */
  lastSyncedAt: string | null;
  applications: number;
  cursors: Partial<Record<SyncedTable, SyncCursor>>;
  /** Bytes of document files kept for offline reading. */
  documentBytes: number;
  /** The account (auth user id) the cache and the listed outbox belong to; null when none is signed in. */
  owner: string | null;
  /** Changes other accounts queued on this computer, kept for them until they sign in again. */
  othersQueued: number;
};

/** A row of each synced table, as the API returns it. */
export type SyncedRow = {
  applications: ApplicationRow;
  lenders: LenderNetworkRows[number];
  rate_index_values: RateIndexValueRow;
  deleted_rows: Tombstone;
} & { [Table in keyof ApplicationRelatedRows]: ApplicationRelatedRows[Table][number] };

/** One page of changed rows of one table, stored in one SQLite transaction with the table's new cursor. */
export type SyncPage = { [Table in SyncedTable]: { table: Table; rows: SyncedRow[Table][] } }[SyncedTable];

/** An application and every cached row linked to it, by table, as the API returned them. */
export type CachedApplication = {
  application: ApplicationRow;
  /** The same applicant's other cached applications (same e-mail or account). */
  otherApplications: ApplicationRow[];
  related: {
    [
      Table in Exclude<SyncedTable, 'applications' | 'deleted_rows' | 'lenders' | 'rate_index_values'>
    ]: ApplicationRelatedRows[Table];
  };
  /** The whole lender network as last synced (matching reads it), by name. */
  lenders: LenderNetworkRows;
  /** Its documents whose files are kept on this computer. */
  keptDocumentIds: string[];
};

/** A decision made while offline, kept as the officer's intention and replayed through the same function. */
type DecisionIntent = {
  kind: 'decide';
  applicationId: string;
  decision: 'approved' | 'rejected';
  reason: string;
  /** The status the officer saw: the server refuses the decision if it changed meanwhile. */
  expectedStatus: ApplicationStatus;
  /** What the officer recognises it by (the business name). */
  label: string;
};

/** A note written while offline: replayed as an insert with the id made when it was queued. */
export type NoteIntent = {
  kind: 'note';
  applicationId: string;
  /** Made on this computer: a replay of a note that already landed is refused as a duplicate, never stored twice. */
  noteId: string;
  body: string;
  /** The business name. */
  label: string;
};

/**
 * A document reviewed while offline: 'accept document X as I saw it, uploaded at T, with this latest review'. Replayed
 * through the same function, which refuses it if the document was replaced, deleted or reviewed meanwhile.
 */
export type ReviewIntent = {
  kind: 'review';
  applicationId: string;
  documentId: string;
  outcome: 'accepted' | 'needs_replacement';
  /** What the applicant reads when it needs replacement; null when accepted. */
  reason: string | null;
  /** When the document the officer saw was uploaded. */
  expectedUploadedAt: string;
  /** The document's latest review when the officer looked (null: none). */
  seenReviewId: string | null;
  /** The business name. */
  label: string;
  /** The document's file name, as the officer saw it. */
  fileName: string;
};

/**
 * A loan's closing stage recorded while offline: 'the loan I saw accepted is in closing'. Replayed through
 * record_loan_stage after checking the stage is still the one the officer saw, so a stage recorded meanwhile (the
 * lender through its link, another officer) is kept as a conflict, never recorded over it.
 */
export type StageIntent = {
  kind: 'stage';
  applicationId: string;
  stage: 'in_closing' | 'funded' | 'did_not_close';
  /** In closing: the day the closing is expected (YYYY-MM-DD). */
  expectedClosingOn?: string;
  /** Funded: the amount and the day (YYYY-MM-DD). */
  fundedAmount?: number;
  fundedOn?: string;
  /** Did not close: why. */
  reason?: string;
  /** The application's loan_stage the officer saw. */
  expectedCurrentStage: SeenLoanStage;
  /** The business name. */
  label: string;
};

/** A change made while offline, kept as the officer's intention. */
export type OutboxIntent = DecisionIntent | NoteIntent | ReviewIntent | StageIntent;

export type OutboxState = 'pending' | 'done' | 'conflict' | 'refused';

export type OutboxEntry = OutboxIntent & {
  id: number;
  /** ISO time it was queued. */
  createdAt: string;
  state: OutboxState;
  attempts: number;
  /** Why the last attempt failed, or why the server refused it. */
  lastError: string | null;
  /** For a conflict: what the server holds now (the status and who decided when). */
  serverState: string | null;
  settledAt: string | null;
};

/** How a replayed change ended: applied, refused because it conflicts, or refused for another reason. */
export type OutboxSettlement = {
  id: number;
  outcome: Exclude<OutboxState, 'pending'>;
  message: string | null;
  serverState: string | null;
};

export type FileFilter = { name: string; extensions: string[] };

/** Text is saved as UTF-8; bytes as they are (a generated PDF). */
export type SaveFileRequest = { suggestedName: string; data: string | Uint8Array; filters?: FileFilter[] };
export type SaveFileResult = { saved: true; filePath: string } | { saved: false };

export type OpenFileRequest = { title?: string; filters?: FileFilter[] };
type OpenFileResult = { opened: true; fileName: string; data: Uint8Array } | { opened: false };

/** What each channel is called with. */
export type IpcRequests = {
  'app:get-info': undefined;
  'settings:get': undefined;
  /** Without anonKey, main reads it from the server's /config.json (a Loan Match server publishes it). */
  'settings:save-connection': { supabaseUrl: string; anonKey?: string | undefined };
  'settings:set-document-budget': { megabytes: number };
  'cache:get-status': undefined;
  'cache:store-changes': SyncPage;
  'cache:finish-sync': { syncedAt: string };
  'cache:applications-page': ApplicationsPageArgs;
  /** How many cached applications each list holds (the tabs' labels). */
  'cache:application-list-counts': undefined;
  'cache:application-detail': { id: string };
  /** The lender network as last synced (the Lenders tab). */
  'cache:lenders': undefined;
  /** Every acceptance and stage as last synced (the Pipeline's figures). */
  'cache:pipeline-history': undefined;
  /** Every index value as last synced, newest first. */
  'cache:rate-index-values': undefined;
  /** An account signed in: the cache becomes its own (another account's copy is removed first). */
  'cache:claim': { userId: string };
  /** Logging out: the owner's copy and queued changes go. */
  'cache:clear': undefined;
  'documents:keep': { documentId: string; data: Uint8Array };
  'documents:read': { documentId: string };
  /** Opens a kept document in the system's viewer, under its own file name. */
  'documents:show': { documentId: string; fileName: string };
  'outbox:enqueue': OutboxIntent;
  'outbox:list': undefined;
  'outbox:settle': OutboxSettlement;
  'outbox:postpone': { id: number; error: string };
  'outbox:dismiss': { id: number };
  'dialog:save-file': SaveFileRequest;
  'dialog:open-file': OpenFileRequest;
};

/** What each channel resolves with. */
export type IpcResponses = {
  'app:get-info': AppInfo;
  'settings:get': DesktopSettings;
  'settings:save-connection': DesktopSettings;
  'settings:set-document-budget': DesktopSettings;
  'cache:get-status': CacheStatus;
  'cache:store-changes': CacheStatus;
  'cache:finish-sync': CacheStatus;
  'cache:applications-page': ApplicationsPage;
  'cache:application-list-counts': ApplicationListCounts;
  /** null when the application is not cached. */
  'cache:application-detail': CachedApplication | null;
  /** Every lender, active and paused, as the API returned them, by name. */
  'cache:lenders': LenderNetworkRows;
  'cache:pipeline-history': PipelineHistory;
  'cache:rate-index-values': RateIndexValueRow[];
  'cache:claim': CacheStatus;
  'cache:clear': CacheStatus;
  /** kept: false when the file alone is larger than the budget. */
  'documents:keep': { kept: boolean; documentBytes: number };
  'documents:read': { data: Uint8Array } | null;
  /** shown: false when the file is not kept. */
  'documents:show': { shown: boolean };
  'outbox:enqueue': OutboxEntry;
  /** Every entry not yet dismissed, oldest first. */
  'outbox:list': OutboxEntry[];
  'outbox:settle': OutboxEntry;
  'outbox:postpone': OutboxEntry;
  'outbox:dismiss': OutboxEntry[];
  'dialog:save-file': SaveFileResult;
  'dialog:open-file': OpenFileResult;
};

/** The API the preload puts on window.desktop: one function per channel. */
export type DesktopBridge = {
  [C in IpcChannel]: (payload: IpcRequests[C]) => Promise<IpcResponses[C]>;
};
