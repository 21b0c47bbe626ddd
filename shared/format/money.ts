import { NOT_AVAILABLE } from './numbers.ts';

/**
 * Parses a free-text money field the way docs/product.md §5 says: keep only digits and the decimal point, and an
 * empty result gives 0 ('$1,250.50' gives 1250.5). A string with several points keeps the first one's meaning.
 */
export function parseMoney(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const kept = (value ?? '').replace(/[^0-9.]/g, '');
  const parsed = Number.parseFloat(kept);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * US dollar formatters by number of decimals, created on first use, not when the module loads: the first Intl
 * formatter costs a browser some 20 ms (about 80 ms on a phone), which pages that never show an amount should
 * not pay while they start.
 */
const usdFormatters = new Map<number, Intl.NumberFormat>();

function usd(decimals: 0 | 2): Intl.NumberFormat {
  let formatter = usdFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    usdFormatters.set(decimals, formatter);
  }
  return formatter;
}

/** US dollars without decimals ('$250,000'); 'N/A' when the amount is not a finite number. */
export function formatUsd(amount: number): string {
  return Number.isFinite(amount) ? usd(0).format(amount) : NOT_AVAILABLE;
}

/** '$85,000', '85000.75', '50k', '$1.2M' (thousands commas, cents, a k or M for thousands or millions). */
const MONEY_INPUT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?\s*([km])?$/i;

/**
 * A dollar amount typed into a form, to the cent; null when the text is not one ('abc', '-5', '1,2,3'), or
 * when it is too large to be kept to the cent (over about $90 trillion: '99999999999999999999' would come back
 * as $100,000,000,000,000,000,000).
 */
export function parseMoneyInput(text: string): number | null {
  const match = MONEY_INPUT.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const amount = Number(`${(match[1] ?? '0').replaceAll(',', '')}.${match[2] ?? '0'}`);
  const scale = match[3] === undefined ? 1 : match[3].toLowerCase() === 'k' ? 1_000 : 1_000_000;
  const cents = Math.round(amount * scale * 100);
  return Number.isSafeInteger(cents) ? cents / 100 : null;
}

/** A typed amount as the form keeps it: '$85,000', or '$85,000.75' when it has cents. */
export function formatUsdInput(amount: number): string {
  return usd(Number.isInteger(amount) ? 0 : 2).format(amount);
}
