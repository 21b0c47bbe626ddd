import { describe, expect, it } from 'vitest';
import { sampleApplicationRow, sampleLenderCriteria } from '../testing/samples.ts';
import {
  matchLender,
  matchLenders,
  wideningOptions,
  type Lender,
  type MatchApplication,
  type MatchCriterionId,
} from './lender-match.ts';

const lender: Lender = {
  ...sampleLenderCriteria,
  programs: ['sba_7a'],
  id: 'l1',
  name: 'Sierra Community Bank',
  contact_name: 'Ana Ruiz',
  contact_email: 'ana@sierra.example',
  active: true,
  is_sample: true,
};

// A bakery in Reno: 700-749, 2-5 years, $100,000-$250,000, $600,000 revenue, $4,000 a month in debt (DSCR 1.875).
const application: MatchApplication = { ...sampleApplicationRow };

function criterion(id: MatchCriterionId, applicationChanges: object, lenderChanges: object) {
  return matchLender(
    { ...application, ...(applicationChanges as Partial<MatchApplication>) },
    { ...lender, ...(lenderChanges as Partial<Lender>) },
  ).criteria.find((c) => c.id === id)!;
}

describe('lender matching: each criterion, with its reason in words', () => {
  it.each([
    [
      'loanSize',
      {},
      {},
      'pass',
      "Your request of $100,000 - $250,000 is within this lender's $50,000 - $2,000,000 range",
    ],
    [
      'loanSize',
      { loan_amount: '500000+' },
      {},
      'review',
      "Your request of $500,000+ is only partly within this lender's $50,000 - $2,000,000 range",
    ],
    [
      'loanSize',
      { loan_amount: '500000+' },
      { max_loan: 350_000 },
      'fail',
      "Your request of $500,000+ is above this lender's $350,000 maximum",
    ],
    [
      'loanSize',
      { loan_amount: '25000-50000' },
      { min_loan: 100_000 },
      'fail',
      "Your request of $25,000 - $50,000 is below this lender's $100,000 minimum",
    ],
    ['loanSize', { loan_amount: '' }, {}, 'review', 'The loan amount was not given'],
    ['state', {}, { states: ['NV', 'CA'] }, 'pass', 'This lender lends in NV'],
    ['state', {}, { states: ['TX'] }, 'fail', 'This lender does not lend in NV'],
    // The wizard's state is free text: a name or a lower-case code is the state all the same.
    ['state', { state: 'Texas' }, { states: ['TX', 'LA'] }, 'pass', 'This lender lends in Texas'],
    ['state', { state: ' tx ' }, { states: ['TX'] }, 'pass', 'This lender lends in  tx '],
    ['state', { state: 'Texas' }, { states: ['NV'] }, 'fail', 'This lender does not lend in Texas'],
    ['state', { state: 'Puerto Rico' }, { states: ['FL'] }, 'fail', 'This lender does not lend in Puerto Rico'],
    ['state', {}, {}, 'pass', 'This lender lends in every state'],
    [
      'industry',
      {},
      { industries_excluded: ['food service'] },
      'fail',
      'This lender does not finance food service businesses',
    ],
    ['industry', {}, { industries_served: ['Food'] }, 'pass', 'This lender finances Food businesses'],
    [
      'industry',
      {},
      { industries_served: ['Healthcare', 'Dental'] },
      'review',
      "Your industry (Food service) is not among this lender's focus industries: Healthcare, Dental",
    ],
    [
      'creditScore',
      {},
      { min_credit_score: 700 },
      'pass',
      "Your credit score range 700-749 meets this lender's 700 minimum",
    ],
    [
      'creditScore',
      { credit_score: '650-699' },
      { min_credit_score: 680 },
      'review',
      "Your credit score range 650-699 is below this lender's 680 minimum",
    ],
    [
      'creditScore',
      { credit_score: '600-649' },
      { min_credit_score: 680 },
      'fail',
      "Your credit score range 600-649 is below this lender's 680 minimum",
    ],
    ['creditScore', { credit_score: '' }, {}, 'review', 'The credit score range was not given'],
    ['yearsInBusiness', {}, {}, 'pass', "Your 2-5 years in business meet this lender's 2-year minimum"],
    [
      'yearsInBusiness',
      { years_in_business: '1-2' },
      {},
      'fail',
      "Your 1-2 years in business are short of this lender's 2-year minimum",
    ],
    [
      'yearsInBusiness',
      {},
      { min_years_in_business: 3 },
      'review',
      "Your 2-5 years in business are short of this lender's 3-year minimum",
    ],
    ['debtCoverage', {}, {}, 'pass', "Your debt coverage 1.87 meets this lender's 1.25 minimum"],
    [
      'debtCoverage',
      { monthly_debt_payments: 6_000 },
      {},
      'pass',
      "Your debt coverage 1.25 meets this lender's 1.25 minimum",
    ],
    [
      'debtCoverage',
      { monthly_debt_payments: 6_001 },
      {},
      'fail',
      "Your debt coverage 1.24 is below this lender's 1.25 minimum",
    ],
    [
      'debtCoverage',
      { monthly_debt_payments: 0 },
      {},
      'pass',
      "With no monthly debt payments, your debt coverage meets this lender's 1.25 minimum",
    ],
    [
      'startup',
      { years_in_business: '0-1' },
      {},
      'fail',
      'This lender does not finance start-ups (less than 1 year in business)',
    ],
    ['startup', { years_in_business: '0-1' }, { accepts_startups: true }, 'pass', 'This lender finances start-ups'],
    ['startup', {}, {}, 'pass', 'Your business is not a start-up'],
    [
      'acquisition',
      { use_of_funds: 'Buying a competitor: acquisition of Main St Bakery' },
      { accepts_acquisitions: false },
      'fail',
      'This lender does not finance business acquisitions',
    ],
    ['acquisition', { use_of_funds: 'Buyout of my partner' }, {}, 'pass', 'This lender finances business acquisitions'],
    ['acquisition', {}, { accepts_acquisitions: false }, 'pass', 'Your loan is not for buying a business'],
    ['equityInjection', {}, {}, 'pass', "Your 10% down payment meets this lender's 10% equity injection"],
    [
      'equityInjection',
      {},
      { equity_injection_percent: 20 },
      'review',
      'This lender asks for a 20% equity injection; you have 10% available',
    ],
    [
      'equityInjection',
      { has_down_payment: 'no' },
      {},
      'fail',
      'This lender asks for a 10% equity injection and you have no down payment available',
    ],
    [
      'equityInjection',
      { has_down_payment: 'no' },
      { equity_injection_percent: 0 },
      'pass',
      'This lender asks for no equity injection',
    ],
  ] as const)('%s with %j against %j: %s', (id, applicationChanges, lenderChanges, outcome, reason) => {
    expect(criterion(id, applicationChanges, lenderChanges)).toMatchObject({ outcome, reason });
  });

  it.each([
    [
      'loanSize',
      {},
      {},
      "The applicant's request of $100,000 - $250,000 is within this lender's $50,000 - $2,000,000 range",
    ],
    ['state', { state: '' }, { states: ['TX'] }, "This lender does not lend in the applicant's state"],
    [
      'industry',
      {},
      { industries_served: ['Retail'] },
      "The applicant's industry (Food service) is not among this lender's focus industries: Retail",
    ],
    ['startup', {}, {}, "The applicant's business is not a start-up"],
    ['acquisition', {}, {}, "The applicant's loan is not for buying a business"],
    [
      'debtCoverage',
      { monthly_debt_payments: 0 },
      {},
      "With no monthly debt payments, the applicant's debt coverage meets this lender's 1.25 minimum",
    ],
    [
      'equityInjection',
      {},
      { equity_injection_percent: 20 },
      'This lender asks for a 20% equity injection; the applicant has 10% available',
    ],
    [
      'equityInjection',
      { has_down_payment: 'no' },
      {},
      'This lender asks for a 10% equity injection and the applicant has no down payment available',
    ],
  ] as const)(
    'tells an officer about the applicant: %s with %j against %j',
    (id, applicationChanges, lenderChanges, text) => {
      expect(criterion(id, applicationChanges, lenderChanges).officerReason).toBe(text);
    },
  );

  it('never speaks to the officer as "you", whatever the outcome', () => {
    const cases: [object, object][] = [
      [{}, {}],
      [{ credit_score: '600-649', years_in_business: '0-1', has_down_payment: 'no', state: '' }, { states: ['TX'] }],
      [
        { loan_amount: '500000+', monthly_debt_payments: 0 },
        { equity_injection_percent: 20, industries_served: ['Retail'] },
      ],
    ];
    for (const [applicationChanges, lenderChanges] of cases) {
      const { criteria } = matchLender(
        { ...application, ...(applicationChanges as Partial<MatchApplication>) },
        { ...lender, ...(lenderChanges as Partial<Lender>) },
      );
      for (const item of criteria) expect(item.officerReason).not.toMatch(/\b(you|your)\b/i);
    }
  });

  it('names each criterion and checks all nine for every lender', () => {
    const match = matchLender(application, lender);
    expect(match.criteria.map((c) => c.label)).toEqual([
      'Loan size',
      'State',
      'Industry',
      'Credit score',
      'Time in business',
      'Debt coverage',
      'Start-ups',
      'Acquisitions',
      'Equity injection',
    ]);
  });
});

describe('lender matching: outcome, score and ranking', () => {
  it('is a fit with a score of 100 when every criterion passes, review when one needs a look, no fit when one fails', () => {
    expect(matchLender(application, lender)).toMatchObject({ outcome: 'fit', score: 100 });
    expect(matchLender(application, { ...lender, min_years_in_business: 3 })).toMatchObject({
      outcome: 'review',
      score: 94,
    });
    expect(matchLender(application, { ...lender, states: ['TX'] })).toMatchObject({ outcome: 'no fit', score: 89 });
  });

  it('leaves paused lenders out and ranks fits first, then by score, answer time and name', () => {
    const lenders: Lender[] = [
      { ...lender, id: 'paused', name: 'Paused Bank', active: false },
      { ...lender, id: 'nofit', name: 'Texas Only', states: ['TX'] },
      { ...lender, id: 'review', name: 'Needs Review', min_years_in_business: 3 },
      { ...lender, id: 'slow', name: 'Slow Fit', answer_days: 10 },
      { ...lender, id: 'b', name: 'Beta Fit' },
      { ...lender, id: 'a', name: 'Alpha Fit' },
    ];
    expect(matchLenders(application, lenders).map((match) => match.lender.id)).toEqual([
      'a',
      'b',
      'slow',
      'review',
      'nofit',
    ]);
  });

  it('answers an empty network with no matches', () => {
    expect(matchLenders(application, [])).toEqual([]);
  });
});

describe('what would widen the options (no lender named)', () => {
  it('counts, per failed criterion, how many lenders it rules out, most first', () => {
    const matches = matchLenders({ ...application, credit_score: '600-649', has_down_payment: 'no' }, [
      { ...lender, id: '1', min_credit_score: 680 },
      { ...lender, id: '2', min_credit_score: 680, equity_injection_percent: 0 },
      { ...lender, id: '3', min_credit_score: 600 },
    ]);
    expect(wideningOptions(matches)).toEqual([
      { id: 'creditScore', label: 'Credit score', lenders: 2 },
      { id: 'equityInjection', label: 'Equity injection', lenders: 2 },
    ]);
    expect(JSON.stringify(wideningOptions(matches))).not.toContain('Sierra');
  });

  it('does not take buying equipment for buying a business', () => {
    const equipment = { ...application, use_of_funds: 'Buy a second oven line and renovate the storefront.' };
    const acquisition = {
      ...application,
      use_of_funds: 'Purchase the business of a retiring competitor: buy the company',
    };
    const strict = { ...lender, accepts_acquisitions: false };
    expect(matchLender(equipment, strict).criteria.find((c) => c.id === 'acquisition')?.outcome).toBe('pass');
    expect(matchLender(acquisition, strict).criteria.find((c) => c.id === 'acquisition')?.outcome).toBe('fail');
  });

  it('words each reason when read, and serialises criteria with their reasons', () => {
    const [first] = matchLender(application, lender).criteria;
    expect(JSON.parse(JSON.stringify(first))).toEqual({
      id: 'loanSize',
      label: 'Loan size',
      outcome: 'pass',
      reason: "Your request of $100,000 - $250,000 is within this lender's $50,000 - $2,000,000 range",
      officerReason:
        "The applicant's request of $100,000 - $250,000 is within this lender's $50,000 - $2,000,000 range",
    });
  });
});
