import { optionLabel } from '../catalogue/fields.ts';
import {
  creditScoreNumber,
  yearsInBusinessNumber,
  yearsInBusinessOptions,
  type PreQualificationForm,
} from '../catalogue/pre-qualification.ts';
import { parseMoney } from '../format/money.ts';
import { formatRatio } from '../format/numbers.ts';

/**
 * The pre-qualification evaluation. The original description defines the thresholds but always qualifies; this
 * product applies them (docs/architecture.md, Departure 3): every criterion is reported, qualified only when all
 * pass, and the unmet ones are explained. Any exception still yields the described qualified fallback.
 */

export const EVALUATION_THRESHOLDS = {
  minimumCreditScore: 660,
  minimumDebtCoverageRatio: 1.25,
  /** Equity injection: the share of the loan the borrower puts down, in percent. */
  equityInjectionPercent: 10,
  minimumYearsInBusiness: 1,
} as const;

/** Percent of monthly revenue taken as available for debt service in the debt coverage ratio (docs/product.md §9). */
const DEBT_SERVICE_PERCENT_OF_REVENUE = 15;

export const NEXT_STEPS = {
  scheduleConsultation: 'Schedule a consultation with our loan expert',
  prepareDocumentation: 'Prepare required financial documentation',
  reviewTerms: 'Review preliminary loan terms and conditions',
  beginApplication: 'Begin the formal application process',
  discussDownPayment: 'Discuss down payment options and alternatives during consultation',
  contactUs: 'Please contact us directly to discuss your application',
} as const;

type CriterionId = 'creditScore' | 'debtCoverage' | 'downPayment' | 'yearsInBusiness';

export type CriterionResult = {
  id: CriterionId;
  label: string;
  /** The applicant's figure: score, ratio, down payment available; null when unknown or infinite. */
  value: number | boolean | null;
  threshold: number;
  /** Both figures as people read them. */
  display: { value: string; threshold: string };
  passed: boolean;
  /** One plain-language line on what to improve; null when the criterion is met. */
  improvement: string | null;
  /** Why an unmet criterion blocks pre-qualification; null when it is met. */
  reason: string | null;
};

/**
 * What applications.evaluation_result holds: the three described fields (docs/product.md §3, Evaluation result) plus
 * the per-criterion detail.
 */
export type EvaluationResult = {
  qualified: boolean;
  reasons: string[];
  suggestedNextSteps: string[];
  criteria: CriterionResult[];
};

/** Annual revenue / 12 x 15% / monthly debt payments; infinite when there are no debt payments. */
export function debtCoverageRatio(annualRevenue: number, monthlyDebtPayments: number): number {
  if (monthlyDebtPayments === 0) return Infinity;
  // annualRevenue / 12 * 0.15, in an order that keeps whole-dollar figures exact at the 1.25 edge.
  return (annualRevenue * DEBT_SERVICE_PERCENT_OF_REVENUE) / (12 * 100 * monthlyDebtPayments);
}

/**
 * The answers the criteria read: the wizard's form, or an application's stored answers (officer-reasons.ts), whose
 * money is a number.
 */
export type EvaluatedAnswers = {
  creditScore: string;
  yearsInBusiness: string;
  annualRevenue: string | number;
  monthlyDebtPayments: string | number;
  hasDownPayment: string;
};

const NOT_PROVIDED = 'Not provided';

function criterion(
  fields: Omit<CriterionResult, 'improvement' | 'reason'>,
  unmet: { improvement: string; reason: string },
): CriterionResult {
  return fields.passed
    ? { ...fields, improvement: null, reason: null }
    : { ...fields, improvement: unmet.improvement, reason: unmet.reason };
}

/** A criterion on a range the applicant picked: the number the range stands for must reach the threshold. */
function rangeCriterion(range: {
  id: CriterionId;
  label: string;
  threshold: number;
  /** The number the picked range maps to; undefined when nothing (known) was picked. */
  number: number | undefined;
  shown: { value: string; threshold: string };
  reasons: { below: string; missing: string };
  improvement: string;
}): CriterionResult {
  const { number } = range;
  const known = number !== undefined;
  return criterion(
    {
      id: range.id,
      label: range.label,
      value: number ?? null,
      threshold: range.threshold,
      display: { value: known ? range.shown.value : NOT_PROVIDED, threshold: range.shown.threshold },
      passed: number !== undefined && number >= range.threshold,
    },
    { reason: known ? range.reasons.below : range.reasons.missing, improvement: range.improvement },
  );
}

function creditScoreCriterion(form: EvaluatedAnswers): CriterionResult {
  const threshold = EVALUATION_THRESHOLDS.minimumCreditScore;
  return rangeCriterion({
    id: 'creditScore',
    label: 'Credit score',
    threshold,
    number: creditScoreNumber(form.creditScore),
    shown: { value: form.creditScore, threshold: `${threshold}` },
    reasons: {
      below: `Your credit score range (${form.creditScore}) is below our minimum of ${threshold}.`,
      missing: `Your credit score range was not provided; our minimum is ${threshold}.`,
    },
    improvement: `Raise your credit score to ${threshold} or higher: pay every bill on time, lower your card balances and dispute errors on your credit report.`,
  });
}

function debtCoverageCriterion(form: EvaluatedAnswers): CriterionResult {
  const threshold = EVALUATION_THRESHOLDS.minimumDebtCoverageRatio;
  const ratio = debtCoverageRatio(parseMoney(form.annualRevenue), parseMoney(form.monthlyDebtPayments));
  const finite = Number.isFinite(ratio);
  return criterion(
    {
      id: 'debtCoverage',
      label: 'Debt coverage ratio',
      value: finite ? ratio : null,
      threshold,
      display: { value: finite ? formatRatio(ratio) : 'No monthly debt payments', threshold: formatRatio(threshold) },
      passed: ratio >= threshold,
    },
    {
      reason: `Your debt coverage ratio of ${formatRatio(ratio)} is below our minimum of ${formatRatio(threshold)}.`,
      improvement: `Bring your debt coverage ratio to ${formatRatio(threshold)} or higher by growing revenue or paying down monthly debt payments.`,
    },
  );
}

function downPaymentCriterion(form: EvaluatedAnswers): CriterionResult {
  const percent = EVALUATION_THRESHOLDS.equityInjectionPercent;
  const available = form.hasDownPayment === 'yes';
  return criterion(
    {
      id: 'downPayment',
      label: `${percent}% down payment`,
      value: form.hasDownPayment === '' ? null : available,
      threshold: percent,
      display: {
        value: form.hasDownPayment === '' ? NOT_PROVIDED : available ? 'Available' : 'Not available',
        threshold: `${percent}% of the loan amount`,
      },
      passed: available,
    },
    {
      reason: `A ${percent}% down payment is not available.`,
      improvement: `Set aside at least ${percent}% of the loan amount for a down payment, or discuss alternatives with our loan expert.`,
    },
  );
}

function yearsInBusinessCriterion(form: EvaluatedAnswers): CriterionResult {
  const threshold = EVALUATION_THRESHOLDS.minimumYearsInBusiness;
  return rangeCriterion({
    id: 'yearsInBusiness',
    label: 'Years in business',
    threshold,
    number: yearsInBusinessNumber(form.yearsInBusiness),
    shown: { value: optionLabel(yearsInBusinessOptions, form.yearsInBusiness), threshold: `${threshold} year` },
    reasons: {
      below: `Your business has operated for less than our minimum of ${threshold} year.`,
      missing: `Your time in business was not provided; our minimum is ${threshold} year.`,
    },
    improvement: `Build at least ${threshold} year of operating history before applying, keeping clear financial records.`,
  });
}

/**
 * The described result when the evaluation itself fails: qualified, with its two next steps (docs/architecture.md,
 * Departure 3).
 */
export function fallbackEvaluation(): EvaluationResult {
  return {
    qualified: true,
    reasons: [],
    suggestedNextSteps: [NEXT_STEPS.scheduleConsultation, NEXT_STEPS.contactUs],
    criteria: [],
  };
}

/** Every criterion of the evaluation, met or not, for these answers. */
export function evaluateCriteria(answers: EvaluatedAnswers): CriterionResult[] {
  return [
    creditScoreCriterion(answers),
    debtCoverageCriterion(answers),
    downPaymentCriterion(answers),
    yearsInBusinessCriterion(answers),
  ];
}

/** Evaluates a submitted pre-qualification form. Never throws. */
export function evaluatePreQualification(form: PreQualificationForm): EvaluationResult {
  try {
    const criteria = evaluateCriteria(form);
    const suggestedNextSteps: string[] = [
      NEXT_STEPS.scheduleConsultation,
      NEXT_STEPS.prepareDocumentation,
      NEXT_STEPS.reviewTerms,
      NEXT_STEPS.beginApplication,
    ];
    if (form.hasDownPayment === 'no') suggestedNextSteps.push(NEXT_STEPS.discussDownPayment);
    return {
      qualified: criteria.every((item) => item.passed),
      reasons: criteria.flatMap((item) => (item.reason === null ? [] : [item.reason])),
      suggestedNextSteps,
      criteria,
    };
  } catch {
    return fallbackEvaluation();
  }
}
