import type { FastifyRequest } from 'fastify';
import { RATE_LIMIT_ERROR_CODE } from '../../shared/db/api-limits.ts';
import { RateLimiter, type RateLimitRule } from '../auth/rate-limit.ts';
import { isOfficerOrService, type RequestAuth } from '../auth/request-auth.ts';
import { PostgrestError } from './errors.ts';

/**
 * What anyone may add rows to: the tables of the pre-qualification wizard (applications) and the registration
 * form (business_registrations), and the blog's newsletter through its rpc (subscribe_to_newsletter). Nothing
 * else stops a script from filling them (and the officers' lists), so each client address has one budget of
 * rows for all three.
 */
const SUBMISSION_TARGETS = new Set(['applications', 'business_registrations', 'subscribe_to_newsletter']);

/**
 * What a limited caller's insert of `rows` rows into `target` (a table, or an rpc adding one row) must pass;
 * undefined turns the limit off.
 */
export function submissionLimit(rule: RateLimitRule | undefined) {
  const limiter = rule && new RateLimiter(rule);
  return (request: FastifyRequest, auth: RequestAuth, target: string, rows: number): void => {
    if (!rule || !limiter || !SUBMISSION_TARGETS.has(target) || isOfficerOrService(auth)) return;
    // Each row counts, or one request carrying an array of rows would be worth any number of them. More rows
    // than the burst can never pass, so waiting would not help: that is refused for its size.
    if (rows > rule.capacity) {
      throw new PostgrestError(413, 'PGRST413', `At most ${rule.capacity} rows may be submitted in one request`);
    }
    // request.ip is the client's address as the auth limits see it (TRUST_PROXY decides whose
    // X-Forwarded-For counts).
    const decision = limiter.take(request.ip, rows);
    if (decision.allowed) return;
    const wait = String(decision.retryAfterSeconds);
    throw new PostgrestError(
      429,
      RATE_LIMIT_ERROR_CODE,
      'Request rate limit reached',
      `Too many submissions from this address; retry after ${wait} seconds`,
      null,
      { 'Retry-After': wait },
    );
  };
}
