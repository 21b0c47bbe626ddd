import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatUsdInput } from '../../../../shared/format/money.ts';
import { offerCost } from '../../../../shared/offers/offer-cost.ts';
import { offerTermsOf } from '../../../../shared/offers/offer-text.ts';
import { StyleProvider } from '../../app/style-provider.tsx';
import { compareOffers } from './offer-comparison.ts';
import { OfferFigures } from './offers.tsx';
import type { PortalOffer } from './portal-api.ts';

const variable: PortalOffer = {
  offer_id: 'offer-1',
  application_id: 'app-1',
  lender_name: 'Harbor Bank',
  amount: 300_000,
  rate_kind: 'variable',
  fixed_rate: null,
  rate_index: 'prime',
  spread: 2.75,
  term_months: 120,
  lender_fees: 2_000,
  sba_guaranty_fee: null,
  collateral: 'Real estate',
  conditions: ['Personal guarantee'],
  expires_on: '2026-12-31',
  created_at: '2026-11-28T10:00:00Z',
  accepted_at: null,
  accepted_name: null,
};

/** The figures' text as a reader gets it (Chakra's style tags and the markup left out). */
function figures(indexValues: Parameters<typeof compareOffers>[2], comparing = false): string {
  const [item] = compareOffers([variable], [], indexValues);
  const html = renderToStaticMarkup(
    <StyleProvider>
      <OfferFigures item={item!} comparing={comparing} />
    </StyleProvider>,
  );
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('an offer’s figures in the portal', () => {
  it('wait for the officer to enter the index’s value rather than guess a payment', () => {
    const text = figures({});
    expect(text).toContain('Prime + 2.75%');
    expect(text).toContain('Monthly payment shown once your loan officer enters today’s Prime rate');
    expect(text).not.toMatch(/Monthly payment \$/);
    expect(text).toContain('Total cost with fees Not computed yet');
  });

  it('say which index value and day a variable rate is computed at, with offerCost’s figures', () => {
    const prime = { percent: 7.5, asOf: '2026-11-27' };
    const text = figures({ prime });
    const cost = offerCost(offerTermsOf({ ...variable, lender_name: 'Harbor Bank' }), { prime })!;
    expect(text).toContain('10.25%, computed at Prime 7.50% on November 27, 2026');
    expect(text).toContain(`Monthly payment ${formatUsdInput(cost.monthlyPayment)}`);
    expect(text).not.toContain('Lowest');
  });
});
