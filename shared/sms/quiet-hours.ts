/**
 * Quiet hours: no text between 9 pm and 8 am where the applicant is (the hours US telemarketing rules keep
 * calls and texts out of), taken as the time zone of the business's state. A text that falls due in quiet hours
 * is held until 8 am there.
 *
 * Only Intl.DateTimeFormat is used: it carries the IANA time-zone database in Node, browsers and Deno alike, so
 * daylight saving comes right without a date library.
 */
import { stateCodeOf } from '../catalogue/us-states.ts';

/**
 * Each state's zone, by postal code: the 50 states, DC and the five inhabited territories. A state split
 * between zones takes the zone where most of its people live (Florida's panhandle, Michigan's Upper Peninsula
 * corner, western Kentucky and Tennessee's east, the Texas and Kansas and Nebraska and Dakota corners, Oregon's
 * Malheur County, northern Idaho). Indiana, Michigan, Kentucky and Idaho have zones of their own in the database
 * (America/Indiana/Indianapolis, America/Detroit...) that follow New York's and Denver's rules today, so the main
 * zones are named.
 */
const zoneByState: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Denver',
  IL: 'America/Chicago',
  IN: 'America/New_York',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/New_York',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

const territories = new Set(['PR', 'VI', 'GU', 'AS', 'MP']);

/**
 * The zones a person could be in when the state is unknown: those of the 50 states and DC. The Pacific
 * territories are left out because no hour is daytime both there and on the East Coast (Guam is 14 or 15 hours
 * ahead of New York); an application with no state is far likelier to come from a state.
 */
const stateZones = [
  ...new Set(
    Object.entries(zoneByState)
      .filter(([state]) => !territories.has(state))
      .map(([, zone]) => zone),
  ),
];

/**
 * The zone of a state as an application holds it: the wizard's state field is free text, so a state's name
 * ('Texas', ' texas. ') is read as the matching of lenders reads it; DC and the territories by their codes.
 */
function zoneOf(state: string): string | undefined {
  const code = stateCodeOf(state) ?? state.trim().toUpperCase();
  return Object.hasOwn(zoneByState, code) ? zoneByState[code] : undefined;
}

/**
 * The IANA time zone of a state's postal code ('NV' gives 'America/Los_Angeles'), case and spaces aside, or of
 * one of the 50 states' names ('Nevada').
 *
 * An unknown or empty state gives 'America/New_York', where the most Americans live: the likeliest single
 * guess, for showing a time. No single zone is safe for timing a text, though: 8 am in New York is 5 am in
 * California, and 9 pm in California is midnight in New York. So smsSendTime does not rely on this guess for an
 * unknown state; it waits until it is daytime in every state's zone.
 */
export function stateTimeZone(state: string): string {
  return zoneOf(state) ?? 'America/New_York';
}

const QUIET_FROM = 21;
const QUIET_UNTIL = 8;

/** One formatter per zone, kept: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of an instant in a zone, to the second. */
function wallClock(instant: number, zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      // h23: some engines write midnight as hour 24 with hour12: false.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(instant).map((part) => [part.type, Number(part.value)] as const),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const t = wallClock(instant, zone);
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - wholeSecond;
}

/**
 * The instant a zone's clock reads a wall-clock time. The zone's offset is taken at a first guess and taken
 * again at the result: the two differ only when a daylight-saving change falls between them, and the second
 * one is the offset in force at the time sought. (8 am is never in the hour a spring change skips: US changes
 * happen at 2 am.)
 */
function instantOf(year: number, month: number, day: number, hour: number, zone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const guess = asUtc - offsetAt(asUtc, zone);
  return asUtc - offsetAt(guess, zone);
}

/** The instant itself when it is daytime in the zone, else the next 8 am there. */
function nextDaytime(instant: number, zone: string): number {
  const t = wallClock(instant, zone);
  if (t.hour >= QUIET_UNTIL && t.hour < QUIET_FROM) return instant;
  // Before 8 am: 8 am the same day; at or after 9 pm: 8 am the next day. Date.UTC rolls day 32 into the next
  // month and year.
  return instantOf(t.year, t.month, t.hour < QUIET_UNTIL ? t.day : t.day + 1, QUIET_UNTIL, zone);
}

/**
 * When a text due at `now` to someone in `state` may go: `now` itself from 8:00 to 20:59:59 there, else 8:00
 * the next morning there (the same day before 8 am, the next day from 9 pm on).
 *
 * For an unknown or empty state, the first moment that is daytime in every state's zone (from 8 am in Hawaii to
 * 9 pm in New York): a text sent then wakes no one, wherever the applicant is.
 */
export function smsSendTime(now: Date, state: string): Date {
  const zone = zoneOf(state);
  const zones = zone ? [zone] : stateZones;
  let at = now.getTime();
  // Moving to 8 am in one zone can land after 9 pm in another; each pass only moves forward, and some hours are
  // daytime in all of them every day, so it settles within a few passes.
  for (let changed = true; changed;) {
    changed = false;
    for (const zone of zones) {
      const next = nextDaytime(at, zone);
      if (next !== at) [at, changed] = [next, true];
    }
  }
  return new Date(at);
}
