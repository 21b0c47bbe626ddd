/** supabase-js's default storage key for the session: `sb-<first label of the API host>-auth-token`. */
const storedSessionKey = /^sb-.+-auth-token$/;

/**
 * The account of the session supabase-js keeps in this window's storage, or null. It stays stored while it
 * cannot be renewed because the server is unreachable (supabase-js removes it when the server refuses it), so
 * the cache of that account stays readable offline after the access token expired.
 */
export function storedAccount(storage: Pick<Storage, 'length' | 'key' | 'getItem'> = localStorage): string | null {
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key || !storedSessionKey.test(key)) continue;
    try {
      const stored = JSON.parse(storage.getItem(key) ?? 'null') as {
        refresh_token?: unknown;
        user?: { id?: unknown };
      } | null;
      if (typeof stored?.refresh_token === 'string' && typeof stored.user?.id === 'string') return stored.user.id;
    } catch {
      // Not a session supabase-js wrote: ignored, as supabase-js ignores it.
    }
  }
  return null;
}
