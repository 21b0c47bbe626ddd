import { describe, expect, it } from 'vitest';
import {
  analysisText,
  calculateSnapshot,
  calculatorFigures,
  dscrBand,
  emptyCalculatorInput,
  valueMultiples,
  type CalculatorInput,
} from './calculator.ts';

const input = (changes: Partial<CalculatorInput>): CalculatorInput => ({ ...emptyCalculatorInput, ...changes });

describe('calculator inputs (product.md §5)', () => {
  it('counts empty or invalid numbers as 0, except debt payments which default to 1', () => {
    expect(calculatorFigures(emptyCalculatorInput)).toEqual({
      netIncome: 0,
      ownerCompensation: 0,
      depreciation: 0,
      interest: 0,
      nonRecurring: 0,
      debtPayments: 1,
    });
    expect(calculatorFigures(input({ netIncome: 'abc', interest: '  ', debtPayments: 'lots' }))).toMatchObject({
      netIncome: 0,
      interest: 0,
      debtPayments: 1,
    });
  });

  it('keeps typed numbers, including a typed 0 debt payment', () => {
    expect(calculatorFigures(input({ netIncome: '1500.5', depreciation: 20, debtPayments: '0' }))).toMatchObject({
      netIncome: 1500.5,
      depreciation: 20,
      debtPayments: 0,
    });
  });
});

describe('calculateSnapshot (product.md §9)', () => {
  it.each([
    // net, owner, depreciation, interest, non-recurring, debt -> sde, dscr, lower, upper
    [
      'DSCR 2.5: multiples 3.5 and 4.5',
      ['100000', '50000', '10000', '5000', '5000', '46000'],
      170_000,
      2.5,
      595_000,
      765_000,
    ],
    ['DSCR exactly 2', ['100000', '50000', '10000', '5000', '5000', '57500'], 170_000, 2, 595_000, 765_000],
    ['DSCR exactly 1.5: multiples 3 and 4', ['60000', '40000', '', '', '', '40000'], 100_000, 1.5, 300_000, 400_000],
    ['DSCR 1.25: default 2.5 and 4', ['50000', '50000', '', '', '', '40000'], 100_000, 1.25, 250_000, 400_000],
    ['DSCR exactly 1: default 2.5 and 4', ['40000', '60000', '', '', '', '40000'], 100_000, 1, 250_000, 400_000],
    ['DSCR 0.99: multiples 2 and 3', ['39600', '60400', '', '', '', '40000'], 100_000, 0.99, 200_000, 300_000],
    ['all empty: debt defaults to 1', ['', '', '', '', '', ''], 0, 0, 0, 0],
    ['debt 0 gives DSCR 0', ['50000', '', '', '', '', '0'], 50_000, 0, 100_000, 150_000],
    ['negative debt gives DSCR 0', ['50000', '', '', '', '', '-10'], 50_000, 0, 100_000, 150_000],
    ['negative SDE floors the values at 0', ['-80000', '20000', '', '', '', '10000'], -60_000, -8, 0, 0],
    ['invalid debt defaults to 1', ['5000', '', '', '', '', 'n/a'], 5_000, 5_000, 17_500, 22_500],
  ])(
    '%s',
    (
      _case,
      [netIncome, ownerCompensation, depreciation, interest, nonRecurring, debtPayments],
      sde,
      dscr,
      lower,
      upper,
    ) => {
      const result = calculateSnapshot({
        netIncome,
        ownerCompensation,
        depreciation,
        interest,
        nonRecurring,
        debtPayments,
      });
      expect(result.sde).toBe(sde);
      expect(result.dscr).toBeCloseTo(dscr, 10);
      expect(result.valueRange.lower).toBeCloseTo(lower, 6);
      expect(result.valueRange.upper).toBeCloseTo(upper, 6);
    },
  );

  it.each([
    [3, { lower: 3.5, upper: 4.5 }],
    [2, { lower: 3.5, upper: 4.5 }],
    [1.99, { lower: 3, upper: 4 }],
    [1.5, { lower: 3, upper: 4 }],
    [1.49, { lower: 2.5, upper: 4 }],
    [1, { lower: 2.5, upper: 4 }],
    [0.99, { lower: 2, upper: 3 }],
    [0, { lower: 2, upper: 3 }],
  ])('DSCR %d uses multiples %j', (dscr, multiples) => {
    expect(valueMultiples(dscr)).toEqual(multiples);
  });
});

describe('DSCR bands', () => {
  it.each([
    [2, 'Excellent', 'Strong loan qualification'],
    [1.5, 'Excellent', 'Strong loan qualification'],
    [1.49, 'Good', 'Loan-ready'],
    [1.25, 'Good', 'Loan-ready'],
    [1.24, 'Caution', 'Marginal debt capacity'],
    [1, 'Caution', 'Marginal debt capacity'],
    [0.99, 'Risk', 'Debt restructuring needed'],
    [0, 'Risk', 'Debt restructuring needed'],
    [Number.NaN, 'Risk', 'Debt restructuring needed'],
  ])('%d is %s (%s)', (dscr, name, phrase) => {
    expect(dscrBand(dscr)).toMatchObject({ name, phrase });
  });
});

describe('analysis text', () => {
  it('is positive from a DSCR of 1.25 and calls an SDE above 200,000 strong', () => {
    expect(analysisText({ sde: 250_000, dscr: 1.25, valueRange: { lower: 0, upper: 0 } })).toBe(
      'Your business shows strong earnings with an SDE of $250,000. A DSCR of 1.25 (Good: Loan-ready) means your cash flow comfortably covers debt payments, which positions you well for SBA financing.',
    );
  });

  it('is cautious below 1.25 and calls an SDE of exactly 200,000 moderate', () => {
    expect(analysisText({ sde: 200_000, dscr: 1.2, valueRange: { lower: 0, upper: 0 } })).toBe(
      'Your business shows moderate earnings with an SDE of $200,000. A DSCR of 1.20 (Caution: Marginal debt capacity) means your cash flow is tight against debt payments; improving cash flow or restructuring debt would strengthen a loan request.',
    );
  });
});
