import type { DesktopSettings } from '../shared/ipc/channels.ts';
import type { CacheStore } from './cache/cache-store.ts';
import type { Outbox } from './cache/outbox.ts';
import type { IpcHandlers } from './ipc-handlers.ts';
import type { ConnectionStore } from './settings.ts';

const megabyte = 1024 * 1024;

/**
 * The handlers of the settings, cache, documents and outbox channels, over the officer's SQLite cache.
 * Payloads arrive validated (ipc-handlers.ts); each handler is one call into the stores.
 */
export function desktopDataHandlers(stores: {
  cache: CacheStore;
  outbox: Outbox;
  connection: ConnectionStore;
  /** Node's fetch in the app; passed in so tests can point it at a local server. */
  fetch?: typeof fetch;
  /** Opens a kept document in the system's viewer (electron/show-document.ts). */
  showDocument?: (data: Uint8Array, fileName: string, storagePath: string) => Promise<unknown>;
  /** Removes the copies of documents opened in the viewer (electron/show-document.ts). */
  forgetShownDocuments?: () => void;
}): IpcHandlers {
  const { cache, outbox, connection } = stores;
  const fetchKey = async (supabaseUrl: string): Promise<string> => {
    const where = `${supabaseUrl}/config.json`;
    let config: { anonKey?: unknown };
    try {
      const response = await (stores.fetch ?? fetch)(where, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      config = (await response.json()) as { anonKey?: unknown };
    } catch (error) {
      throw new Error(
        `Could not read the server's key from ${where} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (typeof config.anonKey !== 'string' || config.anonKey.length < 20) {
      throw new Error(`${where} does not give an anon key: enter the project's anon key`);
    }
    return config.anonKey;
  };
  /** The copy, the queue (`everything`: every account's), and the documents opened from it go. */
  const forget = (options: { everything?: boolean } = {}) => {
    const status = cache.clear(options);
    stores.forgetShownDocuments?.();
    return status;
  };
  const settings = (): DesktopSettings => ({
    connection: connection.read(),
    documentBudgetMb: Math.round(cache.documentBudgetBytes() / megabyte),
  });
  return {
    'settings:get': async () => settings(),
    'settings:save-connection': async ({ supabaseUrl, anonKey }) => {
      const origin = new URL(supabaseUrl).origin;
      const previous = connection.read();
      // The server is chosen on the first start, and the window never moves the app to another one: a page that
      // could (a hostile text the admin shows, run as script) would send the officer's session, and every password
      // typed after, to a server of its own.
      if (previous && previous.supabaseUrl !== origin) {
        throw new Error(`This app is connected to ${previous.supabaseUrl} and stays connected to it`);
      }
      const next = { supabaseUrl: origin, anonKey: anonKey ?? (await fetchKey(origin)) };
      // Another key means another project: what was cached or queued under the previous one goes.
      if (previous && previous.anonKey !== next.anonKey) forget({ everything: true });
      connection.save(next);
      return settings();
    },
    'settings:set-document-budget': async ({ megabytes }) => {
      cache.setDocumentBudget(megabytes * megabyte);
      return settings();
    },
    'cache:get-status': async () => cache.status(),
    'cache:store-changes': async (page) => cache.storeChanges(page),
    'cache:finish-sync': async ({ syncedAt }) => cache.finishSync(syncedAt),
    'cache:applications-page': async (args) => cache.applicationsPage(args),
    'cache:application-list-counts': async () => cache.applicationListCounts(),
    'cache:application-detail': async ({ id }) => cache.applicationDetail(id),
    'cache:lenders': async () => cache.lenders(),
    'cache:pipeline-history': async () => cache.pipelineHistory(),
    'cache:rate-index-values': async () => cache.rateIndexValues(),
    'cache:claim': async ({ userId }) => {
      const previousOwner = cache.owner();
      const status = cache.claim(userId);
      // Another officer signed in: the documents the previous one opened go with their copy.
      if (previousOwner !== userId) stores.forgetShownDocuments?.();
      return status;
    },
    'cache:clear': async () => forget(),
    'documents:keep': async ({ documentId, data }) => cache.keepDocument(documentId, data),
    'documents:read': async ({ documentId }) => cache.readDocument(documentId),
    'documents:show': async ({ documentId, fileName }) => {
      const kept = cache.readDocument(documentId);
      const storagePath = cache.documentStoragePath(documentId);
      if (!kept || !storagePath) return { shown: false };
      if (!stores.showDocument) throw new Error('This app cannot open documents');
      await stores.showDocument(kept.data, fileName, storagePath);
      return { shown: true };
    },
    'outbox:enqueue': async (intent) => outbox.enqueue(intent),
    'outbox:list': async () => outbox.list(),
    'outbox:settle': async (settlement) => outbox.settle(settlement),
    'outbox:postpone': async ({ id, error }) => outbox.postpone(id, error),
    'outbox:dismiss': async ({ id }) => outbox.dismiss(id),
  };
}
