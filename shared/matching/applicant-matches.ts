import { formatDateTime } from '../format/dates.ts';
import {
  lenderPrograms,
  matchLenders,
  wideningOptions,
  type Lender,
  type LenderProgram,
  type MatchApplication,
  type MatchCriterionId,
  type WideningOption,
} from './lender-match.ts';

/**
 * What the applicant's portal shows of the lender network (docs/architecture.md, Lender network): how many lenders fit,
 * what would widen the options, and the lenders an officer asks their consent to. Never a lender's name before consent:
 * the matching reads rpc('lender_criteria'), which has none.
 */

/** A row of rpc('lender_criteria'): an active lender's criteria without its name or contacts. */
export type LenderCriteriaRow = {
  id: string;
  programs: readonly string[];
  /** bigint and numeric columns: numbers, or strings from a driver that keeps their precision. */
  min_loan: number | string;
  max_loan: number | string;
  states: readonly string[];
  industries_served: readonly string[];
  industries_excluded: readonly string[];
  min_credit_score: number | string;
  min_years_in_business: number | string;
  min_debt_coverage: number | string;
  accepts_startups: boolean;
  accepts_acquisitions: boolean;
  equity_injection_percent: number | string;
  answer_days: number | string;
};

const programValues = new Set<string>(lenderPrograms.map((program) => program.value));

/**
 * A criteria row as the Lender that matching reads. The name and contact are placeholders, never shown; the
 * lender is active (the function lists active lenders only) and not marked as sample data.
 */
export function lenderFromCriteria(row: LenderCriteriaRow): Lender {
  return {
    id: row.id,
    name: '',
    contact_name: '',
    contact_email: '',
    programs: row.programs.filter((program): program is LenderProgram => programValues.has(program)),
    min_loan: Number(row.min_loan),
    max_loan: Number(row.max_loan),
    states: [...row.states],
    industries_served: [...row.industries_served],
    industries_excluded: [...row.industries_excluded],
    min_credit_score: Number(row.min_credit_score),
    min_years_in_business: Number(row.min_years_in_business),
    min_debt_coverage: Number(row.min_debt_coverage),
    accepts_startups: row.accepts_startups,
    accepts_acquisitions: row.accepts_acquisitions,
    equity_injection_percent: Number(row.equity_injection_percent),
    answer_days: Number(row.answer_days),
    active: true,
    is_sample: false,
  };
}

/** A whole row of public.lenders (as an admin reads it), with its numbers as numbers. */
export type LenderRow = LenderCriteriaRow & {
  name: string;
  contact_name: string;
  contact_email: string;
  active: boolean;
  is_sample: boolean;
  updated_at: string;
};

/** A lender as stored, with when its row last changed: an edit saves only over the row it started from. */
export type StoredLender = Lender & { updated_at: string };

export function lenderFromRow(row: LenderRow): StoredLender {
  return {
    ...lenderFromCriteria(row),
    name: row.name,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    active: row.active,
    is_sample: row.is_sample,
    updated_at: row.updated_at,
  };
}

/** The portal's summary: lenders in the network, how many fit now, how many might after a review, and why not. */
type ApplicantMatchSummary = { lenders: number; fit: number; review: number; widening: WideningOption[] };

export function applicantMatchSummary(
  application: MatchApplication,
  rows: readonly LenderCriteriaRow[],
): ApplicantMatchSummary {
  const matches = matchLenders(application, rows.map(lenderFromCriteria));
  return {
    lenders: matches.length,
    fit: matches.filter((match) => match.outcome === 'fit').length,
    review: matches.filter((match) => match.outcome === 'review').length,
    widening: wideningOptions(matches),
  };
}

/** '1 lender', '4 lenders'. */
export function lenderCount(count: number): string {
  return count === 1 ? '1 lender' : `${count} lenders`;
}

/** Why lenders do not fit, per criterion: [for one lender, for several]. */
const wideningPhrases: Record<MatchCriterionId, (state: string) => readonly [string, string]> = {
  loanSize: () => ['does not lend the amount you asked for', 'do not lend the amount you asked for'],
  state: (state) => {
    const where = state ? `in ${state}` : 'in your state';
    return [`does not lend ${where}`, `do not lend ${where}`];
  },
  industry: () => ['does not finance businesses in your industry', 'do not finance businesses in your industry'],
  creditScore: () => ['needs a higher score than yours', 'need a higher score than yours'],
  yearsInBusiness: () => ['needs more time in business than yours', 'need more time in business than yours'],
  debtCoverage: () => [
    'needs stronger debt coverage (more yearly revenue for each dollar of debt payments)',
    'need stronger debt coverage (more yearly revenue for each dollar of debt payments)',
  ],
  startup: () => ['does not finance businesses less than 1 year old', 'do not finance businesses less than 1 year old'],
  acquisition: () => [
    'does not finance buying a business, which your use of funds describes',
    'do not finance buying a business, which your use of funds describes',
  ],
  equityInjection: () => [
    'asks for a down payment (equity injection), and you said none is available',
    'ask for a down payment (equity injection), and you said none is available',
  ],
};

/** 'Credit score: 4 lenders need a higher score than yours' — a widening option in plain words, no lender named. */
export function wideningSentence(option: WideningOption, application: Pick<MatchApplication, 'state'>): string {
  const [one, several] = wideningPhrases[option.id](application.state);
  return `${option.label}: ${lenderCount(option.lenders)} ${option.lenders === 1 ? one : several}`;
}

/** The labels of a lender's programs ('SBA 7(a), SBA Express'); an unknown value is shown as it is. */
export function lenderProgramsLabel(programs: readonly string[]): string {
  return programs.map((value) => lenderPrograms.find((program) => program.value === value)?.label ?? value).join(', ');
}

export type LenderConsentStatus = 'requested' | 'approved' | 'declined' | 'withdrawn';

/** A consent request as the applicant sees it: one row of rpc('consent_lenders'). */
export type LenderConsentRow = {
  consent_id: string;
  application_id: string;
  status: LenderConsentStatus;
  lender_name: string;
  programs: readonly string[];
  answered_at: string | null;
};

export const lenderConsentStatusLabels: Record<LenderConsentStatus, string> = {
  requested: 'Waiting for your answer',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/**
 * When the applicant answered: 'Approved on Nov 23, 2026, 3:05 PM'; null while unanswered. `timeZone` is an
 * IANA name; without it the runtime's own zone is used.
 */
export function consentAnsweredLabel(
  consent: Pick<LenderConsentRow, 'status' | 'answered_at'>,
  timeZone?: string,
): string | null {
  if (consent.status === 'requested' || !consent.answered_at) return null;
  const date = new Date(consent.answered_at);
  if (Number.isNaN(date.getTime())) return null;
  const when = formatDateTime(date, timeZone);
  return `${lenderConsentStatusLabels[consent.status]} on ${when}`;
}
