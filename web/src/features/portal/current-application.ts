import { formatLongDate } from '../../../../shared/format/dates.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';

type Listed = Pick<ApplicationRow, 'status' | 'business_name' | 'created_at'>;

/**
 * The application the applicant's documents and additional information go to: the newest one still open
 * (in review or approved), since nothing more can come of a declined or not-qualified one; the newest of all
 * only when every one is declined. `applications` is newest first.
 */
export function currentApplication<T extends Listed>(applications: readonly T[]): T | undefined {
  return applications.find((application) => application.status !== 'rejected') ?? applications[0];
}

/** Which application a section is for, said when the applicant has more than one. */
export function forApplicationSentence(application: Listed): string {
  return `For your application for ${application.business_name}, submitted ${formatLongDate(application.created_at)}.`;
}
