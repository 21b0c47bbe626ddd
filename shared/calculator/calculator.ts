import { formatUsd } from '../format/money.ts';
import { formatRatio } from '../format/numbers.ts';

/**
 * The business health calculator (docs/product.md §3, §5 and §9, Calculator): SDE, DSCR, an estimated value range, an
 * analysis.
 */

export type CalculatorInput = {
  netIncome: string | number;
  ownerCompensation: string | number;
  depreciation: string | number;
  interest: string | number;
  nonRecurring: string | number;
  debtPayments: string | number;
};

export type CalculatorFigures = Record<keyof CalculatorInput, number>;

export type CalculatorResult = {
  sde: number;
  dscr: number;
  valueRange: { lower: number; upper: number };
};

export const emptyCalculatorInput: CalculatorInput = {
  netIncome: '',
  ownerCompensation: '',
  depreciation: '',
  interest: '',
  nonRecurring: '',
  debtPayments: '',
};

/** A figure as typed; empty or not a number gives `fallback`. */
function figure(value: string | number, fallback: number): number {
  const parsed = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/**
 * Empty or invalid numbers count as 0, except debt payments, which default to 1. A typed 0 stays 0 (and then
 * gives a DSCR of 0).
 */
export function calculatorFigures(input: CalculatorInput): CalculatorFigures {
  return {
    netIncome: figure(input.netIncome, 0),
    ownerCompensation: figure(input.ownerCompensation, 0),
    depreciation: figure(input.depreciation, 0),
    interest: figure(input.interest, 0),
    nonRecurring: figure(input.nonRecurring, 0),
    debtPayments: figure(input.debtPayments, 1),
  };
}

/**
 * SDE multiples by DSCR (docs/product.md §9, Calculator): 2 or more, 1.5 or more, below 1, and the default in between.
 */
export function valueMultiples(dscr: number): { lower: number; upper: number } {
  if (dscr >= 2) return { lower: 3.5, upper: 4.5 };
  if (dscr >= 1.5) return { lower: 3, upper: 4 };
  if (dscr < 1) return { lower: 2, upper: 3 };
  return { lower: 2.5, upper: 4 };
}

export function calculateSnapshot(input: CalculatorInput): CalculatorResult {
  const f = calculatorFigures(input);
  const sde = f.netIncome + f.ownerCompensation + f.depreciation + f.interest + f.nonRecurring;
  const dscr = f.debtPayments <= 0 ? 0 : (f.netIncome + f.depreciation + f.interest) / f.debtPayments;
  const multiples = valueMultiples(dscr);
  return {
    sde,
    dscr,
    valueRange: { lower: Math.max(0, sde * multiples.lower), upper: Math.max(0, sde * multiples.upper) },
  };
}

type DscrBandName = 'Excellent' | 'Good' | 'Caution' | 'Risk';

const dscrBands = [
  { name: 'Excellent', minimum: 1.5, phrase: 'Strong loan qualification' },
  { name: 'Good', minimum: 1.25, phrase: 'Loan-ready' },
  { name: 'Caution', minimum: 1, phrase: 'Marginal debt capacity' },
  { name: 'Risk', minimum: -Infinity, phrase: 'Debt restructuring needed' },
] as const satisfies readonly { name: DscrBandName; minimum: number; phrase: string }[];

type DscrBand = (typeof dscrBands)[number];

/** The band a DSCR falls in: 1.5 or more Excellent, 1.25 or more Good, 1 or more Caution, else Risk. */
export function dscrBand(dscr: number): DscrBand {
  return dscrBands.find((band) => dscr >= band.minimum) ?? dscrBands[dscrBands.length - 1];
}

/** SDE above this is called 'strong', otherwise 'moderate'. */
const STRONG_SDE = 200_000;

/** DSCR from which the analysis is positive. */
const LOAN_READY_DSCR = 1.25;

/**
 * The analysis under the result. The original description fixes only its rules (positive from a DSCR of 1.25,
 * 'strong' SDE above 200,000, else 'moderate'); the sentences are ours (docs/product.md §9, Calculator).
 */
export function analysisText(result: CalculatorResult): string {
  const strength = result.sde > STRONG_SDE ? 'strong' : 'moderate';
  const earnings = `Your business shows ${strength} earnings with an SDE of ${formatUsd(result.sde)}.`;
  const band = dscrBand(result.dscr);
  return result.dscr >= LOAN_READY_DSCR
    ? `${earnings} A DSCR of ${formatRatio(result.dscr)} (${band.name}: ${band.phrase}) means your cash flow comfortably covers debt payments, which positions you well for SBA financing.`
    : `${earnings} A DSCR of ${formatRatio(result.dscr)} (${band.name}: ${band.phrase}) means your cash flow is tight against debt payments; improving cash flow or restructuring debt would strengthen a loan request.`;
}
