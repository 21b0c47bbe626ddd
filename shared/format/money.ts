import { groupThousands, NOT_AVAILABLE } from './numbers.ts';

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
 * Written out here rather than with Intl.NumberFormat: the first Intl object a page makes (of any kind) costs the
 * browser its ICU data, 40 to 150 ms on this machine's Chromium and more on a phone, and the app's root formats an
 * amount as it starts (web/src/lib/claims.ts). It rounds as Intl does and groups and signs as en-US does
 * ('-$1,250'); amounts of 1e21 and more go to Intl. shared/format/format.test.ts checks both agree.
 */
const usdFormatters = new Map<number, Intl.NumberFormat>();

function intlUsd(amount: number, decimals: 0 | 2): string {
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
  return formatter.format(amount);
}

function usd(amount: number, decimals: 0 | 2): string {
  const magnitude = Math.abs(amount);
  if (magnitude >= 1e21) return intlUsd(amount, decimals);
  // Intl rounds the number's shortest decimal form (0.155 gives 0.16, though the double is a little less), half
  // away from zero. Below a millionth the form has an exponent, and the amount is 0 at two decimals.
  const [whole = '0', fraction = ''] = magnitude < 1e-6 ? ['0'] : String(magnitude).split('.');
  let units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if ((fraction[decimals] ?? '0') >= '5') units += 1n;
  const digits = units.toString().padStart(decimals + 1, '0');
  const grouped = groupThousands(digits.slice(0, digits.length - decimals));
  const cents = decimals > 0 ? `.${digits.slice(-decimals)}` : '';
  // Intl writes the sign of any negative amount, -0 and amounts that round to 0 included.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${grouped}${cents}`;
}

/** US dollars without decimals ('$250,000'); 'N/A' when the amount is not a finite number. */
export function formatUsd(amount: number): string {
  return Number.isFinite(amount) ? usd(amount, 0) : NOT_AVAILABLE;
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
  return usd(amount, Number.isInteger(amount) ? 0 : 2);
}
