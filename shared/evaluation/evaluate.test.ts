import { describe, expect, it } from 'vitest';
import type { PreQualificationForm } from '../catalogue/pre-qualification.ts';
import { sampleForm } from '../testing/samples.ts';
import { debtCoverageRatio, EVALUATION_THRESHOLDS, evaluatePreQualification, fallbackEvaluation } from './evaluate.ts';
import { evaluationResultSchema } from './evaluation-schema.ts';

const baseSteps = [
  'Schedule a consultation with our loan expert',
  'Prepare required financial documentation',
  'Review preliminary loan terms and conditions',
  'Begin the formal application process',
];

const form = (changes: Partial<PreQualificationForm>): PreQualificationForm => ({ ...sampleForm, ...changes });

const criterion = (changes: Partial<PreQualificationForm>, id: string) =>
  evaluatePreQualification(form(changes)).criteria.find((item) => item.id === id)!;

describe('thresholds (product.md §9)', () => {
  it('are 660, 1.25, 10% and 1 year', () => {
    expect(EVALUATION_THRESHOLDS).toEqual({
      minimumCreditScore: 660,
      minimumDebtCoverageRatio: 1.25,
      equityInjectionPercent: 10,
      minimumYearsInBusiness: 1,
    });
  });
});

describe('debt coverage ratio = annual revenue / 12 x 0.15 / monthly debt payments', () => {
  it.each([
    [500_000, 5_000, 1.25],
    [600_000, 4_000, 1.875],
    [1_200_000, 15_000, 1],
    [0, 5_000, 0],
    [480_000, 7_200, 0.8333333333333334],
    [100_000, 0, Infinity],
    [0, 0, Infinity],
  ])('revenue %d and monthly debt %d give %d', (revenue, debt, ratio) => {
    expect(debtCoverageRatio(revenue, debt)).toBe(ratio);
  });
});

describe('criteria', () => {
  it.each([
    ['750+', 750, true],
    ['700-749', 725, true],
    ['650-699', 675, true],
    ['600-649', 625, false],
    ['Below 600', 550, false],
  ] as const)('credit score %s (%d) passes: %s', (creditScore, value, passed) => {
    const result = criterion({ creditScore }, 'creditScore');
    expect(result).toMatchObject({ value, threshold: 660, passed, display: { value: creditScore, threshold: '660' } });
    expect(result.improvement === null).toBe(passed);
  });

  it('explains a low credit score with a way to improve it', () => {
    expect(criterion({ creditScore: '600-649' }, 'creditScore')).toMatchObject({
      reason: 'Your credit score range (600-649) is below our minimum of 660.',
      improvement:
        'Raise your credit score to 660 or higher: pay every bill on time, lower your card balances and dispute errors on your credit report.',
    });
    expect(criterion({ creditScore: '' }, 'creditScore')).toMatchObject({
      value: null,
      passed: false,
      display: { value: 'Not provided', threshold: '660' },
      reason: 'Your credit score range was not provided; our minimum is 660.',
    });
  });

  it.each([
    ['$500,000', '$5,000', 1.25, '1.25', true],
    ['$480,000', '$4,000', 1.5, '1.50', true],
    ['$499,999', '$5,000', 1.2499975, '1.25', false],
    ['$1,200,000', '$15,000', 1, '1.00', false],
    ['', '$5,000', 0, '0.00', false],
  ])(
    'revenue %s and debt %s give a ratio of %d (shown %s), passing: %s',
    (annualRevenue, monthlyDebtPayments, value, shown, passed) => {
      const result = criterion({ annualRevenue, monthlyDebtPayments }, 'debtCoverage');
      expect(result.value).toBeCloseTo(value, 6);
      expect(result.display.value).toBe(shown);
      expect(result.passed).toBe(passed);
      expect(result.display.threshold).toBe('1.25');
    },
  );

  it('passes an infinite debt coverage (no debt payments), stored as null', () => {
    for (const monthlyDebtPayments of ['$0', '', 'none']) {
      expect(criterion({ monthlyDebtPayments }, 'debtCoverage')).toMatchObject({
        value: null,
        passed: true,
        display: { value: 'No monthly debt payments' },
        improvement: null,
        reason: null,
      });
    }
  });

  it('explains a low debt coverage', () => {
    expect(criterion({ annualRevenue: '$1,200,000', monthlyDebtPayments: '$15,000' }, 'debtCoverage')).toMatchObject({
      reason: 'Your debt coverage ratio of 1.00 is below our minimum of 1.25.',
      improvement:
        'Bring your debt coverage ratio to 1.25 or higher by growing revenue or paying down monthly debt payments.',
    });
  });

  it.each([
    ['yes', true, true, 'Available'],
    ['no', false, false, 'Not available'],
    ['', null, false, 'Not provided'],
  ] as const)('down payment %j: value %j, passes %s', (hasDownPayment, value, passed, shown) => {
    expect(criterion({ hasDownPayment }, 'downPayment')).toMatchObject({
      label: '10% down payment',
      value,
      threshold: 10,
      passed,
      display: { value: shown, threshold: '10% of the loan amount' },
    });
  });

  it.each([
    ['0-1', 0.5, false, 'Less than 1 year'],
    ['1-2', 1.5, true, '1-2 years'],
    ['2-5', 3.5, true, '2-5 years'],
    ['5-10', 7.5, true, '5-10 years'],
    ['10+', 10, true, '10+ years'],
    ['', null, false, 'Not provided'],
  ] as const)('years in business %j (%j) passes: %s', (yearsInBusiness, value, passed, shown) => {
    expect(criterion({ yearsInBusiness }, 'yearsInBusiness')).toMatchObject({
      value,
      threshold: 1,
      passed,
      display: { value: shown, threshold: '1 year' },
    });
  });

  it('explains a short or unknown history', () => {
    expect(criterion({ yearsInBusiness: '0-1' }, 'yearsInBusiness').reason).toBe(
      'Your business has operated for less than our minimum of 1 year.',
    );
    expect(criterion({ yearsInBusiness: '' }, 'yearsInBusiness').reason).toBe(
      'Your time in business was not provided; our minimum is 1 year.',
    );
  });
});

describe('evaluatePreQualification', () => {
  it('qualifies when every criterion passes, with the four next steps', () => {
    const result = evaluatePreQualification(sampleForm);
    expect(result.qualified).toBe(true);
    expect(result.reasons).toEqual([]);
    expect(result.suggestedNextSteps).toEqual(baseSteps);
    expect(result.criteria.map((item) => [item.id, item.passed])).toEqual([
      ['creditScore', true],
      ['debtCoverage', true],
      ['downPayment', true],
      ['yearsInBusiness', true],
    ]);
    expect(evaluationResultSchema.parse(result)).toEqual(result);
  });

  it('does not qualify when any one criterion fails, and says why', () => {
    const result = evaluatePreQualification(form({ creditScore: 'Below 600' }));
    expect(result.qualified).toBe(false);
    expect(result.reasons).toEqual(['Your credit score range (Below 600) is below our minimum of 660.']);
  });

  it('lists every unmet criterion, and adds the down-payment step only when the answer is no', () => {
    const result = evaluatePreQualification(
      form({ creditScore: '600-649', monthlyDebtPayments: '$50,000', hasDownPayment: 'no', yearsInBusiness: '0-1' }),
    );
    expect(result.qualified).toBe(false);
    expect(result.reasons).toEqual([
      'Your credit score range (600-649) is below our minimum of 660.',
      'Your debt coverage ratio of 0.15 is below our minimum of 1.25.',
      'A 10% down payment is not available.',
      'Your business has operated for less than our minimum of 1 year.',
    ]);
    expect(result.suggestedNextSteps).toEqual([
      ...baseSteps,
      'Discuss down payment options and alternatives during consultation',
    ]);
    expect(evaluatePreQualification(form({ hasDownPayment: '' })).suggestedNextSteps).toEqual(baseSteps);
  });

  it('falls back to the qualified result with the two required next steps when evaluation throws', () => {
    // A saved form whose field cannot be read stands in for any unexpected failure during evaluation.
    const broken = {
      ...sampleForm,
      get annualRevenue(): string {
        throw new Error('unreadable');
      },
    };
    const expected = {
      qualified: true,
      reasons: [],
      suggestedNextSteps: [
        'Schedule a consultation with our loan expert',
        'Please contact us directly to discuss your application',
      ],
      criteria: [],
    };
    expect(evaluatePreQualification(broken)).toEqual(expected);
    expect(evaluatePreQualification(null as unknown as PreQualificationForm)).toEqual(expected);
    expect(fallbackEvaluation()).toEqual(expected);
  });
});
