import { describe, expect, it } from 'vitest';
import { perFiveMinutes, perHour, RateLimiter } from './rate-limit.ts';

function limiterAt(rule: ReturnType<typeof perFiveMinutes>) {
  const clock = { now: 0 };
  const limiter = new RateLimiter(rule!, () => clock.now);
  return { limiter, clock };
}

describe('RateLimiter (token bucket per key)', () => {
  it('allows the burst at once, then refuses with the seconds until the next request', () => {
    const { limiter } = limiterAt(perFiveMinutes(150, 30));
    for (let i = 0; i < 30; i += 1) expect(limiter.take('10.0.0.1')).toEqual({ allowed: true });
    expect(limiter.take('10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it('refills at the sustained rate: 150 per 5 minutes is one every 2 seconds', () => {
    const { limiter, clock } = limiterAt(perFiveMinutes(150, 30));
    for (let i = 0; i < 30; i += 1) limiter.take('a');
    clock.now += 2000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    clock.now += 300_000;
    for (let i = 0; i < 30; i += 1) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('keeps one budget per key', () => {
    const { limiter } = limiterAt(perFiveMinutes(1));
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('forgets keys whose bucket has refilled, so memory stays bounded', () => {
    const { limiter, clock } = limiterAt(perFiveMinutes(30));
    for (let i = 0; i < 999; i += 1) limiter.take(`ip-${i}`);
    expect(limiter.size).toBe(999);
    clock.now += 300_000;
    limiter.take('late');
    expect(limiter.size).toBe(1);
  });

  it('takes a cost of several tokens at once, or none', () => {
    const { limiter, clock } = limiterAt(perFiveMinutes(1, 5));
    expect(limiter.take('a', 3)).toEqual({ allowed: true });
    // Two tokens left: three more are 300 seconds away (one token every 5 minutes).
    expect(limiter.take('a', 3)).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect(limiter.take('a', 2)).toEqual({ allowed: true });
    clock.now += 300_000;
    expect(limiter.take('a')).toEqual({ allowed: true });
  });

  it('turns a limit off with 0', () => {
    expect(perFiveMinutes(0)).toBeUndefined();
    expect(perFiveMinutes(150, 0)).toBeUndefined();
    expect(perHour(0)).toBeUndefined();
  });

  it('refills per hour: 10 an hour at once, then one every 6 minutes', () => {
    const { limiter, clock } = limiterAt(perHour(10));
    for (let i = 0; i < 10; i += 1) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 360 });
    clock.now += 360_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('gives a token back, never above the capacity', () => {
    const { limiter } = limiterAt(perFiveMinutes(1, 2));
    limiter.take('a');
    limiter.take('a');
    limiter.giveBack('a');
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    limiter.giveBack('b');
    limiter.giveBack('b');
    expect(limiter.take('b').allowed).toBe(true);
    expect(limiter.take('b').allowed).toBe(true);
    expect(limiter.take('b').allowed).toBe(false);
  });
});
