import { describe, expect, it } from 'vitest';
import type { PreQualificationForm } from '../catalogue/pre-qualification.ts';
import { sampleApplicationRow, sampleForm } from '../testing/samples.ts';
import { evaluatePreQualification } from './evaluate.ts';
import { officerReasons, officerReasonsOf } from './officer-reasons.ts';

const form = (changes: Partial<PreQualificationForm>): PreQualificationForm => ({ ...sampleForm, ...changes });

describe("the unmet criteria in the officer's words", () => {
  it.each([
    [{ creditScore: '600-649' }, 'Credit score range 600-649 is below 660'],
    [{ creditScore: 'Below 600' }, 'Credit score range below 600 is below 660'],
    [{ creditScore: '' }, 'Credit score range not given (minimum 660)'],
    [{ annualRevenue: '$120,000', monthlyDebtPayments: '$2,000' }, 'Debt coverage ratio 0.75 is below 1.25'],
    [{ hasDownPayment: 'no' }, 'Down payment of 10% of the loan amount not available'],
    [{ hasDownPayment: '' }, 'Down payment of 10% of the loan amount not answered'],
    [{ yearsInBusiness: '0-1' }, 'Years in business (less than 1 year) is below 1 year'],
    [{ yearsInBusiness: '' }, 'Years in business not given (minimum 1 year)'],
  ] as const)('%o: %s', (changes, reason) => {
    const answers = form(changes);
    expect(officerReasons(answers)).toEqual([reason]);
    // The same rules as the applicant's reasons: one reason for one unmet criterion.
    expect(evaluatePreQualification(answers).reasons).toHaveLength(1);
  });

  it('gives every unmet criterion, in the order the applicant reads them, and none when all are met', () => {
    const failing = form({
      creditScore: 'Below 600',
      yearsInBusiness: '0-1',
      annualRevenue: '120000',
      monthlyDebtPayments: '2000',
      hasDownPayment: 'no',
    });
    expect(officerReasons(failing)).toEqual([
      'Credit score range below 600 is below 660',
      'Debt coverage ratio 0.75 is below 1.25',
      'Down payment of 10% of the loan amount not available',
      'Years in business (less than 1 year) is below 1 year',
    ]);
    expect(evaluatePreQualification(failing).reasons).toHaveLength(4);
    expect(officerReasons(sampleForm)).toEqual([]);
  });
});

describe('the reasons of a stored application', () => {
  const declined = {
    ...sampleApplicationRow,
    credit_score: '600-649',
    annual_revenue: 120_000,
    monthly_debt_payments: 2_000,
    evaluation_result: evaluatePreQualification(
      form({ creditScore: '600-649', annualRevenue: '120000', monthlyDebtPayments: '2000' }),
    ),
  };

  it("are worked out from its stored answers (money as numbers) when it did not pre-qualify; the stored ones stay the applicant's", () => {
    expect(officerReasonsOf(declined)).toEqual([
      'Credit score range 600-649 is below 660',
      'Debt coverage ratio 0.75 is below 1.25',
    ]);
    expect(declined.evaluation_result.reasons).toEqual([
      'Your credit score range (600-649) is below our minimum of 660.',
      'Your debt coverage ratio of 0.75 is below our minimum of 1.25.',
    ]);
  });

  it('are none for one that pre-qualified, or whose evaluation is unreadable', () => {
    expect(
      officerReasonsOf({ ...declined, evaluation_result: { ...declined.evaluation_result, qualified: true } }),
    ).toEqual([]);
    expect(officerReasonsOf({ ...declined, evaluation_result: null })).toEqual([]);
  });
});
