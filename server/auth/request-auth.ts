import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

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
 * Verifies the caller's token as PostgREST does: the bearer token (else the apikey header) must be an
 * HS256 JWT signed with our secret whose role is one of the API roles.
 */
export async function authenticateRequest(
  secret: Uint8Array,
  headers: { authorization?: string | undefined; apikey?: string | undefined },
): Promise<RequestAuth | AuthFailure> {
  const token = bearerToken(headers.authorization) ?? headers.apikey;
  if (!token) return { reason: 'missing' };
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const role = payload.role;
    if (!isApiRole(role)) return { reason: 'invalid' };
    return { role, claims: { ...payload, role } };
  } catch (error) {
    return { reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

export function isAuthFailure(value: RequestAuth | AuthFailure): value is AuthFailure {
  return 'reason' in value;
}
