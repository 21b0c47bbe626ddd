import { formatUsd, formatUsdInput, parseMoney, parseMoneyInput } from '../format/money.ts';
import { errorMessageOr } from './error-message.ts';
import { isRateLimited, TOO_MANY_SUBMISSIONS } from './rate-limit.ts';

/** docs/product.md §4 and §8: what the pre-qualification flow tells people when saving or submitting. */

export const APPLICATION_MESSAGES = {
  permissionDenied: 'Unable to submit application due to database permissions. Please try again or contact support.',
  validationFailed: 'Application data validation failed. Please check all required fields are completed.',
  creationFailed: 'Failed to submit application. Please try again or contact support if the problem persists.',
  submissionFallback: 'There was an error submitting your application. Please try again.',
  emailFailed: 'Failed to send emails',
  savedForLater: 'Your application has been saved. You can return later to complete it.',
  saveFailed: 'There was an error saving your application. Please try again.',
} as const;

/**
 * The message for a failed insert into applications, from the database error's message. A refusal for the
 * rate (server/'s limit, not the database's) is one of the described "other" insert errors (docs/product.md §8,
 * Application submission), its message the plain sentence that says when to try again.
 */
export function applicationInsertErrorMessage(error: { message: string; code?: string | undefined }): string {
  if (isRateLimited(error)) return `Application submission failed: ${TOO_MANY_SUBMISSIONS}`;
  if (error.message.includes('permission denied')) return APPLICATION_MESSAGES.permissionDenied;
  if (error.message.includes('violates')) return APPLICATION_MESSAGES.validationFailed;
  return `Application submission failed: ${error.message}`;
}

/** What the form shows for a failed submission: the error's message, or the generic one. */
export function submissionErrorMessage(error: unknown): string {
  return errorMessageOr(error, APPLICATION_MESSAGES.submissionFallback);
}

/**
 * A note under a money field of the wizard when the amount it will store is not the one the text seems to
 * mean: docs/product.md §5 keeps only the digits and the point of a money field, with no numeric check, so '1.2M'
 * is stored as $1.20 and '1.200.000' as $1.20 (written with its cents, as the Review step shows it). The form still accepts it (the described rule); the note says how it
 * is read while the applicant can still change it. Nothing for an amount typed in digits ('$1,200,000.50').
 */
export function moneyReadingNote(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const stored = parseMoney(text);
  const meant = parseMoneyInput(text);
  if (meant === stored) return undefined;
  const example = meant !== null && meant > 0 ? formatUsd(meant).slice(1) : '250,000';
  return `This will be read as ${formatUsdInput(stored)}. Please type the amount in digits, such as ${example}.`;
}
