import type { RequestAuth } from '../auth/request-auth.ts';
import { sqlLiteral, type Database, type Queryable } from './database.ts';

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
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  const email = typeof auth.claims.email === 'string' ? auth.claims.email : '';
  const role = sqlLiteral(auth.role);
  const setup = `${options.readOnly ? 'set transaction read only; ' : ''}select set_config('role', ${role}, true),
    set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(auth.claims))}, true),
    set_config('request.jwt.claim.sub', ${sqlLiteral(sub)}, true),
    set_config('request.jwt.claim.role', ${role}, true),
    set_config('request.jwt.claim.email', ${sqlLiteral(email)}, true),
    set_config('request.method', ${sqlLiteral(options.method)}, true)`;
  return db.transaction(fn, { setup });
}
