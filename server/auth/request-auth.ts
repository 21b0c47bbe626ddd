import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { ADMIN_ROLE } from '../../shared/catalogue/accounts.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** Who is calling: the role the request's SQL runs under and the JWT claims RLS reads. */
export type RequestAuth = { role: ApiRole; claims: JWTPayload & { role: ApiRole } };

export type AuthFailure = { reason: 'expired' | 'invalid' | 'missing' };

const apiRoles = new Set<string>(['anon', 'authenticated', 'service_role']);

export function isApiRole(value: unknown): value is ApiRole {
  return typeof value === 'string' && apiRoles.has(value);
}

function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1];
}

/**
 * Tokens already verified with a given secret, until they expire: the same key or session token comes
 * with every request, and its signature does not change. Bounded; the oldest entries go first.
 */
const verified = new WeakMap<Uint8Array, Map<string, RequestAuth>>();
const MAX_CACHED_TOKENS = 10_000;

function cached(secret: Uint8Array, token: string): RequestAuth | AuthFailure | undefined {
  const auth = verified.get(secret)?.get(token);
  if (!auth) return undefined;
  const exp = auth.claims.exp;
  if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
    verified.get(secret)?.delete(token);
    return { reason: 'expired' };
  }
  return auth;
}

function remember(secret: Uint8Array, token: string, auth: RequestAuth): void {
  let tokens = verified.get(secret);
  if (!tokens) verified.set(secret, (tokens = new Map()));
  if (tokens.size >= MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, auth);
}

/**
 * Verifies the caller's token as PostgREST does: the bearer token (else the apikey header) must be an
 * HS256 JWT signed with our secret whose role is one of the API roles.
 */
export async function authenticateRequest(
  secret: Uint8Array,
  headers: { authorization?: string | undefined; apikey?: string | undefined },
): Promise<RequestAuth | AuthFailure> {
  const token = bearerToken(headers.authorization) ?? headers.apikey;
  if (!token) return { reason: 'missing' };
  const known = cached(secret, token);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const role = payload.role;
    if (!isApiRole(role)) return { reason: 'invalid' };
    const auth: RequestAuth = { role, claims: { ...payload, role } };
    remember(secret, token, auth);
    return auth;
  } catch (error) {
    return { reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

export function isAuthFailure(value: RequestAuth | AuthFailure): value is AuthFailure {
  return 'reason' in value;
}

/**
 * Whether the caller is an officer (app_metadata.role = admin, as the database's is_admin() reads it) or the
 * service role: the callers the per-address and per-account limits leave alone (the admin and desktop apps write a
 * lot, and the functions call with the service role).
 */
export function isOfficerOrService(auth: RequestAuth): boolean {
  if (auth.role === 'service_role') return true;
  const appMetadata = auth.claims.app_metadata;
  return (
    typeof appMetadata === 'object' && appMetadata !== null && (appMetadata as { role?: unknown }).role === ADMIN_ROLE
  );
}
