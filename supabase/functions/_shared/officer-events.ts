import type { SupabaseClient } from '@supabase/supabase-js';
import { brand } from '../../../shared/brand/brand.ts';
import type { ApplicationEventKind } from '../../../shared/status/timeline.ts';
import { linesEmail, type MailMessage, type SendMail } from './mail.ts';

/** The applicant's answers to a consent request, which the officer who asked is e-mailed once each. */
export const CONSENT_ANSWER_KINDS = ['consent_approved', 'consent_declined', 'consent_withdrawn'] as const;
export type ConsentAnswerKind = (typeof CONSENT_ANSWER_KINDS)[number] & ApplicationEventKind;

/** What the officer is told about one answer. */
export type ConsentAnswer = {
  kind: ConsentAnswerKind;
  /** The lender's name, as the timeline recorded it. */
  lender: string;
  applicationId: string;
  businessName: string;
  applicantName: string;
};

const answerTexts: Record<ConsentAnswerKind, { verb: string; next: string }> = {
  consent_approved: {
    verb: 'approved sending the loan package to',
    next: 'You can send the package to this lender now, from the Bank Packages of the application:',
  },
  consent_declined: {
    verb: 'declined sending the loan package to',
    next: 'Nothing goes to this lender. The application, to choose another lender:',
  },
  consent_withdrawn: {
    verb: 'withdrew the approval to send the loan package to',
    next: 'The lender links already sent to this lender for the application are closed. The application:',
  },
};

/** The e-mail to the officer who asked: who answered what, for which lender, and the application's link. */
export function consentAnswerEmail(answer: ConsentAnswer, to: string, siteUrl: string): MailMessage {
  const text = answerTexts[answer.kind];
  const lines = [
    `${answer.applicantName} (${answer.businessName}) ${text.verb} ${answer.lender}.`,
    `${text.next} ${siteUrl}/admin?list=approved&application=${answer.applicationId}`,
  ];
  return linesEmail(
    to,
    `${answer.businessName}: the applicant ${text.verb.split(' ')[0]} ${answer.lender}`,
    lines,
    siteUrl,
  );
}

/** An officer's e-mail address; the loans desk's when the account is gone (or none is named). */
export async function officerAddress(service: SupabaseClient, officerId: string | null | undefined): Promise<string> {
  if (!officerId) return brand.loansEmail;
  const officer = await service.auth.admin.getUserById(officerId);
  return officer.data.user?.email ?? brand.loansEmail;
}

/**
 * E-mails the officer who asked each consent of the application the applicant has answered since, once per
 * answer: each event is claimed (officer_notified_at) before its e-mail goes, so two calls at once send it once,
 * and given back when the e-mail fails, so a later call sends it. The officer is the one whose request the
 * answer follows; the loans desk when that account is gone. Answers how many were sent.
 */
export async function notifyOfficerOfConsentAnswers(
  environment: { service: SupabaseClient; siteUrl: string; sendMail: SendMail },
  application: { id: string; business_name: string; first_name: string; last_name: string },
): Promise<number> {
  const { service } = environment;
  const events = await service
    .from('application_events')
    .select('id, kind, subject, actor_id, officer_notified_at')
    .eq('application_id', application.id)
    .in('kind', ['consent_requested', ...CONSENT_ANSWER_KINDS])
    .order('id');
  if (events.error) throw new Error(events.error.message);
  type EventRow = {
    id: number;
    kind: string;
    subject: string | null;
    actor_id: string | null;
    officer_notified_at: string | null;
  };
  const rows = (events.data ?? []) as EventRow[];
  // The officer who asked: the actor of the latest request for the same lender before the answer.
  const askedBy = (answer: EventRow) =>
    rows
      .filter((row) => row.kind === 'consent_requested' && row.subject === answer.subject && row.id < answer.id)
      .at(-1)?.actor_id;

  let sent = 0;
  for (const event of rows) {
    if (event.kind === 'consent_requested' || event.officer_notified_at !== null) continue;
    const claimed = await service
      .from('application_events')
      .update({ officer_notified_at: new Date().toISOString() })
      .eq('id', event.id)
      .is('officer_notified_at', null)
      .select('id');
    if (claimed.error) throw new Error(claimed.error.message);
    if ((claimed.data ?? []).length === 0) continue; // Another call is telling this one.

    const to = await officerAddress(service, askedBy(event));
    const answer: ConsentAnswer = {
      kind: event.kind as ConsentAnswerKind,
      lender: event.subject ?? 'a lender since deleted',
      applicationId: application.id,
      businessName: application.business_name,
      applicantName: `${application.first_name} ${application.last_name}`.trim(),
    };
    try {
      await environment.sendMail(consentAnswerEmail(answer, to, environment.siteUrl));
    } catch (error) {
      await service.from('application_events').update({ officer_notified_at: null }).eq('id', event.id);
      throw error;
    }
    sent += 1;
  }
  return sent;
}
