/**
 * An offer revision as the applicant reads it before accepting it (docs/product.md, Offers and funding): the same
 * lines in the portal's comparison, in its acceptance dialog and in the accept-offer function, which hashes them
 * to prove later what was shown. One text for both sides, so that the hash the portal sends is the one the
 * function computes from the stored revision while it is unchanged. Dates and amounts are written the same in
 * every runtime (dates in UTC: an expiry is a day, not a moment).
 */
import { formatLongDate } from '../format/dates.ts';
import { formatUsdInput } from '../format/money.ts';
import { sha256Hex } from '../platform/sha256.ts';
import { rateIndexes, type OfferTerms, type RateIndex } from './offer-cost.ts';

/** The statement the applicant ticks to accept an offer, stored with the acceptance. */
export const ACCEPTANCE_STATEMENT = 'I accept this offer’s terms as shown above.';

/** What the offer's text says where it names no lender (the applicant's consent to it does not stand). */
export const UNNAMED_LENDER = 'A lender in our network';

/** An offer revision as loan_offers stores it (numbers as the API answers numeric columns), and its lender. */
export type OfferRevision = {
  lender_name: string;
  amount: number;
  rate_kind: 'fixed' | 'variable';
  fixed_rate: number | null;
  rate_index: RateIndex | null;
  spread: number | null;
  term_months: number;
  lender_fees: number;
  sba_guaranty_fee: number | null;
  collateral: string;
  conditions: readonly string[];
  /** The last day the offer can be accepted, YYYY-MM-DD. */
  expires_on: string;
};

export const rateIndexLabels = Object.fromEntries(rateIndexes.map((index) => [index.value, index.label])) as Record<
  RateIndex,
  string
>;

/** A rate in percent with two decimals at least, three when it has them ('9.50%', '9.125%'). */
export function formatRate(percent: number): string {
  const text = percent.toFixed(3).replace(/0$/, '');
  return `${text}%`;
}

/** The rate as a lender quotes it: '9.50% fixed', 'Prime + 2.75%', 'Prime - 0.50%'. */
export function offerRateText(
  offer: Pick<OfferRevision, 'rate_kind' | 'fixed_rate' | 'rate_index' | 'spread'>,
): string {
  if (offer.rate_kind === 'fixed') return `${formatRate(Number(offer.fixed_rate))} fixed`;
  const spread = Number(offer.spread);
  const index = offer.rate_index ? rateIndexLabels[offer.rate_index] : 'An index';
  return `${index} ${spread < 0 ? '-' : '+'} ${formatRate(Math.abs(spread))}`;
}

/** The offer's terms as offerCost reads them (its lender does not change them: a stored row has none). */
export function offerTermsOf(offer: Omit<OfferRevision, 'lender_name'> & { lender_name?: string }): OfferTerms {
  return {
    amount: Number(offer.amount),
    rate:
      offer.rate_kind === 'fixed'
        ? { kind: 'fixed', percent: Number(offer.fixed_rate) }
        : { kind: 'variable', index: offer.rate_index ?? 'prime', spreadPercent: Number(offer.spread) },
    termMonths: offer.term_months,
    lenderFees: Number(offer.lender_fees),
    sbaGuarantyFee: offer.sba_guaranty_fee === null ? null : Number(offer.sba_guaranty_fee),
  };
}

/** The offer's lines, label and value, in the order the portal shows them. */
export function offerLines(offer: OfferRevision): { label: string; value: string }[] {
  return [
    { label: 'Lender', value: offer.lender_name },
    { label: 'Amount', value: formatUsdInput(Number(offer.amount)) },
    { label: 'Rate', value: offerRateText(offer) },
    { label: 'Term', value: `${offer.term_months} ${offer.term_months === 1 ? 'month' : 'months'}` },
    { label: 'Lender fees', value: formatUsdInput(Number(offer.lender_fees)) },
    {
      label: 'SBA guaranty fee',
      value: offer.sba_guaranty_fee === null ? 'Not stated' : formatUsdInput(Number(offer.sba_guaranty_fee)),
    },
    { label: 'Collateral', value: offer.collateral.trim() || 'None' },
    { label: 'Conditions', value: offer.conditions.length === 0 ? 'None' : offer.conditions.join('; ') },
    { label: 'Offer expires', value: formatLongDate(`${offer.expires_on}T12:00:00Z`, 'UTC') },
  ];
}

/** The offer's canonical text: its lines, one 'Label: value' a line. */
export function offerText(offer: OfferRevision): string {
  return offerLines(offer)
    .map((line) => `${line.label}: ${line.value}`)
    .join('\n');
}

/** The SHA-256 of the offer's canonical text (UTF-8), in lowercase hex, by Web Crypto (browser, Node, Deno). */
export function offerSha256(offer: OfferRevision): Promise<string> {
  return sha256Hex(offerText(offer));
}
