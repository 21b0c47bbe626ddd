import type {
  ApplicationListCounts,
  ApplicationsPage,
  ApplicationsPageArgs,
} from '../../../../shared/admin/application-lists.ts';
import type { ChecklistInput } from '../../../../shared/checklist/document-checklist.ts';
import type { AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import type {
  AdminConsent,
  AdminDocument,
  AdminNote,
  AuditEntry,
  BankPackageRow,
  DocumentRequestRow,
  DocumentReviewRow,
  LoanOfferRow,
  LoanStageRow,
  OfferAcceptanceRow,
  LetterRow,
  PipelineHistory,
  TermSheetRow,
} from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import type { SmsConsentRow, SmsMessageRow } from '../../../../shared/db/sms-rows.ts';
import { compareText, newestFirst } from '../../../../shared/format/order.ts';
import { lenderFromRow, type LenderRow, type StoredLender } from '../../../../shared/matching/applicant-matches.ts';
import type { Lender } from '../../../../shared/matching/lender-match.ts';
import type { StageIntent } from '../../../../shared/ipc/channels.ts';
import type { LoanStage } from '../../../../shared/offers/loan-stages.ts';
import type { IndexValue, RateIndex } from '../../../../shared/offers/offer-cost.ts';
import type { ApplicationEvent } from '../../../../shared/status/timeline.ts';
import { duplicateKey } from '../../lib/postgres-codes.ts';

export { duplicateKey };

/** A note to add; its id is made by the client, so sending it again cannot store it twice. */
export type NewNote = {
  id: string;
  applicationId: string;
  body: string;
  /** The business name, for a note that has to wait (desktop outbox). */
  label: string;
};

/** Another application of the same applicant (same e-mail or account), as the detail lists it. */
export type OtherApplication = Pick<
  ApplicationRow,
  'id' | 'business_name' | 'loan_amount' | 'status' | 'decided_at' | 'created_at'
>;

export const OTHER_APPLICATION_COLUMNS = 'id, business_name, loan_amount, status, decided_at, created_at';

/** The other applications of an application's applicant, newest first, each once. */
export function otherApplicationsOf(application: ApplicationRow, candidates: OtherApplication[]): OtherApplication[] {
  const byId = new Map(candidates.filter((row) => row.id !== application.id).map((row) => [row.id, row]));
  return [...byId.values()].sort((a, b) => newestFirst(a, b) || compareText(a.id, b.id));
}

/** A decision the officer made that waits to be sent (desktop outbox): the application shows it as made. */
export type QueuedDecision = { decision: 'approved' | 'rejected'; reason: string; queuedAt: string };

/** How a queued decision reads where the application shows: 'Rejection queued, sent when the connection returns'. */
export function queuedDecisionText({ decision }: QueuedDecision): string {
  return `${decision === 'approved' ? 'Approval' : 'Rejection'} queued, sent when the connection returns`;
}

/** A page of a list; on the desktop, with the decisions queued for its applications, by application id. */
export type AdminApplicationsPage = ApplicationsPage & { queuedDecisions?: Record<string, QueuedDecision> };

/** A loan stage the officer recorded that waits to be sent (desktop outbox): the section shows it as queued. */
export type QueuedStage = { stage: LoanStage; queuedAt: string };

export type ApplicationDetail = {
  application: ApplicationRow;
  /** Its decision waiting to be sent (desktop, offline): it cannot be decided again meanwhile. */
  queuedDecision?: QueuedDecision;
  /** Its loan stage waiting to be sent (desktop, offline): no other stage can be recorded meanwhile. */
  queuedStage?: QueuedStage;
  /** The same applicant's other applications (same e-mail or account), newest first. */
  otherApplications: OtherApplication[];
  events: ApplicationEvent[];
  documents: AdminDocument[];
  additionalInfo: AdditionalInfoRow | null;
  audit: AuditEntry[];
  letters: LetterRow[];
  termSheets: TermSheetRow[];
  bankPackages: BankPackageRow[];
  notes: AdminNote[];
  /** The document checklist's rows: every review (oldest first), the requests and the documents not needed. */
  reviews: DocumentReviewRow[];
  requests: DocumentRequestRow[];
  notNeeded: string[];
  /** Lenders' offers (every revision, oldest first), the applicant's acceptance and the loan's stages. */
  offers: LoanOfferRow[];
  acceptance: OfferAcceptanceRow | null;
  stages: LoanStageRow[];
  /** The texts to the applicant about it, oldest first. */
  texts: SmsMessageRow[];
  /** The applicant's choices about texts for it (the consent or refusal, its words, address and time), oldest first. */
  smsConsents: SmsConsentRow[];
};

/** A document with its filing known (a server older than requests and replacements gives neither: none). */
export type FiledDocument = AdminDocument & { request_id: string | null; replaces_id: string | null };

/**
 * What the document checklist is computed from, out of an application's detail: the officer's checklist, the
 * bank package's executive summary and Send to Bank all read it from here, on the web and on the desktop.
 */
export function checklistInputOf(
  detail: Pick<ApplicationDetail, 'documents' | 'reviews' | 'requests' | 'notNeeded'>,
): ChecklistInput<FiledDocument, DocumentReviewRow> {
  return {
    documents: detail.documents.map((document) => ({
      ...document,
      request_id: document.request_id ?? null,
      replaces_id: document.replaces_id ?? null,
    })),
    reviews: detail.reviews,
    requests: detail.requests,
    notNeeded: detail.notNeeded,
  };
}

export type Decision = {
  id: string;
  decision: 'approved' | 'rejected';
  reason: string;
  /** The status the officer saw when deciding: the server refuses if it changed meanwhile. */
  expectedStatus: 'pending';
  /** The business name, for a decision that has to wait (desktop outbox). */
  label: string;
};

/** An officer's review of a document, as they saw it. */
export type DocumentReview = {
  documentId: string;
  applicationId: string;
  outcome: 'accepted' | 'needs_replacement';
  /** What the applicant reads when it needs replacement; null when accepted. */
  reason: string | null;
  /** When the document was uploaded, as the officer saw it. */
  uploadedAt: string;
  /** The document's latest review when the officer looked (null: none): the server refuses if it changed. */
  seenReviewId: string | null;
  /** The business name and the document's file name, for a review that has to wait (desktop outbox). */
  label: string;
  fileName: string;
};

/**
 * A loan's stage with its details (the expected closing day, the funded amount and day, or the reason it did not
 * close), the stage the officer saw before it (a queued stage is checked against it when sent) and the business
 * name (for a stage that has to wait): what the desktop outbox keeps of it.
 */
export type StageRecord = Omit<StageIntent, 'kind'>;

/** record_loan_stage's arguments for a stage, sent now or replayed from the outbox. */
export function recordLoanStageArguments(record: StageRecord) {
  return {
    application_id: record.applicationId,
    stage: record.stage,
    expected_closing_on: record.expectedClosingOn ?? null,
    funded_amount: record.fundedAmount ?? null,
    funded_on: record.fundedOn ?? null,
    reason: record.reason ?? null,
    // The server refuses the stage if another was recorded since the officer saw this one.
    seen_stage: record.expectedCurrentStage,
  };
}

/**
 * record_loan_stage's refusals, written for the officer: 22023 bad input; 23505 'This loan is already in closing'
 * and 55000 recorded meanwhile, out of order or already closed, which mean another stage was recorded meanwhile
 * (STAGE_CHANGED_MEANWHILE_CODES).
 */
export const STAGE_REFUSAL_CODES: readonly string[] = ['22023', '23505', '55000'];
export const STAGE_CHANGED_MEANWHILE_CODES: readonly string[] = ['23505', '55000'];

/** review_document's code for "deleted, replaced or reviewed by someone else meanwhile" (also decide_application's). */
export const CHANGED_MEANWHILE_CODES: readonly string[] = ['PT409', 'P0002'];

/** What the officer matches an application against: the lender network and the consents asked for it. */
export type LenderNetwork = { lenders: Lender[]; consents: AdminConsent[] };

/** Lenders as the API or the cache holds them: numbers that may come as strings turned into numbers. */
export function lendersFrom(rows: unknown[]): StoredLender[] {
  return (rows as LenderRow[]).map(lenderFromRow);
}

/** The network as the API or the cache holds it. */
export function lenderNetworkFrom(lenders: unknown[], consents: unknown[]): LenderNetwork {
  return { lenders: lendersFrom(lenders), consents: consents as AdminConsent[] };
}

/**
 * 'applied' by the server now, or 'queued' to be replayed when the server can be reached (desktop): a decision's
 * or a note's outcome.
 */
export type DecisionOutcome = 'applied' | 'queued';

/**
 * Why a request failed: the server could not be reached, it answered with a refusal, or what was asked is
 * not available here (its message is fit to show to the officer).
 */
export class AdminRequestError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'unavailable',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AdminRequestError';
  }
}

/**
 * What a failed change says: `offline` when the server could not be reached (the desktop app offline, or the
 * browser's connection lost), with what to do; `failed` otherwise.
 */
export function failureMessage(error: unknown, failed: string, offline: string): string {
  return error instanceof AdminRequestError && error.kind === 'unreachable' ? offline : failed;
}

/**
 * Where the admin screens read applications and send decisions (docs/architecture.md, "One repository,
 * two implementations"): the API in the web build; in the desktop app, the officer's offline cache with an outbox. The
 * screens do not know which one they have. Each method throws AdminRequestError when it fails.
 */
export type AdminRepository = {
  /**
   * A page of a list and the list's total. `counted: false` leaves the total out where counting costs a scan of
   * the table (the API): the caller has it already (an unsearched list's tab count).
   */
  applicationsPage(args: ApplicationsPageArgs, options?: { counted: boolean }): Promise<AdminApplicationsPage>;
  /** How many applications each list holds, by one grouped count (the tabs' labels). */
  applicationListCounts(): Promise<ApplicationListCounts>;
  applicationDetail(id: string): Promise<ApplicationDetail>;
  decide(decision: Decision): Promise<DecisionOutcome>;
  /**
   * Reviews a document. A document deleted, replaced or reviewed by another officer meanwhile is refused with the
   * server's words (AdminRequestError 'refused', its code one of CHANGED_MEANWHILE_CODES).
   */
  reviewDocument(review: DocumentReview): Promise<DecisionOutcome>;
  /**
   * Records a loan's closing stage and e-mails the applicant (the desktop queues it while the server cannot be
   * reached). record_loan_stage's refusals are AdminRequestError 'refused' with its words and code
   * (STAGE_REFUSAL_CODES).
   */
  recordLoanStage(record: StageRecord): Promise<DecisionOutcome>;
  /** Adds a loan officer's note (the desktop queues it while the server cannot be reached). */
  addNote(note: NewNote): Promise<DecisionOutcome>;
  /** The lender network and the application's consents (its ranked matches are computed from them). */
  lenderNetwork(applicationId: string): Promise<LenderNetwork>;
  /** Every lender of the network, active and paused (the Lenders tab). */
  lenders(): Promise<StoredLender[]>;
  /** Every acceptance and stage recorded, for the Pipeline's figures (the desktop reads its offline copy's). */
  pipelineHistory(): Promise<PipelineHistory>;
  /** Each rate index's latest value as officers entered it (the desktop reads its offline copy's). */
  rateIndexValues(): Promise<Partial<Record<RateIndex, IndexValue>>>;
  /**
   * A change only the server makes, written straight to it by `write` (a letter, a term sheet, a bank package, a
   * consent request, a revoked link, a lender), which throws AdminRequestError 'unreachable' when the server cannot
   * be reached. The desktop app refuses it at once while offline, and syncs it into its cache before returning, so
   * that the screens reading again show it.
   */
  changeOnServer<T>(write: () => Promise<T>): Promise<T>;
  /** Opens a stored document: a signed link in a new tab on the web; the kept file on the desktop. */
  openDocument(document: AdminDocument): Promise<void>;
  /** Refresh Data: brings the repository up to date before the screens read again (the desktop syncs). */
  refresh?(): Promise<void>;
};

/**
 * A supabase-js result's data, or an AdminRequestError saying why there is none: 'unreachable' for a request that
 * never reached the server (supabase-js reports HTTP status 0), else 'refused'.
 */
export function check<T>(
  context: string,
  result: { data: T; error: { message: string; code?: string } | null; status?: number },
): T {
  if (!result.error) return result.data;
  throw new AdminRequestError(
    result.status === 0 ? 'unreachable' : 'refused',
    `${context}: ${result.error.message}`,
    result.error.code,
  );
}

/** decide_application's code for "the application is no longer in the status the officer saw" (HTTP 409). */
export const DECIDED_MEANWHILE_CODE = 'PT409';
