import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_LIMITS, smsLimitCheck } from './sms-limits.ts';

const now = new Date('2026-06-10T15:00:00Z');
const minutesAgo = (...minutes: number[]) => minutes.map((m) => new Date(now.getTime() - m * 60_000));
const minutesFromNow = (m: number) => new Date(now.getTime() + m * 60_000);

describe('how many texts one number may get', () => {
  it('is three an hour and ten a day by default', () => {
    expect(smsLimitCheck(minutesAgo(10, 20), now, DEFAULT_SMS_LIMITS)).toEqual({ ok: true });
    expect(smsLimitCheck(minutesAgo(10, 20, 30), now, DEFAULT_SMS_LIMITS)).toEqual({
      ok: false,
      retryAt: minutesFromNow(30),
    });
    const twoAnHour = minutesAgo(10, 20, 130, 140, 250, 260, 370, 380, 490, 500);
    expect(smsLimitCheck(twoAnHour.slice(1), now, DEFAULT_SMS_LIMITS)).toEqual({ ok: true });
    expect(smsLimitCheck(twoAnHour, now, DEFAULT_SMS_LIMITS)).toEqual({
      ok: false,
      retryAt: minutesFromNow(24 * 60 - 500),
    });
  });

  it('lets anyone who was sent nothing have a text', () => {
    expect(smsLimitCheck([], now, { perHour: 1, perDay: 1 })).toEqual({ ok: true });
  });

  it('counts a text for 60 minutes: one sent exactly an hour ago has left the window', () => {
    const limits = { perHour: 1, perDay: 10 };
    expect(smsLimitCheck(minutesAgo(60), now, limits)).toEqual({ ok: true });
    expect(smsLimitCheck([new Date(now.getTime() - 3_599_999)], now, limits)).toEqual({
      ok: false,
      retryAt: new Date(now.getTime() + 1),
    });
  });

  it('counts a text for 24 hours in the daily window', () => {
    const limits = { perHour: 5, perDay: 2 };
    expect(smsLimitCheck(minutesAgo(24 * 60, 600), now, limits)).toEqual({ ok: true });
    expect(smsLimitCheck(minutesAgo(24 * 60 - 1, 600), now, limits)).toEqual({ ok: false, retryAt: minutesFromNow(1) });
  });

  it('reads the texts in any order', () => {
    expect(smsLimitCheck(minutesAgo(30, 10, 50, 20), now, { perHour: 4, perDay: 10 })).toEqual({
      ok: false,
      retryAt: minutesFromNow(10),
    });
  });

  it('waits for the later window when both are full', () => {
    // The hour is full until the text of 40 minutes ago leaves (in 20); the day until the one of 23 hours ago
    // leaves (in 60).
    const sent = minutesAgo(23 * 60, 40, 5);
    expect(smsLimitCheck(sent, now, { perHour: 2, perDay: 3 })).toEqual({ ok: false, retryAt: minutesFromNow(60) });
    expect(smsLimitCheck(sent, now, { perHour: 2, perDay: 4 })).toEqual({ ok: false, retryAt: minutesFromNow(20) });
  });

  it('waits for enough texts to leave when more than the limit were sent', () => {
    // Five in the hour, limit three: the third newest (30 minutes ago) must leave too.
    expect(smsLimitCheck(minutesAgo(50, 40, 30, 20, 10), now, { perHour: 3, perDay: 10 })).toEqual({
      ok: false,
      retryAt: minutesFromNow(30),
    });
  });

  it('counts a text dated a little after now until its own date plus the window', () => {
    expect(smsLimitCheck([minutesFromNow(1)], now, { perHour: 1, perDay: 10 })).toEqual({
      ok: false,
      retryAt: minutesFromNow(61),
    });
  });

  it.each([
    { perHour: 0, perDay: 10 },
    { perHour: 3, perDay: -1 },
    { perHour: 1.5, perDay: 10 },
    { perHour: 3, perDay: Number.NaN },
  ])('refuses limits that are not whole numbers of 1 or more: %j', (limits) => {
    expect(() => smsLimitCheck([], now, limits)).toThrow(RangeError);
  });

  it('for any texts and limits: ok exactly when both windows have room, and the retry is the first moment they do', () => {
    const base = now.getTime();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -2 * 24 * 60, max: 0 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        (minutes, perHour, perDay) => {
          const sent = minutes.map((m) => new Date(base + m * 60_000));
          const limits = { perHour, perDay };
          const inLast = (length: number, at: number) => sent.filter((d) => at - d.getTime() < length).length;
          const room = (at: number) => inLast(3_600_000, at) < perHour && inLast(86_400_000, at) < perDay;
          const result = smsLimitCheck(sent, now, limits);
          expect(result.ok).toBe(room(base));
          if (result.ok) return;
          const retry = result.retryAt.getTime();
          expect(retry).toBeGreaterThan(base);
          expect(room(retry)).toBe(true);
          expect(room(retry - 1)).toBe(false);
          expect(smsLimitCheck(sent, result.retryAt, limits)).toEqual({ ok: true });
        },
      ),
      { numRuns: 500 },
    );
  });
});
