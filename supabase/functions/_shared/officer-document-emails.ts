import type { SupabaseClient } from '@supabase/supabase-js';
import { documentTypes } from '../../../shared/catalogue/documents.ts';
import { linesEmail, type MailMessage, type SendMail } from './mail.ts';
import { officerAddress } from './officer-events.ts';
import { rowsOf } from './service-client.ts';

/**
 * The other half of the document conversation: the loan officer who asked the applicant for a document (a
 * request) or sent a file back (needs replacement) is e-mailed when the applicant uploads the file that answers
 * them, so that nobody has to watch the list to know. Run with the applicant's review e-mails
 * (sendDocumentEmails), in the same batches: once the applicant has uploaded nothing for `reviewBatchSeconds`, one
 * e-mail per officer names every file that answers them.
 */

type Environment = { service: SupabaseClient; siteUrl: string; sendMail: SendMail };

/** Uploads older than this are not news any more (a server that was down for longer does not send them late). */
const ANSWER_WINDOW_DAYS = 7;

/** One uploaded file as its officer is told of it: the checklist item, the file, and what it answers. */
export type UploadNews = {
  item: string;
  fileName: string;
  answers: 'request' | 'more for the request' | 'replacement';
  /** For a replacement: the name of the file sent back. */
  replaced?: string | undefined;
};

/** The application an officer's e-mail is about. */
export type UploadedFor = { id: string; businessName: string; applicantName: string };

function answerText(news: UploadNews): string {
  if (news.answers === 'request') return 'the document you asked for';
  if (news.answers === 'more for the request') return 'another file for the document you asked for';
  return news.replaced
    ? `the replacement of ${news.replaced}, which you sent back`
    : 'the replacement of the file you sent back';
}

function uploadLine(news: UploadNews): string {
  return `• ${news.item} (${news.fileName}): ${answerText(news)}.`;
}

/** The e-mail to one officer: which files the applicant uploaded in answer to them, and where to review them. */
export function officerUploadsEmail(
  application: UploadedFor,
  news: readonly UploadNews[],
  to: string,
  siteUrl: string,
): MailMessage {
  const one = news.length === 1;
  return linesEmail(
    to,
    `${application.businessName}: the applicant uploaded ${one ? news[0]!.item : `${news.length} documents`}`,
    [
      `${application.applicantName} (${application.businessName}) uploaded ${one ? 'a file' : 'files'} you were waiting for:`,
      news.map(uploadLine).join('\n'),
      `Review ${one ? 'it' : 'them'} on the application: ${siteUrl}/admin?application=${application.id}`,
    ],
    siteUrl,
  );
}

type Upload = {
  id: string;
  application_id: string;
  type: string;
  file_name: string;
  request_id: string | null;
  replaces_id: string | null;
  created_at: string;
};

/**
 * Who each claimed upload answers, and how it is named: a replacement answers the officer whose latest review of
 * the replaced file sent it back; a file of a request answers the officer who asked (told as another file for it
 * when the request has an earlier one: a second page, say, is a new file to review too). A file replaced on the
 * applicant's own initiative (its review was not 'needs replacement', or it had none) answers nobody.
 */
async function answeredOfficers(service: SupabaseClient, uploads: readonly Upload[]) {
  const requestIds = [...new Set(uploads.flatMap((upload) => (upload.request_id ? [upload.request_id] : [])))];
  const replacedIds = uploads.flatMap((upload) => (upload.replaces_id ? [upload.replaces_id] : []));
  const [requests, requestFiles, replacedFiles, reviews] = await Promise.all([
    requestIds.length === 0
      ? []
      : rowsOf<{ id: string; title: string; requested_by: string | null }>(
          service.from('document_requests').select('id, title, requested_by').in('id', requestIds),
        ),
    requestIds.length === 0
      ? []
      : rowsOf<{ id: string; request_id: string; created_at: string }>(
          service.from('documents').select('id, request_id, created_at').in('request_id', requestIds),
        ),
    replacedIds.length === 0
      ? []
      : rowsOf<{ id: string; file_name: string }>(
          service.from('documents').select('id, file_name').in('id', replacedIds),
        ),
    replacedIds.length === 0
      ? []
      : rowsOf<{ document_id: string; outcome: string; reviewed_by: string | null }>(
          service
            .from('document_reviews')
            .select('document_id, outcome, reviewed_by')
            .in('document_id', replacedIds)
            .order('created_at'),
        ),
  ]);
  const request = new Map(requests.map((row) => [row.id, row]));
  // Oldest first: the last one set for a document is its latest review, which stands.
  const latestReview = new Map(reviews.map((row) => [row.document_id, row]));
  return uploads.flatMap((upload) => {
    const item = upload.request_id
      ? (request.get(upload.request_id)?.title ?? 'A requested document')
      : (documentTypes.find((type) => type.value === upload.type)?.label ?? upload.type);
    if (upload.replaces_id) {
      const review = latestReview.get(upload.replaces_id);
      if (review?.outcome !== 'needs_replacement') return [];
      const replaced = replacedFiles.find((file) => file.id === upload.replaces_id)?.file_name;
      const news: UploadNews = { item, fileName: upload.file_name, answers: 'replacement', replaced };
      return [{ officer: review.reviewed_by, news, upload }];
    }
    if (!upload.request_id) return [];
    const earlier = requestFiles.some(
      (file) =>
        file.request_id === upload.request_id &&
        file.id !== upload.id &&
        Date.parse(file.created_at) < Date.parse(upload.created_at),
    );
    const news: UploadNews = {
      item,
      fileName: upload.file_name,
      answers: earlier ? 'more for the request' : 'request',
    };
    return [{ officer: request.get(upload.request_id)?.requested_by ?? null, news, upload }];
  });
}

/**
 * E-mails each officer the files the applicant uploaded in answer to them (see answeredOfficers), once the
 * application's applicant has uploaded nothing for `reviewBatchSeconds`. Each upload is claimed first (a row of
 * document_officer_notices), so two servers never tell the same file twice; a failed e-mail gives its uploads back.
 * The officer whose account is gone is replaced by the loans desk. Answers how many e-mails were sent.
 */
export async function sendOfficerUploadEmails(
  environment: Environment,
  policy: { reviewBatchSeconds: number },
  now = new Date(),
): Promise<number> {
  const { service } = environment;
  const untold = await rowsOf<Upload>(
    service.rpc('untold_answer_uploads', {
      since: new Date(now.getTime() - ANSWER_WINDOW_DAYS * 24 * 3600 * 1000).toISOString(),
      at_most: 1000,
    }),
  );
  const byApplication = new Map<string, Upload[]>();
  for (const upload of untold) {
    byApplication.set(upload.application_id, [...(byApplication.get(upload.application_id) ?? []), upload]);
  }
  const quietSince = now.getTime() - policy.reviewBatchSeconds * 1000;
  let sent = 0;
  for (const [applicationId, uploads] of byApplication) {
    // Still uploading: the e-mail waits until the applicant has been done for a while.
    if (uploads.some((upload) => new Date(upload.created_at).getTime() > quietSince)) continue;
    const claimed = new Set(
      (
        await rowsOf<{ document_id: string }>(
          service
            .from('document_officer_notices')
            .upsert(
              uploads.map((upload) => ({ document_id: upload.id, notified_at: now.toISOString() })),
              { onConflict: 'document_id', ignoreDuplicates: true },
            )
            .select('document_id'),
        )
      ).map((row) => row.document_id),
    );
    const mine = uploads.filter((upload) => claimed.has(upload.id));
    if (mine.length === 0) continue;
    sent += await tellOfficers(environment, applicationId, mine);
  }
  return sent;
}

/**
 * One e-mail per officer the claimed uploads answer. A failed one gives back its uploads and those of the officers
 * not e-mailed yet, and stops the run: the next run tells them.
 */
async function tellOfficers(environment: Environment, applicationId: string, uploads: readonly Upload[]) {
  const { service } = environment;
  const answered = await answeredOfficers(service, uploads);
  if (answered.length === 0) return 0;
  const { data: application, error } = await service
    .from('applications')
    .select('business_name, first_name, last_name')
    .eq('id', applicationId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!application) return 0;
  const uploadedFor: UploadedFor = {
    id: applicationId,
    businessName: String(application.business_name),
    applicantName: `${String(application.first_name)} ${String(application.last_name)}`.trim(),
  };
  const byOfficer = new Map<string | null, typeof answered>();
  for (const answer of answered) byOfficer.set(answer.officer, [...(byOfficer.get(answer.officer) ?? []), answer]);
  const groups = [...byOfficer];
  let sent = 0;
  for (const [index, [officer, answers]] of groups.entries()) {
    try {
      const to = await officerAddress(service, officer);
      await environment.sendMail(
        officerUploadsEmail(
          uploadedFor,
          answers.map((answer) => answer.news),
          to,
          environment.siteUrl,
        ),
      );
    } catch (failure) {
      await service
        .from('document_officer_notices')
        .delete()
        .in(
          'document_id',
          groups.slice(index).flatMap(([, untold]) => untold.map((answer) => answer.upload.id)),
        );
      throw failure;
    }
    sent += 1;
  }
  return sent;
}
