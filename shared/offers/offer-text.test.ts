import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offerCost } from './offer-cost.ts';
import {
  ACCEPTANCE_STATEMENT,
  formatRate,
  offerLines,
  offerRateText,
  offerSha256,
  offerTermsOf,
  offerText,
  rateIndexLabels,
  type OfferRevision,
} from './offer-text.ts';

const offer: OfferRevision = {
  lender_name: 'Sierra Community Bank',
  term_months: 120,
  amount: 250_000,
  lender_fees: 2_500.5,
  rate_kind: 'fixed',
  fixed_rate: 9.5,
  sba_guaranty_fee: null,
  rate_index: null,
  spread: null,
  collateral: 'Business assets',
  conditions: ['Personal guarantee', 'Life insurance on the owner'],
  expires_on: '2026-12-31',
};

describe('the canonical text of an offer', () => {
  it('has every term, in the order the portal shows them', () => {
    expect(offerText(offer)).toBe(
      [
        'Lender: Sierra Community Bank',
        'Amount: $250,000',
        'Rate: 9.50% fixed',
        'Term: 120 months',
        'Lender fees: $2,500.50',
        'SBA guaranty fee: Not stated',
        'Collateral: Business assets',
        'Conditions: Personal guarantee; Life insurance on the owner',
        'Offer expires: December 31, 2026',
      ].join('\n'),
    );
    expect(offerLines(offer).map((line) => line.label)).toContain('Offer expires');
  });

  it('writes a variable rate as the index and its spread', () => {
    const variable = { ...offer, rate_kind: 'variable', fixed_rate: null, rate_index: 'prime', spread: 2.75 } as const;
    expect(offerRateText(variable)).toBe('Prime + 2.75%');
    expect(offerRateText({ ...variable, rate_index: 'sofr_30_day', spread: -0.5 })).toBe('30-day SOFR - 0.50%');
    expect(rateIndexLabels.treasury_5_year).toBe('5-year Treasury');
    expect(formatRate(9.125)).toBe('9.125%');
    expect(offerTermsOf(variable).rate).toEqual({ kind: 'variable', index: 'prime', spreadPercent: 2.75 });
  });

  it('gives the same expiry day whatever the runtime’s time zone', () => {
    expect(offerText({ ...offer, expires_on: '2027-01-01' })).toContain('Offer expires: January 1, 2027');
  });

  it('is hashed to the SHA-256 of its UTF-8 text, and any change of a term changes the hash', async () => {
    const hash = await offerSha256(offer);
    expect(hash).toBe(createHash('sha256').update(offerText(offer), 'utf8').digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await offerSha256({ ...offer, fixed_rate: 9.25 })).not.toBe(hash);
    expect(await offerSha256({ ...offer, conditions: [...offer.conditions, 'One more'] })).not.toBe(hash);
  });

  it('reads its terms as offerCost computes them', () => {
    expect(offerCost(offerTermsOf(offer), {})?.totalCost).toBe(
      Number((offerCost(offerTermsOf(offer), {})!.totalOfPayments + 2_500.5).toFixed(2)),
    );
  });

  it('has a statement to accept, in words', () => {
    expect(ACCEPTANCE_STATEMENT).toBe('I accept this offer’s terms as shown above.');
  });
});
