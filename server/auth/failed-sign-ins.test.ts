import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { FailedSignIns, tooManyWrongPasswordsMessage } from './failed-sign-ins.ts';

function failedSignInsAt(perHour: number) {
  const clock = { now: 0 };
  return { failed: new FailedSignIns(perHour, () => clock.now), clock };
}

/** The refusal `take` throws, or undefined when it lets the try through. */
function refusal(take: () => void): AuthError | undefined {
  try {
    take();
    return undefined;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
}

describe('FailedSignIns (wrong passwords per account)', () => {
  it('refuses the try after the budget is spent, with the minutes to wait in its message and header', () => {
    const { failed } = failedSignInsAt(3);
    for (let i = 0; i < 3; i += 1) expect(refusal(() => failed.take('owner@example.com'))).toBeUndefined();
    const refused = refusal(() => failed.take('owner@example.com'));
    expect(refused).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // 3 an hour: the next try is 20 minutes away.
    expect(refused?.headers).toEqual({ 'Retry-After': '1200' });
    expect(refused?.message).toBe(
      'Too many wrong passwords were tried for this account. Please try again in 20 minutes, or reset your password.',
    );
  });

  it('counts one account however its address is typed, and each account apart', () => {
    const { failed } = failedSignInsAt(2);
    failed.take('Owner@Example.com');
    failed.take(' owner@example.COM ');
    expect(refusal(() => failed.take('owner@example.com'))).toBeDefined();
    expect(refusal(() => failed.take('someone-else@example.com'))).toBeUndefined();
  });

  it('does not count a right password: its try is given back', () => {
    const { failed } = failedSignInsAt(2);
    for (let i = 0; i < 5; i += 1) {
      failed.take('owner@example.com');
      failed.giveBack('owner@example.com');
    }
    failed.take('owner@example.com');
    expect(refusal(() => failed.take('owner@example.com'))).toBeUndefined();
    expect(refusal(() => failed.take('owner@example.com'))).toBeDefined();
  });

  it('lets a try through again once the budget refills', () => {
    const { failed, clock } = failedSignInsAt(10);
    for (let i = 0; i < 10; i += 1) failed.take('owner@example.com');
    expect(refusal(() => failed.take('owner@example.com'))).toBeDefined();
    clock.now += 6 * 60_000;
    expect(refusal(() => failed.take('owner@example.com'))).toBeUndefined();
  });

  it('is off with 0', () => {
    const { failed } = failedSignInsAt(0);
    for (let i = 0; i < 100; i += 1) expect(refusal(() => failed.take('owner@example.com'))).toBeUndefined();
  });

  it('says minutes, at least one', () => {
    expect(tooManyWrongPasswordsMessage(1)).toContain('try again in 1 minute,');
    expect(tooManyWrongPasswordsMessage(61)).toContain('try again in 2 minutes,');
  });
});
