import type { ChecklistCounts, ChecklistState } from '../checklist/document-checklist.ts';
import type { EvaluationResult } from '../evaluation/evaluate.ts';
import type { ApplicationStatus } from '../status/transitions.ts';

/**
 * Row types of public.applications (supabase/migrations/20261121220000_applications.sql). Money columns are
 * numeric, so rows carry numbers; timestamps are ISO strings; ids are uuids.
 */

/** What a new application inserts (docs/product.md §3, Application record, plus the product's extra columns). */
export type ApplicationInsert = {
  user_id?: string | null;
  first_name: string;
  last_name: string;
  /** Lower-cased. */
  email: string;
  /** '' when not given. */
  phone: string;
  title: string;
  credit_score: string;
  receive_sms: boolean;
  receive_marketing: boolean;
  business_name: string;
  /** Always '' at creation. */
  business_website: string;
  business_address: string;
  city: string;
  state: string;
  industry: string;
  years_in_business: string;
  profitable: string;
  annual_revenue: number;
  monthly_debt_payments: number;
  current_business_debt: number;
  loan_amount: string;
  timeframe: string;
  use_of_funds: string;
  has_down_payment: string;
  /** Always '' at creation. */
  down_payment_amount: string;
  /** Always '' at creation. */
  down_payment_source: string;
  /** null at creation. */
  consultation_date: string | null;
  evaluation_result: EvaluationResult;
  /** pending when the evaluation qualified, else rejected. */
  status: ApplicationStatus;
  /** null at creation. */
  assigned_admin_id: string | null;
};

/** A stored application as the API returns it. */
export type ApplicationRow = ApplicationInsert & {
  id: string;
  user_id: string | null;
  decided_by: string | null;
  decided_at: string | null;
  /** The reason an officer gave with the decision, shown to the applicant. */
  decision_reason: string | null;
  /**
   * When the applicant said the application is theirs; null while one made signed out in their e-mail waits
   * for that (nothing of theirs goes to it meanwhile). Made signed in, it is confirmed at once. Absent from a
   * row the desktop app cached before the column existed (20261204100000): such a row counts as confirmed.
   */
  confirmed_by_applicant_at?: string | null;
  /** When the holder of its e-mail address said it is not theirs (it then belongs to no account). */
  disowned_at?: string | null;
  /**
   * Where its documents stand (shared/checklist/document-checklist.ts), kept by the database from its documents,
   * their reviews and requests. Absent from a server older than these columns (20261206110000).
   */
  checklist_counts?: ChecklistCounts;
  checklist_state?: ChecklistState;
  /**
   * Where its loan stands once the applicant accepted an offer (docs/product.md §11), since when, and the expected
   * closing day; kept by the database. Absent from a server older than these columns (20261208130000).
   */
  loan_stage?: 'accepted' | 'in_closing' | 'funded' | 'did_not_close' | null;
  loan_stage_at?: string | null;
  expected_closing_on?: string | null;
  /**
   * The days its current offers expire (each lender's latest revision, not withdrawn), in order; empty once the
   * applicant accepted one. Kept by the database; absent from a server older than the column (20261209100000).
   */
  offer_expiries?: string[];
  created_at: string;
  updated_at: string;
};
