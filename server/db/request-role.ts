import type { RequestAuth } from '../auth/request-auth.ts';
import type { Database, Queryable } from './database.ts';

/**
 * Runs fn in one transaction under the caller's role with its JWT claims set, exactly as PostgREST
 * does, so that row-level security decides. Nothing a client sends ever runs as the connecting user.
 */
export function runAsRequestRole<T>(
  db: Database,
  auth: RequestAuth,
  options: { readOnly: boolean; method: string },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (options.readOnly) await tx.exec('set transaction read only');
    const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
    const email = typeof auth.claims.email === 'string' ? auth.claims.email : '';
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt.claim.email', $4, true),
              set_config('request.method', $5, true)`,
      [auth.role, JSON.stringify(auth.claims), sub, email, options.method],
    );
    return fn(tx);
  });
}
