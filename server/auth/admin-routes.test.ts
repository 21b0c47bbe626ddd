import { describe, expect, it } from 'vitest';
import { parseBanDuration } from './admin-routes.ts';

describe('parseBanDuration', () => {
  it('reads Go durations and "none"', () => {
    const before = Date.now();
    const until = parseBanDuration('1h30m')!;
    expect(until.getTime() - before).toBeGreaterThanOrEqual(5_400_000);
    expect(until.getTime() - before).toBeLessThan(5_401_000);
    expect(parseBanDuration('none')).toBeNull();
    expect(parseBanDuration(undefined)).toBeUndefined();
  });

  it('refuses anything else with a validation error', () => {
    for (const value of ['forever', '10', '-1h', 5]) {
      expect(() => parseBanDuration(value)).toThrow(/ban_duration/);
    }
  });
});
