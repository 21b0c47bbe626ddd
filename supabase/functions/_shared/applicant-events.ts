import type { SupabaseClient } from '@supabase/supabase-js';
import { brand } from '../../../shared/brand/brand.ts';
import {
  applicationEventLabels,
  applicationEventText,
  type ApplicationEventKind,
} from '../../../shared/status/timeline.ts';
import { linesEmail, type MailMessage, type SendMail } from './mail.ts';

/**
 * Timeline events an applicant is e-mailed about, once each (the submission has its own e-mail, send-emails;
 * the applicant's own consent answers are not news to them; the officers' document requests and reviews go a batch
 * at a time, document-emails.ts).
 */
export const NOTIFIED_KINDS: readonly ApplicationEventKind[] = [
  'approved',
  'rejected',
  'consent_requested',
  'package_sent',
  'lender_interested',
  'lender_need_more_info',
  'lender_declined',
  'offer_made',
  'offer_revised',
  'offer_withdrawn',
  'loan_in_closing',
  'loan_funded',
  'loan_did_not_close',
];

/** What an applicant is told about a change of their application (approved, declined, a lender's answer...). */
export type ApplicationChange = {
  kind: ApplicationEventKind;
  reason: string | null;
  /** The lender the event is about, if any. */
  subject: string | null;
  email: string;
  firstName: string;
  businessName: string;
  /** Whether the application belongs to an account already (applications.user_id). */
  hasAccount: boolean;
};

/** Each notified event's headline: the e-mail's subject after the product's name, so it has no colon of its own. */
const headlines: Partial<Record<ApplicationEventKind, string>> = {
  approved: 'Good news, your application has been approved',
  rejected: 'An update on your application',
  in_review: 'A loan officer is reviewing your application',
  consent_requested: 'Your approval is needed before we send your package to a lender',
  package_sent: 'Your loan package was sent to a lender',
  lender_interested: 'Good news, a lender is interested',
  lender_need_more_info: 'A lender needs more information',
  lender_declined: 'A lender answered your loan package',
  offer_made: 'A lender made you an offer',
  offer_revised: 'A lender revised its offer',
  offer_withdrawn: 'A lender withdrew its offer',
  loan_in_closing: 'Your loan is in closing',
  loan_funded: 'Your loan is funded',
  loan_did_not_close: 'An update on your loan',
};

/** The sentence saying what happened, in the applicant's words. */
function whatHappened(change: ApplicationChange): string {
  const lender = change.subject ?? 'a lender';
  switch (change.kind) {
    case 'consent_requested':
      return `We would like to send the loan package of ${change.businessName} to ${lender}. Nothing is shared until you approve this lender in your client portal; you can also decline it.`;
    case 'package_sent':
      return `The loan package of ${change.businessName} was sent to ${lender}, with your approval. We will tell you when they answer.`;
    case 'offer_made':
      return `${lender} made an offer for the loan of ${change.businessName}. Compare it with any other offer in your client portal and accept the one you choose there: nothing is agreed until you accept.`;
    case 'offer_revised':
      return `${lender} changed the terms of its offer for the loan of ${change.businessName}. Your client portal shows the new terms beside any other offer.`;
    case 'offer_withdrawn':
      return `${lender} withdrew its offer for the loan of ${change.businessName}; it can no longer be accepted.`;
    case 'loan_in_closing':
      return `The loan of ${change.businessName} is in closing with the lender you chose. Your loan officer and the lender will tell you what closing needs.`;
    case 'loan_funded':
      return `The loan of ${change.businessName} is funded. Thank you for letting us help.`;
    case 'loan_did_not_close':
      return `The loan of ${change.businessName} did not close.`;
    case 'lender_interested':
    case 'lender_need_more_info':
    case 'lender_declined':
      return `${lender} answered about the loan package of ${change.businessName}: ${applicationEventLabels[change.kind].replace(/^The lender /, '')}.`;
    default:
      return `The status of the application for ${change.businessName} is now: ${applicationEventText(change)}.`;
  }
}

/** What comes next, for a decision (an approval is not yet a loan: we are not a lender). */
function nextLine(change: ApplicationChange): string[] {
  if (change.kind === 'approved') {
    return [
      `What this means: ${brand.productName} is not a lender, so this is not a loan yet. Next, your loan officer matches ${change.businessName} with lenders in our network and asks your approval before your loan package goes to any of them. Make sure every required document is uploaded in your client portal.`,
    ];
  }
  if (change.kind === 'rejected') {
    return ['We would be glad to talk about what would help, and you can apply again whenever your situation changes.'];
  }
  return [];
}

function noteLine(change: ApplicationChange): string[] {
  if (!change.reason) return [];
  if (change.kind === 'loan_did_not_close') return [`The reason given: ${change.reason}`];
  return change.kind.startsWith('lender_')
    ? [`The lender's note: ${change.reason}`]
    : [`Your loan officer's note: ${change.reason}`];
}

/** Whom an applicant's e-mail goes to, and how it greets them. */
export type Addressee = { email: string; firstName: string; hasAccount: boolean };

/**
 * An e-mail to an applicant: the greeting, `body`, where to follow the application (the portal, which an
 * applicant without an account joins with this address) and whom to ask.
 */
export function applicantLetter(to: Addressee, subject: string, body: string[], siteUrl: string): MailMessage {
  const portal = `${siteUrl}/portal`;
  const lines = [
    `Hi ${to.firstName},`,
    ...body,
    to.hasAccount
      ? `You can follow every step in your client portal: ${portal}`
      : `You can follow every step in your client portal (if you have no account yet, create it there with this e-mail address): ${portal}`,
    `Questions? Call ${brand.contactPhone} or write to ${brand.contactEmail}.`,
  ];
  // The portal's address is a link in the HTML part, and a note keeps its line breaks.
  return linesEmail(to.email, `${brand.productName}: ${subject}`, lines, siteUrl);
}

export function applicationChangeEmail(change: ApplicationChange, siteUrl: string): MailMessage {
  const headline = headlines[change.kind] ?? 'An update on your application';
  return applicantLetter(
    change,
    headline,
    [`${headline}. ${whatHappened(change)}`, ...noteLine(change), ...nextLine(change)],
    siteUrl,
  );
}

/**
 * E-mails the applicant each event of their application they should know about and have not been told yet,
 * one e-mail per event. Each event is claimed first (notified_at stamped where it was empty), so two calls at
 * once (an officer's and the server's retry, say) never send the same e-mail twice; a failed send gives the
 * claim back, for the next call. Answers how many were sent; undefined when there is no such application.
 */
export async function notifyApplicantOfEvents(
  environment: { service: SupabaseClient; siteUrl: string; sendMail: SendMail },
  applicationId: string,
): Promise<number | undefined> {
  const { service } = environment;
  const { data: application, error } = await service
    .from('applications')
    .select('email, first_name, business_name, user_id')
    .eq('id', applicationId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!application) return undefined;
  const events = await service
    .from('application_events')
    .select('id, kind, reason, subject')
    .eq('application_id', applicationId)
    .in('kind', NOTIFIED_KINDS)
    .is('notified_at', null)
    .order('id');
  if (events.error) throw new Error(events.error.message);
  let sent = 0;
  for (const event of events.data ?? []) {
    const claimed = await service
      .from('application_events')
      .update({ notified_at: new Date().toISOString() })
      .eq('id', event.id)
      .is('notified_at', null)
      .select('id');
    if (claimed.error) throw new Error(claimed.error.message);
    if (claimed.data.length === 0) continue;
    try {
      await environment.sendMail(
        applicationChangeEmail(
          {
            kind: event.kind,
            reason: event.reason,
            subject: event.subject,
            email: application.email,
            firstName: application.first_name,
            businessName: application.business_name,
            hasAccount: application.user_id !== null,
          },
          environment.siteUrl,
        ),
      );
    } catch (failure) {
      await service.from('application_events').update({ notified_at: null }).eq('id', event.id);
      throw failure;
    }
    sent += 1;
  }
  return sent;
}

/** How far back the server's retry looks: a change older than a week is no news to e-mail any more. */
const HELD_BACK_WINDOW_DAYS = 7;

/**
 * The retry of the e-mails above: an officer's change is e-mailed by the officer's browser right after it is
 * stored (notify-applicant), which can fail after the change is saved (the officer's session was signed out
 * elsewhere, the connection dropped, the window closed). The server calls this every so often: each event not
 * e-mailed yet, made more than `olderThanSeconds` ago and within the last week, is e-mailed now. Answers how many
 * e-mails were sent.
 */
export async function notifyHeldBackApplicantEvents(
  environment: { service: SupabaseClient; siteUrl: string; sendMail: SendMail },
  olderThanSeconds: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - olderThanSeconds * 1000);
  const after = new Date(now.getTime() - HELD_BACK_WINDOW_DAYS * 24 * 3600 * 1000);
  const held = await environment.service
    .from('application_events')
    .select('application_id')
    .in('kind', NOTIFIED_KINDS)
    .is('notified_at', null)
    .lt('created_at', before.toISOString())
    .gt('created_at', after.toISOString())
    .order('id')
    .limit(500);
  if (held.error) throw new Error(held.error.message);
  let sent = 0;
  for (const applicationId of new Set(held.data.map((row) => String(row.application_id)))) {
    sent += (await notifyApplicantOfEvents(environment, applicationId)) ?? 0;
  }
  return sent;
}
