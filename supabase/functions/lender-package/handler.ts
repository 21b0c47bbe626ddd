import { documentFileName } from '../../../shared/catalogue/documents.ts';
import { acceptedDocuments } from '../../../shared/checklist/document-checklist.ts';
import {
  LENDER_DOCUMENT_LINK_SECONDS,
  LENDER_NOTE_MAX,
  LENDER_VIEW_MESSAGES,
  lenderAnswers,
  type LenderAnswer,
  type LenderLoanStage,
  type LenderOfferRevision,
  type LenderPackageView,
} from '../../../shared/matching/lender-answers.ts';
import { earliestUsToday } from '../../../shared/format/dates.ts';
import { loanStageLabels, type LoanStage, type SeenLoanStage } from '../../../shared/offers/loan-stages.ts';
import { loanOfferArguments, loanOfferFormSchema } from '../../../shared/validation/loan-offer-form.ts';
import { bankPackageNumber } from '../../../shared/summary/file-names.ts';
import { notifyApplicantOfEvents } from '../_shared/applicant-events.ts';
import { officerAddress } from '../_shared/officer-events.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { linesEmail, type MailMessage, type SendMail } from '../_shared/mail.ts';
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
  return linesEmail(
    to,
    `${row.lender_name}: ${label} (package ${bankPackageNumber(row.package_id)}, ${row.business_name})`,
    lines,
    siteUrl,
  );
}

type OfferRow = {
  id: string;
  revision: number;
  amount: number | string;
  rate_kind: 'fixed' | 'variable';
  fixed_rate: number | string | null;
  rate_index: LenderOfferRevision['rateIndex'];
  spread: number | string | null;
  term_months: number;
  lender_fees: number | string;
  sba_guaranty_fee: number | string | null;
  collateral: string;
  conditions: string[];
  expires_on: string;
  withdrawn_at: string | null;
  created_at: string;
};

type StageRow = {
  stage: LenderLoanStage['stage'];
  expected_closing_on: string | null;
  funded_amount: number | string | null;
  funded_on: string | null;
  reason: string | null;
  created_at: string;
};

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The status a database refusal reaches the lender with, by its SQLSTATE; its words are written for people and
 * reach the lender as they are. Anything else is a failure of ours.
 */
const refusalStatus: Readonly<Record<string, number>> = {
  '22023': 400,
  '42501': 403,
  P0002: 404,
  '55000': 409,
  '23505': 409,
  // A limit of what a link may do in a day (limit_offer_changes).
  '54000': 429,
};

function refusal(error: { code?: string; message: string }): Response {
  const status = error.code ? refusalStatus[error.code] : undefined;
  if (!status) throw new Error(error.message);
  // The link closed between reading the package and this write: said as every closed link is.
  const message = /^This link has expired or was revoked/.test(error.message)
    ? LENDER_VIEW_MESSAGES.linkInvalid
    : error.message;
  return json({ success: false, error: message }, status);
}

/**
 * What the lender's page showed when the lender acted, for the database to refuse a change made meanwhile (by
 * someone else with the link, or an officer): the latest offer revision (0: none) and whether it was withdrawn,
 * and the loan's stage. A caller that sends none is not checked.
 */
function seenOffer(value: unknown): { seen_revision: number | null; seen_withdrawn: boolean | null } {
  const seen = value as { revision?: unknown; withdrawn?: unknown } | null | undefined;
  const revision = seen?.revision;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 0) {
    return { seen_revision: null, seen_withdrawn: null };
  }
  return { seen_revision: revision, seen_withdrawn: seen?.withdrawn === true };
}

function seenStage(value: unknown): SeenLoanStage | null {
  return value === 'accepted' || value === 'in_closing' ? value : null;
}

/**
 * Whether the applicant accepted another lender's offer than this package's: the package's link then takes no more
 * answers or offers, and lists and hands out none of the applicant's documents.
 */
function choseAnotherLender(row: PackageRow, accepted: { package_id: string } | undefined): boolean {
  return accepted !== undefined && accepted.package_id !== row.package_id;
}

/** Tokens are 43 base64url characters; anything else is not a link we made. */
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * lender-package: the lender's page behind the link of a package e-mail (no account: the token is the credential,
 * checked by the database functions lender_package and answer_lender_package, which open only that package while
 * the link is neither expired nor revoked).
 * - {token, action: 'view'}: the package and the application's documents an officer accepted (no links).
 * - {token, action: 'document', documentId}: a signed link (one minute) to one of those, checked again now.
 *   Once the applicant accepted another lender's offer, the other lenders' links list and hand out no document:
 *   the applicant's files go on to the lender they chose only.
 * - {token, action: 'answer', answer, note}: records interested / need_more_info / declined with a note, then
 *   e-mails the officer who sent the package and the applicant.
 * - {token, action: 'offer', offer, seenOffer}: the offer form's values (shared/validation/loan-offer-form.ts) make
 *   or revise the package's offer (make_loan_offer), which makes the answer 'interested'; the first one e-mails the
 *   officer.
 * - {token, action: 'withdraw', seenOffer}: withdraws the current offer.
 * - {token, action: 'stage', stage, expectedClosingOn, fundedAmount, fundedOn, reason, seenStage}: the loan's closing
 *   stage, recorded only by the lender whose offer the applicant accepted (record_loan_stage_by_link).
 * `seenOffer` ({revision, withdrawn}) and `seenStage` are what the page showed: a change made meanwhile is refused.
 * The database's refusals (an offer out of range, the applicant chose another lender...) reach the lender in its
 * words with a 4xx.
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

  /** The offer the applicant accepted for the package's application (and the package it came with), if any. */
  async function acceptanceOf(row: PackageRow): Promise<{ offer_id: string; package_id: string } | undefined> {
    const { data, error } = await service
      .from('offer_acceptances')
      .select('offer_id, package_id')
      .eq('application_id', row.application_id);
    if (error) throw new Error(error.message);
    return (data as { offer_id: string; package_id: string }[])[0];
  }

  /** The package's offer revisions (latest first), the application's acceptance, and the stages if it is ours. */
  async function offersOf(row: PackageRow) {
    const [offers, accepted] = await Promise.all([
      service.from('loan_offers').select('*').eq('package_id', row.package_id).order('revision', { ascending: false }),
      acceptanceOf(row),
    ]);
    if (offers.error) throw new Error(offers.error.message);
    const acceptedHere = accepted?.package_id === row.package_id;
    let stages: LenderLoanStage[] = [];
    if (acceptedHere) {
      const stored = await service
        .from('loan_stages')
        .select('stage, expected_closing_on, funded_amount, funded_on, reason, created_at')
        .eq('application_id', row.application_id)
        .order('created_at');
      if (stored.error) throw new Error(stored.error.message);
      stages = (stored.data as StageRow[]).map((stage) => ({
        stage: stage.stage,
        expectedClosingOn: stage.expected_closing_on,
        fundedAmount: numberOrNull(stage.funded_amount),
        fundedOn: stage.funded_on,
        reason: stage.reason,
        recordedAt: stage.created_at,
      }));
    }
    return {
      offers: (offers.data as OfferRow[]).map((offer): LenderOfferRevision => ({
        id: offer.id,
        revision: offer.revision,
        amount: Number(offer.amount),
        rateKind: offer.rate_kind,
        fixedRate: numberOrNull(offer.fixed_rate),
        rateIndex: offer.rate_index,
        spread: numberOrNull(offer.spread),
        termMonths: offer.term_months,
        lenderFees: Number(offer.lender_fees),
        sbaGuarantyFee: numberOrNull(offer.sba_guaranty_fee),
        collateral: offer.collateral,
        conditions: offer.conditions,
        expiresOn: offer.expires_on,
        withdrawn: offer.withdrawn_at !== null,
        madeAt: offer.created_at,
      })),
      acceptedOfferId: acceptedHere ? accepted.offer_id : null,
      choseAnotherLender: choseAnotherLender(row, accepted),
      stages,
    };
  }

  async function view(row: PackageRow): Promise<LenderPackageView> {
    const [offers, mayShare] = await Promise.all([offersOf(row), lenderDocuments(row.application_id)]);
    const shared = offers.choseAnotherLender ? [] : mayShare;
    const documents = shared.map(({ title, document }) => ({
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
      ...offers,
    };
  }

  /** Makes or revises the offer from the form's values, checked as the page checks them (the database too). */
  async function makeOffer(row: PackageRow, token: string, values: unknown, seen: unknown): Promise<Response> {
    const parsed = loanOfferFormSchema(earliestUsToday()).safeParse(values);
    if (!parsed.success) {
      return json({ success: false, error: parsed.error.issues[0]?.message ?? 'The offer is incomplete' }, 400);
    }
    const made = await service.rpc('make_loan_offer', {
      ...loanOfferArguments(token, parsed.data),
      ...seenOffer(seen),
    });
    if (made.error) return refusal(made.error);
    const offer = made.data as OfferRow;
    // The first offer is the lender's answer: the officer who sent the package hears it. The applicant hears of
    // every offer, revision and withdrawal at once.
    await bestEffort(row.status !== 'interested' ? [tellOfficer(row, 'interested', null)] : [], row);
    return json({ success: true, revision: offer.revision });
  }

  /** A closing stage, with only the details that stage takes; the database checks them and who may record. */
  async function recordStage(row: PackageRow, token: string, body: Record<string, unknown>): Promise<Response> {
    const stage = (Object.keys(loanStageLabels) as LoanStage[]).find((value) => value === body.stage);
    if (!stage) return json({ success: false, error: 'stage must be in_closing, funded or did_not_close' }, 400);
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
    const amount =
      typeof body.fundedAmount === 'number' && Number.isFinite(body.fundedAmount) ? body.fundedAmount : null;
    const recorded = await service.rpc('record_loan_stage_by_link', {
      token,
      stage,
      expected_closing_on: stage === 'in_closing' ? text(body.expectedClosingOn) : null,
      funded_amount: stage === 'funded' ? amount : null,
      funded_on: stage === 'funded' ? text(body.fundedOn) : null,
      reason: stage === 'did_not_close' ? text(body.reason) : null,
      seen_stage: seenStage(body.seenStage),
    });
    if (recorded.error) return refusal(recorded.error);
    await bestEffort([], row);
    return json({ success: true, stage });
  }

  /**
   * The e-mails of a change the lender made, sent once it is stored: these, and the applicant's of every event
   * of their timeline not e-mailed yet. A failure is logged and never undoes the change (server/ retries the
   * applicant's e-mails).
   */
  async function bestEffort(mails: Promise<void>[], row: PackageRow) {
    const results = await Promise.allSettled([...mails, notifyApplicantOfEvents(environment, row.application_id)]);
    for (const result of results) {
      if (result.status === 'rejected') console.error('lender-package: an e-mail failed:', result.reason);
    }
  }

  /**
   * A short-lived link to one document, signed only while it is one the lender may see: anything else (not
   * accepted, replaced, another application's) is refused the same way; every document once the applicant chose
   * another lender, saying so.
   */
  async function documentLink(row: PackageRow, documentId: unknown): Promise<Response> {
    const [acceptance, shared] = await Promise.all([acceptanceOf(row), lenderDocuments(row.application_id)]);
    if (choseAnotherLender(row, acceptance)) {
      return json({ success: false, error: LENDER_VIEW_MESSAGES.documentsNoLongerShared }, 409);
    }
    const found = shared.find(({ document }) => document.id === documentId);
    if (!found) return json({ success: false, error: LENDER_VIEW_MESSAGES.documentUnavailable }, 404);
    const { document } = found;
    const signed = await service.storage
      .from('documents')
      // The lender saves the file under the name the applicant gave it, not the stored id.
      .createSignedUrl(document.storage_path, LENDER_DOCUMENT_LINK_SECONDS, {
        download: documentFileName(document.file_name, document.storage_path),
      });
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
      | {
          token?: unknown;
          action?: unknown;
          answer?: unknown;
          note?: unknown;
          documentId?: unknown;
          offer?: unknown;
          seenOffer?: unknown;
        }
      | undefined;
    const token = typeof body?.token === 'string' ? body.token : '';
    if (!tokenPattern.test(token)) return json({ success: false, error: LENDER_VIEW_MESSAGES.linkInvalid }, 404);
    try {
      const row = await packageOf(token);
      if (!row) return json({ success: false, error: LENDER_VIEW_MESSAGES.linkInvalid }, 404);
      if (body?.action === 'view') return json({ success: true, ...(await view(row)) });
      if (body?.action === 'document') return await documentLink(row, body.documentId);
      if (body?.action === 'offer') return await makeOffer(row, token, body.offer, body.seenOffer);
      if (body?.action === 'withdraw') {
        const { seen_revision } = seenOffer(body.seenOffer);
        const withdrawn = await service.rpc('withdraw_loan_offer', { token, seen_revision });
        if (withdrawn.error) return refusal(withdrawn.error);
        await bestEffort([], row);
        return json({ success: true });
      }
      if (body?.action === 'stage') return await recordStage(row, token, body as Record<string, unknown>);
      if (body?.action !== 'answer') {
        return json({ success: false, error: 'action must be view, document, answer, offer, withdraw or stage' }, 400);
      }

      const answer = lenderAnswers.find((item) => item.value === body.answer)?.value;
      if (!answer) return json({ success: false, error: 'answer must be interested, need_more_info or declined' }, 400);
      const note = typeof body.note === 'string' && body.note.trim() !== '' ? body.note.trim() : null;
      if (note !== null && note.length > LENDER_NOTE_MAX) {
        return json({ success: false, error: LENDER_VIEW_MESSAGES.noteTooLong }, 400);
      }
      const answered = await service.rpc('answer_lender_package', { token, answer, note });
      if (answered.error) return refusal(answered.error);
      await bestEffort([tellOfficer(row, answer, note)], row);
      return json({ success: true, status: answer });
    } catch (error) {
      console.error('lender-package failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: LENDER_VIEW_MESSAGES.loadFailed }, 500);
    }
  };
}
