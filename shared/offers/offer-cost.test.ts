import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortize, latestIndexValues, offerCost, type OfferTerms } from './offer-cost.ts';

const fixed = (amount: number, percent: number, termMonths: number): OfferTerms => ({
  amount,
  rate: { kind: 'fixed', percent },
  termMonths,
  lenderFees: 0,
  sbaGuarantyFee: null,
});

describe('the monthly payment of a standard amortizing loan', () => {
  it.each([
    // Figures published in amortization tables (a 30-year mortgage at 6.5% and at 6%, 15 years at 4.5%).
    [200_000, 6.5, 360, 1264.14],
    [100_000, 6, 360, 599.55],
    [150_000, 4.5, 180, 1147.49],
    // Five years at 7%: $594.04 (594.0360...).
    [30_000, 7, 60, 594.04],
  ])('$%s at %s percent over %s months is $%s a month', (amount, percent, months, payment) => {
    expect(offerCost(fixed(amount, percent, months), {})?.monthlyPayment).toBe(payment);
  });

  it('at 0% divides the amount into equal payments, the last settling the cents', () => {
    expect(amortize(12_000, 0, 12)).toEqual({ payment: 100_000, finalPayment: 100_000, total: 1_200_000 });
    expect(amortize(1_000, 0, 3)).toEqual({ payment: 33_333, finalPayment: 33_334, total: 100_000 });
  });

  it('over one month is the amount and a month of interest', () => {
    expect(amortize(10_000, 12, 1)).toEqual({ payment: 1_010_000, finalPayment: 1_010_000, total: 1_010_000 });
  });

  it('holds for business loans of every size, rate and term: the last payment within a cent a month of the others, never less than the amount paid back, and a higher rate never costs less', () => {
    fc.assert(
      fc.property(
        // $1,000 to $50,000,000 (the most an offer may be), 0% to 25%, 1 to 360 months.
        fc.integer({ min: 1_000_00, max: 50_000_000_00 }),
        fc.double({ min: 0, max: 25, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.integer({ min: 1, max: 360 }),
        (cents, percent, more, months) => {
          const { payment, finalPayment, total } = amortize(cents / 100, percent, months);
          expect(finalPayment).toBeGreaterThan(0);
          expect(finalPayment).toBeLessThanOrEqual(payment + months);
          expect(total).toBeGreaterThanOrEqual(cents);
          if (percent === 0) expect(total).toBe(cents);
          // Up to what rounding the payment is worth: a payment a cent apart from the exact one changes what is
          // left for the last payment by that cent a month with its interest, ((1 + r)^n - 1) / r cents at most.
          const r = (percent + more) / 1200;
          const centAMonth = r === 0 ? months : Math.expm1(months * Math.log1p(r)) / r;
          expect(amortize(cents / 100, percent + more, months).total).toBeGreaterThanOrEqual(total - 2 * centAMonth);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rounds the payment up where rounding it to the nearest cent would leave the last payment far above the others', () => {
    // 40% over 50 years: almost all interest, so half a cent less a month grows to dollars by the end.
    const { payment, finalPayment } = amortize(250_000, 40, 600);
    expect(finalPayment).toBeLessThanOrEqual(payment);
    expect(payment).toBe(Math.ceil((250_000_00 * (40 / 1200)) / (1 - (1 + 40 / 1200) ** -600)));
  });

  it('refuses what is not a loan', () => {
    expect(() => amortize(0, 5, 12)).toThrow(RangeError);
    expect(() => amortize(1_000, -1, 12)).toThrow(RangeError);
    expect(() => amortize(1_000, 5, 0)).toThrow(RangeError);
    expect(() => amortize(1_000, 5, 12.5)).toThrow(RangeError);
  });
});

describe('what an offer costs in all', () => {
  it('adds the payments, the lender’s fees and the SBA guaranty fee', () => {
    const cost = offerCost({ ...fixed(200_000, 6.5, 360), lenderFees: 2_500, sbaGuarantyFee: 3_000.5 }, {})!;
    expect(cost.monthlyPayment).toBe(1264.14);
    // 359 payments of $1,264.14, then the last one settles what is left: the closed form of the balance after 359
    // payments, with its month of interest (about $1,259.7).
    const r = 6.5 / 1200;
    const left = 200_000 * (1 + r) ** 359 - (1264.14 * ((1 + r) ** 359 - 1)) / r;
    expect(cost.finalPayment).toBeCloseTo(left * (1 + r), 0);
    expect(cost.totalOfPayments).toBeCloseTo(359 * 1264.14 + cost.finalPayment, 2);
    expect(cost.totalInterest).toBeCloseTo(cost.totalOfPayments - 200_000, 2);
    expect(cost.totalCost).toBeCloseTo(cost.totalOfPayments + 2_500 + 3_000.5, 2);
    expect(cost.indexValue).toBeNull();
  });

  it('computes a variable rate at the index’s value today, and says which; without it, nothing', () => {
    const terms: OfferTerms = {
      amount: 100_000,
      rate: { kind: 'variable', index: 'prime', spreadPercent: 2.75 },
      termMonths: 120,
      lenderFees: 0,
      sbaGuarantyFee: null,
    };
    const prime = { percent: 7.5, asOf: '2026-11-20' };
    const cost = offerCost(terms, { prime });
    expect(cost?.annualRatePercent).toBe(10.25);
    expect(cost?.indexValue).toEqual(prime);
    expect(cost?.monthlyPayment).toBe(offerCost(fixed(100_000, 10.25, 120), {})?.monthlyPayment);
    expect(offerCost(terms, { sofr_30_day: prime })).toBeUndefined();
  });
});

describe('the index values offers are compared at', () => {
  it('are the latest of each index, whatever came before', () => {
    expect(
      latestIndexValues([
        { rate_index: 'prime', percent: '7.500', as_of: '2026-11-20' },
        { rate_index: 'sofr_30_day', percent: 5.3, as_of: '2026-11-19' },
        { rate_index: 'prime', percent: 8, as_of: '2026-10-01' },
      ]),
    ).toEqual({ prime: { percent: 7.5, asOf: '2026-11-20' }, sofr_30_day: { percent: 5.3, asOf: '2026-11-19' } });
  });

  it('are of the latest day, whatever was entered last: an earlier day’s value entered after is history', () => {
    expect(
      latestIndexValues([
        { rate_index: 'prime', percent: 7.25, as_of: '2026-11-23' },
        { rate_index: 'prime', percent: '7.500', as_of: '2026-11-30' },
        { rate_index: 'prime', percent: 7.4, as_of: '2026-11-30' },
      ]),
    ).toEqual({ prime: { percent: 7.5, asOf: '2026-11-30' } });
  });
});
