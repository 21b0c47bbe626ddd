import type { ApplicationStatus } from './transitions.ts';

/**
 * An application's status timeline (supabase table application_events, written by a trigger on
 * applications): what the applicant sees in the portal and the officer on the application.
 */
export const applicationEventKinds = [
  'submitted',
  'not_qualified',
  'in_review',
  'approved',
  'rejected',
  'consent_requested',
  'consent_approved',
  'consent_declined',
  'consent_withdrawn',
  'package_sent',
  'lender_interested',
  'lender_need_more_info',
  'lender_declined',
  'document_accepted',
  'document_needs_replacement',
  'document_requested',
  'document_request_cancelled',
  'document_not_needed',
  'document_needed_again',
  'document_reminder_sent',
  'offer_made',
  'offer_revised',
  'offer_withdrawn',
  'offer_accepted',
  'loan_in_closing',
  'loan_funded',
  'loan_did_not_close',
] as const;
export type ApplicationEventKind = (typeof applicationEventKinds)[number];

export const applicationEventLabels: Readonly<Record<ApplicationEventKind, string>> = {
  submitted: 'Application submitted',
  not_qualified: 'Not qualified at pre-qualification',
  in_review: 'In review with a loan officer',
  approved: 'Approved',
  rejected: 'Declined',
  consent_requested: 'Consent requested to share the package with a lender',
  consent_approved: 'Lender approved by the applicant',
  consent_declined: 'Lender declined by the applicant',
  consent_withdrawn: 'Approval of a lender withdrawn by the applicant',
  package_sent: 'Loan package sent to a lender',
  lender_interested: 'The lender is interested',
  lender_need_more_info: 'The lender needs more information',
  lender_declined: 'The lender declined',
  document_accepted: 'Document accepted',
  document_needs_replacement: 'Document needs replacement',
  document_requested: 'Document requested',
  document_request_cancelled: 'Document request cancelled',
  document_not_needed: 'Document not needed for this application',
  document_needed_again: 'Document needed again',
  document_reminder_sent: 'Reminder e-mailed: documents still needed',
  offer_made: 'Offer received',
  offer_revised: 'Offer revised',
  offer_withdrawn: 'Offer withdrawn',
  offer_accepted: 'Offer accepted',
  loan_in_closing: 'Loan in closing',
  loan_funded: 'Loan funded',
  loan_did_not_close: 'Loan did not close',
};

/**
 * The labels of the officer's timeline: the applicant's, except an officer's rejection. The officer's screens call it
 * Rejected (its list, its button, its status) and the applicant's call it Declined: the officer reads both words.
 */
export const officerEventLabels: Readonly<Record<ApplicationEventKind, string>> = {
  ...applicationEventLabels,
  rejected: `Rejected (shown to the applicant as ${applicationEventLabels.rejected})`,
};

/**
 * An event's label with whom it is about: 'Loan package sent to a lender: Sierra Community Bank'; in the applicant's
 * words unless the officer's labels are given.
 */
export function applicationEventText(
  event: Pick<ApplicationEvent, 'kind' | 'subject'>,
  labels: Readonly<Record<ApplicationEventKind, string>> = applicationEventLabels,
): string {
  const label = labels[event.kind];
  return event.subject ? `${label}: ${event.subject}` : label;
}

/** How an event's reason is introduced: a lender's answer carries the lender's note, a decision its reason. */
export function eventNoteLabel(kind: ApplicationEventKind): string {
  return kind.startsWith('lender_') ? 'Lender’s note' : 'Reason';
}

/** An application_events row as the API returns it. */
export type ApplicationEvent = {
  id: number;
  application_id: string;
  kind: ApplicationEventKind;
  reason: string | null;
  /** Whom the event is about (a lender's name), when it is about someone. */
  subject: string | null;
  actor_id: string | null;
  created_at: string;
};

/** The timeline's words for where an approved application's loan stands (applications.loan_stage). */
const loanStageEvents = {
  accepted: 'offer_accepted',
  in_closing: 'loan_in_closing',
  funded: 'loan_funded',
  did_not_close: 'loan_did_not_close',
} as const satisfies Record<string, ApplicationEventKind>;

/**
 * The status an applicant reads: an application the evaluation declined (rejected, never decided by an
 * officer) is 'Not qualified'; a rejected one an officer decided is 'Declined'; an approved one says where its loan
 * stands once an offer is accepted ('Approved · Loan in closing'), in the timeline's words.
 */
export function applicantStatusLabel(
  status: ApplicationStatus,
  decidedAt: string | null,
  loanStage: keyof typeof loanStageEvents | null = null,
): string {
  if (status === 'pending') return 'In review';
  if (status === 'approved') {
    return loanStage ? `Approved · ${applicationEventLabels[loanStageEvents[loanStage]]}` : 'Approved';
  }
  return decidedAt === null ? 'Not qualified' : 'Declined';
}
