/**
 * How many texts one number may get: at most so many in any 60 minutes and in any 24 hours, counted over
 * rolling windows of what was already sent to it.
 */

/**
 * An application gives at most a handful of events on a busy day (an approval, a request for documents, a
 * lender or two answering), and an officer working through one in a sitting can make two or three in an hour.
 * Three an hour lets such a sitting through; ten a day is above any real day. Past them, something is wrong (a
 * loop, a flurry of edits), and the cap keeps the applicant from being flooded: texts that annoy draw spam
 * reports, and carriers filter senders that get them.
 */
export const DEFAULT_SMS_LIMITS = { perHour: 3, perDay: 10 } as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * When the window of `length` before `now` already holds `limit` texts, the moment enough of them leave it for
 * one more to fit; null while it has room. A text sent at `t` counts until `t + length` (exclusive), so at the
 * returned moment the check passes. Normally `limit` texts are counted and that moment is when the oldest
 * leaves; when more were counted (the limit was lowered, or texts went out past it), more must leave first.
 */
function fullUntil(sent: readonly number[], now: number, length: number, limit: number): number | null {
  const counted = sent.filter((t) => now - t < length).sort((a, b) => a - b);
  if (counted.length < limit) return null;
  return counted[counted.length - limit]! + length;
}

/**
 * Whether one more text may go to a number that was sent texts at `sentAt` (any order), at `now`: ok, or the
 * moment to try again, when neither window is full. A text dated after `now` (a clock a little ahead
 * elsewhere) counts until its own date plus the window: counting it errs toward fewer texts.
 */
export function smsLimitCheck(
  sentAt: Date[],
  now: Date,
  limits: { perHour: number; perDay: number },
): { ok: true } | { ok: false; retryAt: Date } {
  for (const limit of [limits.perHour, limits.perDay]) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('SMS limits must be whole numbers of 1 or more');
  }
  const at = now.getTime();
  const sent = sentAt.map((date) => date.getTime());
  const hourFull = fullUntil(sent, at, HOUR, limits.perHour);
  const dayFull = fullUntil(sent, at, DAY, limits.perDay);
  if (hourFull === null && dayFull === null) return { ok: true };
  return { ok: false, retryAt: new Date(Math.max(hourFull ?? at, dayFull ?? at)) };
}
