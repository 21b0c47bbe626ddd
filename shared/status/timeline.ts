import type { ApplicationStatus } from './transitions.ts';

/**
 * An application's status timeline (supabase table application_events, written by a trigger on
 * applications): what the applicant sees in the portal and the officer on the application.
 */
export const applicationEventKinds = ['submitted', 'not_qualified', 'in_review', 'approved', 'rejected'] as const;
export type ApplicationEventKind = (typeof applicationEventKinds)[number];

export const applicationEventLabels: Readonly<Record<ApplicationEventKind, string>> = {
  submitted: 'Application submitted',
  not_qualified: 'Not qualified at pre-qualification',
  in_review: 'In review with a loan officer',
  approved: 'Approved',
  rejected: 'Declined',
};

/** An application_events row as the API returns it. */
export type ApplicationEvent = {
  id: number;
  application_id: string;
  kind: ApplicationEventKind;
  reason: string | null;
  actor_id: string | null;
  created_at: string;
};

/**
 * The status an applicant reads: an application the evaluation declined (rejected, never decided by an
 * officer) is 'Not qualified'; a rejected one an officer decided is 'Declined'.
 */
export function applicantStatusLabel(status: ApplicationStatus, decidedAt: string | null): string {
  if (status === 'pending') return 'In review';
  if (status === 'approved') return 'Approved';
  return decidedAt === null ? 'Not qualified' : 'Declined';
}
