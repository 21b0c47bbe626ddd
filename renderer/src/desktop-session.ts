import type { SupabaseClient } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import type { CacheStatus, ConnectionSettings, DesktopBridge, OutboxEntry } from '../../shared/ipc/channels.ts';
import { replayOutbox, type ReplayResult } from './sync/replay-outbox.ts';
import { isSessionRefusal } from './sync/session-refusal.ts';
import { syncCache, SyncError, type SyncProgress } from './sync/sync-cache.ts';

export type DesktopState = {
  online: boolean;
  /** False until the first check of the server has answered (online is a guess until then). */
  checked: boolean;
  /**
   * Requests go out under the session of the cache's owner (valid, renewed when it had expired). False while
   * it cannot be had: offline, or the session ended; then nothing is replayed nor synced, and changes queue.
   */
  signedIn: boolean;
  /**
   * The account whose session supabase-js keeps stored on this computer, even when it could not be renewed
   * (offline): the cache of that account stays readable until the session is renewed or refused for good.
   */
  keptAccount: string | null;
  syncing: boolean;
  progress: SyncProgress | null;
  cache: CacheStatus | null;
  /** The owner's queued changes (other accounts' are kept, counted in cache.othersQueued). */
  outbox: OutboxEntry[];
  /** What the last sync or replay could not do, in words. */
  problem: string | null;
  lastReplay: ReplayResult | null;
  /** Why the officer cannot log out now (offline), in words; null otherwise. */
  logoutProblem: string | null;
  /** The officer asked to log out with changes still queued: the app asks what to do with them. */
  logoutAsked: boolean;
};

/** What the officer chose when logging out with changes still queued. */
export type LogoutChoice = 'send-first' | 'discard' | 'cancel';

export type DesktopSessionOptions = {
  bridge: DesktopBridge;
  connection: ConnectionSettings;
  supabase: () => Promise<SupabaseClient>;
  /** Tells the screens to read again (RTK Query's invalidation). */
  dataChanged: () => void;
  /** The account of the session supabase-js keeps stored (renderer/src/stored-session.ts). */
  storedAccount: () => string | null;
  /** Sync every so often while online. */
  syncEveryMs?: number;
  /** Check whether the server is back (or the session renewed) this often while not. */
  probeEveryMs?: number;
};

const syncFailed = 'the server did not answer as expected. Try Sync now again later.';

/**
 * The desktop app's connection to its server: whether it can be reached, the session the cache's owner is
 * signed in with, the sync of the offline cache (at start, on Refresh Data, every few minutes) and the replay
 * of the outbox when the server comes back. A small store the status bar subscribes to.
 */
export function createDesktopSession(options: DesktopSessionOptions) {
  const { bridge, connection } = options;
  let state: DesktopState = {
    online: true,
    checked: false,
    signedIn: false,
    keptAccount: options.storedAccount(),
    syncing: false,
    progress: null,
    cache: null,
    outbox: [],
    problem: null,
    lastReplay: null,
    logoutProblem: null,
    logoutAsked: false,
  };
  let answerLogout: ((choice: LogoutChoice) => void) | undefined;
  const listeners = new Set<() => void>();
  const set = (changes: Partial<DesktopState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

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
    if (stopped) return;
    const wait = state.online && state.signedIn ? (options.syncEveryMs ?? 180_000) : (options.probeEveryMs ?? 5_000);
    timer = setTimeout(() => void catchUp(), wait);
  }

  /**
   * Whether requests now go out as the cache's owner. getSession renews an expired session; when that fails
   * (the server was unreachable a moment ago, or the session was ended) supabase-js would send the anon key:
   * nothing is sent then.
   */
  async function ownerSignedIn(supabase: SupabaseClient): Promise<boolean> {
    const owner = state.cache?.owner;
    if (!owner) return false;
    const { data } = await supabase.auth.getSession();
    return data.session?.user.id === owner;
  }

  /**
   * Replays the outbox, then syncs, under the owner's session only; when the server cannot be reached, goes
   * offline and tries again later; when the session cannot be had, keeps everything queued and tries again.
   */
  function catchUp(): Promise<void> {
    running ??= (async () => {
      try {
        const supabase = await options.supabase();
        if (!(await probe())) {
          set({ online: false, checked: true, keptAccount: options.storedAccount() });
          return;
        }
        set({ online: true, checked: true, keptAccount: options.storedAccount() });
        if (!(await ownerSignedIn(supabase))) {
          set({ signedIn: false, keptAccount: options.storedAccount() });
          return;
        }
        set({ signedIn: true, syncing: true, problem: null });
        const replay = await replayOutbox(supabase, bridge, state.cache?.owner ?? undefined);
        await refreshOutbox();
        if (replay.applied + replay.conflicts + replay.refused > 0) set({ lastReplay: replay });
        if (replay.signInNeeded) {
          set({ signedIn: false });
          return;
        }
        if (replay.unreachable) throw new SyncError('unreachable', 'The server cannot be reached');
        const cache = await syncCache(supabase, bridge, { onProgress: (progress) => set({ progress }) });
        set({ cache });
        options.dataChanged();
      } catch (error) {
        const unreachable = error instanceof SyncError ? error.kind === 'unreachable' : !(await probe());
        if (unreachable) set({ online: false });
        else if (error instanceof SyncError && isSessionRefusal({ message: error.message, status: error.status })) {
          set({ signedIn: false });
        } else {
          console.error('The sync did not finish', error);
          set({ problem: syncFailed });
        }
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

  /** After a sync already running, a new one, so that what was just written is in it. */
  async function syncNow(): Promise<void> {
    await running;
    return catchUp();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      stopped = false;
      set({ cache: await bridge['cache:get-status'](undefined) });
      await refreshOutbox();
      await catchUp();
    },
    /** Sync now (Refresh Data, a change just made). */
    syncNow,
    /** Whether a change can be sent now (else it is queued): the server answers and the owner's session is valid. */
    canSend: () => state.online && state.signedIn,
    wentOffline() {
      set({ online: false });
      schedule();
    },
    /** A request was refused for its session (expired meanwhile): changes queue until it is renewed. */
    sessionRefused() {
      set({ signedIn: false });
      schedule();
    },
    queued: () => void refreshOutbox(),
    async dismiss(id: number) {
      set({ outbox: await bridge['outbox:dismiss']({ id }) });
    },
    /**
     * supabase-js reported a change of session: nothing is sent under a session that ended or belongs to
     * another account (that one claims the cache first); a renewed session of the owner sends what waited.
     */
    authChanged(userId: string | null) {
      set({ keptAccount: options.storedAccount() });
      if (userId === null || userId !== state.cache?.owner) set({ signedIn: false });
      else if (!state.signedIn) void catchUp();
    },
    /**
     * An account signed in: the cache becomes its own (another account's copy goes first, its queued changes
     * are kept for it), then it syncs under that account.
     */
    async claim(userId: string) {
      set({ cache: await bridge['cache:claim']({ userId }), outbox: [], lastReplay: null, problem: null });
      await refreshOutbox();
      options.dataChanged();
      await syncNow();
    },
    /** Checks whether the server answers now (before a logout, which needs it). */
    async reachable(): Promise<boolean> {
      const online = await probe();
      set({ online, checked: true });
      return online;
    },
    setLogoutProblem: (logoutProblem: string | null) => set({ logoutProblem }),
    /** Asks the officer what to do with the changes still queued before logging out. */
    askLogout(): Promise<LogoutChoice> {
      answerLogout?.('cancel');
      set({ logoutAsked: true });
      return new Promise((resolve) => {
        answerLogout = resolve;
      });
    },
    answerLogout(choice: LogoutChoice) {
      set({ logoutAsked: false });
      answerLogout?.(choice);
      answerLogout = undefined;
    },
    /** Logging out: the owner's cache and queued changes are wiped (other accounts' queued changes stay). */
    async forget() {
      clearTimeout(timer);
      set({ cache: await bridge['cache:clear'](undefined), outbox: [], lastReplay: null, signedIn: false });
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type DesktopSession = ReturnType<typeof createDesktopSession>;

export function useDesktopState(session: DesktopSession): DesktopState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
