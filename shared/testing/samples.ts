import type { PreQualificationForm } from '../catalogue/pre-qualification.ts';
import type { ChecklistDocument, ChecklistInput } from '../checklist/document-checklist.ts';
import type { ApplicationRow } from '../db/applications.ts';
import type { ReviewIntent, StageIntent } from '../ipc/channels.ts';
import type { Lender } from '../matching/lender-match.ts';

/** Sample records for tests (here and in tests/): a complete, qualifying form and the row it would become. */

export const sampleForm: PreQualificationForm = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'Dana.Reyes@Example.com',
  phone: '',
  title: 'Owner',
  creditScore: '700-749',
  receiveSms: false,
  receiveMarketing: true,
  businessName: 'Reyes Bakery',
  businessAddress: '12 Main St',
  city: 'Reno',
  state: 'NV',
  industry: 'Food service',
  yearsInBusiness: '2-5',
  profitable: 'Yes',
  annualRevenue: '$600,000',
  monthlyDebtPayments: '$4,000',
  currentBusinessDebt: '$50,000',
  loanAmount: '100000-250000',
  timeframe: '1-3months',
  useOfFunds: 'A second oven',
  hasDownPayment: 'yes',
};

export const sampleApplicationRow: ApplicationRow = {
  id: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
  user_id: null,
  first_name: 'Dana',
  last_name: 'Reyes',
  email: 'dana.reyes@example.com',
  phone: '',
  title: 'Owner',
  credit_score: '700-749',
  receive_sms: false,
  receive_marketing: true,
  business_name: 'Reyes Bakery',
  business_website: '',
  business_address: '12 Main St',
  city: 'Reno',
  state: 'NV',
  industry: 'Food service',
  years_in_business: '2-5',
  profitable: 'Yes',
  annual_revenue: 600_000,
  monthly_debt_payments: 4_000,
  current_business_debt: 50_000,
  loan_amount: '100000-250000',
  timeframe: '1-3months',
  use_of_funds: 'A second oven',
  has_down_payment: 'yes',
  down_payment_amount: '',
  down_payment_source: '',
  consultation_date: null,
  evaluation_result: { qualified: true, reasons: [], suggestedNextSteps: [], criteria: [] },
  status: 'pending',
  assigned_admin_id: null,
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  confirmed_by_applicant_at: '2026-03-02T15:04:05.123456+00:00',
  disowned_at: null,
  created_at: '2026-03-02T15:04:05.123456+00:00',
  updated_at: '2026-03-02T15:04:05.123456+00:00',
};

/** A lender of the network that a sample application fits: the criteria both matching test tables start from. */
export const sampleLenderCriteria = {
  programs: ['sba_7a'],
  min_loan: 50_000,
  max_loan: 2_000_000,
  states: [],
  industries_served: [],
  industries_excluded: [],
  min_credit_score: 650,
  min_years_in_business: 2,
  min_debt_coverage: 1.25,
  accepts_startups: false,
  accepts_acquisitions: true,
  equity_injection_percent: 10,
  answer_days: 5,
} satisfies Omit<Lender, 'id' | 'name' | 'contact_name' | 'contact_email' | 'active' | 'is_sample'>;

/** A document accepted offline (desktop outbox), as the officer saw it: uploaded at that time, never reviewed. */
export const sampleReviewIntent: ReviewIntent = {
  kind: 'review',
  applicationId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
  documentId: '7b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091',
  outcome: 'accepted',
  reason: null,
  expectedUploadedAt: '2026-11-20T09:15:00.123456+00:00',
  seenReviewId: null,
  label: 'Harbor Cafe',
  fileName: 'tax-return-2025.pdf',
};

const sampleDocument = (id: string, type: string, extra: Partial<ChecklistDocument> = {}): ChecklistDocument => ({
  id,
  type,
  request_id: null,
  replaces_id: null,
  created_at: '2026-03-01T10:00:00Z',
  ...extra,
});

/**
 * A checklist in every state: tax returns accepted, financial statements flagged, bank statements awaiting review
 * (an earlier flagged file replaced), the business license and the ID missing, the lease not needed, a debt
 * schedule asked for and missing, and a cancelled request.
 */
export const sampleChecklistInput: ChecklistInput = {
  documents: [
    sampleDocument('d-tax', 'taxReturns'),
    sampleDocument('d-fin', 'financialStatements'),
    sampleDocument('d-bank-old', 'bankStatements'),
    sampleDocument('d-bank', 'bankStatements', { replaces_id: 'd-bank-old', created_at: '2026-03-01T11:00:00Z' }),
  ],
  reviews: [
    { document_id: 'd-tax', outcome: 'accepted', reason: null, created_at: '2026-03-01T12:00:00Z' },
    { document_id: 'd-fin', outcome: 'needs_replacement', reason: 'Unsigned', created_at: '2026-03-01T12:00:00Z' },
    { document_id: 'd-bank-old', outcome: 'needs_replacement', reason: 'Blurry', created_at: '2026-03-01T10:30:00Z' },
  ],
  requests: [
    {
      id: 'r-debt',
      title: 'Debt schedule',
      details: 'Every loan of the business',
      due_date: null,
      created_at: '2026-03-01T09:00:00Z',
      cancelled_at: null,
      cancel_reason: null,
    },
    {
      id: 'r-old',
      title: 'Old lease',
      details: 'The previous lease',
      due_date: null,
      created_at: '2026-03-01T09:30:00Z',
      cancelled_at: '2026-03-01T09:45:00Z',
      cancel_reason: 'Not needed after all',
    },
  ],
  notNeeded: ['leaseAgreement'],
};

/** A checklist of an application without any document, request or review yet. */
export const emptyChecklistInput: ChecklistInput = { documents: [], reviews: [], requests: [], notNeeded: [] };

/** A loan recorded In closing offline (desktop outbox), as the officer saw it: its offer accepted. */
export const sampleStageIntent: StageIntent = {
  kind: 'stage',
  applicationId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
  stage: 'in_closing',
  expectedClosingOn: '2026-12-15',
  expectedCurrentStage: 'accepted',
  label: 'Harbor Cafe',
};
