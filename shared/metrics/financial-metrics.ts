import type { AdditionalInfoForm } from '../catalogue/additional-info.ts';
import { loanAmountLowerBound } from '../catalogue/pre-qualification.ts';
import type { ApplicationRow } from '../db/applications.ts';
import { formatUsd, parseMoney } from '../format/money.ts';
import { formatMonths, formatPercent, formatRatio } from '../format/numbers.ts';

/**
 * The admin's financial analysis (docs/product.md §9, Admin dashboard), computed from the application's own
 * figures; the described sample assumptions fill only the figures that are missing (docs/architecture.md,
 * Departure 6).
 */

export const SAMPLE_ASSUMPTIONS = {
  annualRevenue: 1_200_000,
  monthlyDebtPayments: 5_000,
  currentBusinessDebt: 100_000,
  borrowerInjectionPercent: 20,
  constructionCost: 0,
  softCosts: 0,
  inventory: 0,
} as const;

type MetricsFigure = keyof typeof SAMPLE_ASSUMPTIONS;

/** How each figure is named to people (for example when saying which ones were assumed). */
export const METRICS_FIGURE_LABELS: Record<MetricsFigure, string> = {
  annualRevenue: 'annual revenue',
  monthlyDebtPayments: 'monthly debt payments',
  currentBusinessDebt: 'current business debt',
  borrowerInjectionPercent: 'borrower injection',
  constructionCost: 'construction cost',
  softCosts: 'soft costs',
  inventory: 'inventory',
};

/** The figures the metrics use; null or undefined means missing. `loanAmount` is the bracket value. */
export type MetricsInput = Partial<Record<MetricsFigure, number | null>> & { loanAmount: string };

/** Share of revenue taken as cost of revenue in the break-even analysis. */
const COST_OF_REVENUE_SHARE = 0.6;

/** Percent of revenue counted as return in the ROI. */
const ROI_RETURN_PERCENT = 15;

export type MetricStatus = 'good' | 'warning' | 'critical';

/**
 * The status bands of docs/product.md §9 (Admin dashboard): good from `good` up, warning from `warning` up, else
 * critical (no `warning`: everything below good is a warning). Months to break-even is the one where lower is better.
 */
export const METRIC_THRESHOLDS = {
  debtServiceCoverageRatio: { good: 1.25, warning: 1 },
  workingCapitalRatio: { good: 2, warning: 1 },
  quickRatio: { good: 1, warning: 0.7 },
  currentRatio: { good: 2, warning: 1 },
  returnOnInvestment: { good: 15 },
  monthsToBreakEven: { goodAtMost: 24 },
} as const;

export type Metric = {
  label: string;
  value: number;
  /** As shown: 2-decimal ratio, 1-decimal percentage, dollars, months; 'N/A' when not finite. */
  display: string;
  /** The described status band (docs/product.md §9); null when none is defined or the value cannot be computed. */
  status: MetricStatus | null;
};

export type FinancialMetrics = {
  debtServiceCoverageRatio: Metric;
  workingCapitalRatio: Metric;
  quickRatio: Metric;
  currentRatio: Metric;
  debtToEquityRatio: Metric;
  returnOnInvestment: Metric;
  breakEvenAnalysis: { monthlyBreakEven: Metric; monthsToBreakEven: Metric };
  /** The figures filled by sample assumptions, so the screen can say so. */
  assumed: MetricsFigure[];
};

/** a / b, infinite when b is 0 (no debt to cover means unlimited coverage). */
function coverage(a: number, b: number): number {
  return b === 0 ? Infinity : a / b;
}

/** 'good' from `good` up, 'warning' from `warning` up, else 'critical' ('warning' when there is no critical band). */
function band(value: number, { good, warning }: { good: number; warning?: number }): MetricStatus | null {
  if (Number.isNaN(value)) return null;
  if (value >= good) return 'good';
  if (warning === undefined || value >= warning) return 'warning';
  return 'critical';
}

const metric = (label: string, value: number, display: string, status: MetricStatus | null): Metric => ({
  label,
  value,
  display,
  status,
});

export function financialMetrics(input: MetricsInput): FinancialMetrics {
  const assumed: MetricsFigure[] = [];
  const figure = (name: MetricsFigure): number => {
    const given = input[name];
    if (given === null || given === undefined || Number.isNaN(given)) {
      assumed.push(name);
      return SAMPLE_ASSUMPTIONS[name];
    }
    return given;
  };
  const annualRevenue = figure('annualRevenue');
  const monthlyDebt = figure('monthlyDebtPayments');
  const currentDebt = figure('currentBusinessDebt');
  const injectionPercent = figure('borrowerInjectionPercent');
  const constructionCost = figure('constructionCost');
  const softCosts = figure('softCosts');
  const inventory = figure('inventory');
  const loanAmount = loanAmountLowerBound(input.loanAmount) ?? 0;
  const monthlyRevenue = annualRevenue / 12;

  const dscr = coverage(annualRevenue, monthlyDebt * 12);
  const workingCapital = coverage(monthlyRevenue, monthlyDebt);
  // Quick ratio: the standard (current assets - inventory) / current liabilities, with the original description's
  // monthly-revenue proxy for current assets and monthly debt payments for current liabilities.
  // Assets left after the inventory are never below nothing: a planned purchase larger than a month's revenue
  // gives 0, not a negative ratio.
  const quick = coverage(Math.max(0, monthlyRevenue - inventory), monthlyDebt);
  // Debt-to-equity: total debt (current business debt + the loan) over the borrower's injection share of
  // the project (the loan plus construction and soft costs).
  const equity = ((loanAmount + constructionCost + softCosts) * injectionPercent) / 100;
  const debtToEquity = coverage(currentDebt + loanAmount, equity);
  // 15% of revenue over the loan, times 100, computed as 15 x revenue / loan so round figures stay exact.
  const roi = loanAmount === 0 ? Number.NaN : (ROI_RETURN_PERCENT * annualRevenue) / loanAmount;
  // Break-even: with 60% cost of revenue, 40% of revenue is left to pay debt service. The monthly break-even is
  // the revenue that covers the monthly debt payments; the months to break even are those the remaining
  // monthly margin takes to repay the loan (never, when nothing remains).
  const marginShare = 1 - COST_OF_REVENUE_SHARE;
  const monthlyBreakEven = monthlyDebt / marginShare;
  const monthlyMarginAfterDebt = monthlyRevenue * marginShare - monthlyDebt;
  const monthsToBreakEven = monthlyMarginAfterDebt <= 0 ? Infinity : Math.ceil(loanAmount / monthlyMarginAfterDebt);

  return {
    debtServiceCoverageRatio: metric(
      'Debt Service Coverage',
      dscr,
      formatRatio(dscr),
      band(dscr, METRIC_THRESHOLDS.debtServiceCoverageRatio),
    ),
    workingCapitalRatio: metric(
      'Working Capital Ratio',
      workingCapital,
      formatRatio(workingCapital),
      band(workingCapital, METRIC_THRESHOLDS.workingCapitalRatio),
    ),
    quickRatio: metric('Quick Ratio', quick, formatRatio(quick), band(quick, METRIC_THRESHOLDS.quickRatio)),
    currentRatio: metric(
      'Current Ratio',
      workingCapital,
      formatRatio(workingCapital),
      band(workingCapital, METRIC_THRESHOLDS.currentRatio),
    ),
    debtToEquityRatio: metric('Debt-to-Equity Ratio', debtToEquity, formatRatio(debtToEquity), null),
    returnOnInvestment: metric(
      'Return on Investment',
      roi,
      formatPercent(roi),
      band(roi, METRIC_THRESHOLDS.returnOnInvestment),
    ),
    breakEvenAnalysis: {
      monthlyBreakEven: metric('Monthly Break-Even Revenue', monthlyBreakEven, formatUsd(monthlyBreakEven), null),
      monthsToBreakEven: metric(
        'Months to Break-Even',
        monthsToBreakEven,
        formatMonths(monthsToBreakEven),
        monthsToBreakEven <= METRIC_THRESHOLDS.monthsToBreakEven.goodAtMost ? 'good' : 'warning',
      ),
    },
    assumed,
  };
}

/** A free-text figure of the additional information; blank means missing. */
function optionalFigure(value: string | null | undefined): number | null {
  return value === null || value === undefined || value.trim() === '' ? null : parseMoney(value);
}

/** The metrics' figures from an application row and, when the applicant gave it, their additional information. */
export function metricsInput(
  application: Pick<
    ApplicationRow,
    'annual_revenue' | 'monthly_debt_payments' | 'current_business_debt' | 'loan_amount'
  >,
  additionalInfo?: Partial<AdditionalInfoForm> | null,
): MetricsInput {
  return {
    loanAmount: application.loan_amount,
    annualRevenue: application.annual_revenue,
    monthlyDebtPayments: application.monthly_debt_payments,
    currentBusinessDebt: application.current_business_debt,
    borrowerInjectionPercent: optionalFigure(additionalInfo?.borrowerInjectionPercent),
    constructionCost: optionalFigure(additionalInfo?.constructionCost),
    softCosts: optionalFigure(additionalInfo?.softCosts),
    inventory: optionalFigure(additionalInfo?.inventoryPurchase),
  };
}
