import { describe, expect, it } from 'vitest';
import { sampleApplicationRow, sampleLenderCriteria } from '../testing/samples.ts';
import {
  applicantMatchSummary,
  consentAnsweredLabel,
  lenderCount,
  lenderFromCriteria,
  lenderProgramsLabel,
  wideningSentence,
  type LenderCriteriaRow,
} from './applicant-matches.ts';
import { matchCriteria, matchLenders, type MatchApplication, type MatchCriterionId } from './lender-match.ts';

// A bakery in Reno (NV): 700-749, 2-5 years, $100,000-$250,000, debt coverage 1.875, 10% down payment.
const application: MatchApplication = { ...sampleApplicationRow };

const open: LenderCriteriaRow = { ...sampleLenderCriteria, id: 'a', programs: ['sba_7a', 'sba_express'] };

describe('lender criteria rows as lenders for matching', () => {
  it('fills placeholders that name no one, marks the lender active and not sample, and reads numbers kept as text', () => {
    const lender = lenderFromCriteria({
      ...open,
      min_loan: '50000',
      max_loan: '2000000',
      min_years_in_business: '2.0',
      min_debt_coverage: '1.25',
      min_credit_score: '650',
      equity_injection_percent: '10',
      answer_days: '5',
      programs: ['sba_7a', 'venture_debt'],
      states: ['NV'],
    });
    expect(lender).toEqual({
      ...open,
      name: '',
      contact_name: '',
      contact_email: '',
      programs: ['sba_7a'],
      states: ['NV'],
      active: true,
      is_sample: false,
    });
  });

  it('matches a converted row exactly as the lender it stands for', () => {
    const strict = { ...open, id: 'b', min_credit_score: 760 };
    const converted = matchLenders(application, [lenderFromCriteria(open), lenderFromCriteria(strict)]);
    expect(converted.map((match) => [match.lender.id, match.outcome])).toEqual([
      ['a', 'fit'],
      ['b', 'no fit'],
    ]);
  });
});

describe('the applicant’s summary of the network', () => {
  it('counts the lenders that fit, those that might after a review, and what keeps the others out', () => {
    const rows: LenderCriteriaRow[] = [
      open,
      { ...open, id: 'review', industries_served: ['healthcare'] },
      { ...open, id: 'credit', min_credit_score: 760 },
      { ...open, id: 'credit-and-state', min_credit_score: 760, states: ['TX'] },
      { ...open, id: 'state', states: ['TX', 'LA'] },
      { ...open, id: 'credit-again', min_credit_score: 780 },
    ];
    expect(applicantMatchSummary(application, rows)).toEqual({
      lenders: 6,
      fit: 1,
      review: 1,
      widening: [
        { id: 'creditScore', label: 'Credit score', lenders: 3 },
        { id: 'state', label: 'State', lenders: 2 },
      ],
    });
  });

  it('is empty without lenders', () => {
    expect(applicantMatchSummary(application, [])).toEqual({ lenders: 0, fit: 0, review: 0, widening: [] });
  });
});

describe('what would widen the options, in plain words', () => {
  const sentences: [MatchCriterionId, string][] = [
    ['loanSize', 'Loan size: 4 lenders do not lend the amount you asked for'],
    ['state', 'State: 4 lenders do not lend in NV'],
    ['industry', 'Industry: 4 lenders do not finance businesses in your industry'],
    ['creditScore', 'Credit score: 4 lenders need a higher score than yours'],
    ['yearsInBusiness', 'Time in business: 4 lenders need more time in business than yours'],
    [
      'debtCoverage',
      'Debt coverage: 4 lenders need stronger debt coverage (more yearly revenue for each dollar of debt payments)',
    ],
    ['startup', 'Start-ups: 4 lenders do not finance businesses less than 1 year old'],
    ['acquisition', 'Acquisitions: 4 lenders do not finance buying a business, which your use of funds describes'],
    [
      'equityInjection',
      'Equity injection: 4 lenders ask for a down payment (equity injection), and you said none is available',
    ],
  ];

  it('has a sentence for every criterion', () => {
    expect(sentences.map(([id]) => id)).toEqual(matchCriteria.map((criterion) => criterion.id));
  });

  it.each(sentences)('%s: %j', (id, sentence) => {
    const label = matchCriteria.find((criterion) => criterion.id === id)!.label;
    expect(wideningSentence({ id, label, lenders: 4 }, application)).toBe(sentence);
  });

  it('speaks of one lender in the singular, and of "your state" when none was given', () => {
    expect(wideningSentence({ id: 'creditScore', label: 'Credit score', lenders: 1 }, application)).toBe(
      'Credit score: 1 lender needs a higher score than yours',
    );
    expect(wideningSentence({ id: 'state', label: 'State', lenders: 1 }, { state: '' })).toBe(
      'State: 1 lender does not lend in your state',
    );
    expect(lenderCount(0)).toBe('0 lenders');
  });
});

describe('consent requests as the applicant sees them', () => {
  it('labels the programs, keeping an unknown one as it is', () => {
    expect(lenderProgramsLabel(['sba_7a', 'sba_express', 'line_of_credit'])).toBe(
      'SBA 7(a), SBA Express, Line of credit',
    );
    expect(lenderProgramsLabel(['term_loan', 'venture_debt'])).toBe('Term loan, venture_debt');
    expect(lenderProgramsLabel([])).toBe('');
  });

  it('says when an answer was given, and nothing while the request waits', () => {
    const answered_at = '2026-11-23T20:05:00Z';
    expect(consentAnsweredLabel({ status: 'approved', answered_at }, 'America/Los_Angeles')).toBe(
      'Approved on Nov 23, 2026, 12:05 PM',
    );
    expect(consentAnsweredLabel({ status: 'declined', answered_at }, 'America/New_York')).toBe(
      'Declined on Nov 23, 2026, 3:05 PM',
    );
    expect(consentAnsweredLabel({ status: 'withdrawn', answered_at }, 'UTC')).toBe(
      'Withdrawn on Nov 23, 2026, 8:05 PM',
    );
    expect(consentAnsweredLabel({ status: 'requested', answered_at: null })).toBeNull();
    expect(consentAnsweredLabel({ status: 'approved', answered_at: null })).toBeNull();
    expect(consentAnsweredLabel({ status: 'approved', answered_at: 'not a date' })).toBeNull();
  });
});
