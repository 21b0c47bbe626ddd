import { errorMessageOr } from './error-message.ts';

/** Spec sections 4 and 8: what the pre-qualification flow tells people when saving or submitting. */

export const APPLICATION_MESSAGES = {
  permissionDenied: 'Unable to submit application due to database permissions. Please try again or contact support.',
  validationFailed: 'Application data validation failed. Please check all required fields are completed.',
  creationFailed: 'Failed to submit application. Please try again or contact support if the problem persists.',
  submissionFallback: 'There was an error submitting your application. Please try again.',
  emailFailed: 'Failed to send emails',
  savedForLater: 'Your application has been saved. You can return later to complete it.',
  saveFailed: 'There was an error saving your application. Please try again.',
} as const;

/** The message for a failed insert into applications, from the database error's message. */
export function applicationInsertErrorMessage(error: { message: string }): string {
  if (error.message.includes('permission denied')) return APPLICATION_MESSAGES.permissionDenied;
  if (error.message.includes('violates')) return APPLICATION_MESSAGES.validationFailed;
  return `Application submission failed: ${error.message}`;
}

/** What the form shows for a failed submission: the error's message, or the generic one. */
export function submissionErrorMessage(error: unknown): string {
  return errorMessageOr(error, APPLICATION_MESSAGES.submissionFallback);
}
