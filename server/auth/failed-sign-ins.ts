import { AuthError } from './errors.ts';
import { perHour, RateLimiter } from './rate-limit.ts';

/**
 * Wrong passwords per account, whatever address they come from: the per-IP limit of /token alone lets a guesser
 * with many addresses try one account's password without end. Counted per address typed, whether or not it has
 * an account, and taken before the password is checked, so the answer never tells an address with an account
 * from one without. Once an account's budget is spent even its right password is refused until the budget refills:
 * otherwise the refusal would only slow the guesses down, and a right guess would still get in.
 * In memory, as the per-IP limits are: one process serves the API.
 */
export class FailedSignIns {
  private readonly limiter: RateLimiter | undefined;

  /** `perHour` wrong passwords at once per account, refilled at `perHour` an hour; 0 turns the limit off. */
  constructor(perHourLimit: number, now?: () => number) {
    const rule = perHour(perHourLimit);
    this.limiter = rule ? new RateLimiter(rule, now) : undefined;
  }

  /**
   * Takes one try from the account's budget before its password is checked, or refuses (429, with the seconds
   * to wait) when the budget is spent. Taken first, so that guesses sent at once cannot all pass before any is
   * counted; a right password gives its try back (`giveBack`).
   */
  take(email: string): void {
    const decision = this.limiter?.take(keyOf(email));
    if (!decision || decision.allowed) return;
    throw new AuthError(
      429,
      'over_request_rate_limit',
      tooManyWrongPasswordsMessage(decision.retryAfterSeconds),
      {},
      { 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }

  /** The password was right: its try does not count against the account. */
  giveBack(email: string): void {
    this.limiter?.giveBack(keyOf(email));
  }
}

/** One account however its address is typed: the sign-in looks the address up the same way. */
const keyOf = (email: string) => email.trim().toLowerCase();

/**
 * What the person signing in reads (the sign-in pages show the server's message): when to try again, and the
 * way in that needs no password.
 */
export function tooManyWrongPasswordsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong passwords were tried for this account. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}, or reset your password.`;
}
