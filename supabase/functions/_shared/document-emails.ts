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
 * Document checklist): the officers' requests, cancellations and reviews, a batch at a time, and reminders of what
 * is still outstanding.
 * server/ runs `sendDocumentEmails` every few minutes; a hosted project's pg_cron calls the document-emails
 * function, which runs the same.
 */

/** When the applicant hears of the officers' work on their documents and is reminded of what is outstanding. */
export type DocumentEmailPolicy = {
  /**
   * Requests, cancellations and reviews of an application made within this many seconds of each other go in one
   * e-mail, sent once none has come for that long (the setting keeps its first name, from when it was reviews only).
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

/** The reviews' timeline events. */
const REVIEW_KINDS = ['document_accepted', 'document_needs_replacement'] as const;

/** The requests' timeline events: a request, and its cancellation. */
const REQUEST_KINDS = ['document_requested', 'document_request_cancelled'] as const;

/**
 * How far back the update e-mails look: a review or request older than a week is no news to e-mail any more (a
 * server that was down longer does not send it late; the portal and the reminders still tell of it).
 */
const UPDATE_WINDOW_DAYS = 7;

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

/** A request as the applicant is told of it: its title, its due day, and whether a file came for it since. */
export type RequestNews = { title: string; dueDate: string | null; answeredSince?: boolean };

/** A cancelled request: its title and the officer's reason. */
export type CancellationNews = { title: string; reason: string | null };

/** What one update e-mail tells: the officer's requests, cancellations and reviews since the last one. */
export type DocumentUpdate = {
  requests: readonly RequestNews[];
  cancellations: readonly CancellationNews[];
  reviews: readonly ReviewNews[];
};

const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

function requestLine(request: RequestNews): string {
  const due = request.dueDate ? `, due ${formatLongDate(request.dueDate, 'UTC')}` : '';
  return request.answeredSince
    ? `• ${request.title}${due}: you have uploaded a file for it since.`
    : `• ${request.title}${due}.`;
}

function cancellationLine(cancellation: CancellationNews): string {
  const note = cancellation.reason ? ` Your loan officer's note: ${cancellation.reason}` : '';
  return `• ${cancellation.title}: no longer needed, there is nothing to upload for it.${note}`;
}

function updateSubject({ requests, cancellations, reviews }: DocumentUpdate): string {
  if ([requests, cancellations, reviews].filter((told) => told.length > 0).length > 1) {
    return 'Your loan officer has news about your documents';
  }
  if (requests.length > 0) return `Your loan officer asked for ${count(requests.length, 'a document', 'documents')}`;
  if (cancellations.length > 0) {
    return `Your loan officer cancelled ${count(cancellations.length, 'a document request', 'document requests')}`;
  }
  return reviews.length === 1
    ? 'Your loan officer reviewed your document'
    : 'Your loan officer reviewed your documents';
}

/**
 * The e-mail of a batch of the officers' work on an application's documents, so that an officer asking for three
 * documents and going through six files sends one e-mail, not nine: what was asked for (with its due day), which
 * requests were cancelled (and why), and every document reviewed, accepted or to be replaced (and why).
 */
export function documentUpdateEmail(applicant: Applicant, update: DocumentUpdate, siteUrl: string): MailMessage {
  const { requests, cancellations, reviews } = update;
  const body: string[] = [];
  if (requests.length > 0) {
    body.push(
      `Your loan officer asked for ${count(requests.length, 'a document', 'documents')} for ${applicant.businessName}:`,
      requests.map(requestLine).join('\n'),
      `${requests.length === 1 ? 'The request' : 'Each request'} in your client portal says exactly what is needed, and you can upload ${requests.length === 1 ? 'it' : 'them'} there.`,
    );
  }
  if (cancellations.length > 0) {
    body.push(
      `Your loan officer cancelled ${count(cancellations.length, 'a document request', 'document requests')} for ${applicant.businessName}:`,
      cancellations.map(cancellationLine).join('\n'),
    );
  }
  if (reviews.length > 0) {
    const toReplace = reviews.filter((review) => !review.accepted && !review.replacedSince).length;
    body.push(
      `Your loan officer reviewed ${count(reviews.length, 'a document', 'documents')} of ${applicant.businessName}:`,
      reviews.map(reviewLine).join('\n'),
      toReplace === 0
        ? 'Nothing more is needed from you for these.'
        : `Please upload a replacement for ${toReplace === 1 ? 'the document' : 'each document'} that needs it, in your client portal.`,
    );
  }
  return applicantLetter(applicant, updateSubject(update), body, siteUrl);
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
 * E-mails each application's document updates that the applicant has not heard of (the officers' requests,
 * cancellations and reviews), once none of them has come for `reviewBatchSeconds`: one e-mail per application.
 * The events are claimed first (notified_at stamped where it was empty), so two servers never send the same one
 * twice; a failed send gives them back. Answers how many e-mails were sent.
 */
export async function sendDocumentUpdateEmails(
  environment: Environment,
  policy: DocumentEmailPolicy,
  now = new Date(),
): Promise<number> {
  const { service } = environment;
  const pending = await rowsOf<{ id: number; application_id: string; created_at: string }>(
    service
      .from('application_events')
      .select('id, application_id, created_at')
      .in('kind', [...REVIEW_KINDS, ...REQUEST_KINDS])
      .is('notified_at', null)
      .gt('created_at', new Date(now.getTime() - UPDATE_WINDOW_DAYS * 24 * 3600 * 1000).toISOString())
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
    // Still at work: the e-mail waits until the officer has been done for a while.
    if (events.some((event) => new Date(event.created_at).getTime() > quietSince)) continue;
    const applicant = await applicantOf(service, applicationId);
    if (!applicant) continue;
    const claimed = await rowsOf<ClaimedEvent>(
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
    const update = withChecklistNow(
      updateOf(claimed),
      await storedChecklist<{ file_name: string }>(service, applicationId, ['file_name']),
    );
    // A request asked and cancelled within the batch leaves nothing to tell.
    if (update.requests.length + update.cancellations.length + update.reviews.length === 0) continue;
    try {
      await environment.sendMail(documentUpdateEmail(applicant, update, environment.siteUrl));
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

type ClaimedEvent = { id: number; kind: string; subject: string | null; reason: string | null };

/**
 * What a batch of events tells, in the order they happened. A document reviewed twice (flagged, then accepted on
 * second thought) is told once, as its latest review has it; the events name the file, not the document. A request
 * cancelled in the batch that asked for it is not told at all: the applicant never heard of it.
 */
function updateOf(events: readonly ClaimedEvent[]): DocumentUpdate {
  const reviews = new Map<string, ReviewNews>();
  const requests = new Map<string, RequestNews>();
  const cancellations: CancellationNews[] = [];
  for (const event of events) {
    const title = event.subject ?? 'A document';
    if (event.kind === 'document_requested') {
      requests.set(title, { title, dueDate: null });
    } else if (event.kind === 'document_request_cancelled') {
      if (!requests.delete(title)) cancellations.push({ title, reason: event.reason });
    } else {
      reviews.delete(title);
      reviews.set(title, { fileName: title, accepted: event.kind === 'document_accepted', reason: event.reason });
    }
  }
  return { requests: [...requests.values()], cancellations, reviews: [...reviews.values()] };
}

/**
 * The update told with where things stand now. A request with its due day and whether a file came for it before the
 * e-mail went, read from the newest request of its title not cancelled: the event names the request by its title,
 * and a title is asked again only once its earlier request is answered or cancelled. A review with the checklist item its file is filed under, and whether a file
 * sent back has been replaced since: the events name a file, not a document, and a replacement may have the same
 * name, so a name is replaced since when no current file of that name is still waiting to be replaced.
 */
function withChecklistNow(
  update: DocumentUpdate,
  checklist: Checklist<ChecklistDocument & { file_name: string }>,
): DocumentUpdate {
  const requests = update.requests.map((request) => {
    // The checklist lists the requests oldest first.
    const open = checklist.items.findLast(
      (item) => item.kind === 'requested' && item.title === request.title && item.state !== 'cancelled',
    );
    return { ...request, dueDate: open?.dueDate ?? null, answeredSince: (open?.current.length ?? 0) > 0 };
  });
  const reviews = update.reviews.map((review) => {
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
  return { ...update, requests, reviews };
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
): Promise<{ updateEmails: number; reminders: number; officerEmails: number }> {
  const updateEmails = await sendDocumentUpdateEmails(environment, policy);
  const reminders = await sendDocumentReminders(environment, policy);
  const officerEmails = await sendOfficerUploadEmails(environment, policy);
  return { updateEmails, reminders, officerEmails };
}
