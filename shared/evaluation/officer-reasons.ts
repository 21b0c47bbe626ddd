import type { ApplicationRow } from '../db/applications.ts';
import { evaluateCriteria, type CriterionResult, type EvaluatedAnswers } from './evaluate.ts';

/**
 * The unmet criteria in a loan officer's words: the applicant's figure against the threshold, addressed to no one
 * ('Credit score range 600-649 is below 660'). The stored evaluation (evaluation_result.reasons) keeps the
 * applicant's words, which the applicant's screens and e-mail show; the officer's are worked out again from the
 * answers by the same rules.
 */
function officerReason(criterion: CriterionResult): string {
  const given = criterion.value !== null;
  const { value, threshold } = criterion.display;
  switch (criterion.id) {
    case 'creditScore':
      // 'Below 600' reads as part of the sentence.
      return given
        ? `Credit score range ${value.toLowerCase()} is below ${threshold}`
        : `Credit score range not given (minimum ${threshold})`;
    case 'debtCoverage':
      return `Debt coverage ratio ${value} is below ${threshold}`;
    case 'downPayment':
      return given ? `Down payment of ${threshold} not available` : `Down payment of ${threshold} not answered`;
    case 'yearsInBusiness':
      return given
        ? `Years in business (${value.toLowerCase()}) is below ${threshold}`
        : `Years in business not given (minimum ${threshold})`;
  }
}

/** The unmet criteria of these answers, in the officer's words; none when all are met. */
export function officerReasons(answers: EvaluatedAnswers): string[] {
  return evaluateCriteria(answers).flatMap((criterion) => (criterion.passed ? [] : [officerReason(criterion)]));
}

/** The answers the evaluation reads, as an application row stores them. */
type EvaluatedColumns = Pick<
  ApplicationRow,
  'credit_score' | 'years_in_business' | 'annual_revenue' | 'monthly_debt_payments' | 'has_down_payment'
>;

/**
 * Why an application did not pre-qualify, in the officer's words, from its stored answers; none for one that did
 * (its stored evaluation says whether it did).
 */
export function officerReasonsOf(application: EvaluatedColumns & { evaluation_result: unknown }): string[] {
  const stored = application.evaluation_result as { qualified?: unknown } | null;
  if (stored?.qualified !== false) return [];
  return officerReasons({
    creditScore: application.credit_score,
    yearsInBusiness: application.years_in_business,
    annualRevenue: application.annual_revenue,
    monthlyDebtPayments: application.monthly_debt_payments,
    hasDownPayment: application.has_down_payment,
  });
}
