import type { RateIndex } from '../offers/offer-cost.ts';
import type { LenderConsentStatus, LenderRow } from '../matching/applicant-matches.ts';
import type { ApplicationEvent } from '../status/timeline.ts';
import type { BankPackageStatus } from '../status/transitions.ts';
import type { AdditionalInfoRow } from './additional-info.ts';
import type { SmsConsentRow, SmsMessageRow } from './sms-rows.ts';

/**
 * The stored rows the admin feature reads besides applications (ApplicationRow, applications.ts): the shape the
 * API returns them in, which the desktop cache keeps as they came. The admin repository, its web and desktop
 * implementations, the screens and the desktop's IPC contract all use these types, so a column added to a table
 * is added here once.
 */

/** A document's metadata (table documents), as the admin detail lists it. */
export type AdminDocument = {
  id: string;
  /** One of the six required types, or 'requested' (then request_id names the request). */
  type: string;
  /** Absent from a server older than these columns (20261206110000). */
  request_id?: string | null;
  /** The document this one replaces. */
  replaces_id?: string | null;
  file_name: string;
  file_size: number;
  storage_path: string;
  created_at: string;
};

/** An officer's review of a document (table document_reviews): the latest one of a document stands. */
export type DocumentReviewRow = {
  id: string;
  document_id: string;
  application_id: string;
  outcome: 'accepted' | 'needs_replacement';
  reason: string | null;
  /** When the reviewed document was uploaded, as the officer saw it. */
  document_uploaded_at: string;
  reviewed_by: string | null;
  created_at: string;
  /** Made offline and waiting in the desktop outbox (not on the server yet). */
  queued?: boolean;
};

/** A document an officer asked an application for (table document_requests). */
export type DocumentRequestRow = {
  id: string;
  application_id: string;
  title: string;
  details: string;
  due_date: string | null;
  requested_by: string | null;
  status: 'open' | 'cancelled';
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
};

/** A lender's offer, one revision of it (table loan_offers; docs/product.md §11). */
export type LoanOfferRow = {
  id: string;
  package_id: string;
  application_id: string;
  revision: number;
  amount: number;
  rate_kind: 'fixed' | 'variable';
  fixed_rate: number | null;
  rate_index: RateIndex | null;
  spread: number | null;
  term_months: number;
  lender_fees: number;
  sba_guaranty_fee: number | null;
  collateral: string;
  conditions: string[];
  expires_on: string;
  withdrawn_at: string | null;
  created_at: string;
  updated_at: string;
};

/** The applicant's acceptance of one offer (table offer_acceptances), with what proves it. */
export type OfferAcceptanceRow = {
  id: string;
  application_id: string;
  offer_id: string;
  package_id: string;
  accepted_by: string | null;
  full_name: string;
  statement: string;
  offer_sha256: string;
  client_address: string;
  user_agent: string;
  accepted_at: string;
};

/** A closing stage of an accepted loan (table loan_stages), each recorded once. */
export type LoanStageRow = {
  id: string;
  application_id: string;
  stage: 'in_closing' | 'funded' | 'did_not_close';
  expected_closing_on: string | null;
  funded_amount: number | null;
  funded_on: string | null;
  reason: string | null;
  recorded_by: string | null;
  recorded_via: 'officer' | 'lender';
  package_id: string | null;
  created_at: string;
};

/** An index's value as an officer entered it (table rate_index_values); every entry is kept, the latest counts. */
export type RateIndexValueRow = {
  id: string;
  rate_index: RateIndex;
  /** numeric: a string or a number, as the API gives it. */
  percent: number | string;
  as_of: string;
  entered_by: string | null;
  created_at: string;
};

/** What the Pipeline's figures are computed from (shared/offers/pipeline-stats.ts): every acceptance and stage. */
export type PipelineHistory = {
  acceptances: Pick<OfferAcceptanceRow, 'application_id' | 'accepted_at'>[];
  stages: Pick<LoanStageRow, 'application_id' | 'stage' | 'created_at'>[];
};

/** One of the six required documents an officer marked not needed for an application (documents_not_needed). */
export type NotNeededRow = {
  id: string;
  application_id: string;
  type: string;
  marked_by: string | null;
  created_at: string;
};

/** An audit entry of the application; record_id is the row it is about (a consent request, a package...). */
export type AuditEntry = {
  id: number;
  actor_id: string | null;
  action: string;
  record_id: string | null;
  created_at: string;
  /** For an entry about a consent request or a bank package: its lender's name when the entry was written. */
  lender_name: string | null;
};

/** A loan officer's note on an application (table application_notes), newest first in the detail. */
export type AdminNote = {
  id: string;
  author_id: string | null;
  body: string;
  created_at: string;
  /** Written offline and waiting in the desktop outbox (not on the server yet). */
  queued?: boolean;
};

/** A pre-application letter (table pre_application_letters). */
export type LetterRow = {
  id: string;
  address: string;
  zip_code: string;
  loan_amount: number;
  loan_purpose: string;
  rate: string;
  term_years: number;
  estimated_payment: number;
  created_at: string;
};

/** A term sheet (table term_sheets). */
export type TermSheetRow = {
  id: string;
  bank_name: string;
  loan_amount: number;
  interest_rate: number;
  term_months: number;
  monthly_payment: number;
  collateral: string;
  conditions: string[];
  created_at: string;
};

/** A bank package (table bank_packages) and where its lender's answer stands. */
export type BankPackageRow = {
  id: string;
  status: BankPackageStatus;
  bank_name: string;
  sent_at: string | null;
  summary: string;
  /** What the package shows, as generated (a PackageSnapshot); null for packages made before it was kept. */
  summary_snapshot: unknown;
  created_at: string;
  lender_id: string | null;
  answer_due_at: string | null;
  answer_note: string | null;
  answered_at: string | null;
  link_expires_at: string | null;
  link_revoked_at: string | null;
};

/** An application's consent request to one lender (table lender_consents), as an officer reads it. */
export type AdminConsent = {
  id: string;
  lender_id: string;
  status: LenderConsentStatus;
  answered_at: string | null;
  created_at: string;
};

/** The rows of each table linked to one application, by table: what the desktop cache keeps per application. */
export type ApplicationRelatedRows = {
  documents: AdminDocument[];
  additional_info: AdditionalInfoRow[];
  pre_application_letters: LetterRow[];
  term_sheets: TermSheetRow[];
  bank_packages: BankPackageRow[];
  application_events: ApplicationEvent[];
  audit_log: AuditEntry[];
  lender_consents: AdminConsent[];
  application_notes: AdminNote[];
  document_reviews: DocumentReviewRow[];
  document_requests: DocumentRequestRow[];
  documents_not_needed: NotNeededRow[];
  loan_offers: LoanOfferRow[];
  offer_acceptances: OfferAcceptanceRow[];
  loan_stages: LoanStageRow[];
  sms_messages: SmsMessageRow[];
  sms_consents: SmsConsentRow[];
};

/** A row of deleted_rows: a row of `table_name` deleted on the server (the desktop cache removes it). */
export type Tombstone = { id: number; table_name: string; row_id: string; deleted_at: string };

/** The lender network as the API returns it (lenders, before lenderFromRow turns its numbers into numbers). */
export type LenderNetworkRows = LenderRow[];

/** A stored business registration (business_registrations), as officers read it. */
export type RegistrationRow = {
  id: string;
  legal_business_name: string;
  website_url: string;
  no_website: boolean;
  address: string;
  suite: string;
  city: string;
  state: string;
  zip_code: string;
  business_start_date: string;
  contact_name: string;
  contact_email: string;
  contact_mobile: string;
  created_at: string;
};
