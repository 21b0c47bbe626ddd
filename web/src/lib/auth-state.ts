import type { AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import { ADMIN_ROLE, STORED_SESSION_KEY } from '../../../shared/catalogue/accounts.ts';
import { useSyncExternalStore } from 'react';
import { endImpersonation } from './impersonation.ts';
import { loadSupabase } from './load-supabase.ts';

/**
 * Who is signed in, kept outside React so that the top bar can read it without loading supabase-js.
 *
 * The home page must paint without supabase-js, so that it stays small and fast to load (docs/product.md §2, Home).
 * When the browser holds no stored session (supabase-js keeps it in localStorage under `sb-<project>-auth-token`), the
 * visitor is signed out and nothing more is loaded. When one is stored, supabase-js is loaded after first paint and its
 * onAuthStateChange events become the state. Pages that use supabase-js connect it too, so a sign-in anywhere in the
 * app reaches the top bar.
 */
export type AuthState = {
  status: 'loading' | 'signed-in' | 'signed-out';
  session: Session | null;
  /** True once supabase-js itself has reported the session (a route guard waits for this). */
  confirmed: boolean;
  /** True when a session ended without the user signing out (it expired for good, or was revoked). */
  expired?: boolean;
};

function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      if (STORED_SESSION_KEY.test(localStorage.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    return true; // storage unreadable: let supabase-js decide
  }
}

let state: AuthState = {
  status: hasStoredSession() ? 'loading' : 'signed-out',
  session: null,
  confirmed: false,
};
const listeners = new Set<() => void>();
const accountChangeListeners = new Set<() => void>();

function accountOf(auth: AuthState): string | null {
  return auth.session?.user.id ?? null;
}

function setState(next: AuthState): void {
  const accountChanged = accountOf(next) !== accountOf(state);
  state = next;
  // Before any page re-renders with the new account: nothing read for one account may be shown to the next.
  if (accountChanged) for (const listener of accountChangeListeners) listener();
  for (const listener of listeners) listener();
}

/**
 * Runs `listener` whenever the signed-in account changes: a sign-in, a sign-out, or another account signing
 * in (in this tab or another), before any page re-renders with it. The app's data cache empties itself so.
 */
export function onAccountChange(listener: () => void): () => void {
  accountChangeListeners.add(listener);
  return () => accountChangeListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): AuthState {
  return state;
}

/**
 * What pages prerendered at build time show (and hydrate with): a visitor who is signed out. The
 * browser's own state replaces it right after hydration.
 */
const prerenderedState: AuthState = { status: 'signed-out', session: null, confirmed: false };

/** The current authentication state; re-renders when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getState, () => prerenderedState);
}

/** Admins are recognised by app_metadata.role (set by the server), never user_metadata (anyone can edit it). */
export function isAdminSession(session: Session | null): boolean {
  const role: unknown = session?.user.app_metadata?.role;
  return role === ADMIN_ROLE;
}

let connected: SupabaseClient | undefined;

/** Set by signOut() in any tab, so that every tab tells a chosen sign-out from a session that expired. */
const SIGNED_OUT_BY_USER_KEY = 'loanMatch.signedOutByUserAt';
const SIGNED_OUT_BY_USER_WINDOW_MS = 10_000;

function signedOutByUserJustNow(): boolean {
  try {
    const at = Number(localStorage.getItem(SIGNED_OUT_BY_USER_KEY));
    return Number.isFinite(at) && Date.now() - at < SIGNED_OUT_BY_USER_WINDOW_MS;
  } catch {
    return false;
  }
}

/** Whether this browser held a session when the page started (it may turn out to have expired). */
const sessionStoredAtStart = state.status === 'loading';

/** Makes the client's auth events the state of this module (called once, when the client is created). */
export function connectAuthState(client: SupabaseClient): void {
  if (connected === client) return;
  connected = client;
  client.auth.onAuthStateChange((event, session) => {
    const hadSession = state.session !== null || (!state.confirmed && sessionStoredAtStart);
    const endedOnItsOwn = event === 'SIGNED_OUT' && hadSession && !signedOutByUserJustNow();
    // Kept until someone signs in again (supabase-js reports INITIAL_SESSION right after such a SIGNED_OUT).
    const expired = session === null && (endedOnItsOwn || state.expired === true);
    setState({ status: session ? 'signed-in' : 'signed-out', session, confirmed: true, expired });
  });
}

let starting: Promise<void> | undefined;

/** Loads supabase-js (a separate chunk) so that it reports the session; safe to call repeatedly. */
export function startAuthSync(): Promise<void> {
  starting ??= loadSupabase()
    .then(() => undefined)
    .catch((error: unknown) => {
      starting = undefined;
      console.error('Could not read the session', error);
      setState({ status: 'signed-out', session: null, confirmed: true });
    });
  return starting;
}

/** Runs a task when the browser is idle (after first paint); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/** Reads the session after first paint when one may be stored, and when another tab signs in. */
export function watchAuthAfterPaint(): () => void {
  const start = () => void startAuthSync();
  const cancelIdle = state.status === 'loading' ? whenIdle(start) : undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key && STORED_SESSION_KEY.test(event.key)) start();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    cancelIdle?.();
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Signs in with an e-mail (as the forms store it: trimmed, lower-case) and password: null once signed in, else the
 * server's refusal, with its message and code. Throws when the server cannot be reached.
 */
export async function signInWithPassword(email: string, password: string): Promise<AuthError | null> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return error;
}

/**
 * Signs out; a failure is only logged (docs/product.md §2, Navigation). An admin's impersonation in this tab ends first
 * (recorded while the session exists), so that the next person signing in here does not inherit it.
 */
export async function signOut(): Promise<boolean> {
  try {
    localStorage.setItem(SIGNED_OUT_BY_USER_KEY, String(Date.now()));
  } catch {
    // Storage unavailable: the sign-out still happens.
  }
  try {
    const supabase = await loadSupabase();
    await endImpersonation();
    const { error } = await supabase.auth.signOut();
    if (error) {
      console.error('Logout failed', error);
      return false;
    }
    return true;
  } catch (error) {
    console.error('Logout failed', error);
    return false;
  }
}

/** How a logout the user asked for ended: signed out, failed, or not done (the user kept the session, or was told why). */
export type LogoutOutcome = 'signed-out' | 'failed' | 'kept';

let logoutHandler: (() => Promise<LogoutOutcome>) | undefined;

/**
 * Lets the platform run the logout a user asks for: the desktop app asks first when changes are still queued
 * on the computer (they would be lost), and says why it cannot while the server is unreachable.
 */
export function handleLogout(handler: () => Promise<LogoutOutcome>): void {
  logoutHandler = handler;
}

/** The Logout button: the platform's logout when it has one, else signOut(). */
export async function logout(): Promise<LogoutOutcome> {
  if (logoutHandler) return logoutHandler();
  return (await signOut()) ? 'signed-out' : 'failed';
}
