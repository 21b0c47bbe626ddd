import { marketingClaims, sba7a } from '../../../shared/brand/brand.ts';
import { formatUsd } from '../../../shared/format/money.ts';

/** The marketing claims (docs/product.md §1) as the pages show them, all derived from shared/brand. */
export const claims = {
  maxFinancing: formatUsd(marketingClaims.maxFinancing),
  facilitated: `$${marketingClaims.facilitatedDollars / 1_000_000}M+`,
  matches: `${marketingClaims.successfulMatches}+`,
  lendingPartners: `${marketingClaims.lendingPartners}+`,
  faster: `${marketingClaims.fasterThanAverage}x`,
  servingSince: String(marketingClaims.servingSince),
  quickFormMinutes: marketingClaims.quickFormMinutes,
  sbaMaxAmount: formatUsd(sba7a.maxAmount),
  sbaMaxTermYears: sba7a.maxTermYears,
} as const;
