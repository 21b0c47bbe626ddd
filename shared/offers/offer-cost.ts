/**
 * What a lender's offer costs the borrower (docs/product.md, Offers): the monthly payment of a standard amortizing
 * loan, the total of the payments over the term, and that total with the lender's fees and the SBA guaranty fee,
 * so that two offers can be compared on the same footing. One function for the portal's comparison, the officer's
 * screens and the tests; money is counted in whole cents, as a lender's schedule counts it.
 */

/** The indexes a variable rate may follow (the ones SBA lenders quote), as every screen names them. */
export const rateIndexes = [
  { value: 'prime', label: 'Prime' },
  { value: 'sofr_30_day', label: '30-day SOFR' },
  { value: 'treasury_5_year', label: '5-year Treasury' },
] as const;
export type RateIndex = (typeof rateIndexes)[number]['value'];

/** A fixed rate, or an index plus a spread (both in percent a year). */
type OfferRate = { kind: 'fixed'; percent: number } | { kind: 'variable'; index: RateIndex; spreadPercent: number };

/** An offer's terms as far as its cost goes. */
export type OfferTerms = {
  amount: number;
  rate: OfferRate;
  termMonths: number;
  /** The lender's own fees, in dollars. */
  lenderFees: number;
  /** The SBA guaranty fee the lender estimates, when it states one. */
  sbaGuarantyFee: number | null;
};

/** An index's value today, as an officer entered it (percent a year, and the day it was read). */
export type IndexValue = { percent: number; asOf: string };

export type OfferCost = {
  /** The rate the cost is computed at, percent a year. */
  annualRatePercent: number;
  /** The regular monthly payment. */
  monthlyPayment: number;
  /** The last payment, which settles the cents the rounded payments leave over. */
  finalPayment: number;
  totalOfPayments: number;
  totalInterest: number;
  /** The payments, the lender's fees and the SBA guaranty fee. */
  totalCost: number;
  /** For a variable rate: the index value it was computed at, which the comparison must say. */
  indexValue: IndexValue | null;
};

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * A standard amortizing loan of `amount` over `termMonths` at `annualRatePercent`: equal monthly payments rounded
 * to the cent, and a last payment that pays off exactly what is left. In cents.
 */
export function amortize(
  amount: number,
  annualRatePercent: number,
  termMonths: number,
): { payment: number; finalPayment: number; total: number } {
  if (!(amount > 0) || !Number.isInteger(termMonths) || termMonths < 1 || !(annualRatePercent >= 0)) {
    throw new RangeError('An amortized loan needs an amount above 0, a rate of 0 or more and a whole term of months');
  }
  const monthly = annualRatePercent / 1200;
  const principal = toCents(amount);
  // 1 - (1 + r)^-n, computed without losing the digits of a tiny rate.
  const repaid = -Math.expm1(-termMonths * Math.log1p(monthly));
  const exact = monthly === 0 ? principal / termMonths : (principal * monthly) / repaid;
  const nearest = schedule(principal, monthly, termMonths, Math.round(exact));
  // A payment rounded down leaves a few cents unpaid each month, which the last payment settles with their
  // interest; at long terms and high rates that grows past a cent a month, and lenders round the payment up.
  return nearest.finalPayment - nearest.payment <= termMonths
    ? nearest
    : schedule(principal, monthly, termMonths, Math.ceil(exact));
}

/**
 * The schedule of `payment` (cents) a month: its total, and the last payment, which settles the balance. The
 * balance is carried to fractions of a cent (rounding each month's interest would add up to dollars over a long
 * term); only what is paid is in whole cents.
 */
function schedule(principal: number, monthly: number, termMonths: number, payment: number) {
  let balance = principal;
  let total = 0;
  let finalPayment = payment;
  for (let month = 1; month <= termMonths && balance > 0; month += 1) {
    const owed = balance * (1 + monthly);
    // The last month, or a month whose payment would pay more than is owed, settles the balance.
    const paid = month === termMonths || payment >= owed ? Math.round(owed) : payment;
    balance = month === termMonths || payment >= owed ? 0 : owed - paid;
    total += paid;
    finalPayment = paid;
  }
  return { payment, finalPayment, total };
}

/**
 * What an offer costs; for a variable rate, computed at the index's value today (which the caller must show), or
 * undefined when nobody has entered that index's value yet.
 */
export function offerCost(
  terms: OfferTerms,
  indexValues: Partial<Record<RateIndex, IndexValue>>,
): OfferCost | undefined {
  const indexValue = terms.rate.kind === 'variable' ? indexValues[terms.rate.index] : undefined;
  if (terms.rate.kind === 'variable' && !indexValue) return undefined;
  const annualRatePercent =
    terms.rate.kind === 'fixed' ? terms.rate.percent : indexValue!.percent + terms.rate.spreadPercent;
  const { payment, finalPayment, total } = amortize(terms.amount, Math.max(0, annualRatePercent), terms.termMonths);
  const fees = toCents(terms.lenderFees) + toCents(terms.sbaGuarantyFee ?? 0);
  return {
    annualRatePercent,
    monthlyPayment: payment / 100,
    finalPayment: finalPayment / 100,
    totalOfPayments: total / 100,
    totalInterest: (total - toCents(terms.amount)) / 100,
    totalCost: (total + fees) / 100,
    indexValue: indexValue ?? null,
  };
}

/**
 * Each index's current value: the one of its latest day, and of that day the one entered last, from stored values
 * newest entry first (rate_index_values: every entry is kept). A value entered for an earlier day (a second officer
 * filling in last week's) is history, never the current one in place of a later day's.
 */
export function latestIndexValues(
  newestFirst: readonly { rate_index: RateIndex; percent: number | string; as_of: string }[],
): Partial<Record<RateIndex, IndexValue>> {
  const latest: Partial<Record<RateIndex, IndexValue>> = {};
  for (const value of newestFirst) {
    const kept = latest[value.rate_index];
    // Days are YYYY-MM-DD, so their text sorts as the days do.
    if (!kept || value.as_of > kept.asOf)
      latest[value.rate_index] = { percent: Number(value.percent), asOf: value.as_of };
  }
  return latest;
}
