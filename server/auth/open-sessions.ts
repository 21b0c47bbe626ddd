import type { Queryable } from '../db/database.ts';
import type { RequestAuth } from './request-auth.ts';
import { isUuid } from './users.ts';

/**
 * How long a session found open is taken as open without asking the database again: a sign-out on this server
 * counts at once (forgetOpenSessions; at worst within this time, for a request that read the session just before
 * the sign-out committed), one on another server sharing the database within this time.
 */
export const OPEN_SESSION_CACHE_MS = 5_000;
const MAX_CACHED_SESSIONS = 10_000;

/** What the API and storage answer (401) to a token whose session has ended. */
export const SESSION_ENDED_MESSAGE = 'JWT belongs to a session that has ended';

/** Session id -> when it was last found open. */
const foundOpen = new Map<string, number>();

/** The session an access token belongs to, if it still exists. */
export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const result = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return result.rows.length > 0;
}

/**
 * Whether the session a caller's access token belongs to is still open. An access token is valid for an hour by its
 * signature alone, so without this check one taken from a browser that has since signed out, or an officer's after
 * a sign-out everywhere (which is what ends a demoted or banned account's sessions), kept reading and writing
 * through the API and storage until it expired; /auth/v1 already refused it (requireUser). The keys (anon,
 * service role) carry no session: they are not checked.
 */
export async function sessionStillOpen(db: Queryable, auth: RequestAuth): Promise<boolean> {
  const claimed = auth.claims.session_id;
  if (claimed === undefined) return true;
  if (typeof claimed !== 'string' || !isUuid(claimed)) return false;
  const checked = foundOpen.get(claimed);
  if (checked !== undefined && Date.now() - checked < OPEN_SESSION_CACHE_MS) return true;
  if (!(await sessionExists(db, claimed))) {
    foundOpen.delete(claimed);
    return false;
  }
  if (foundOpen.size >= MAX_CACHED_SESSIONS) foundOpen.delete(foundOpen.keys().next().value!);
  foundOpen.delete(claimed);
  foundOpen.set(claimed, Date.now());
  return true;
}

/** Called when this server ends sessions (a sign-out, a reused refresh token, a deleted user): none is taken as open. */
export function forgetOpenSessions(): void {
  foundOpen.clear();
}
