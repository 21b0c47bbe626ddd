import { formatDateTime } from '../../../../shared/format/dates.ts';

/** How the application detail names a moment and the person behind an entry (timeline, audit log, notes). */

export function when(date: string): string {
  return formatDateTime(date);
}

/** Who did it when the record itself says so, whatever account is on it (or none). */
export type RecordedActor = 'lender' | 'applicant' | 'system' | 'officer' | undefined;

/**
 * Only the applicant submits an application (signed in or not, so the event names no account) and answers a
 * consent request (answer_lender_consent); the evaluation at submission is the system's; lenders answer packages.
 */
const applicantEventKinds = new Set(['submitted', 'consent_approved', 'consent_declined', 'consent_withdrawn']);

function recordedActorOfEvent(kind: string | undefined): RecordedActor {
  if (kind?.startsWith('lender_')) return 'lender';
  // Offers come only through a lender's link; only the applicant accepts one.
  if (kind === 'offer_made' || kind === 'offer_revised' || kind === 'offer_withdrawn') return 'lender';
  if (kind === 'offer_accepted') return 'applicant';
  // The applicant reads the timeline too: a document event names no officer (the audit log and the checklist do).
  if (kind?.startsWith('document_')) return 'officer';
  if (kind === 'not_qualified') return 'system';
  return kind && applicantEventKinds.has(kind) ? 'applicant' : undefined;
}

/**
 * Who did it, as an officer reads it: the lender or the applicant when the record says so, 'you', 'the
 * applicant' (the application's own account, `applicantId`), 'officer 1a2b3c4d', or the applicant or the
 * system when no account is recorded.
 */
export function actor(
  entry: { actor_id: string | null; kind?: string },
  me: string | undefined,
  applicantId?: string | null,
  recorded: RecordedActor = recordedActorOfEvent(entry.kind),
): string {
  if (recorded === 'lender') return 'the lender';
  if (recorded === 'applicant') return 'the applicant';
  if (recorded === 'system') return 'the system';
  if (recorded === 'officer') return 'a loan officer';
  // A loan's stage names the officer who recorded it; none means the chosen lender, through its link.
  if (!entry.actor_id && entry.kind?.startsWith('loan_')) return 'the lender';
  if (!entry.actor_id) return 'the applicant or the system';
  if (entry.actor_id === me) return 'you';
  if (entry.actor_id === applicantId) return 'the applicant';
  return `officer ${entry.actor_id.slice(0, 8)}`;
}
