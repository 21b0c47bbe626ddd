import path from 'node:path';
import { ADMIN_ROLE } from '../../shared/catalogue/accounts.ts';
import type { Database } from '../db/database.ts';
import { writeSecretFile } from '../keys.ts';
import { AuthError } from './errors.ts';
import { checkPasswordStrength, generatePassword, hashPassword } from './passwords.ts';
import { endSessions } from './sessions.ts';
import { findUserByEmail, insertUser, mergeMetadata, normalizeAuthEmail, updateUser, type UserRow } from './users.ts';

export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.txt';

/**
 * Makes `email` an admin with this password: creates the account (confirmed, app_metadata.role admin),
 * or promotes an existing one, confirms it, sets the password and signs it out everywhere. Throws an
 * AuthError (email_address_invalid, weak_password) for bad input.
 */
export async function createOrPromoteAdmin(
  db: Database,
  emailInput: string,
  password: string,
): Promise<{ user: UserRow; created: boolean }> {
  const email = normalizeAuthEmail(emailInput);
  checkPasswordStrength(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (!existing) {
      const user = await insertUser(tx, { email, passwordHash, confirmed: true, appMetadata: { role: ADMIN_ROLE } });
      return { user, created: true };
    }
    const user = await updateUser(tx, existing.id, {
      passwordHash,
      confirm: true,
      appMetadata: mergeMetadata(existing.raw_app_meta_data ?? {}, { role: ADMIN_ROLE }),
      bannedUntil: null,
    });
    await endSessions(tx, existing.id, undefined, 'global');
    return { user, created: false };
  });
}

export type BootstrapResult =
  | { outcome: 'exists' }
  | { outcome: 'created'; email: string; password: string; file: string }
  /** No admin, but ADMIN_EMAIL belongs to an ordinary account: it is never taken over silently. */
  | { outcome: 'email-taken'; email: string };

/**
 * First start: when no admin exists, creates one for ADMIN_EMAIL with a random password and writes the
 * credentials to DATA_DIR/admin-credentials.txt (0600). The caller prints them once.
 */
export async function bootstrapAdmin(db: Database, adminEmail: string, dataDir: string): Promise<BootstrapResult> {
  const admins = await db.query(
    `select 1 from auth.users where raw_app_meta_data ->> 'role' = 'admin' and deleted_at is null limit 1`,
  );
  if (admins.rows.length > 0) return { outcome: 'exists' };
  if (await findUserByEmail(db, adminEmail)) return { outcome: 'email-taken', email: adminEmail };
  const password = generatePassword();
  try {
    await createOrPromoteAdmin(db, adminEmail, password);
  } catch (error) {
    // Another server on the same database created it a moment ago.
    if (error instanceof AuthError && error.code === 'email_exists') return { outcome: 'exists' };
    throw error;
  }
  const file = path.join(dataDir, ADMIN_CREDENTIALS_FILE);
  writeSecretFile(
    file,
    `Administrator account created on first start.\ne-mail:   ${adminEmail}\npassword: ${password}\n`,
  );
  return { outcome: 'created', email: adminEmail, password, file };
}
