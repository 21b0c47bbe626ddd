import { NOT_AVAILABLE } from './numbers.ts';

/**
 * Parses a free-text money field the way spec section 5 says: keep only digits and the decimal point, and an
 * empty result gives 0 ('$1,250.50' gives 1250.5). A string with several points keeps the first one's meaning.
 */
export function parseMoney(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const kept = (value ?? '').replace(/[^0-9.]/g, '');
  const parsed = Number.parseFloat(kept);
  return Number.isNaN(parsed) ? 0 : parsed;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** US dollars without decimals ('$250,000'); 'N/A' when the amount is not a finite number. */
export function formatUsd(amount: number): string {
  return Number.isFinite(amount) ? usd.format(amount) : NOT_AVAILABLE;
}
