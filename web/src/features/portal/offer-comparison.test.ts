import { describe, expect, it } from 'vitest';
import type { LenderConsentRow } from '../../../../shared/matching/applicant-matches.ts';
import { offerCost } from '../../../../shared/offers/offer-cost.ts';
import { offerTermsOf, UNNAMED_LENDER } from '../../../../shared/offers/offer-text.ts';
import { amountsDiffer, compareOffers, shownLenderName } from './offer-comparison.ts';
import type { PortalOffer } from './portal-api.ts';

const offer = (id: string, lender: string | null, changes: Partial<PortalOffer> = {}): PortalOffer => ({
  offer_id: id,
  application_id: 'app-1',
  lender_name: lender,
  amount: 150_000,
  rate_kind: 'fixed',
  fixed_rate: 10,
  rate_index: null,
  spread: null,
  term_months: 84,
  lender_fees: 1_000,
  sba_guaranty_fee: 3_000,
  collateral: 'Equipment',
  conditions: [],
  expires_on: '2026-12-31',
  created_at: '2026-11-28T10:00:00Z',
  accepted_at: null,
  accepted_name: null,
  ...changes,
});

const consent = (lender: string, status: LenderConsentRow['status'] = 'approved'): LenderConsentRow => ({
  consent_id: `consent-${lender}`,
  application_id: 'app-1',
  status,
  lender_name: lender,
  programs: ['sba_7a'],
  answered_at: '2026-11-20T10:00:00Z',
});

describe('the comparison of offers', () => {
  it('marks the lowest monthly payment and the lowest total cost, each where it is', () => {
    const cheapMonthly = offer('a', 'Harbor Bank', { term_months: 120, fixed_rate: 10 });
    const cheapTotal = offer('b', 'Summit Bank', { term_months: 60, fixed_rate: 9 });
    const compared = compareOffers([cheapMonthly, cheapTotal], [consent('Harbor Bank'), consent('Summit Bank')], {});
    expect(compared.map((item) => [item.lowestMonthly, item.lowestTotal])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(compared[0]!.cost).toEqual(offerCost(offerTermsOf(compared[0]!.revision), {}));
    expect(compared[0]!.revision.lender_name).toBe('Harbor Bank');
  });

  it('marks nothing lowest when the offers are for different amounts: a smaller loan costs less in all', () => {
    const smaller = offer('a', 'Harbor Bank', { amount: 150_000 });
    const larger = offer('b', 'Summit Bank', { amount: 210_000, fixed_rate: 8 });
    const compared = compareOffers([smaller, larger], [consent('Harbor Bank'), consent('Summit Bank')], {});
    expect(amountsDiffer(compared)).toBe(true);
    expect(compared.some((item) => item.lowestMonthly || item.lowestTotal)).toBe(false);
    // The same amount again (however it was stored): compared.
    const same = compareOffers([smaller, { ...larger, amount: '150000.00' as unknown as number }], [], {});
    expect(amountsDiffer(same)).toBe(false);
    expect(same.some((item) => item.lowestTotal)).toBe(true);
  });

  it('marks nothing lowest with a single offer, nor an offer without a cost', () => {
    const variable = offer('v', 'Harbor Bank', {
      rate_kind: 'variable',
      fixed_rate: null,
      rate_index: 'prime',
      spread: 2,
    });
    const compared = compareOffers([offer('a', 'Summit Bank'), variable], [consent('Summit Bank')], {});
    expect(compared[1]!.cost).toBeUndefined();
    expect(compared.some((item) => item.lowestMonthly || item.lowestTotal)).toBe(false);
    const priced = compareOffers([offer('a', 'Summit Bank'), variable], [], {
      prime: { percent: 7.5, asOf: '2026-11-27' },
    });
    expect(priced[1]!.cost?.annualRatePercent).toBe(9.5);
  });

  it('names a lender only when the applicant’s consent to it stands approved for the application', () => {
    expect(shownLenderName(offer('a', 'Harbor Bank'), [consent('Harbor Bank')])).toBe('Harbor Bank');
    expect(shownLenderName(offer('a', 'Harbor Bank'), [consent('Harbor Bank', 'withdrawn')])).toBe(UNNAMED_LENDER);
    expect(shownLenderName(offer('a', 'Harbor Bank', { application_id: 'app-2' }), [consent('Harbor Bank')])).toBe(
      UNNAMED_LENDER,
    );
    expect(shownLenderName(offer('a', null), [consent('Harbor Bank')])).toBe(UNNAMED_LENDER);
    expect(compareOffers([offer('a', 'Harbor Bank')], [], {})[0]!.revision.lender_name).toBe(UNNAMED_LENDER);
  });
});
