import { optionLabel } from '../../../../shared/catalogue/fields.ts';
import { loanAmountOptions } from '../../../../shared/catalogue/pre-qualification.ts';
import { formatLongDate, formatTime } from '../../../../shared/format/dates.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { applicantStatusLabel } from '../../../../shared/status/timeline.ts';

type Listed = Pick<ApplicationRow, 'id' | 'status' | 'business_name' | 'created_at'>;

/**
 * The application the applicant's documents and additional information go to unless they choose another: the
 * newest one still open (in review or approved), since nothing more can come of a declined or not-qualified
 * one; the newest of all only when every one is declined. `applications` is newest first.
 */
export function currentApplication<T extends Listed>(applications: readonly T[]): T | undefined {
  return applications.find((application) => application.status !== 'rejected') ?? applications[0];
}

/** The application the documents and additional information sections show: the one chosen, else the current one. */
export function shownApplication<T extends Listed>(applications: readonly T[], chosenId: string | null): T | undefined {
  return applications.find((application) => application.id === chosenId) ?? currentApplication(applications);
}

/**
 * The documents of the application shown: those linked to it. Documents linked to no application (uploaded
 * before there was one, or left by a deleted one) go with the current application; with no application at
 * all, every document shows.
 */
export function documentsOf<D extends { application_id: string | null }>(
  documents: readonly D[],
  applications: readonly Listed[],
  shown: Listed | undefined,
): D[] {
  if (!shown) return [...documents];
  const withUnlinked = shown === currentApplication(applications);
  return documents.filter(
    (document) => document.application_id === shown.id || (withUnlinked && document.application_id === null),
  );
}

/**
 * When an application was submitted as the applicant reads it among their others: its day ('November 1, 2026'),
 * and its time too when another of theirs was submitted that day ('November 1, 2026 at 3:05 PM'), or two
 * applications of one business for one amount would read the same.
 */
export function submittedOn(application: Listed, applications: readonly Listed[]): string {
  const day = formatLongDate(application.created_at);
  const sameDay = applications.some((other) => other.id !== application.id && formatLongDate(other.created_at) === day);
  return sameDay ? `${day} at ${formatTime(application.created_at)}` : day;
}

/** Which application a section is for, said when the applicant has more than one. */
export function forApplicationSentence(application: Listed, applications: readonly Listed[]): string {
  return `For your application for ${application.business_name}, submitted ${submittedOn(application, applications)}.`;
}

/** An application as the applicant tells it from their others: business, amount, date and status. */
export function applicationChoiceLabel(
  application: Listed & Pick<ApplicationRow, 'loan_amount' | 'decided_at'>,
  applications: readonly Listed[],
): string {
  return [
    application.business_name,
    optionLabel(loanAmountOptions, application.loan_amount),
    `submitted ${submittedOn(application, applications)}`,
    applicantStatusLabel(application.status, application.decided_at),
  ].join(' · ');
}
