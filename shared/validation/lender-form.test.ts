import { describe, expect, it } from 'vitest';
import { lenderFromRow, type LenderRow } from '../matching/applicant-matches.ts';
import {
  industryList,
  lenderFormFromLender,
  lenderFormSchema,
  lenderRowFromForm,
  type LenderFormInput,
} from './lender-form.ts';

const filled: LenderFormInput = {
  ...lenderFormFromLender(),
  name: ' Harbor Bank ',
  contactName: 'Lee Park',
  contactEmail: 'Lee.Park@HarborBank.example',
  programs: ['sba_7a', 'line_of_credit'],
  minLoan: '$50,000',
  maxLoan: '2,000,000',
  states: ['NV', 'CA'],
  industriesServed: 'Restaurant, Bar ,, cafe, bar',
  industriesExcluded: 'Cannabis',
};

function messages(input: LenderFormInput): Record<string, string> {
  const result = lenderFormSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the lender form', () => {
  it('turns what the officer typed into a lenders row', () => {
    const parsed = lenderFormSchema.parse(filled);
    expect(lenderRowFromForm(parsed)).toEqual({
      name: 'Harbor Bank',
      contact_name: 'Lee Park',
      contact_email: 'lee.park@harborbank.example',
      programs: ['sba_7a', 'line_of_credit'],
      min_loan: 50_000,
      max_loan: 2_000_000,
      states: ['CA', 'NV'],
      industries_served: ['restaurant', 'bar', 'cafe'],
      industries_excluded: ['cannabis'],
      min_credit_score: 650,
      min_years_in_business: 2,
      min_debt_coverage: 1.25,
      accepts_startups: false,
      accepts_acquisitions: false,
      equity_injection_percent: 10,
      answer_days: 5,
      active: true,
    });
  });

  it('gives back the same values when a stored lender is edited', () => {
    const row = lenderRowFromForm(lenderFormSchema.parse(filled));
    const stored = lenderFromRow({
      ...row,
      id: 'x',
      is_sample: false,
      updated_at: '2026-11-24T08:00:00.123456+00:00',
    } as LenderRow);
    expect(lenderRowFromForm(lenderFormSchema.parse(lenderFormFromLender(stored)))).toEqual(row);
  });

  it('explains every field it refuses', () => {
    expect(
      messages({
        ...filled,
        name: ' ',
        contactName: '',
        contactEmail: 'lee at harbor',
        programs: [],
        minLoan: 'lots',
        minCreditScore: '900',
        minYearsInBusiness: '1.25',
        minDebtCoverage: '1.255',
        equityInjectionPercent: '101',
        answerDays: '0',
      }),
    ).toEqual({
      name: 'Name is required',
      contactName: 'Contact name is required',
      contactEmail: 'Please enter a valid e-mail address',
      programs: 'Choose at least one program',
      minLoan: 'Minimum loan must be a whole number of dollars in digits, such as 250,000',
      minCreditScore: 'Minimum credit score must be between 0 and 850',
      minYearsInBusiness: 'Minimum years in business can have at most one decimal place',
      minDebtCoverage: 'Minimum debt coverage can have at most two decimal places',
      equityInjectionPercent: 'Equity injection must be between 0 and 100',
      answerDays: 'Answer time must be between 1 and 90',
    });
  });

  it('says which way a value misses: missing, negative, not a number, written with an exponent', () => {
    expect(
      messages({
        ...filled,
        contactEmail: '  ',
        minLoan: '1e6',
        minYearsInBusiness: '-1',
        minDebtCoverage: 'one',
      }),
    ).toEqual({
      contactEmail: 'Contact e-mail is required',
      minLoan: 'Minimum loan must be a whole number of dollars in digits, such as 250,000',
      minYearsInBusiness: 'Minimum years in business cannot be negative',
      minDebtCoverage: 'Minimum debt coverage must be a number, such as 1.25',
    });
    expect(messages({ ...filled, minYearsInBusiness: '.5', minDebtCoverage: '2.' })).toEqual({});
  });

  it('refuses a maximum loan below the minimum', () => {
    expect(messages({ ...filled, minLoan: '500000', maxLoan: '400000' })).toEqual({
      maxLoan: 'Maximum loan must be at least the minimum loan',
    });
  });

  it('lists industries lower-case, trimmed and once each', () => {
    expect(industryList(' Dental, MEDICAL ,, dental ')).toEqual(['dental', 'medical']);
    expect(industryList('')).toEqual([]);
  });
});
