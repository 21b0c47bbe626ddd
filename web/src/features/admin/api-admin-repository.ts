import {
  ADMIN_PAGE_SIZE,
  applicationListCounts,
  applicationSorts,
} from '../../../../shared/admin/application-lists.ts';
import { postgrestSearchFilters } from '../../../../shared/admin/application-search.ts';
import type { AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import type {
  AdminDocument,
  AdminNote,
  AuditEntry,
  BankPackageRow,
  DocumentRequestRow,
  DocumentReviewRow,
  LetterRow,
  LoanOfferRow,
  LoanStageRow,
  OfferAcceptanceRow,
  PipelineHistory,
  RateIndexValueRow,
  TermSheetRow,
} from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import type { SmsConsentRow, SmsMessageRow } from '../../../../shared/db/sms-rows.ts';
import type { ApplicationEvent } from '../../../../shared/status/timeline.ts';
import { API_MAX_ROWS } from '../../../../shared/db/api-limits.ts';
import { latestIndexValues } from '../../../../shared/offers/offer-cost.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { openStoredDocument } from '../../lib/open-document.ts';
import { duplicateKey } from '../../lib/postgres-codes.ts';
import {
  AdminRequestError,
  CHANGED_MEANWHILE_CODES,
  check,
  lenderNetworkFrom,
  lendersFrom,
  OTHER_APPLICATION_COLUMNS,
  otherApplicationsOf,
  recordLoanStageArguments,
  STAGE_REFUSAL_CODES,
  type AdminRepository,
  type OtherApplication,
} from './admin-repository.ts';

/**
 * The web build's implementation of the admin repository (the contract and its shared helpers are in
 * admin-repository.ts; the desktop's, over the SQLite cache, in renderer/src/desktop-repository.ts).
 */

/** The columns of a package the admin screens read (never the link's digest). */
const BANK_PACKAGE_COLUMNS =
  'id, status, bank_name, sent_at, summary, summary_snapshot, created_at, lender_id, answer_due_at, answer_note, answered_at, link_expires_at, link_revoked_at';

/** The web build's repository: every read and decision goes to the Supabase API. */
export const apiAdminRepository: AdminRepository = {
  /** One page of a list, filtered, sorted and counted by the database (fast at 10,000 applications). */
  async applicationsPage({ list, search, sort, page, documents }, options) {
    const supabase = await loadSupabase();
    const counted = options?.counted ?? true;
    let query = supabase.from('applications').select('*', counted ? { count: 'exact' } : undefined);
    if (list === 'pipeline') query = query.not('loan_stage', 'is', null);
    else if (list === 'pending' || list === 'approved') query = query.eq('status', list).is('loan_stage', null);
    // Declined by the evaluation at submission (never decided by an officer), or by an officer.
    else if (list === 'notQualified') query = query.eq('status', 'rejected').is('decided_at', null);
    else query = query.eq('status', 'rejected').not('decided_at', 'is', null);
    for (const filter of postgrestSearchFilters(search)) query = query.or(filter);
    if (documents === 'files_to_review') query = query.is('files_to_review', true);
    else if (documents) query = query.eq('checklist_state', documents);
    const order = applicationSorts.find((option) => option.id === sort) ?? applicationSorts[0];
    const from = page * ADMIN_PAGE_SIZE;
    const result = await query
      .order(order.column, { ascending: order.ascending })
      .order('id')
      .range(from, from + ADMIN_PAGE_SIZE - 1);
    const rows = check('Loading applications failed', result);
    return { rows: (rows ?? []) as ApplicationRow[], total: result.count ?? 0 };
  },

  /** application_list_counts groups the applications by list and counts them in the database. */
  async applicationListCounts() {
    const supabase = await loadSupabase();
    const rows = check('Loading the lists’ counts failed', await supabase.rpc('application_list_counts'));
    return applicationListCounts((rows ?? []) as { list: string; applications: number }[]);
  },

  async applicationDetail(id) {
    const supabase = await loadSupabase();
    const newestFirst = { ascending: false };
    const [
      application,
      events,
      documents,
      additionalInfo,
      audit,
      letters,
      termSheets,
      bankPackages,
      notes,
      reviews,
      requests,
      notNeeded,
      offers,
      acceptance,
      stages,
      texts,
      smsConsents,
    ] = await Promise.all([
      supabase.from('applications').select('*').eq('id', id).single(),
      supabase.from('application_events').select('*').eq('application_id', id).order('id'),
      supabase
        .from('documents')
        .select('id, type, request_id, replaces_id, file_name, file_size, storage_path, created_at')
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
      supabase.from('document_reviews').select('*').eq('application_id', id).order('created_at'),
      supabase.from('document_requests').select('*').eq('application_id', id).order('created_at'),
      supabase.from('documents_not_needed').select('type').eq('application_id', id).order('type'),
      supabase.from('loan_offers').select('*').eq('application_id', id).order('created_at'),
      supabase.from('offer_acceptances').select('*').eq('application_id', id).maybeSingle(),
      supabase.from('loan_stages').select('*').eq('application_id', id).order('created_at'),
      supabase.from('sms_messages').select('*').eq('application_id', id).order('created_at'),
      supabase.from('sms_consents').select('*').eq('application_id', id).order('created_at'),
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
      reviews: (check(context, reviews) ?? []) as DocumentReviewRow[],
      requests: (check(context, requests) ?? []) as DocumentRequestRow[],
      notNeeded: ((check(context, notNeeded) ?? []) as { type: string }[]).map((row) => row.type),
      offers: (check(context, offers) ?? []) as LoanOfferRow[],
      acceptance: (check(context, acceptance) ?? null) as OfferAcceptanceRow | null,
      stages: (check(context, stages) ?? []) as LoanStageRow[],
      texts: (check(context, texts) ?? []) as SmsMessageRow[],
      smsConsents: (check(context, smsConsents) ?? []) as SmsConsentRow[],
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

  /** review_document checks the officer, the reason and that the document is still as the officer saw it. */
  async reviewDocument({ documentId, outcome, reason, uploadedAt, seenReviewId }) {
    const supabase = await loadSupabase();
    const result = await supabase.rpc('review_document', {
      document_id: documentId,
      outcome,
      reason,
      expected_uploaded_at: uploadedAt,
      seen_review_id: seenReviewId,
    });
    // Its refusals for a document changed meanwhile are written for the officer: they are shown as they are.
    if (result.error && CHANGED_MEANWHILE_CODES.includes(result.error.code)) {
      throw new AdminRequestError('refused', result.error.message, result.error.code);
    }
    check('Review refused', result);
    return 'applied';
  },

  /**
   * record_loan_stage checks the officer, the stage's order and details; its refusals are written for the officer
   * and kept as they are. The applicant is e-mailed after it (a failed e-mail does not undo it: the server retries).
   */
  async recordLoanStage(record) {
    const supabase = await loadSupabase();
    const result = await supabase.rpc('record_loan_stage', recordLoanStageArguments(record));
    if (result.error && STAGE_REFUSAL_CODES.includes(result.error.code)) {
      throw new AdminRequestError('refused', result.error.message, result.error.code);
    }
    check('Recording the loan stage failed', result);
    const notified = await supabase.functions.invoke('notify-applicant', {
      body: { applicationId: record.applicationId },
    });
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

  async pipelineHistory() {
    const supabase = await loadSupabase();
    // Read page by page: the API answers at most API_MAX_ROWS rows at once.
    const all = async <Row>(table: string, columns: string, order: string): Promise<Row[]> => {
      const rows: Row[] = [];
      for (let from = 0; ; from += API_MAX_ROWS) {
        const page = (check(
          'Loading the Pipeline figures failed',
          await supabase
            .from(table)
            .select(columns)
            .order(order)
            .order('id')
            .range(from, from + API_MAX_ROWS - 1),
        ) ?? []) as Row[];
        rows.push(...page);
        if (page.length < API_MAX_ROWS) return rows;
      }
    };
    const [acceptances, stages] = await Promise.all([
      all<PipelineHistory['acceptances'][number]>('offer_acceptances', 'application_id, accepted_at', 'accepted_at'),
      all<PipelineHistory['stages'][number]>('loan_stages', 'application_id, stage, created_at', 'created_at'),
    ]);
    return { acceptances, stages };
  },

  async rateIndexValues() {
    const supabase = await loadSupabase();
    const values = check(
      'Loading the index values failed',
      await supabase
        .from('rate_index_values')
        .select('rate_index, percent, as_of')
        .order('created_at', { ascending: false })
        .limit(100),
    ) as Pick<RateIndexValueRow, 'rate_index' | 'percent' | 'as_of'>[];
    return latestIndexValues(values);
  },

  changeOnServer: (write) => write(),

  openDocument: (document) => openStoredDocument(document.storage_path, document.file_name),
};
