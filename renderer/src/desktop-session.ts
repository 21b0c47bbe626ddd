import type { SupabaseClient } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import type { CacheStatus, ConnectionSettings, DesktopBridge, OutboxEntry } from '../../shared/ipc/channels.ts';
import { replayOutbox, type ReplayResult } from './sync/replay-outbox.ts';
import { syncCache, SyncError, type SyncProgress } from './sync/sync-cache.ts';

export type DesktopState = {
  online: boolean;
  syncing: boolean;
  progress: SyncProgress | null;
  cache: CacheStatus | null;
  outbox: OutboxEntry[];
  /** What the last sync or replay could not do, in words. */
  problem: string | null;
  lastReplay: ReplayResult | null;
};

export type DesktopSessionOptions = {
  bridge: DesktopBridge;
  connection: ConnectionSettings;
  supabase: () => Promise<SupabaseClient>;
  /** Tells the screens to read again (RTK Query's invalidation). */
  dataChanged: () => void;
  /** Sync every so often while online. */
  syncEveryMs?: number;
  /** Check whether the server is back this often while offline. */
  probeEveryMs?: number;
};

/**
 * The desktop app's connection to its server: whether it can be reached, the sync of the offline cache
 * (at start, on Refresh Data, every few minutes) and the replay of the outbox when the server comes back.
 * A small store the status bar subscribes to.
 */
export function createDesktopSession(options: DesktopSessionOptions) {
  const { bridge, connection } = options;
  let state: DesktopState = {
    online: true,
    syncing: false,
    progress: null,
    cache: null,
    outbox: [],
    problem: null,
    lastReplay: null,
  };
  const listeners = new Set<() => void>();
  const set = (changes: Partial<DesktopState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function probe(): Promise<boolean> {
    try {
      const response = await fetch(`${connection.supabaseUrl}/auth/v1/health`, {
        headers: { apikey: connection.anonKey },
        cache: 'no-store',
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  async function refreshOutbox() {
    set({ outbox: await bridge['outbox:list'](undefined) });
  }

  function schedule() {
    clearTimeout(timer);
    const wait = state.online ? (options.syncEveryMs ?? 180_000) : (options.probeEveryMs ?? 5_000);
    timer = setTimeout(() => void catchUp(), wait);
  }

  /** Replays the outbox, then syncs; when the server cannot be reached, goes offline and tries again later. */
  function catchUp(): Promise<void> {
    running ??= (async () => {
      try {
        const supabase = await options.supabase();
        if (!state.online && !(await probe())) return;
        set({ online: true, syncing: true, problem: null });
        const replay = await replayOutbox(supabase, bridge);
        await refreshOutbox();
        if (replay.applied + replay.conflicts + replay.refused > 0) set({ lastReplay: replay });
        if (replay.unreachable) throw new SyncError('unreachable', 'The server cannot be reached');
        const cache = await syncCache(supabase, bridge, { onProgress: (progress) => set({ progress }) });
        set({ cache });
        options.dataChanged();
      } catch (error) {
        const unreachable = error instanceof SyncError ? error.kind === 'unreachable' : !(await probe());
        if (unreachable) set({ online: false });
        else set({ problem: error instanceof Error ? error.message : String(error) });
        set({ cache: await bridge['cache:get-status'](undefined) });
        options.dataChanged();
      } finally {
        set({ syncing: false, progress: null });
        running = null;
        schedule();
      }
    })();
    return running;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      set({ cache: await bridge['cache:get-status'](undefined) });
      await refreshOutbox();
      await catchUp();
    },
    /** Sync now (Refresh Data, a decision just made); waits for a sync already running. */
    syncNow: () => catchUp(),
    isOnline: () => state.online,
    wentOffline() {
      set({ online: false });
      schedule();
    },
    queued: () => void refreshOutbox(),
    async dismiss(id: number) {
      set({ outbox: await bridge['outbox:dismiss']({ id }) });
    },
    /** Signing out: the cache and the outbox are wiped. */
    async forget() {
      clearTimeout(timer);
      set({ cache: await bridge['cache:clear'](undefined), outbox: [] });
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

export type DesktopSession = ReturnType<typeof createDesktopSession>;

export function useDesktopState(session: DesktopSession): DesktopState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
