import {
  ADMIN_PAGE_SIZE,
  applicationSorts,
  type ApplicationsPage,
  type ApplicationsPageArgs,
} from '../../../../shared/admin/application-lists.ts';
import type { AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import type {
  AdminConsent,
  AdminDocument,
  AdminNote,
  AuditEntry,
  BankPackageRow,
  LetterRow,
  TermSheetRow,
} from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { postgrestSearchFilters } from '../../../../shared/admin/application-search.ts';
import { lenderFromRow, type LenderRow, type StoredLender } from '../../../../shared/matching/applicant-matches.ts';
import type { Lender } from '../../../../shared/matching/lender-match.ts';
import type { ApplicationEvent } from '../../../../shared/status/timeline.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { openStoredDocument } from '../../lib/open-document.ts';
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
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

/** A decision the officer made that waits to be sent (desktop outbox): the application shows it as made. */
export type QueuedDecision = { decision: 'approved' | 'rejected'; reason: string; queuedAt: string };

/** How a queued decision reads where the application shows: 'Rejection queued, sent when the connection returns'. */
export function queuedDecisionText({ decision }: QueuedDecision): string {
  return `${decision === 'approved' ? 'Approval' : 'Rejection'} queued, sent when the connection returns`;
}

/** A page of a list; on the desktop, with the decisions queued for its applications, by application id. */
export type AdminApplicationsPage = ApplicationsPage & { queuedDecisions?: Record<string, QueuedDecision> };

export type ApplicationDetail = {
  application: ApplicationRow;
  /** Its decision waiting to be sent (desktop, offline): it cannot be decided again meanwhile. */
  queuedDecision?: QueuedDecision;
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
};

export type Decision = {
  id: string;
  decision: 'approved' | 'rejected';
  reason: string;
  /** The status the officer saw when deciding: the server refuses if it changed meanwhile. */
  expectedStatus: 'pending';
  /** The business name, for a decision that has to wait (desktop outbox). */
  label: string;
};

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
  applicationsPage(args: ApplicationsPageArgs): Promise<AdminApplicationsPage>;
  applicationDetail(id: string): Promise<ApplicationDetail>;
  decide(decision: Decision): Promise<DecisionOutcome>;
  /** Adds a loan officer's note (the desktop queues it while the server cannot be reached). */
  addNote(note: NewNote): Promise<DecisionOutcome>;
  /** The lender network and the application's consents (its ranked matches are computed from them). */
  lenderNetwork(applicationId: string): Promise<LenderNetwork>;
  /** Every lender of the network, active and paused (the Lenders tab). */
  lenders(): Promise<StoredLender[]>;
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

/** The columns of a package the admin screens read (never the link's digest). */
const BANK_PACKAGE_COLUMNS =
  'id, status, bank_name, sent_at, summary, summary_snapshot, created_at, lender_id, answer_due_at, answer_note, answered_at, link_expires_at, link_revoked_at';

/** The web build's repository: every read and decision goes to the Supabase API. */
export const apiAdminRepository: AdminRepository = {
  /** One page of a list, filtered, sorted and counted by the database (fast at 10,000 applications). */
  async applicationsPage({ list, search, sort, page }) {
    const supabase = await loadSupabase();
    let query = supabase.from('applications').select('*', { count: 'exact' });
    if (list === 'pending' || list === 'approved') query = query.eq('status', list);
    // Declined by the evaluation at submission (never decided by an officer), or by an officer.
    else if (list === 'notQualified') query = query.eq('status', 'rejected').is('decided_at', null);
    else query = query.eq('status', 'rejected').not('decided_at', 'is', null);
    for (const filter of postgrestSearchFilters(search)) query = query.or(filter);
    const order = applicationSorts.find((option) => option.id === sort) ?? applicationSorts[0];
    const from = page * ADMIN_PAGE_SIZE;
    const result = await query
      .order(order.column, { ascending: order.ascending })
      .order('id')
      .range(from, from + ADMIN_PAGE_SIZE - 1);
    const rows = check('Loading applications failed', result);
    return { rows: (rows ?? []) as ApplicationRow[], total: result.count ?? 0 };
  },

  async applicationDetail(id) {
    const supabase = await loadSupabase();
    const newestFirst = { ascending: false };
    const [application, events, documents, additionalInfo, audit, letters, termSheets, bankPackages, notes] =
      await Promise.all([
        supabase.from('applications').select('*').eq('id', id).single(),
        supabase.from('application_events').select('*').eq('application_id', id).order('id'),
        supabase
          .from('documents')
          .select('id, type, file_name, file_size, storage_path, created_at')
          .eq('application_id', id)
          .order('created_at', newestFirst),
        supabase.from('additional_info').select('*').eq('application_id', id).maybeSingle(),
        supabase
          .from('audit_log')
          .select('id, actor_id, action, record_id, created_at, lender_name')
          .eq('application_id', id)
          .order('id'),
        supabase.from('pre_application_letters').select('*').eq('application_id', id).order('created_at', newestFirst),
        supabase.from('term_sheets').select('*').eq('application_id', id).order('created_at', newestFirst),
        supabase
          .from('bank_packages')
          .select(BANK_PACKAGE_COLUMNS)
          .eq('application_id', id)
          .order('created_at', newestFirst),
        supabase
          .from('application_notes')
          .select('id, author_id, body, created_at')
          .eq('application_id', id)
          .order('created_at', newestFirst)
          .order('id', newestFirst),
      ]);
    const context = 'Loading the application failed';
    const row = check(context, application) as ApplicationRow;
    // The applicant's other applications: by the e-mail (made before or without an account) or by the account.
    const others = await Promise.all([
      supabase.from('applications').select(OTHER_APPLICATION_COLUMNS).eq('email', row.email),
      ...(row.user_id
        ? [supabase.from('applications').select(OTHER_APPLICATION_COLUMNS).eq('user_id', row.user_id)]
        : []),
    ]);
    return {
      application: row,
      otherApplications: otherApplicationsOf(
        row,
        others.flatMap((result) => (check(context, result) ?? []) as OtherApplication[]),
      ),
      events: (check(context, events) ?? []) as ApplicationEvent[],
      documents: (check(context, documents) ?? []) as AdminDocument[],
      additionalInfo: (check(context, additionalInfo) ?? null) as AdditionalInfoRow | null,
      audit: (check(context, audit) ?? []) as AuditEntry[],
      letters: (check(context, letters) ?? []) as LetterRow[],
      termSheets: (check(context, termSheets) ?? []) as TermSheetRow[],
      bankPackages: (check(context, bankPackages) ?? []) as BankPackageRow[],
      notes: (check(context, notes) ?? []) as AdminNote[],
    };
  },

  /**
   * decide_application checks the transition and that the application is still in the status the officer
   * saw, stamps and audits; then the applicant is e-mailed (a failed e-mail does not undo the decision).
   */
  async decide({ id, decision, reason, expectedStatus }) {
    const supabase = await loadSupabase();
    check(
      'Decision refused',
      await supabase.rpc('decide_application', {
        application_id: id,
        decision,
        reason,
        expected_status: expectedStatus,
      }),
    );
    const notified = await supabase.functions.invoke('notify-applicant', { body: { applicationId: id } });
    if (notified.error) console.error('The applicant could not be e-mailed', notified.error);
    return 'applied';
  },

  /** A note sent again with the same id (its first answer was lost) is refused as a duplicate: it is stored. */
  async addNote({ id, applicationId, body }) {
    const supabase = await loadSupabase();
    const result = await supabase.from('application_notes').insert({ id, application_id: applicationId, body });
    if (result.error?.code !== duplicateKey) check('Note refused', result);
    return 'applied';
  },

  async lenderNetwork(applicationId) {
    const supabase = await loadSupabase();
    const [lenders, consents] = await Promise.all([
      supabase.from('lenders').select('*').order('name').order('id'),
      supabase
        .from('lender_consents')
        .select('id, lender_id, status, answered_at, created_at')
        .eq('application_id', applicationId)
        .order('created_at'),
    ]);
    const context = 'Loading the lender network failed';
    return lenderNetworkFrom(check(context, lenders) ?? [], check(context, consents) ?? []);
  },

  async lenders() {
    const supabase = await loadSupabase();
    return lendersFrom(check('Loading lenders failed', await supabase.from('lenders').select('*').order('id')) ?? []);
  },

  changeOnServer: (write) => write(),

  openDocument: (document) => openStoredDocument(document.storage_path, document.file_name),
};
