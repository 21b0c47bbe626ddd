import type { RequestAuth } from '../auth/request-auth.ts';
import { inlineParameters, sqlLiteral, type Database, type Queryable, type QueryResult } from './database.ts';

/** The settings that make a transaction run as the caller: role, JWT claims and method. */
function requestRoleSetup(auth: RequestAuth, options: { readOnly: boolean; method: string }): string {
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  const email = typeof auth.claims.email === 'string' ? auth.claims.email : '';
  const role = sqlLiteral(auth.role);
  return `${options.readOnly ? 'set transaction read only; ' : ''}select set_config('role', ${role}, true),
    set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(auth.claims))}, true),
    set_config('request.jwt.claim.sub', ${sqlLiteral(sub)}, true),
    set_config('request.jwt.claim.role', ${role}, true),
    set_config('request.jwt.claim.email', ${sqlLiteral(email)}, true),
    set_config('request.method', ${sqlLiteral(options.method)}, true)`;
}

/**
 * Runs fn in one transaction under the caller's role with its JWT claims set, exactly as PostgREST
 * does, so that row-level security decides. Nothing a client sends ever runs as the connecting user.
 * The settings go with BEGIN in one round trip; the claims come from a token we verified and signed.
 */
export function runAsRequestRole<T>(
  db: Database,
  auth: RequestAuth,
  options: { readOnly: boolean; method: string },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(fn, { setup: requestRoleSetup(auth, options) });
}

/**
 * The same, for statements known in advance: the whole transaction goes to the database as one script
 * (one round trip), with the statements' parameters written in as literals. Returns each one's result.
 */
export async function runStatementsAsRequestRole(
  db: Database,
  auth: RequestAuth,
  options: { readOnly: boolean; method: string },
  statements: { sql: string; params: readonly unknown[] }[],
): Promise<QueryResult[]> {
  const setup = requestRoleSetup(auth, options);
  const results = await db.transactionScript([
    setup,
    ...statements.map((statement) => inlineParameters(statement.sql, statement.params)),
  ]);
  // The setup is one statement, or two when read-only (set transaction + select).
  return results.slice(results.length - statements.length);
}
