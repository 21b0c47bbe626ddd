import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type {
  Checklist,
  ChecklistDocument,
  ChecklistItem,
  ReviewedDocument,
} from '../../../shared/checklist/document-checklist.ts';
import { formatLongDate } from '../../../shared/format/dates.ts';
import { applicantLetter, type Addressee } from './applicant-events.ts';
import type { MailMessage, SendMail } from './mail.ts';
import { rowsOf } from './service-client.ts';
import { sendOfficerUploadEmails } from './officer-document-emails.ts';
import { storedChecklist } from './stored-checklist.ts';

/**
 * What the applicant is e-mailed about their documents without an officer writing anything (docs/product.md,
 * Document checklist): the officers' reviews, a few at a time, and reminders of what is still outstanding.
 * server/ runs `sendDocumentEmails` every few minutes; a hosted project's pg_cron calls the document-emails
 * function, which runs the same.
 */

/** When the applicant hears of reviews and is reminded of what is outstanding. */
export type DocumentEmailPolicy = {
  /**
   * Reviews of an application made within this many seconds of each other go in one e-mail, sent once no review
   * has come for that long.
   */
  reviewBatchSeconds: number;
  /** A reminder goes after this many days without anything happening on the application's documents. */
  reminderDays: number;
  /** At most this many reminders per application; 0: none. */
  reminderLimit: number;
};

const wholeNumber = (name: string, unit: string, fallback: number, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number of ${unit}` })
    .int(`${name} must be a whole number of ${unit}`)
    .min(min, `${name} must be ${min} or more`)
    .default(fallback);

/**
 * The settings of the policy, by the names server/ reads from its environment and a hosted function from its
 * secrets (README, Configuration).
 */
export const documentEmailSettings = {
  REVIEW_EMAIL_BATCH_SECONDS: wholeNumber('REVIEW_EMAIL_BATCH_SECONDS', 'seconds', 120, 1),
  DOCUMENT_REMINDER_DAYS: wholeNumber('DOCUMENT_REMINDER_DAYS', 'days', 3, 1),
  DOCUMENT_REMINDER_LIMIT: wholeNumber('DOCUMENT_REMINDER_LIMIT', 'reminders', 3, 0),
};

/** The policy from those settings (each unset or empty one at its default); throws naming what is wrong. */
export function documentEmailPolicyFrom(get: (name: string) => string | undefined): DocumentEmailPolicy {
  const values = Object.fromEntries(Object.keys(documentEmailSettings).map((name) => [name, get(name) || undefined]));
  const parsed = z.object(documentEmailSettings).safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  return documentEmailPolicyOf(parsed.data);
}

/** The policy from the parsed settings. */
export function documentEmailPolicyOf(settings: {
  REVIEW_EMAIL_BATCH_SECONDS: number;
  DOCUMENT_REMINDER_DAYS: number;
  DOCUMENT_REMINDER_LIMIT: number;
}): DocumentEmailPolicy {
  return {
    reviewBatchSeconds: settings.REVIEW_EMAIL_BATCH_SECONDS,
    reminderDays: settings.DOCUMENT_REMINDER_DAYS,
    reminderLimit: settings.DOCUMENT_REMINDER_LIMIT,
  };
}

type Environment = { service: SupabaseClient; siteUrl: string; sendMail: SendMail };

/** The reviews' timeline events, which the review e-mails tell of. */
const REVIEW_KINDS = ['document_accepted', 'document_needs_replacement'] as const;

/** How far back review e-mails look: a review older than a week is no news to e-mail any more. */
const REVIEW_WINDOW_DAYS = 7;

type Applicant = Addressee & { businessName: string };

async function applicantOf(service: SupabaseClient, applicationId: string): Promise<Applicant | undefined> {
  const { data, error } = await service
    .from('applications')
    .select('email, first_name, business_name, user_id')
    .eq('id', applicationId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return undefined;
  return {
    email: String(data.email),
    firstName: String(data.first_name),
    businessName: String(data.business_name),
    hasAccount: data.user_id !== null,
  };
}

/**
 * One officer's review as the applicant is told of it: the file, the checklist item it is filed under, and why it
 * needs replacing if it does, unless the applicant has replaced it since (the e-mail waits for the officer to be
 * done, and the applicant may have been quicker).
 */
export type ReviewNews = {
  fileName: string;
  accepted: boolean;
  reason: string | null;
  item?: string | undefined;
  replacedSince?: boolean;
};

function reviewLine(review: ReviewNews): string {
  const named = review.item ? `${review.item} (${review.fileName})` : review.fileName;
  if (review.accepted) return `• ${named}: accepted.`;
  if (review.replacedSince) return `• ${named}: needed replacing, and you have uploaded its replacement since.`;
  return `• ${named}: needs replacement. Your loan officer's note: ${review.reason ?? ''}`;
}

/** The e-mail of a batch of reviews: every document reviewed, accepted or to be replaced (and why). */
export function reviewsEmail(applicant: Applicant, reviews: readonly ReviewNews[], siteUrl: string): MailMessage {
  const toReplace = reviews.filter((review) => !review.accepted && !review.replacedSince).length;
  const listed = reviews.map(reviewLine);
  return applicantLetter(
    applicant,
    reviews.length === 1 ? 'Your loan officer reviewed your document' : 'Your loan officer reviewed your documents',
    [
      `Your loan officer reviewed ${reviews.length === 1 ? 'a document' : `${reviews.length} documents`} of ${applicant.businessName}:`,
      listed.join('\n'),
      toReplace === 0
        ? 'Nothing more is needed from you for these.'
        : `Please upload a replacement for ${toReplace === 1 ? 'the document' : 'each document'} that needs it, in your client portal.`,
    ],
    siteUrl,
  );
}

/** What an outstanding item is told as: its name, its due day, and why it needs replacing. */
function outstandingLine(item: ChecklistItem): string {
  const due = item.dueDate ? ` (due ${formatLongDate(item.dueDate, 'UTC')})` : '';
  if (item.state === 'needs_replacement') {
    return `• ${item.title}${due}: needs replacement. Your loan officer's note: ${item.reasons.join(' ')}`;
  }
  return `• ${item.title}${due}: missing.`;
}

/** The reminder: exactly what is still outstanding (missing or needing replacement). */
export function reminderEmail(
  applicant: Applicant,
  outstanding: readonly ChecklistItem[],
  siteUrl: string,
): MailMessage {
  return applicantLetter(
    applicant,
    outstanding.length === 1 ? 'A reminder: a document is still needed' : 'A reminder: documents are still needed',
    [
      `Your loan officer is still waiting for ${outstanding.length === 1 ? 'a document' : `${outstanding.length} documents`} for the application of ${applicant.businessName}:`,
      outstanding.map(outstandingLine).join('\n'),
      'Your application moves forward as soon as they are uploaded in your client portal.',
    ],
    siteUrl,
  );
}

/**
 * E-mails each application's reviews that the applicant has not heard of, once no review of it has come for
 * `reviewBatchSeconds`: one e-mail per application naming every document and reason. The events are claimed
 * first (notified_at stamped where it was empty), so two servers never send the same review twice; a failed send
 * gives them back. Answers how many e-mails were sent.
 */
export async function sendReviewEmails(environment: Environment, policy: DocumentEmailPolicy, now = new Date()) {
  const { service } = environment;
  const pending = await rowsOf<{ id: number; application_id: string; created_at: string }>(
    service
      .from('application_events')
      .select('id, application_id, created_at')
      .in('kind', REVIEW_KINDS)
      .is('notified_at', null)
      .gt('created_at', new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 3600 * 1000).toISOString())
      .order('id')
      .limit(1000),
  );
  const quietSince = now.getTime() - policy.reviewBatchSeconds * 1000;
  const byApplication = new Map<string, typeof pending>();
  for (const event of pending) {
    const applicationId = String(event.application_id);
    byApplication.set(applicationId, [...(byApplication.get(applicationId) ?? []), event]);
  }
  let sent = 0;
  for (const [applicationId, events] of byApplication) {
    // Still reviewing: the e-mail waits until the officer has been done for a while.
    if (events.some((event) => new Date(event.created_at).getTime() > quietSince)) continue;
    const applicant = await applicantOf(service, applicationId);
    if (!applicant) continue;
    const claimed = await rowsOf<{ id: number; kind: string; subject: string | null; reason: string | null }>(
      service
        .from('application_events')
        .update({ notified_at: now.toISOString() })
        .in(
          'id',
          events.map((event) => event.id),
        )
        .is('notified_at', null)
        .select('id, kind, subject, reason')
        .order('id'),
    );
    if (claimed.length === 0) continue;
    // A document reviewed twice in the batch (flagged, then accepted on second thought) is told once, as its
    // latest review has it: the latest review stands. The events name the file, not the document.
    const latest = new Map<string, ReviewNews>();
    for (const event of claimed) {
      const fileName = event.subject ?? 'A document';
      latest.delete(fileName);
      latest.set(fileName, { fileName, accepted: event.kind === 'document_accepted', reason: event.reason });
    }
    const news = withChecklistNow(
      [...latest.values()],
      await storedChecklist<{ file_name: string }>(service, applicationId, ['file_name']),
    );
    try {
      await environment.sendMail(reviewsEmail(applicant, news, environment.siteUrl));
    } catch (failure) {
      await service
        .from('application_events')
        .update({ notified_at: null })
        .in(
          'id',
          claimed.map((event) => event.id),
        );
      throw failure;
    }
    sent += 1;
  }
  return sent;
}

/**
 * The reviews told with where their files stand now: the checklist item each is filed under, and whether a file
 * sent back has been replaced since. The timeline's events name a file, not a document, and a replacement may have
 * the same name: a name is replaced since when no current file of that name is still waiting to be replaced.
 */
function withChecklistNow(news: ReviewNews[], checklist: Checklist<ChecklistDocument & { file_name: string }>) {
  return news.map((review) => {
    const named = (documents: readonly ReviewedDocument<ChecklistDocument & { file_name: string }>[]) =>
      documents.filter((reviewed) => reviewed.document.file_name === review.fileName);
    const current = checklist.items.flatMap((item) => named(item.current).map((reviewed) => ({ item, reviewed })));
    const replaced = checklist.items.flatMap((item) => named(item.replaced).map((reviewed) => ({ item, reviewed })));
    const stillFlagged = current.some(({ reviewed }) => reviewed.review?.outcome === 'needs_replacement');
    return {
      ...review,
      item: (current[0] ?? replaced[0])?.item.title,
      replacedSince: !review.accepted && !stillFlagged && replaced.length > 0,
    };
  });
}

/**
 * E-mails the reminders due now (claim_due_document_reminders says which: pending applications waiting on their
 * applicant, quiet for `reminderDays`, reminded fewer than `reminderLimit` times), each listing exactly what is
 * outstanding. A reminder whose e-mail fails is given back for the next run. Answers how many were sent.
 */
export async function sendDocumentReminders(environment: Environment, policy: DocumentEmailPolicy): Promise<number> {
  if (policy.reminderLimit === 0) return 0;
  const { service } = environment;
  const claimed = await rowsOf<{ id: string; application_id: string }>(
    service.rpc('claim_due_document_reminders', {
      every_days: policy.reminderDays,
      at_most: policy.reminderLimit,
    }),
  );
  let sent = 0;
  let failure: unknown;
  for (const reminder of claimed) {
    let delivered = false;
    try {
      delivered = await remind(environment, reminder.application_id);
    } catch (error) {
      failure ??= error;
    }
    if (delivered) {
      sent += 1;
      continue;
    }
    // Not sent (the e-mail failed, or an upload made meanwhile left nothing outstanding): the next run decides.
    const released = await service.rpc('release_document_reminder', { reminder_id: reminder.id });
    if (released.error) throw new Error(released.error.message);
  }
  if (failure) throw failure;
  return sent;
}

/** E-mails one application's reminder; false when nothing is outstanding any more. */
async function remind(environment: Environment, applicationId: string): Promise<boolean> {
  const applicant = await applicantOf(environment.service, applicationId);
  const outstanding = (await storedChecklist(environment.service, applicationId)).items.filter(
    (item) => item.state === 'missing' || item.state === 'needs_replacement',
  );
  if (!applicant || outstanding.length === 0) return false;
  await environment.sendMail(reminderEmail(applicant, outstanding, environment.siteUrl));
  return true;
}

/**
 * Both of the above, and the officers' e-mails of the files that answer them (officer-document-emails.ts), as
 * server/ and the document-emails function run them.
 */
export async function sendDocumentEmails(
  environment: Environment,
  policy: DocumentEmailPolicy,
): Promise<{ reviewEmails: number; reminders: number; officerEmails: number }> {
  const reviewEmails = await sendReviewEmails(environment, policy);
  const reminders = await sendDocumentReminders(environment, policy);
  const officerEmails = await sendOfficerUploadEmails(environment, policy);
  return { reviewEmails, reminders, officerEmails };
}
