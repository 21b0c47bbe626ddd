/**
 * What the reset link put in the address: the e-mail's token (token_hash with type recovery: the page verifies
 * it, on whatever device the e-mail is opened), tokens (implicit flow, in the hash, or in the query when type
 * is recovery), an error (a used or expired link), or none of these (a PKCE code, which supabase-js exchanges
 * itself).
 */
export type ResetLink =
  | { kind: 'tokenHash'; tokenHash: string }
  | { kind: 'tokens'; accessToken: string; refreshToken: string }
  | { kind: 'error'; description: string }
  | { kind: 'none' };

export function readResetLink(location: { hash: string; search: string }): ResetLink {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  const error =
    hash.get('error_description') ?? hash.get('error') ?? query.get('error_description') ?? query.get('error');
  if (error) return { kind: 'error', description: error };
  const tokenHash = query.get('token_hash');
  if (tokenHash && query.get('type') === 'recovery') return { kind: 'tokenHash', tokenHash };
  const source = hash.has('access_token') ? hash : query.get('type') === 'recovery' ? query : null;
  const accessToken = source?.get('access_token');
  const refreshToken = source?.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'tokens', accessToken, refreshToken };
  return { kind: 'none' };
}
