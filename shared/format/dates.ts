import { NOT_AVAILABLE } from './numbers.ts';

const STYLES = {
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * One US English formatter per style and time zone, made on first use and kept: making one costs about a
 * millisecond (toLocaleString makes one on every call), using one a few microseconds. A portal or admin page
 * that lists thirty documents or a hundred applications formats a date in each row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function usFormatter(style: keyof typeof STYLES, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The date in a style, 'N/A' when it is invalid. */
function formatIn(style: keyof typeof STYLES, date: Date | string, timeZone: string | undefined): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return NOT_AVAILABLE;
  return usFormatter(style, timeZone).format(value);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A US English long date ('January 13, 2025'). `timeZone` is an IANA name; without it the runtime's own zone
 * is used (the letter shows the officer's local date). 'N/A' for an invalid date.
 *
 * In the runtime's own zone and in UTC (the zones a page reads dates in) it is written out here from the date's
 * parts, which need no Intl: the first Intl object a page makes costs the browser its ICU data (see
 * shared/format/money.ts), and the portal and the admin dashboard show such dates in their first screen. Other
 * zones, and years before 1583 (which Intl writes in the Julian calendar), go to Intl; format.test.ts checks that
 * both agree.
 */
export function formatLongDate(date: Date | string, timeZone?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return NOT_AVAILABLE;
  if (timeZone === undefined || timeZone === 'UTC') {
    const utc = timeZone === 'UTC';
    const year = utc ? value.getUTCFullYear() : value.getFullYear();
    if (year >= 1583) {
      const month = MONTHS[utc ? value.getUTCMonth() : value.getMonth()];
      return `${month} ${utc ? value.getUTCDate() : value.getDate()}, ${year}`;
    }
  }
  return formatIn('long', value, timeZone);
}

/**
 * A US English date and time ('Nov 23, 2026, 3:05 PM'). `timeZone` is an IANA name; without it the runtime's own
 * zone is used. 'N/A' for an invalid date.
 */
export function formatDateTime(date: Date | string, timeZone?: string): string {
  return formatIn('dateTime', date, timeZone);
}

/**
 * A US English time of day ('3:05 PM'). `timeZone` is an IANA name; without it the runtime's own zone is used.
 * 'N/A' for an invalid date.
 */
export function formatTime(date: Date | string, timeZone?: string): string {
  return formatIn('time', date, timeZone);
}

/**
 * The value when it is an IANA time zone this runtime knows ('America/Denver'), else undefined (the runtime's
 * own zone is then used): for a zone sent by a browser, which a server must not trust to be valid.
 */
export function knownTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

/**
 * The earliest day that is still today somewhere in the US (American Samoa's), as YYYY-MM-DD: a day a person typed
 * as 'today' is never before it, wherever in the US they are. The database checks days the same way
 * (earliest_us_today(), docs/product.md §11).
 */
export function earliestUsToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Pago_Pago' }).format(now);
}

/** The day as YYYY-MM-DD in the time zone the date is read in (the browser's on the page, UTC at the function). */
export function isoDay(date: Date, utc = false): string {
  const [year, month, day] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
    : [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
