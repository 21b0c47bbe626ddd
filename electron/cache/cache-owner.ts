import type { CacheDatabase } from './cache-database.ts';

/**
 * The account (auth user id) the cache and its queued changes belong to: the last one that signed in on this
 * computer; null before any did, or after its officer logged out.
 */
export function cacheOwner(db: CacheDatabase): string | null {
  const owner = db.prepare("select value from meta where key = 'owner_id'").pluck().get() as string | undefined;
  return owner ?? null;
}
