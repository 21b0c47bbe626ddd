import type { ApplicationRow } from '../db/applications.ts';
import { debtCoverageRatio } from '../evaluation/evaluate.ts';
import { formatUsd } from '../format/money.ts';
import { compareNames } from '../format/order.ts';
import { stateCodeOf } from '../catalogue/us-states.ts';

/**
 * Explainable lender matching (docs/architecture.md, Lender network): for an application, every active lender of the
 * network with, per criterion, pass / review / fail and the reason in words, and a fit score to rank them.
 * One pure function, used by the admin screens, the portal, the desktop cache and the benchmarks.
 */

export const lenderPrograms = [
  { value: 'sba_7a', label: 'SBA 7(a)' },
  { value: 'sba_504', label: 'SBA 504' },
  { value: 'sba_express', label: 'SBA Express' },
  { value: 'term_loan', label: 'Term loan' },
  { value: 'line_of_credit', label: 'Line of credit' },
] as const;
export type LenderProgram = (typeof lenderPrograms)[number]['value'];

/** A row of public.lenders. Empty `states` or `industries_served` means every state or industry. */
export type Lender = {
  id: string;
  name: string;
  contact_name: string;
  contact_email: string;
  programs: LenderProgram[];
  min_loan: number;
  max_loan: number;
  states: string[];
  industries_served: string[];
  industries_excluded: string[];
  min_credit_score: number;
  min_years_in_business: number;
  min_debt_coverage: number;
  accepts_startups: boolean;
  accepts_acquisitions: boolean;
  /** Percent of the project the borrower must bring (10 = 10%). */
  equity_injection_percent: number;
  answer_days: number;
  active: boolean;
  is_sample: boolean;
};

export const matchCriteria = [
  { id: 'loanSize', label: 'Loan size' },
  { id: 'state', label: 'State' },
  { id: 'industry', label: 'Industry' },
  { id: 'creditScore', label: 'Credit score' },
  { id: 'yearsInBusiness', label: 'Time in business' },
  { id: 'debtCoverage', label: 'Debt coverage' },
  { id: 'startup', label: 'Start-ups' },
  { id: 'acquisition', label: 'Acquisitions' },
  { id: 'equityInjection', label: 'Equity injection' },
] as const;
export type MatchCriterionId = (typeof matchCriteria)[number]['id'];

export type CriterionOutcome = 'pass' | 'review' | 'fail';
/** `reason` speaks to the applicant ('Your credit score...'); `officerReason` says the same to a loan officer. */
type MatchCriterion = {
  id: MatchCriterionId;
  label: string;
  outcome: CriterionOutcome;
  reason: string;
  officerReason: string;
};

/** 'fit': every criterion passes; 'review': none fails but some need a look; 'no fit': one fails. */
export type MatchOutcome = 'fit' | 'review' | 'no fit';
type LenderMatch = { lender: Lender; score: number; outcome: MatchOutcome; criteria: MatchCriterion[] };

/** The application's answers matching reads. */
export type MatchApplication = Pick<
  ApplicationRow,
  | 'credit_score'
  | 'years_in_business'
  | 'loan_amount'
  | 'state'
  | 'industry'
  | 'annual_revenue'
  | 'monthly_debt_payments'
  | 'use_of_funds'
  | 'has_down_payment'
>;

type Range = { low: number; high: number; label: string };

/** The wizard's ranges as numbers (the enumerations of docs/product.md §3); undefined for an unknown answer. */
const creditRanges: Record<string, Range> = {
  '750+': { low: 750, high: 850, label: '750+' },
  '700-749': { low: 700, high: 749, label: '700-749' },
  '650-699': { low: 650, high: 699, label: '650-699' },
  '600-649': { low: 600, high: 649, label: '600-649' },
  'Below 600': { low: 300, high: 599, label: 'below 600' },
};
const yearRanges: Record<string, Range> = {
  '0-1': { low: 0, high: 1, label: 'less than 1 year' },
  '1-2': { low: 1, high: 2, label: '1-2 years' },
  '2-5': { low: 2, high: 5, label: '2-5 years' },
  '5-10': { low: 5, high: 10, label: '5-10 years' },
  '10+': { low: 10, high: Infinity, label: '10+ years' },
};
const loanRanges: Record<string, Range> = {
  '25000-50000': { low: 25_000, high: 50_000, label: '$25,000 - $50,000' },
  '50000-100000': { low: 50_000, high: 100_000, label: '$50,000 - $100,000' },
  '100000-250000': { low: 100_000, high: 250_000, label: '$100,000 - $250,000' },
  '250000-500000': { low: 250_000, high: 500_000, label: '$250,000 - $500,000' },
  '500000+': { low: 500_000, high: Infinity, label: '$500,000+' },
};

/** What the down-payment answer stands for: 'yes' is the wizard's "10% down payment available". */
const DOWN_PAYMENT_PERCENT_WHEN_YES = 10;

const acquisitionWords =
  /\b(acquisition|acquire|acquiring|buyout|buy-out|(buy|buying|purchase|purchasing) (a|an|the|my|our) (business|company|franchise|practice|competitor)|business purchase)\b/i;

const labelOf = Object.fromEntries(matchCriteria.map((criterion) => [criterion.id, criterion.label])) as Record<
  MatchCriterionId,
  string
>;

/** Who a reason speaks to: the applicant about their own application, or an officer about the applicant's. */
type Voice = { Your: string; your: string; youHave: string };
const toApplicant: Voice = { Your: 'Your', your: 'your', youHave: 'you have' };
const toOfficer: Voice = { Your: "The applicant's", your: "the applicant's", youHave: 'the applicant has' };

/**
 * A criterion's result. Its reason is worded when first read: ranking thousands of applications reads
 * outcomes only, and building every sentence would be most of its cost.
 */
class CriterionResult implements MatchCriterion {
  private worded: string | undefined = undefined;

  constructor(
    readonly id: MatchCriterionId,
    readonly outcome: CriterionOutcome,
    private readonly word: (voice: Voice) => string,
  ) {}

  get label(): string {
    return labelOf[this.id];
  }

  get reason(): string {
    this.worded ??= this.word(toApplicant);
    return this.worded;
  }

  get officerReason(): string {
    return this.word(toOfficer);
  }

  toJSON(): MatchCriterion {
    return {
      id: this.id,
      label: this.label,
      outcome: this.outcome,
      reason: this.reason,
      officerReason: this.officerReason,
    };
  }
}

function result(id: MatchCriterionId, outcome: CriterionOutcome, reason: (voice: Voice) => string): MatchCriterion {
  return new CriterionResult(id, outcome, reason);
}

function years(count: number): string {
  return count === 1 ? '1-year' : `${count}-year`;
}

/** What matching reads from an application, worked out once per application rather than once per lender. */
type Facts = {
  application: MatchApplication;
  credit: Range | undefined;
  years: Range | undefined;
  loan: Range | undefined;
  debtCoverage: number;
  industry: string;
  acquisition: boolean;
};

/** What matching shows of a lender, worked out once per lender. */
type LenderTexts = {
  limits: string;
  minimum: string;
  maximum: string;
  coverage: string;
  served: string[];
  excluded: string[];
};

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function factsOf(application: MatchApplication): Facts {
  return {
    application,
    credit: creditRanges[application.credit_score],
    years: yearRanges[application.years_in_business],
    loan: loanRanges[application.loan_amount],
    debtCoverage: debtCoverageRatio(Number(application.annual_revenue), Number(application.monthly_debt_payments)),
    industry: normalise(application.industry),
    acquisition: acquisitionWords.test(application.use_of_funds),
  };
}

const textsByLender = new WeakMap<Lender, LenderTexts>();
function textsOf(lender: Lender): LenderTexts {
  let texts = textsByLender.get(lender);
  if (!texts) {
    texts = {
      limits: `${formatUsd(lender.min_loan)} - ${formatUsd(lender.max_loan)}`,
      minimum: formatUsd(lender.min_loan),
      maximum: formatUsd(lender.max_loan),
      coverage: Number(lender.min_debt_coverage).toFixed(2),
      served: lender.industries_served.map(normalise),
      excluded: lender.industries_excluded.map(normalise),
    };
    textsByLender.set(lender, texts);
  }
  return texts;
}

function loanSize({ loan }: Facts, lender: Lender, texts: LenderTexts): MatchCriterion {
  if (!loan) return result('loanSize', 'review', () => 'The loan amount was not given');
  if (loan.low >= lender.min_loan && loan.high <= lender.max_loan) {
    return result(
      'loanSize',
      'pass',
      (v) => `${v.Your} request of ${loan.label} is within this lender's ${texts.limits} range`,
    );
  }
  if (loan.low > lender.max_loan) {
    return result(
      'loanSize',
      'fail',
      (v) => `${v.Your} request of ${loan.label} is above this lender's ${texts.maximum} maximum`,
    );
  }
  if (loan.high < lender.min_loan) {
    return result(
      'loanSize',
      'fail',
      (v) => `${v.Your} request of ${loan.label} is below this lender's ${texts.minimum} minimum`,
    );
  }
  return result(
    'loanSize',
    'review',
    (v) => `${v.Your} request of ${loan.label} is only partly within this lender's ${texts.limits} range`,
  );
}

function state({ application }: Facts, lender: Lender): MatchCriterion {
  if (lender.states.length === 0) return result('state', 'pass', () => 'This lender lends in every state');
  // The wizard's state is free text: 'Texas' or 'tx' is TX, as the lenders' states are postal codes.
  const code = stateCodeOf(application.state);
  if (code !== null && lender.states.includes(code))
    return result('state', 'pass', () => `This lender lends in ${application.state}`);
  return result('state', 'fail', (v) => `This lender does not lend in ${application.state || `${v.your} state`}`);
}

/** An industry list entry matches when the application's industry contains it (case and spacing aside). */
function mentioned(industry: string, entries: string[]): number {
  return entries.findIndex((entry) => entry !== '' && industry.includes(entry));
}

function industry(facts: Facts, lender: Lender, texts: LenderTexts): MatchCriterion {
  const excluded = mentioned(facts.industry, texts.excluded);
  if (excluded >= 0) {
    return result(
      'industry',
      'fail',
      () => `This lender does not finance ${lender.industries_excluded[excluded]} businesses`,
    );
  }
  if (lender.industries_served.length === 0) {
    return result('industry', 'pass', () => 'This lender finances every industry it does not exclude');
  }
  const served = mentioned(facts.industry, texts.served);
  if (served >= 0)
    return result('industry', 'pass', () => `This lender finances ${lender.industries_served[served]} businesses`);
  return result(
    'industry',
    'review',
    (v) =>
      `${v.Your} industry (${facts.application.industry || 'not given'}) is not among this lender's focus industries: ${lender.industries_served.join(', ')}`,
  );
}

function creditScore({ credit }: Facts, lender: Lender): MatchCriterion {
  if (!credit) return result('creditScore', 'review', () => 'The credit score range was not given');
  const minimum = lender.min_credit_score;
  if (credit.low >= minimum) {
    return result(
      'creditScore',
      'pass',
      (v) => `${v.Your} credit score range ${credit.label} meets this lender's ${minimum} minimum`,
    );
  }
  // Partly below (650-699 against 680) needs a look at the actual score; wholly below does not fit.
  return result(
    'creditScore',
    credit.high >= minimum ? 'review' : 'fail',
    (v) => `${v.Your} credit score range ${credit.label} is below this lender's ${minimum} minimum`,
  );
}

function yearsInBusiness({ years: range }: Facts, lender: Lender): MatchCriterion {
  if (!range) return result('yearsInBusiness', 'review', () => 'The time in business was not given');
  const minimum = Number(lender.min_years_in_business);
  if (range.low >= minimum) {
    return result(
      'yearsInBusiness',
      'pass',
      (v) => `${v.Your} ${range.label} in business meet this lender's ${years(minimum)} minimum`,
    );
  }
  return result(
    'yearsInBusiness',
    range.high > minimum ? 'review' : 'fail',
    (v) => `${v.Your} ${range.label} in business are short of this lender's ${years(minimum)} minimum`,
  );
}

function debtCoverage({ debtCoverage: ratio }: Facts, lender: Lender, texts: LenderTexts): MatchCriterion {
  if (!Number.isFinite(ratio)) {
    return result(
      'debtCoverage',
      'pass',
      (v) => `With no monthly debt payments, ${v.your} debt coverage meets this lender's ${texts.coverage} minimum`,
    );
  }
  // Rounded down, so that a ratio just under the minimum never reads as equal to it.
  const shown = () => (Math.floor(ratio * 100) / 100).toFixed(2);
  if (ratio >= Number(lender.min_debt_coverage)) {
    return result(
      'debtCoverage',
      'pass',
      (v) => `${v.Your} debt coverage ${shown()} meets this lender's ${texts.coverage} minimum`,
    );
  }
  return result(
    'debtCoverage',
    'fail',
    (v) => `${v.Your} debt coverage ${shown()} is below this lender's ${texts.coverage} minimum`,
  );
}

function startup({ application }: Facts, lender: Lender): MatchCriterion {
  if (application.years_in_business !== '0-1')
    return result('startup', 'pass', (v) => `${v.Your} business is not a start-up`);
  if (lender.accepts_startups) return result('startup', 'pass', () => 'This lender finances start-ups');
  return result('startup', 'fail', () => 'This lender does not finance start-ups (less than 1 year in business)');
}

function acquisition(facts: Facts, lender: Lender): MatchCriterion {
  if (!facts.acquisition) return result('acquisition', 'pass', (v) => `${v.Your} loan is not for buying a business`);
  if (lender.accepts_acquisitions)
    return result('acquisition', 'pass', () => 'This lender finances business acquisitions');
  return result('acquisition', 'fail', () => 'This lender does not finance business acquisitions');
}

function equityInjection({ application }: Facts, lender: Lender): MatchCriterion {
  const required = lender.equity_injection_percent;
  if (required === 0) return result('equityInjection', 'pass', () => 'This lender asks for no equity injection');
  if (application.has_down_payment === 'yes') {
    return required <= DOWN_PAYMENT_PERCENT_WHEN_YES
      ? result(
          'equityInjection',
          'pass',
          (v) => `${v.Your} 10% down payment meets this lender's ${required}% equity injection`,
        )
      : result(
          'equityInjection',
          'review',
          (v) => `This lender asks for a ${required}% equity injection; ${v.youHave} 10% available`,
        );
  }
  return result(
    'equityInjection',
    'fail',
    (v) => `This lender asks for a ${required}% equity injection and ${v.youHave} no down payment available`,
  );
}

const checks: ((facts: Facts, lender: Lender, texts: LenderTexts) => MatchCriterion)[] = [
  loanSize,
  state,
  industry,
  creditScore,
  yearsInBusiness,
  debtCoverage,
  startup,
  acquisition,
  equityInjection,
];

const points: Record<CriterionOutcome, number> = { pass: 2, review: 1, fail: 0 };

/** One lender against one application: every criterion, the outcome and a score from 0 to 100. */
export function matchLender(application: MatchApplication, lender: Lender): LenderMatch {
  return matchFacts(factsOf(application), lender);
}

function matchFacts(facts: Facts, lender: Lender): LenderMatch {
  const texts = textsOf(lender);
  const criteria = checks.map((check) => check(facts, lender, texts));
  const score = Math.round((100 * criteria.reduce((sum, c) => sum + points[c.outcome], 0)) / (2 * criteria.length));
  const outcome: MatchOutcome = criteria.some((c) => c.outcome === 'fail')
    ? 'no fit'
    : criteria.some((c) => c.outcome === 'review')
      ? 'review'
      : 'fit';
  return { lender, score, outcome, criteria };
}

const outcomeRank: Record<MatchOutcome, number> = { fit: 0, review: 1, 'no fit': 2 };

/**
 * Every active lender for the application, best first: fits, then those needing a look, then the rest;
 * within each, higher score, then faster answer, then name. Paused lenders are left out.
 */
export function matchLenders(application: MatchApplication, lenders: readonly Lender[]): LenderMatch[] {
  const facts = factsOf(application);
  return lenders
    .filter((lender) => lender.active)
    .map((lender) => matchFacts(facts, lender))
    .sort(
      (a, b) =>
        outcomeRank[a.outcome] - outcomeRank[b.outcome] ||
        b.score - a.score ||
        a.lender.answer_days - b.lender.answer_days ||
        compareNames(a.lender.name, b.lender.name),
    );
}

export type WideningOption = { id: MatchCriterionId; label: string; lenders: number };

/**
 * What would widen the applicant's options, without naming a lender: the criteria that keep lenders from
 * fitting, by how many lenders each one rules out (most first).
 */
export function wideningOptions(matches: readonly LenderMatch[]): WideningOption[] {
  const counts = new Map<MatchCriterionId, number>();
  for (const match of matches) {
    for (const criterion of match.criteria) {
      if (criterion.outcome === 'fail') counts.set(criterion.id, (counts.get(criterion.id) ?? 0) + 1);
    }
  }
  return matchCriteria
    .filter((criterion) => counts.has(criterion.id))
    .map((criterion) => ({ id: criterion.id, label: criterion.label, lenders: counts.get(criterion.id)! }))
    .sort((a, b) => b.lenders - a.lenders);
}
