import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN } from '../../shared/validation/email.ts';
import { databaseErrorFields, type Queryable } from '../db/database.ts';
import { AuthError, invalidEmail } from './errors.ts';

/** The columns of auth.users server/auth reads. */
export type UserRow = {
  id: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
};

export type Metadata = Record<string, unknown>;

const userColumns = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until, deleted_at, is_anonymous, created_at,
  updated_at`;

/** GoTrue's instance id for a single-tenant installation. */
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

/** Trims, lower-cases and validates an e-mail address as GoTrue does (400 email_address_invalid). */
export function normalizeAuthEmail(value: unknown): string {
  if (typeof value !== 'string') throw invalidEmail();
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > 255 || !EMAIL_PATTERN.test(email)) throw invalidEmail();
  return email;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function isPlainObject(value: unknown): value is Metadata {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges a metadata patch as GoTrue does: each key replaces the stored one; a null value removes it. */
export function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  const merged: Metadata = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : undefined);

/** The user object of GoTrue's API (GET /user, sessions, the admin API). */
export function userJson(user: UserRow) {
  const email = user.email ?? '';
  const confirmedAt = iso(user.email_confirmed_at);
  const identity = {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: { email, email_verified: Boolean(user.email_confirmed_at), phone_verified: false, sub: user.id },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    email,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: confirmedAt,
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    confirmed_at: confirmedAt,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.email ? [identity] : [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/**
 * What a repeated sign-up answers when it must not reveal that the address is taken: the user a new sign-up
 * answers, with a fresh id. GoTrue's obfuscated user has no identities, and a new user one, so that the list's
 * length told whether an address had an account (supabase-js's own docs read it so); ours has one, like a new one.
 */
export function obfuscatedUserJson(email: string, userMetadata: Metadata): UserJson {
  const now = new Date();
  return userJson({
    id: randomUUID(),
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: userMetadata,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
    created_at: now,
    updated_at: now,
  });
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await db.query<UserRow>(
    `select ${userColumns} from auth.users where id = $1 and deleted_at is null${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return result.rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(
    `select ${userColumns} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return result.rows[0];
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}

export type NewUser = {
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  appMetadata?: Metadata;
  userMetadata?: Metadata;
  bannedUntil?: Date | null;
};

/**
 * Creates a user with one plain INSERT into auth.users, so that triggers on auth.users (profiles) fire
 * as they do on hosted Supabase. A taken address answers 422 email_exists; a value too long to keep, 422
 * validation_failed.
 */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  try {
    const result = await db.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, banned_until, is_super_admin, is_anonymous, created_at, updated_at)
       values ($1, $2, 'authenticated', 'authenticated', $3, $4, case when $5::boolean then now() end,
         $6::jsonb, $7::jsonb, $8, false, false, now(), now())
       returning ${userColumns}`,
      [
        INSTANCE_ID,
        randomUUID(),
        user.email,
        user.passwordHash,
        user.confirmed,
        JSON.stringify(appMetadata),
        JSON.stringify(user.userMetadata ?? {}),
        user.bannedUntil ?? null,
      ],
    );
    return result.rows[0]!;
  } catch (error) {
    const refused = databaseErrorFields(error);
    if (refused?.code === '23505') {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    // A value longer than its column keeps (the profile trigger says which, in words): refused, never cut.
    if (refused?.code === '22001') throw new AuthError(422, 'validation_failed', refused.message);
    throw error;
  }
}

/** Applies column changes to a user and returns the updated row. */
export async function updateUser(
  db: Queryable,
  id: string,
  changes: {
    email?: string;
    passwordHash?: string;
    confirm?: boolean;
    appMetadata?: Metadata;
    userMetadata?: Metadata;
    bannedUntil?: Date | null;
  },
): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (changes.email !== undefined) set('email', changes.email);
  if (changes.passwordHash !== undefined) set('encrypted_password', changes.passwordHash);
  if (changes.confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (changes.confirm === false) sets.push('email_confirmed_at = null');
  if (changes.appMetadata !== undefined) set('raw_app_meta_data', JSON.stringify(changes.appMetadata), '::jsonb');
  if (changes.userMetadata !== undefined) set('raw_user_meta_data', JSON.stringify(changes.userMetadata), '::jsonb');
  if (changes.bannedUntil !== undefined) set('banned_until', changes.bannedUntil);
  try {
    const result = await db.query<UserRow>(
      `update auth.users set ${sets.join(', ')} where id = $1 returning ${userColumns}`,
      params,
    );
    const row = result.rows[0];
    if (!row) throw new AuthError(404, 'user_not_found', 'User not found');
    return row;
  } catch (error) {
    if (databaseErrorFields(error)?.code === '23505') {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    throw error;
  }
}

export async function touchLastSignIn(db: Queryable, id: string): Promise<UserRow> {
  const result = await db.query<UserRow>(
    `update auth.users set last_sign_in_at = now() where id = $1 returning ${userColumns}`,
    [id],
  );
  return result.rows[0]!;
}

/** A page of users for the admin API, newest first, with the total count. */
export async function listUsers(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ users: UserRow[]; total: number }> {
  const total = await db.query<{ total: number }>(
    'select count(*)::int as total from auth.users where deleted_at is null',
  );
  const page = await db.query<UserRow>(
    `select ${userColumns} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [limit, offset],
  );
  return { users: page.rows, total: total.rows[0]?.total ?? 0 };
}

/**
 * Deletes a user (sessions and tokens go with them). A soft delete keeps the row, marked deleted and
 * without its address or password, so rows that reference the user stay valid.
 */
export async function deleteUser(db: Queryable, id: string, soft: boolean): Promise<void> {
  try {
    if (soft) {
      await db.query(
        `update auth.users set deleted_at = now(), email = null, encrypted_password = null, updated_at = now()
         where id = $1`,
        [id],
      );
      await db.query('delete from auth.sessions where user_id = $1', [id]);
    } else {
      await db.query('delete from auth.users where id = $1', [id]);
    }
  } catch (error) {
    if (databaseErrorFields(error)?.code === '23503') {
      throw new AuthError(
        409,
        'conflict',
        'The user still owns data that references them; delete that data first or use a soft delete',
      );
    }
    throw error;
  }
}
