import { z } from 'zod';
import type { AdditionalInfoForm } from '../catalogue/additional-info.ts';
import {
  checklistSummary,
  documentChecklist,
  itemStateLabels,
  type ChecklistInput,
} from '../checklist/document-checklist.ts';
import { optionLabel } from '../catalogue/fields.ts';
import { loanAmountOptions, yearsInBusinessOptions } from '../catalogue/pre-qualification.ts';
import type { ApplicationRow } from '../db/applications.ts';
import { formatLongDate } from '../format/dates.ts';
import { formatUsd, parseMoney } from '../format/money.ts';
import {
  financialMetrics,
  METRICS_FIGURE_LABELS,
  metricsInput,
  type FinancialMetrics,
  type Metric,
} from '../metrics/financial-metrics.ts';

/**
 * The executive summary of a bank package (docs/product.md §3, Executive summary inputs). The original description
 * lists its inputs only; the sections and wording are ours, and so is one input it does not list: the use of funds the
 * applicant stated when pre-qualifying. The same sections feed the text package and the PDF.
 */

/** The secondary inputs, from the applicant's additional information. */
type SummaryAdditionalInfo = Partial<
  Pick<
    AdditionalInfoForm,
    | 'projectDescription'
    | 'industryExperience'
    | 'constructionCost'
    | 'softCosts'
    | 'equipmentPurchase'
    | 'inventoryPurchase'
    | 'realEstatePurchase'
    | 'borrowerInjectionPercent'
    | 'bankFundingPercent'
    | 'targetCustomers'
    | 'geographicReach'
  >
>;

export type ExecutiveSummaryInput = {
  application: Pick<
    ApplicationRow,
    | 'business_name'
    | 'business_address'
    | 'city'
    | 'state'
    | 'loan_amount'
    | 'years_in_business'
    | 'industry'
    | 'annual_revenue'
    | 'current_business_debt'
    | 'first_name'
    | 'last_name'
    | 'title'
    | 'monthly_debt_payments'
    | 'use_of_funds'
  >;
  additionalInfo?: SummaryAdditionalInfo | null;
  /** The application's documents, their reviews, the requests and the documents not needed (its checklist). */
  checklist: ChecklistInput;
  generatedAt: Date | string;
  /** IANA zone for the date; the runtime's own zone when absent. */
  timeZone?: string;
};

type SummaryRow = { label: string; value: string };
type SummarySection = { title: string; rows: SummaryRow[] };

type ExecutiveSummary = {
  title: string;
  date: string;
  sections: SummarySection[];
  metrics: FinancialMetrics;
  /** The checklist's items (the six required documents and the requests not cancelled), each with its state. */
  checklist: { label: string; state: string }[];
  /** The readiness figure: '5 of 7 accepted, 1 needs replacement, 1 missing'. */
  readiness: string;
};

const NOT_PROVIDED = 'Not provided';

function textOrNotProvided(value: string | undefined): string {
  return value?.trim() || NOT_PROVIDED;
}

/** The metrics shown in a package, in order, flattened from FinancialMetrics. */
export function metricList(metrics: FinancialMetrics): Metric[] {
  return [
    metrics.debtServiceCoverageRatio,
    metrics.workingCapitalRatio,
    metrics.quickRatio,
    metrics.currentRatio,
    metrics.debtToEquityRatio,
    metrics.returnOnInvestment,
    metrics.breakEvenAnalysis.monthlyBreakEven,
    metrics.breakEvenAnalysis.monthsToBreakEven,
  ];
}

function usesOfFunds(info: SummaryAdditionalInfo): SummaryRow[] {
  const uses: [string, string | undefined][] = [
    ['Real estate purchase', info.realEstatePurchase],
    ['Construction', info.constructionCost],
    ['Soft costs', info.softCosts],
    ['Equipment purchase', info.equipmentPurchase],
    ['Inventory purchase', info.inventoryPurchase],
  ];
  return uses
    .filter(([, amount]) => parseMoney(amount) > 0)
    .map(([label, amount]) => ({ label, value: formatUsd(parseMoney(amount)) }));
}

function percentOrNotProvided(value: string | undefined): string {
  return value?.trim() ? `${parseMoney(value)}%` : NOT_PROVIDED;
}

export function buildExecutiveSummary(input: ExecutiveSummaryInput): ExecutiveSummary {
  const app = input.application;
  const info = input.additionalInfo ?? {};
  const metrics = financialMetrics(metricsInput(app, info));
  const checklist = documentChecklist(input.checklist);
  const uses = usesOfFunds(info);
  return {
    title: `Executive Summary: ${app.business_name}`,
    date: formatLongDate(input.generatedAt, input.timeZone),
    sections: [
      {
        title: 'Borrower',
        rows: [
          { label: 'Business', value: app.business_name },
          { label: 'Address', value: `${app.business_address}, ${app.city}, ${app.state}` },
          { label: 'Industry', value: app.industry },
          { label: 'Years in business', value: optionLabel(yearsInBusinessOptions, app.years_in_business) },
          { label: 'Principal', value: [`${app.first_name} ${app.last_name}`, app.title].filter(Boolean).join(', ') },
        ],
      },
      {
        title: 'Loan Request',
        rows: [
          { label: 'Amount requested', value: optionLabel(loanAmountOptions, app.loan_amount) },
          // What the applicant said the loan is for when they pre-qualified: the lender reads it even when the
          // additional information (the project description) has not been given yet.
          { label: 'Use of funds', value: textOrNotProvided(app.use_of_funds) },
          { label: 'Project description', value: textOrNotProvided(info.projectDescription) },
          { label: 'Bank funding', value: percentOrNotProvided(info.bankFundingPercent) },
          { label: 'Borrower injection', value: percentOrNotProvided(info.borrowerInjectionPercent) },
        ],
      },
      { title: 'Uses of Funds', rows: uses.length > 0 ? uses : [{ label: 'Uses', value: NOT_PROVIDED }] },
      {
        title: 'Financial Summary',
        rows: [
          { label: 'Annual revenue', value: formatUsd(app.annual_revenue) },
          { label: 'Monthly debt payments', value: formatUsd(app.monthly_debt_payments) },
          { label: 'Current business debt', value: formatUsd(app.current_business_debt) },
        ],
      },
      {
        title: 'Market',
        rows: [
          { label: 'Target customers', value: textOrNotProvided(info.targetCustomers) },
          { label: 'Geographic reach', value: textOrNotProvided(info.geographicReach) },
        ],
      },
      {
        title: 'Management',
        rows: [{ label: 'Industry experience', value: textOrNotProvided(info.industryExperience) }],
      },
    ],
    metrics,
    // A cancelled request is no longer part of the application; a document not needed says so.
    checklist: checklist.items
      .filter((item) => item.state !== 'cancelled')
      .map((item) => ({ label: item.title, state: itemStateLabels[item.state] })),
    readiness: checklistSummary(checklist.counts),
  };
}

const packageSnapshotSchema = z.object({
  title: z.string(),
  date: z.string(),
  sections: z.array(z.object({ title: z.string(), rows: z.array(z.object({ label: z.string(), value: z.string() })) })),
  metrics: z.array(
    z.object({ label: z.string(), display: z.string(), status: z.enum(['good', 'warning', 'critical']).nullable() }),
  ),
  /** The figures the metrics took from sample assumptions, as labels. */
  assumptions: z.array(z.string()),
  checklist: z.array(
    z.union([
      z.object({ label: z.string(), state: z.string() }),
      // A package generated before documents were reviewed says only whether each was provided.
      z
        .object({ label: z.string(), provided: z.boolean() })
        .transform(({ label, provided }) => ({ label, state: provided ? 'Provided' : 'Missing' })),
    ]),
  ),
  /** The readiness figure; none in a package generated before documents were reviewed. */
  readiness: z.string().nullable().default(null),
});

/**
 * What a bank package shows, fixed when the package is generated and stored with it (JSON-safe): its text
 * and its PDF are both made from it, so they agree with each other and with what the lender was sent, however
 * the application, its information or its documents change later.
 */
export type PackageSnapshot = z.infer<typeof packageSnapshotSchema>;

export function packageSnapshot(summary: ExecutiveSummary): PackageSnapshot {
  return {
    title: summary.title,
    date: summary.date,
    sections: summary.sections,
    metrics: metricList(summary.metrics).map(({ label, display, status }) => ({ label, display, status })),
    assumptions: summary.metrics.assumed.map((figure) => METRICS_FIGURE_LABELS[figure]),
    checklist: summary.checklist,
    readiness: summary.readiness,
  };
}

/** A stored package's snapshot, or null when it has none (packages generated before snapshots were kept). */
export function storedPackageSnapshot(value: unknown): PackageSnapshot | null {
  const parsed = packageSnapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The plain-text package the admin previews and downloads as loan-package-{id}.txt. */
export function packageText(snapshot: PackageSnapshot): string {
  const lines = [snapshot.title.toUpperCase(), `Prepared ${snapshot.date}`];
  for (const section of snapshot.sections) {
    lines.push('', section.title.toUpperCase(), ...section.rows.map((row) => `${row.label}: ${row.value}`));
  }
  lines.push('', 'FINANCIAL METRICS');
  for (const item of snapshot.metrics) {
    lines.push(`${item.label}: ${item.display}${item.status ? ` (${item.status})` : ''}`);
  }
  if (snapshot.assumptions.length > 0) lines.push(assumptionsSentence(snapshot.assumptions));
  lines.push('', 'DOCUMENT CHECKLIST');
  if (snapshot.readiness) lines.push(snapshot.readiness);
  lines.push(...snapshot.checklist.map((item) => `${item.label}: ${item.state}`));
  return `${lines.join('\n')}\n`;
}

export function assumptionsSentence(assumptions: string[]): string {
  return `Sample assumptions used for: ${assumptions.join(', ')}`;
}
