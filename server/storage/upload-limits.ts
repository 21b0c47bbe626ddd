import type { UploadLimits } from '../config.ts';
import { RateLimiter } from '../auth/rate-limit.ts';
import { isOfficerOrService, type RequestAuth } from '../auth/request-auth.ts';
import type { Queryable } from '../db/database.ts';
import { StorageError, storageErrors } from './errors.ts';

/** The account an upload counts against: the token's user, or the client address for a caller without one. */
function accountOf(auth: RequestAuth, ip: string): string {
  return typeof auth.claims.sub === 'string' ? auth.claims.sub : `address:${ip}`;
}

/**
 * Per-account upload limits (README, Configuration): a confirmed applicant could otherwise store 25 MB files as
 * fast as the disk takes them, on the disk that holds the database too. Two checks:
 * - a rate (token bucket per account) taken when the upload starts, before a byte is read;
 * - a quota on the bytes the account's stored files take up (every bucket, files never filed included, the file
 *   an upsert replaces left out), checked before the body is read and again with the file's real size.
 * The second check and the upload's row take turns per account (`inTurn`): two uploads of one account at the same
 * moment would otherwise each pass it, and the quota be passed by one file per upload under way. The turns are kept
 * in this process, which is the only one serving the data folder's files (one server per DATA_DIR).
 */
export class UploadLimiter {
  private readonly rate: RateLimiter | undefined;

  constructor(private readonly limits: UploadLimits) {
    this.rate =
      limits.burst > 0 && limits.perHour > 0
        ? new RateLimiter({ capacity: limits.burst, refillPerSecond: limits.perHour / 3600 })
        : undefined;
  }

  /** The accounts with an upload in its turn: each one's last turn, which the next one waits for. */
  private readonly turns = new Map<string, Promise<unknown>>();

  /**
   * Runs `upload` (the quota's last check and the stored row) once the account's earlier uploads have had their turn.
   * Accounts the quota does not apply to do not wait.
   */
  async inTurn<T>(auth: RequestAuth, ip: string, upload: () => Promise<T>): Promise<T> {
    if (!this.quotaAppliesTo(auth)) return upload();
    const account = accountOf(auth, ip);
    const mine = (this.turns.get(account) ?? Promise.resolve()).then(upload);
    const over = mine.catch(() => undefined);
    this.turns.set(account, over);
    try {
      return await mine;
    } finally {
      if (this.turns.get(account) === over) this.turns.delete(account);
    }
  }

  private quotaAppliesTo(auth: RequestAuth): boolean {
    return this.limits.quotaBytes > 0 && !isOfficerOrService(auth) && typeof auth.claims.sub === 'string';
  }

  /** Takes one upload from the account's budget; throws the Storage error to answer when it has none. */
  takeUpload(auth: RequestAuth, ip: string): void {
    if (!this.rate || isOfficerOrService(auth)) return;
    const decision = this.rate.take(accountOf(auth, ip));
    if (!decision.allowed)
      throw new RetryLater(storageErrors.tooManyUploads(decision.retryAfterSeconds), decision.retryAfterSeconds);
  }

  /** Throws when the account's stored files plus `incomingBytes` would pass the quota. */
  async checkQuota(
    db: Queryable,
    auth: RequestAuth,
    replacing: { bucket: string; name: string },
    incomingBytes: number,
  ): Promise<void> {
    if (!this.quotaAppliesTo(auth)) return;
    const stored = await db.query<{ bytes: string | number }>(
      `select coalesce(sum(coalesce((metadata->>'size')::bigint, 0)), 0) as bytes from storage.objects
       where owner = $1::uuid and not (bucket_id = $2 and name = $3)`,
      [auth.claims.sub, replacing.bucket, replacing.name],
    );
    const used = Number(stored.rows[0]?.bytes ?? 0);
    if (used + incomingBytes > this.limits.quotaBytes) throw storageErrors.overQuota(this.limits.quotaBytes);
  }
}

/** A Storage error answered with Retry-After. */
export class RetryLater extends StorageError {
  constructor(
    error: StorageError,
    readonly retryAfterSeconds: number,
  ) {
    super(error.statusCode, error.code, error.error, error.message);
  }
}
