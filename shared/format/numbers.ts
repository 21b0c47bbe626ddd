/** Number formats of the admin's financial metrics and the calculator (docs/product.md §9). */

/** What a figure shows when it cannot be computed (division by zero, missing input). */
export const NOT_AVAILABLE = 'N/A';

/** A ratio with 2 decimals ('1.25'); 'N/A' when not finite. */
export function formatRatio(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : NOT_AVAILABLE;
}

/** A percentage with 1 decimal ('15.0%'); 'N/A' when not finite. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(1)}%` : NOT_AVAILABLE;
}

/** A whole number of days ('3 days', '1 day'). */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A number of months, rounded ('24 months', '1 month'); 'N/A' when not finite. */
export function formatMonths(value: number): string {
  if (!Number.isFinite(value)) return NOT_AVAILABLE;
  const months = Math.round(value);
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * A whole number with thousands commas ('10,000'), as en-US writes it, without toLocaleString: its first call costs
 * a page the browser's ICU data (see shared/format/money.ts). Anything but a safe integer goes to toLocaleString.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const grouped = groupThousands(String(Math.abs(value)));
  return value < 0 ? `-${grouped}` : grouped;
}

/** Digits with a comma between each group of three, as en-US writes them ('1234567' gives '1,234,567'). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
