import type { LenderConsentRow } from '../../../../shared/matching/applicant-matches.ts';
import { offerCost, type IndexValue, type OfferCost, type RateIndex } from '../../../../shared/offers/offer-cost.ts';
import { offerTermsOf, UNNAMED_LENDER, type OfferRevision } from '../../../../shared/offers/offer-text.ts';
import type { PortalOffer } from './portal-api.ts';

/** An offer as the comparison shows it: its cost (none while its index has no value) and what it is lowest in. */
export type ComparedOffer = {
  offer: PortalOffer;
  /** The offer's text as shown (its lender named or not), which the acceptance hashes. */
  revision: OfferRevision;
  cost: OfferCost | undefined;
  lowestMonthly: boolean;
  lowestTotal: boolean;
};

/**
 * The lender's name when the applicant approved it for this application (the consent rows the portal reads):
 * lenders are named only to an applicant who consented to them.
 */
export function shownLenderName(offer: PortalOffer, consents: readonly LenderConsentRow[]): string {
  const consented = consents.some(
    (consent) =>
      consent.application_id === offer.application_id &&
      consent.status === 'approved' &&
      consent.lender_name === offer.lender_name,
  );
  return consented && offer.lender_name ? offer.lender_name : UNNAMED_LENDER;
}

/** Whether the offers with a cost are for different amounts: then the lowest figures are only the smallest loan's. */
export function amountsDiffer(compared: readonly Pick<ComparedOffer, 'offer' | 'cost'>[]): boolean {
  return new Set(compared.filter((item) => item.cost).map((item) => Number(item.offer.amount))).size > 1;
}

/**
 * The offers of one application side by side: each one's cost at today's index values, and which has the lowest
 * monthly payment and the lowest total cost (with two offers or more that have a cost, all for the same amount:
 * a smaller loan costs less without being the better offer; ties are all lowest).
 */
export function compareOffers(
  offers: readonly PortalOffer[],
  consents: readonly LenderConsentRow[],
  indexValues: Partial<Record<RateIndex, IndexValue>>,
): ComparedOffer[] {
  const compared = offers.map((offer) => {
    const revision: OfferRevision = { ...offer, lender_name: shownLenderName(offer, consents) };
    return { offer, revision, cost: offerCost(offerTermsOf(revision), indexValues) };
  });
  const costs = compared.flatMap((item) => (item.cost ? [item.cost] : []));
  const compare = costs.length >= 2 && !amountsDiffer(compared);
  const lowestMonthly = Math.min(...costs.map((cost) => cost.monthlyPayment));
  const lowestTotal = Math.min(...costs.map((cost) => cost.totalCost));
  return compared.map((item) => ({
    ...item,
    lowestMonthly: compare && item.cost?.monthlyPayment === lowestMonthly,
    lowestTotal: compare && item.cost?.totalCost === lowestTotal,
  }));
}
