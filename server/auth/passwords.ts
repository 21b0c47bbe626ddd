import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { AuthError } from './errors.ts';

/** GoTrue's default cost. */
const BCRYPT_COST = 10;

export const MIN_PASSWORD_LENGTH = 6;

/** bcrypt reads at most 72 bytes: a longer password would be silently cut, so it is refused. */
const MAX_PASSWORD_BYTES = 72;

/** A hash of a random password, compared against when no user matches, so timing does not tell. */
let decoyHash: Promise<string> | undefined;

/** Refuses a password GoTrue would refuse, with GoTrue's codes and messages. */
export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** True when the password matches the hash; with no hash (no such user) it still spends the same time. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    decoyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST);
    await bcrypt.compare(password, await decoyHash);
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** A random password for generated accounts: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
