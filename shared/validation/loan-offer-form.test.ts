import { describe, expect, it } from 'vitest';
import { rateIndexes } from '../offers/offer-cost.ts';
import { isoDay } from '../format/dates.ts';
import {
  LOAN_OFFER_MESSAGES as M,
  LOAN_STAGE_MESSAGES as S,
  aYearAfter,
  loanOfferArguments,
  loanOfferFormSchema,
  loanStageFormSchema,
  indexValueFormSchema,
  INDEX_VALUE_MESSAGES,
  offerConditions,
  type LoanOfferForm,
} from './loan-offer-form.ts';

const today = '2026-11-28';
const schema = loanOfferFormSchema(today);

const valid: LoanOfferForm = {
  amount: 250_000,
  rateKind: 'fixed',
  fixedRate: 9.5,
  rateIndex: '',
  spread: Number.NaN,
  termMonths: 120,
  lenderFees: 2_500,
  sbaGuarantyFee: Number.NaN,
  collateral: 'Business assets',
  conditions: 'Personal guarantee\n\n  Life insurance on the owner  \n',
  expiresOn: today,
};

/** The message of each field the offer is refused for. */
function messages(changes: Partial<Record<keyof LoanOfferForm, unknown>>): Record<string, string> {
  const parsed = schema.safeParse({ ...valid, ...changes });
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the loan offer form', () => {
  it('accepts a fixed offer, and a variable one at each index, expiring today or later', () => {
    expect(messages({})).toEqual({});
    expect(messages({ expiresOn: '2027-01-01', sbaGuarantyFee: 0, lenderFees: 0, fixedRate: 0 })).toEqual({});
    expect(messages({ fixedRate: 40, amount: 50_000_000, termMonths: 600, sbaGuarantyFee: 10_000_000 })).toEqual({});
    for (const { value: rateIndex } of rateIndexes) {
      expect(messages({ rateKind: 'variable', rateIndex, spread: -5, fixedRate: Number.NaN })).toEqual({});
      expect(messages({ rateKind: 'variable', rateIndex, spread: 20 })).toEqual({});
    }
  });

  it('says what is missing, field by field, all at once', () => {
    expect(
      messages({
        amount: Number.NaN,
        rateKind: undefined,
        termMonths: Number.NaN,
        lenderFees: Number.NaN,
        expiresOn: '',
      }),
    ).toEqual({
      amount: M.amountRequired,
      rateKind: M.rateKindRequired,
      termMonths: M.termRequired,
      lenderFees: M.lenderFeesRequired,
      expiresOn: M.expiryRequired,
    });
    expect(messages({ fixedRate: Number.NaN, amount: Number.NaN })).toEqual({
      amount: M.amountRequired,
      fixedRate: M.fixedRateRequired,
    });
    expect(messages({ rateKind: 'variable', rateIndex: '', spread: null })).toEqual({
      rateIndex: M.rateIndexRequired,
      spread: M.spreadRequired,
    });
    expect(messages({ expiresOn: undefined })).toEqual({ expiresOn: M.expiryRequired });
  });

  it('keeps the amount above $0, at most $50,000,000, in cents', () => {
    expect(messages({ amount: 0 })).toEqual({ amount: M.amountAboveZero });
    expect(messages({ amount: -1 })).toEqual({ amount: M.amountAboveZero });
    expect(messages({ amount: 50_000_000.01 })).toEqual({ amount: M.amountTooLarge });
    expect(messages({ amount: 1000.005 })).toEqual({ amount: M.amountCents });
  });

  it('keeps a fixed rate within 0% to 40%, and a spread within -5% to 20%, to 3 decimals', () => {
    expect(messages({ fixedRate: -0.1 })).toEqual({ fixedRate: M.fixedRateRange });
    expect(messages({ fixedRate: 40.001 })).toEqual({ fixedRate: M.fixedRateRange });
    expect(messages({ fixedRate: 7.1234 })).toEqual({ fixedRate: M.rateDecimals });
    const variable = { rateKind: 'variable', rateIndex: 'prime' };
    expect(messages({ ...variable, spread: -5.5 })).toEqual({ spread: M.spreadRange });
    expect(messages({ ...variable, spread: 20.5 })).toEqual({ spread: M.spreadRange });
    expect(messages({ ...variable, spread: 2.7501 })).toEqual({ spread: M.rateDecimals });
    expect(messages({ ...variable, rateIndex: 'libor', spread: 2 })).toHaveProperty('rateIndex');
  });

  it('keeps the term to 1 to 600 whole months', () => {
    expect(messages({ termMonths: 0 })).toEqual({ termMonths: M.termRange });
    expect(messages({ termMonths: 601 })).toEqual({ termMonths: M.termRange });
    expect(messages({ termMonths: 12.5 })).toEqual({ termMonths: M.termWhole });
  });

  it('keeps the fees at $0 or more, in cents; the SBA guaranty fee may be left out', () => {
    expect(messages({ lenderFees: -1 })).toEqual({ lenderFees: M.feesRange });
    expect(messages({ lenderFees: 10_000_000.01 })).toEqual({ lenderFees: M.feesRange });
    expect(messages({ lenderFees: 1.001 })).toEqual({ lenderFees: M.feesCents });
    expect(messages({ sbaGuarantyFee: -1 })).toEqual({ sbaGuarantyFee: M.feesRange });
    expect(messages({ sbaGuarantyFee: 1.001 })).toEqual({ sbaGuarantyFee: M.feesCents });
    expect(messages({ sbaGuarantyFee: null })).toEqual({});
    expect(messages({ sbaGuarantyFee: undefined })).toEqual({});
  });

  it('keeps the collateral to 2,000 characters and the conditions to 20, 8,000 characters in all', () => {
    expect(messages({ collateral: 'c'.repeat(2000) })).toEqual({});
    expect(messages({ collateral: 'c'.repeat(2001) })).toEqual({ collateral: M.collateralTooLong });
    const lines = (count: number, length = 5) => Array.from({ length: count }, () => 'c'.repeat(length)).join('\n');
    expect(messages({ conditions: `${lines(20)}\n\n \n` })).toEqual({});
    expect(messages({ conditions: lines(21) })).toEqual({ conditions: M.tooManyConditions });
    expect(messages({ conditions: lines(20, 400) })).toEqual({});
    expect(messages({ conditions: lines(20, 401) })).toEqual({ conditions: M.conditionsTooLong });
  });

  it('refuses an expiry before today or not a date', () => {
    expect(messages({ expiresOn: '2026-11-27' })).toEqual({ expiresOn: M.expiryPast });
    expect(messages({ expiresOn: 'soon' })).toEqual({ expiresOn: M.expiryRequired });
  });

  it('refuses an expiry more than a year from today', () => {
    expect(messages({ expiresOn: '2027-11-28' })).toEqual({});
    expect(messages({ expiresOn: '2027-11-29' })).toEqual({ expiresOn: M.expiryTooFar });
    expect(messages({ expiresOn: '9999-12-31' })).toEqual({ expiresOn: M.expiryTooFar });
  });

  it('counts a year as Postgres adds one: 29 February to the 28th', () => {
    expect(aYearAfter('2026-11-28')).toBe('2027-11-28');
    expect(aYearAfter('2028-02-29')).toBe('2029-02-28');
    expect(aYearAfter('2027-12-31')).toBe('2028-12-31');
  });

  it('drops blank conditions, and gives make_loan_offer only the rate fields of the kind chosen', () => {
    expect(offerConditions(' a \r\n\n b')).toEqual(['a', 'b']);
    expect(loanOfferArguments('t', { ...valid, rateIndex: 'prime', spread: 2, collateral: ' x ' })).toEqual({
      token: 't',
      amount: 250_000,
      rate_kind: 'fixed',
      fixed_rate: 9.5,
      rate_index: null,
      spread: null,
      term_months: 120,
      lender_fees: 2_500,
      sba_guaranty_fee: null,
      collateral: 'x',
      conditions: ['Personal guarantee', 'Life insurance on the owner'],
      expires_on: today,
    });
    expect(
      loanOfferArguments('t', { ...valid, rateKind: 'variable', rateIndex: 'prime', spread: 2, sbaGuarantyFee: 5 }),
    ).toMatchObject({ rate_kind: 'variable', fixed_rate: null, rate_index: 'prime', spread: 2, sba_guaranty_fee: 5 });
  });

  it('reads the day in the browser’s zone or in UTC', () => {
    const late = new Date('2026-11-28T23:30:00Z');
    expect(isoDay(late, true)).toBe('2026-11-28');
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('the closing stage form', () => {
  const stages = loanStageFormSchema(today);
  const empty = { expectedClosingOn: '', fundedAmount: Number.NaN, fundedOn: '', reason: '' };
  const problems = (form: Record<string, unknown>) =>
    Object.fromEntries(
      (stages.safeParse({ ...empty, ...form }).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]),
    );

  it('takes each stage with its details, ignoring the other stages’ fields', () => {
    expect(problems({ stage: 'in_closing', expectedClosingOn: '2026-12-20', reason: 'x'.repeat(3000) })).toEqual({});
    expect(problems({ stage: 'funded', fundedAmount: 250_000.5, fundedOn: today })).toEqual({});
    expect(problems({ stage: 'did_not_close', reason: ' Appraisal came in low ' })).toEqual({});
  });

  it('says what each stage is missing or gets wrong', () => {
    expect(problems({ stage: '' })).toEqual({ stage: S.stageRequired });
    expect(problems({ stage: 'in_closing' })).toEqual({ expectedClosingOn: S.expectedClosingRequired });
    expect(problems({ stage: 'in_closing', expectedClosingOn: '2026-11-27' })).toEqual({
      expectedClosingOn: S.expectedClosingPast,
    });
    expect(problems({ stage: 'in_closing', expectedClosingOn: today })).toEqual({});
    expect(problems({ stage: 'funded' })).toEqual({
      fundedAmount: S.fundedAmountRequired,
      fundedOn: S.fundedOnRequired,
    });
    expect(problems({ stage: 'funded', fundedAmount: 0, fundedOn: '2026-11-29' })).toEqual({
      fundedAmount: M.amountAboveZero,
      fundedOn: S.fundedOnFuture,
    });
    expect(problems({ stage: 'funded', fundedAmount: 50_000_001, fundedOn: today })).toEqual({
      fundedAmount: M.amountTooLarge,
    });
    expect(problems({ stage: 'funded', fundedAmount: 1.001, fundedOn: today })).toEqual({
      fundedAmount: M.amountCents,
    });
    expect(problems({ stage: 'did_not_close', reason: '   ' })).toEqual({ reason: S.reasonRequired });
    expect(problems({ stage: 'did_not_close', reason: 'r'.repeat(2001) })).toEqual({ reason: S.reasonTooLong });
  });
});

describe('an index value as an officer enters it', () => {
  const schema = indexValueFormSchema('2026-11-28');
  const messages = (form: Record<string, unknown>) => {
    const parsed = schema.safeParse(form);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('needs the index, the value in percent and its day, not in the future', () => {
    expect(messages({ rateIndex: '', percent: Number.NaN, asOf: '' })).toEqual([
      INDEX_VALUE_MESSAGES.indexRequired,
      INDEX_VALUE_MESSAGES.percentRequired,
      INDEX_VALUE_MESSAGES.asOfRequired,
    ]);
    expect(messages({ rateIndex: 'prime', percent: 7.5, asOf: '2026-11-29' })).toEqual([
      INDEX_VALUE_MESSAGES.asOfFuture,
    ]);
    expect(messages({ rateIndex: 'prime', percent: 41, asOf: '2026-11-28' })).toEqual([
      INDEX_VALUE_MESSAGES.percentRange,
    ]);
    expect(messages({ rateIndex: 'prime', percent: 7.1234, asOf: '2026-11-28' })).toEqual([M.rateDecimals]);
    expect(messages({ rateIndex: 'sofr_30_day', percent: -0.25, asOf: '2026-11-28' })).toEqual([]);
  });
});
