import type { ApplicationRow } from '../db/applications.ts';
import type { ApplicationStatus } from '../status/transitions.ts';

/**
 * The desktop IPC contract, part 1: channel names and their request and response types. Kept free of
 * runtime dependencies so the sandboxed preload stays tiny (type imports vanish at build); the payload
 * schemas are in schemas.ts.
 *
 * - app: the desktop app's own information.
 * - cache: the local copy of what the admin last synced, for offline review.
 * - outbox: changes made offline, replayed against the API when back online.
 * - dialog: native save and open dialogs.
 */
export const ipcChannels = [
  'app:get-info',
  'cache:list-applications',
  'cache:get-application',
  'cache:list-records',
  'cache:store-snapshot',
  'cache:get-status',
  'outbox:enqueue',
  'outbox:list-pending',
  'outbox:mark-done',
  'outbox:mark-failed',
  'dialog:save-file',
  'dialog:open-file',
] as const;

export type IpcChannel = (typeof ipcChannels)[number];

export type AppInfo = { name: string; version: string; platform: string };

/** Tables cached beside applications (see ../shared/DESIGN.md, "Data and security model"). */
export const cachedTables = [
  'profiles',
  'documents',
  'additional_info',
  'business_registrations',
  'term_sheets',
  'bank_packages',
  'pre_application_letters',
] as const;

export type CachedTable = (typeof cachedTables)[number];

/** A cached row of another table, kept as the API returned it; `applicationId` links it when it has one. */
export type CachedRecord = {
  table: CachedTable;
  id: string;
  applicationId: string | null;
  data: Record<string, unknown>;
};

/** What a sync stores: every application and related record the admin can read, as of `syncedAt` (ISO). */
export type CacheSnapshot = { syncedAt: string; applications: ApplicationRow[]; records: CachedRecord[] };

export type CacheStatus = {
  /** ISO time of the last stored snapshot; null before the first sync. */
  lastSyncedAt: string | null;
  applications: number;
  records: number;
  pendingChanges: number;
};

export type ApplicationDetail = { application: ApplicationRow; records: CachedRecord[] };

export const outboxOperations = ['insert', 'update', 'delete', 'rpc'] as const;
export type OutboxOperation = (typeof outboxOperations)[number];

/** A change made offline: a row operation on a table, or a call of a database function (rpc). */
export type OutboxChange = {
  operation: OutboxOperation;
  /** The table, or the function for rpc. */
  target: string;
  /** The row changed by update or delete; null for insert and rpc. */
  rowId: string | null;
  /** Column values, or the function's arguments. */
  values: Record<string, unknown>;
};

export const outboxStatuses = ['pending', 'done', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export type OutboxEntry = OutboxChange & {
  id: number;
  /** ISO time it was queued. */
  createdAt: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
};

export type FileFilter = { name: string; extensions: string[] };

/** Text is saved as UTF-8; bytes as they are (a generated PDF). */
export type SaveFileRequest = { suggestedName: string; data: string | Uint8Array; filters?: FileFilter[] };
export type SaveFileResult = { saved: true; filePath: string } | { saved: false };

export type OpenFileRequest = { title?: string; filters?: FileFilter[] };
export type OpenFileResult = { opened: true; fileName: string; data: Uint8Array } | { opened: false };

/** What each channel is called with. */
export type IpcRequests = {
  'app:get-info': undefined;
  'cache:list-applications': { status?: ApplicationStatus };
  'cache:get-application': { id: string };
  'cache:list-records': { table: CachedTable; applicationId?: string };
  'cache:store-snapshot': CacheSnapshot;
  'cache:get-status': undefined;
  'outbox:enqueue': OutboxChange;
  'outbox:list-pending': undefined;
  'outbox:mark-done': { id: number };
  'outbox:mark-failed': { id: number; error: string };
  'dialog:save-file': SaveFileRequest;
  'dialog:open-file': OpenFileRequest;
};

/** What each channel resolves with. */
export type IpcResponses = {
  'app:get-info': AppInfo;
  'cache:list-applications': ApplicationRow[];
  /** null when the application is not cached. */
  'cache:get-application': ApplicationDetail | null;
  'cache:list-records': CachedRecord[];
  'cache:store-snapshot': CacheStatus;
  'cache:get-status': CacheStatus;
  'outbox:enqueue': OutboxEntry;
  'outbox:list-pending': OutboxEntry[];
  'outbox:mark-done': OutboxEntry;
  'outbox:mark-failed': OutboxEntry;
  'dialog:save-file': SaveFileResult;
  'dialog:open-file': OpenFileResult;
};

/** The API the preload puts on window.desktop: one function per channel. */
export type DesktopBridge = {
  [C in IpcChannel]: (payload: IpcRequests[C]) => Promise<IpcResponses[C]>;
};
