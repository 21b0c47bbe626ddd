import { acceptedDocuments } from '../../../shared/checklist/document-checklist.ts';
import {
  LENDER_DOCUMENT_LINK_SECONDS,
  LENDER_NOTE_MAX,
  LENDER_VIEW_MESSAGES,
  lenderAnswers,
  type LenderAnswer,
  type LenderPackageView,
} from '../../../shared/matching/lender-answers.ts';
import { bankPackageNumber } from '../../../shared/summary/file-names.ts';
import { notifyApplicantOfEvents } from '../_shared/applicant-events.ts';
import { officerAddress } from '../_shared/officer-events.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { htmlEmail, type MailMessage, type SendMail } from '../_shared/mail.ts';
import type { FunctionEnvironment } from '../_shared/service-client.ts';
import { storedChecklist } from '../_shared/stored-checklist.ts';

type PackageRow = {
  package_id: string;
  application_id: string;
  status: string;
  lender_name: string;
  business_name: string;
  summary: string;
  sent_at: string;
  answer_due_at: string | null;
  link_expires_at: string;
  answer_note: string | null;
  answered_at: string | null;
};

/** What the officer who sent a package is e-mailed when the lender answers: the answer, the note, the application. */
export function officerAnswerEmail(
  row: Pick<PackageRow, 'package_id' | 'application_id' | 'lender_name' | 'business_name'>,
  answer: LenderAnswer,
  note: string | null,
  to: string,
  siteUrl: string,
): MailMessage {
  const label = lenderAnswers.find((item) => item.value === answer)?.label ?? answer;
  const lines = [
    `${row.lender_name} answered loan package ${bankPackageNumber(row.package_id)} for ${row.business_name}: ${label}.`,
    note ? `Their note: ${note}` : 'They left no note.',
    `The application in the admin dashboard shows it in its timeline: ${siteUrl}/admin?list=approved&application=${row.application_id}`,
  ];
  return {
    to,
    subject: `${row.lender_name}: ${label} (package ${bankPackageNumber(row.package_id)}, ${row.business_name})`,
    text: lines.join('\n\n'),
    html: htmlEmail(lines, siteUrl),
  };
}

/** Tokens are 43 base64url characters; anything else is not a link we made. */
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * lender-package: the lender's page behind the link of a package e-mail (no account: the token is the credential,
 * checked by the database functions lender_package and answer_lender_package, which open only that package while
 * the link is neither expired nor revoked).
 * - {token, action: 'view'}: the package and the application's documents an officer accepted (no links).
 * - {token, action: 'document', documentId}: a signed link (one minute) to one of those, checked again now.
 * - {token, action: 'answer', answer, note}: records interested / need_more_info / declined with a note, then
 *   e-mails the officer who sent the package and the applicant.
 * An unknown, expired or revoked link answers 404 with the same message, whichever it is.
 */
export function createLenderPackageHandler(environment: FunctionEnvironment & { sendMail: SendMail }): FunctionHandler {
  const { service } = environment;

  async function packageOf(token: string): Promise<PackageRow | undefined> {
    const { data, error } = await service.rpc('lender_package', { token });
    if (error) throw new Error(error.message);
    return ((data ?? []) as PackageRow[])[0];
  }

  /**
   * The application's documents a lender may see: the current ones an officer accepted, read from the checklist
   * as it stands now (an acceptance withdrawn or a file replaced since the page was opened counts at once).
   */
  async function lenderDocuments(applicationId: string) {
    return acceptedDocuments(
      await storedChecklist<{ file_name: string; storage_path: string }>(service, applicationId, [
        'file_name',
        'storage_path',
      ]),
    );
  }

  async function view(row: PackageRow): Promise<LenderPackageView> {
    const documents = (await lenderDocuments(row.application_id)).map(({ title, document }) => ({
      id: document.id,
      type: document.type,
      label: title,
      fileName: document.file_name,
    }));
    return {
      package: {
        number: bankPackageNumber(row.package_id),
        status: row.status,
        lenderName: row.lender_name,
        businessName: row.business_name,
        summary: row.summary,
        sentAt: row.sent_at,
        answerDueAt: row.answer_due_at,
        linkExpiresAt: row.link_expires_at,
        answerNote: row.answer_note,
        answeredAt: row.answered_at,
      },
      documents,
    };
  }

  /**
   * A short-lived link to one document, signed only while it is one the lender may see: anything else (not
   * accepted, replaced, another application's) is refused the same way.
   */
  async function documentLink(row: PackageRow, documentId: unknown): Promise<Response> {
    const found = (await lenderDocuments(row.application_id)).find(({ document }) => document.id === documentId);
    if (!found) return json({ success: false, error: LENDER_VIEW_MESSAGES.documentUnavailable }, 404);
    const { document } = found;
    const signed = await service.storage
      .from('documents')
      // The lender saves the file under the name the applicant gave it, not the stored id.
      .createSignedUrl(document.storage_path, LENDER_DOCUMENT_LINK_SECONDS, { download: document.file_name });
    if (signed.error || !signed.data) throw new Error(signed.error?.message ?? 'no signed link');
    return json({ success: true, url: signed.data.signedUrl });
  }

  /** The officer who sent the package hears the answer (the loans desk when that account is gone). */
  async function tellOfficer(row: PackageRow, answer: LenderAnswer, note: string | null) {
    const sent = await service.from('bank_packages').select('sent_by').eq('id', row.package_id).single();
    if (sent.error) throw new Error(sent.error.message);
    const to = await officerAddress(service, sent.data.sent_by as string | null);
    await environment.sendMail(officerAnswerEmail(row, answer, note, to, environment.siteUrl));
  }

  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const body = (await readJson(request)) as
      { token?: unknown; action?: unknown; answer?: unknown; note?: unknown; documentId?: unknown } | undefined;
    const token = typeof body?.token === 'string' ? body.token : '';
    if (!tokenPattern.test(token)) return json({ success: false, error: LENDER_VIEW_MESSAGES.linkInvalid }, 404);
    try {
      const row = await packageOf(token);
      if (!row) return json({ success: false, error: LENDER_VIEW_MESSAGES.linkInvalid }, 404);
      if (body?.action === 'view') return json({ success: true, ...(await view(row)) });
      if (body?.action === 'document') return await documentLink(row, body.documentId);
      if (body?.action !== 'answer') {
        return json({ success: false, error: 'action must be view, document or answer' }, 400);
      }

      const answer = lenderAnswers.find((item) => item.value === body.answer)?.value;
      if (!answer) return json({ success: false, error: 'answer must be interested, need_more_info or declined' }, 400);
      const note = typeof body.note === 'string' && body.note.trim() !== '' ? body.note.trim() : null;
      if (note !== null && note.length > LENDER_NOTE_MAX) {
        return json({ success: false, error: LENDER_VIEW_MESSAGES.noteTooLong }, 400);
      }
      const answered = await service.rpc('answer_lender_package', { token, answer, note });
      if (answered.error) {
        if (answered.error.code === '55000') {
          return json({ success: false, error: LENDER_VIEW_MESSAGES.alreadyAnswered }, 409);
        }
        if (answered.error.code === 'P0002') {
          return json({ success: false, error: LENDER_VIEW_MESSAGES.linkInvalid }, 404);
        }
        throw new Error(answered.error.message);
      }
      // The answer is stored; the e-mails are best effort (a failure is logged, never undoes the answer).
      const results = await Promise.allSettled([
        tellOfficer(row, answer, note),
        notifyApplicantOfEvents(environment, row.application_id),
      ]);
      for (const result of results) {
        if (result.status === 'rejected') console.error('lender-package: an e-mail failed:', result.reason);
      }
      return json({ success: true, status: answer });
    } catch (error) {
      console.error('lender-package failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: LENDER_VIEW_MESSAGES.loadFailed }, 500);
    }
  };
}
