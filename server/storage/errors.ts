/**
 * A Storage API error. Supabase Storage answers HTTP 400 with the real status in the body
 * ({statusCode, code, error, message}); supabase-js shows `message`, so it must read well to a person.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  toJSON() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const storageErrors = {
  notFound: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  bucketNotFound: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  denied: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  tooLarge: (limitBytes: number) =>
    new StorageError(
      413,
      'EntityTooLarge',
      'Payload too large',
      `The file is too large: the limit is ${Math.floor(limitBytes / (1024 * 1024))} MB`,
    ),
  badType: (detail: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', detail),
  badName: (detail: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', detail),
  badRequest: (detail: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', detail),
  overQuota: (quotaBytes: number) =>
    new StorageError(
      413,
      'QuotaExceeded',
      'quota_exceeded',
      `This account may store at most ${Math.floor(quotaBytes / (1024 * 1024))} MB of files, and this one would go past it: delete a file you no longer need, or ask your loan officer.`,
    ),
  tooManyUploads: (retryAfterSeconds: number) =>
    new StorageError(
      429,
      'SlowDown',
      'too_many_requests',
      `Too many uploads in a short time: please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`,
    ),
  unauthorized: (detail: string) => new StorageError(401, 'InvalidJWT', 'Unauthorized', detail),
};
