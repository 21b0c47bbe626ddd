/** A token bucket: `capacity` requests at once, refilled at `refillPerSecond`. */
export type RateLimitRule = { capacity: number; refillPerSecond: number };

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Bucket = { tokens: number; updatedAt: number };

const FIVE_MINUTES = 300;

/** `perFiveMinutes` requests per 5 minutes, all of which may come at once (burst defaults to the same). */
export function perFiveMinutes(perFiveMinutes: number, burst = perFiveMinutes): RateLimitRule | undefined {
  if (perFiveMinutes <= 0 || burst <= 0) return undefined;
  return { capacity: burst, refillPerSecond: perFiveMinutes / FIVE_MINUTES };
}

/** `perHour` requests per hour, all of which may come at once. */
export function perHour(perHour: number): RateLimitRule | undefined {
  if (perHour <= 0) return undefined;
  return { capacity: perHour, refillPerSecond: perHour / 3600 };
}

/**
 * An in-memory per-key (per-IP, or per account) token-bucket limiter. One process serves the API, so memory is the
 * right place; buckets that have refilled completely are forgotten so the map stays small.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private checksSinceSweep = 0;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes `cost` tokens (a request, or the rows it writes) from the key's bucket, or none when it holds fewer:
   * then the answer says how long until it will. A cost above the capacity never fits: callers refuse it first.
   */
  take(key: string, cost = 1): RateLimitDecision {
    const now = this.now();
    this.sweep(now);
    const bucket = this.current(key, now);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      this.buckets.set(key, bucket);
      return { allowed: true };
    }
    this.buckets.set(key, bucket);
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((cost - bucket.tokens) / this.rule.refillPerSecond)),
    };
  }

  /** Gives back one token taken from the key's bucket (never above the capacity). */
  giveBack(key: string): void {
    const bucket = this.buckets.get(key);
    if (!bucket) return;
    const now = this.now();
    const current = this.current(key, now);
    this.buckets.set(key, { tokens: Math.min(this.rule.capacity, current.tokens + 1), updatedAt: now });
  }

  private current(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.rule.capacity, updatedAt: now };
    const refilled = ((now - bucket.updatedAt) / 1000) * this.rule.refillPerSecond;
    return { tokens: Math.min(this.rule.capacity, bucket.tokens + refilled), updatedAt: now };
  }

  private sweep(now: number): void {
    this.checksSinceSweep += 1;
    if (this.checksSinceSweep < 1000) return;
    this.checksSinceSweep = 0;
    for (const key of this.buckets.keys()) {
      if (this.current(key, now).tokens >= this.rule.capacity) this.buckets.delete(key);
    }
  }

  /** Number of remembered keys (for tests). */
  get size(): number {
    return this.buckets.size;
  }
}
