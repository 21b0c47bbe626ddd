import { isRateLimited, TOO_MANY_SUBMISSIONS } from './rate-limit.ts';

/**
 * Shown when storing a business registration fails (the original description only logs it; docs/product.md §2,
 * Registration review).
 */
export const REGISTRATION_SUBMIT_ERROR =
  'There was an error submitting your registration. Please try again or contact us if the problem persists.';

/** The message for a registration the API refused: a rate limit says when to try again, anything else the general error. */
export function registrationSubmitErrorMessage(error: { code?: string | undefined } | undefined): string {
  return isRateLimited(error) ? TOO_MANY_SUBMISSIONS : REGISTRATION_SUBMIT_ERROR;
}
