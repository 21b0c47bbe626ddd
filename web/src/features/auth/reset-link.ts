import { decodeJwt, type JWTPayload } from 'jose';

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

/**
 * Who the tokens of a link say they are, and whether they came from a reset: the access token's own claims (its
 * middle part, decoded by jose), read without checking its signature. Only used to refuse a link, never to trust
 * one: the server checks the token when the page uses it. A reset's session says 'recovery' among its sign-in
 * methods (amr); a session from a plain sign-in put in a link does not, and would sign whoever opens it into
 * someone else's account.
 */
export function tokensAccount(accessToken: string): { userId: string; fromReset: boolean } | undefined {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(accessToken);
  } catch {
    return undefined;
  }
  if (typeof claims.sub !== 'string') return undefined;
  const methods: unknown[] = Array.isArray(claims.amr) ? claims.amr : [];
  const fromReset = methods.some(
    (entry) => typeof entry === 'object' && entry !== null && (entry as { method?: unknown }).method === 'recovery',
  );
  return { userId: claims.sub, fromReset };
}
