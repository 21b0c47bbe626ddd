import { RATE_LIMIT_ERROR_CODE } from '../db/api-limits.ts';

/**
 * What a visitor is told when the server refused a submission for its rate (server/ answers 429 after a few
 * submissions from one address): when to try again, and that the form still holds their answers.
 */
export const TOO_MANY_SUBMISSIONS =
  'Too many submissions came from your network in a short time. Please wait a few minutes and try again; what you entered is kept.';

/** True for an API error that refused the request for its rate (the code server/ answers with 429). */
export function isRateLimited(error: { code?: string | undefined } | undefined): boolean {
  return error?.code === RATE_LIMIT_ERROR_CODE;
}
