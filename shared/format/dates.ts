import { NOT_AVAILABLE } from './numbers.ts';

/**
 * A US English long date ('January 13, 2025'). `timeZone` is an IANA name; without it the runtime's own zone
 * is used (the letter shows the officer's local date). 'N/A' for an invalid date.
 */
export function formatLongDate(date: Date | string, timeZone?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return NOT_AVAILABLE;
  return value.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
}
