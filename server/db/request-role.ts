import type { RequestAuth } from '../auth/request-auth.ts';
import type { Database, Queryable, QueryResult, ScriptOptions, Statement } from './database.ts';

/** How the caller asked: read-only or not, the HTTP method, and the client's address (request.ip). */
export type RequestOptions = { readOnly: boolean; method: string; clientAddress: string };

/**
 * The settings that make a transaction run as the caller: role, JWT claims, method, and request.headers with the
 * client's address only (PostgREST puts every header there; the database reads only X-Forwarded-For, for the
 * consents it records: request_client_address()).
 */
export function requestRoleSetup(auth: RequestAuth, options: RequestOptions): Statement[] {
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  const email = typeof auth.claims.email === 'string' ? auth.claims.email : '';
  const settings: Statement = {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
      set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
      set_config('request.jwt.claim.email', $4, true), set_config('request.method', $5, true),
      set_config('request.headers', $6, true)`,
    params: [
      auth.role,
      JSON.stringify(auth.claims),
      sub,
      email,
      options.method,
      JSON.stringify({ 'x-forwarded-for': options.clientAddress }),
    ],
  };
  return options.readOnly ? [{ sql: 'set transaction read only', params: [] }, settings] : [settings];
}

/**
 * Runs fn in one transaction under the caller's role with its JWT claims set, exactly as PostgREST
 * does, so that row-level security decides. Nothing a client sends ever runs as the connecting user.
 * The settings go with BEGIN in one round trip; the claims come from a token we verified.
 */
export function runAsRequestRole<T>(
  db: Database,
  auth: RequestAuth,
  options: RequestOptions,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(fn, { setup: requestRoleSetup(auth, options) });
}

/**
 * The same, for statements known in advance: the whole transaction goes to the database at once (one
 * round trip). Returns each statement's result.
 */
export async function runStatementsAsRequestRole(
  db: Database,
  auth: RequestAuth,
  options: RequestOptions,
  statements: Statement[],
  scriptOptions?: ScriptOptions,
): Promise<QueryResult[]> {
  const setup = requestRoleSetup(auth, options);
  const results = await db.transactionScript([...setup, ...statements], scriptOptions);
  return results.slice(setup.length);
}
