import { z } from 'zod';
import { usStates } from '../catalogue/us-states.ts';
import { lenderPrograms, type Lender } from '../matching/lender-match.ts';

/**
 * The admin's lender form (docs/architecture.md, Lender network): what the officer types, checked with the same limits
 * as the lenders table's constraints, and turned into a row of public.lenders.
 */

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d+$/, `${label} must be a whole number`)
    .refine((value) => Number(value) >= min && Number(value) <= max, `${label} must be between ${min} and ${max}`);

/** What is wrong with a typed number of 0 to `max` with at most `places` decimal places, first thing first. */
function decimalProblem(value: string, label: string, places: 1 | 2, max: number): string | null {
  if (value === '') return `${label} is required`;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value))
    return `${label} must be a number, such as ${places === 1 ? '2.5' : '1.25'}`;
  if (value.startsWith('-')) return `${label} cannot be negative`;
  if ((value.split('.')[1] ?? '').length > places) {
    return `${label} can have at most ${places === 1 ? 'one decimal place' : 'two decimal places'}`;
  }
  if (Number(value) > max) return `${label} must be at most ${max}`;
  return null;
}

const decimal = (label: string, places: 1 | 2, max: number) =>
  z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = decimalProblem(value, label, places, max);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** Whole dollars, typed with or without '$' and thousands separators; digits only (not 1e6). */
const dollars = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform((value) => value.replace(/[$,\s]/g, ''))
    .pipe(z.string().regex(/^\d{1,12}$/, `${label} must be a whole number of dollars in digits, such as 250,000`));

const programValues = lenderPrograms.map((program) => program.value) as [string, ...string[]];
const stateValues = usStates.map((state) => state.value) as [string, ...string[]];

export const lenderFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200, 'Name can be at most 200 characters'),
    contactName: z
      .string()
      .trim()
      .min(1, 'Contact name is required')
      .max(200, 'Contact name can be at most 200 characters'),
    contactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Contact e-mail is required')
      .pipe(z.email('Please enter a valid e-mail address')),
    programs: z.array(z.enum(programValues)).min(1, 'Choose at least one program'),
    minLoan: dollars('Minimum loan'),
    maxLoan: dollars('Maximum loan'),
    states: z.array(z.enum(stateValues)),
    industriesServed: z.string(),
    industriesExcluded: z.string(),
    minCreditScore: wholeNumber('Minimum credit score', 0, 850),
    minYearsInBusiness: decimal('Minimum years in business', 1, 999),
    minDebtCoverage: decimal('Minimum debt coverage', 2, 99),
    acceptsStartups: z.boolean(),
    acceptsAcquisitions: z.boolean(),
    equityInjectionPercent: wholeNumber('Equity injection', 0, 100),
    answerDays: wholeNumber('Answer time', 1, 90),
    active: z.boolean(),
  })
  // Compared only when both are amounts (each field explains its own error otherwise).
  .refine(
    (form) =>
      ![form.minLoan, form.maxLoan].every((amount) => /^\d+$/.test(amount)) ||
      Number(form.maxLoan) >= Number(form.minLoan),
    {
      path: ['maxLoan'],
      message: 'Maximum loan must be at least the minimum loan',
    },
  );

export type LenderFormInput = z.input<typeof lenderFormSchema>;
export type LenderFormValues = z.output<typeof lenderFormSchema>;

/** 'Restaurant, Bar ,, cafe' gives ['restaurant', 'bar', 'cafe']: lower-case, trimmed, no empty entries. */
export function industryList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The columns of public.lenders the form writes (is_sample stays as it is; a new lender is not sample data). */
export function lenderRowFromForm(form: LenderFormValues) {
  return {
    name: form.name,
    contact_name: form.contactName,
    contact_email: form.contactEmail,
    programs: form.programs,
    min_loan: Number(form.minLoan),
    max_loan: Number(form.maxLoan),
    states: [...form.states].sort(),
    industries_served: industryList(form.industriesServed),
    industries_excluded: industryList(form.industriesExcluded),
    min_credit_score: Number(form.minCreditScore),
    min_years_in_business: Number(form.minYearsInBusiness),
    min_debt_coverage: Number(form.minDebtCoverage),
    accepts_startups: form.acceptsStartups,
    accepts_acquisitions: form.acceptsAcquisitions,
    equity_injection_percent: Number(form.equityInjectionPercent),
    answer_days: Number(form.answerDays),
    active: form.active,
  };
}

/** The form's values for a stored lender (editing), or a new lender's defaults. */
export function lenderFormFromLender(lender?: Lender): LenderFormInput {
  if (!lender) {
    return {
      name: '',
      contactName: '',
      contactEmail: '',
      programs: [],
      minLoan: '',
      maxLoan: '',
      states: [],
      industriesServed: '',
      industriesExcluded: '',
      minCreditScore: '650',
      minYearsInBusiness: '2',
      minDebtCoverage: '1.25',
      acceptsStartups: false,
      acceptsAcquisitions: false,
      equityInjectionPercent: '10',
      answerDays: '5',
      active: true,
    };
  }
  return {
    name: lender.name,
    contactName: lender.contact_name,
    contactEmail: lender.contact_email,
    programs: [...lender.programs],
    minLoan: String(lender.min_loan),
    maxLoan: String(lender.max_loan),
    states: [...lender.states],
    industriesServed: lender.industries_served.join(', '),
    industriesExcluded: lender.industries_excluded.join(', '),
    minCreditScore: String(lender.min_credit_score),
    minYearsInBusiness: String(lender.min_years_in_business),
    minDebtCoverage: String(lender.min_debt_coverage),
    acceptsStartups: lender.accepts_startups,
    acceptsAcquisitions: lender.accepts_acquisitions,
    equityInjectionPercent: String(lender.equity_injection_percent),
    answerDays: String(lender.answer_days),
    active: lender.active,
  };
}
