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

/**
 * Created on first use, not when the module loads: the first Intl formatter costs a browser some 20 ms
 * (about 80 ms on a phone), which pages that never show an amount should not pay while they start.
 */
let usd: Intl.NumberFormat | undefined;

/** US dollars without decimals ('$250,000'); 'N/A' when the amount is not a finite number. */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) return NOT_AVAILABLE;
  usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return usd.format(amount);
}
