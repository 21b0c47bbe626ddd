import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { AuthError, notAdmin } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { authenticateRequest, isAuthFailure, type RequestAuth } from './request-auth.ts';
import { sessionExists } from './open-sessions.ts';
import { findUserById, isPlainObject, isUuid, type UserRow } from './users.ts';

/** The query string as sent (one value per name, the last one winning). */
export function queryParams(request: FastifyRequest): Record<string, string> {
  const raw = request.raw.url ?? '';
  const index = raw.indexOf('?');
  return Object.fromEntries(new URLSearchParams(index >= 0 ? raw.slice(index + 1) : ''));
}

/** A JSON object body; no body counts as `{}`, anything else (an array, a string) is refused. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (!isPlainObject(body))
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  return body;
}

/** A string field, absent as undefined; any other type is refused with GoTrue's validation error. */
export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AuthError(400, 'validation_failed', `${field} must be a string`);
  return value;
}

/** An object field (metadata), absent as undefined. */
export function optionalObject(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw new AuthError(400, 'validation_failed', `${field} must be a JSON object`);
  return value;
}

/** Refuses the request with 429 when the caller's IP has used up its budget for this endpoint. */
export function enforceRateLimit(
  limiter: RateLimiter | undefined,
  request: FastifyRequest,
  code: 'over_request_rate_limit' | 'over_email_send_rate_limit',
): void {
  if (!limiter) return;
  const decision = limiter.take(request.ip);
  if (decision.allowed) return;
  const message = code === 'over_email_send_rate_limit' ? 'Email rate limit exceeded' : 'Request rate limit reached';
  throw new AuthError(429, code, message, {}, { 'Retry-After': String(decision.retryAfterSeconds) });
}

async function bearerAuth(secret: Uint8Array, request: FastifyRequest): Promise<RequestAuth> {
  const result = await authenticateRequest(secret, { authorization: request.headers.authorization });
  if (!isAuthFailure(result)) return result;
  if (result.reason === 'missing') {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const detail = result.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
  throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
}

export type SignedInUser = { user: UserRow; sessionId: string | undefined; auth: RequestAuth };

/**
 * The user an access token belongs to. The token must be valid, name an existing user, and (when it
 * carries a session_id) a session that has not been signed out.
 */
export async function requireUser(db: Queryable, secret: Uint8Array, request: FastifyRequest): Promise<SignedInUser> {
  const auth = await bearerAuth(secret, request);
  const sub = auth.claims.sub;
  if (typeof sub !== 'string' || !isUuid(sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const user = await findUserById(db, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const claimed = auth.claims.session_id;
  const sessionId = typeof claimed === 'string' && isUuid(claimed) ? claimed : undefined;
  if (claimed !== undefined && (!sessionId || !(await sessionExists(db, sessionId)))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId, auth };
}

/** The admin API accepts only a service_role token; anon keys and user tokens get 403 not_admin. */
export async function requireServiceRole(secret: Uint8Array, request: FastifyRequest): Promise<void> {
  const auth = await bearerAuth(secret, request);
  if (auth.role !== 'service_role') throw notAdmin();
}

/** The value of one cookie of the request (the Cookie header's `name=value` pairs), if it was sent. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim() || undefined;
  }
  return undefined;
}
