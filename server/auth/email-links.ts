import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { AuthError, validationFailed } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { sha256Hex } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

/** The `type` of an e-mailed link or of POST /verify. */
export type VerificationType = 'signup' | 'recovery' | 'magiclink' | 'invite' | 'email';

type TokenType = 'confirmation_token' | 'recovery_token';

const tokenTypes: Record<VerificationType, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
};

export function isVerificationType(value: unknown): value is VerificationType {
  return typeof value === 'string' && Object.hasOwn(tokenTypes, value);
}

/** The sign-in method a verified link records in the session's amr claim. */
export function amrMethodFor(type: VerificationType): string {
  return type === 'recovery' ? 'recovery' : type === 'invite' ? 'invite' : 'otp';
}

/** How long a PKCE code lives once issued (GoTrue's flow-state expiry). */
const AUTH_CODE_LIFETIME_SECONDS = 300;

export type CodeChallenge = { challenge: string; method: 's256' | 'plain' };

/** Reads the optional PKCE fields a request carried (code_challenge, code_challenge_method). */
export function readCodeChallenge(body: Record<string, unknown>): CodeChallenge | undefined {
  const challenge = body.code_challenge;
  const method = body.code_challenge_method;
  if (challenge === undefined || challenge === null || challenge === '') return undefined;
  if (typeof challenge !== 'string' || challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code_challenge must be between 43 and 128 characters');
  }
  const normalized = typeof method === 'string' ? method.toLowerCase() : '';
  if (normalized !== 's256' && normalized !== 'plain') {
    throw validationFailed("code_challenge_method must be 's256' or 'plain'");
  }
  return { challenge, method: normalized };
}

/**
 * Issues the single-use token of an e-mailed link for the user (replacing any earlier one of the same
 * kind) and records when it was sent. The token is 192 random bits; only its SHA-256 is stored. A sign-up's
 * link holds the sign-up's password hash (`passwordHash`): see holdSignUpPassword.
 */
export async function issueEmailToken(
  tx: Queryable,
  user: UserRow,
  type: Exclude<VerificationType, 'email'>,
  pkce: { challenge: CodeChallenge; authenticationMethod: string } | undefined,
  passwordHash: string | null = null,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const tokenType = tokenTypes[type][0]!;
  // A new link replaces the previous one of its kind, and the PKCE flow that came with it.
  await tx.query(
    `delete from auth.flow_state where id = (select flow_state_id from auth.one_time_tokens where user_id = $1 and token_type = $2)`,
    [user.id, tokenType],
  );
  let flowStateId: string | null = null;
  if (pkce) {
    flowStateId = randomUUID();
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
       values ($1, $2, $3, $4, $5, $6)`,
      [flowStateId, user.id, randomUUID(), pkce.challenge.method, pkce.challenge.challenge, pkce.authenticationMethod],
    );
  }
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, flow_state_id, password_hash)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, flow_state_id = excluded.flow_state_id,
       password_hash = excluded.password_hash, created_at = now(), updated_at = now()`,
    [randomUUID(), user.id, tokenType, sha256Hex(token), user.email ?? '', flowStateId, passwordHash],
  );
  const sentColumn = tokenType === 'recovery_token' ? 'recovery_sent_at' : 'confirmation_sent_at';
  await tx.query(`update auth.users set ${sentColumn} = now() where id = $1`, [user.id]);
  return token;
}

/**
 * Binds the link already sent to a new PKCE challenge. Within the resend interval no new e-mail goes out, but
 * the browser that asked again keeps only its new verifier (supabase-js replaces it with every sign-up and
 * resend): bound to the new challenge, the link in the e-mail already sent still signs that browser in. Nobody
 * gains a code by it: the code only ever goes to the browser that opens the e-mailed link. The link's password
 * always comes from the same request as its challenge: a repeated sign-up gives its own (`passwordHash`), a
 * resend none (the link then confirms the address and its opener chooses a password). A contested link stays so.
 */
export async function rebindEmailLink(
  tx: Queryable,
  user: UserRow,
  type: Exclude<VerificationType, 'email'>,
  pkce: { challenge: CodeChallenge; authenticationMethod: string },
  passwordHash: string | null,
): Promise<void> {
  const tokenType = tokenTypes[type][0]!;
  const pending = await tx.query<{ id: string; flow_state_id: string | null }>(
    'select id, flow_state_id from auth.one_time_tokens where user_id = $1 and token_type = $2',
    [user.id, tokenType],
  );
  const link = pending.rows[0];
  if (!link) return;
  const flowStateId = link.flow_state_id ?? randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (id) do update set code_challenge_method = excluded.code_challenge_method,
       code_challenge = excluded.code_challenge, updated_at = now()`,
    [flowStateId, user.id, randomUUID(), pkce.challenge.method, pkce.challenge.challenge, pkce.authenticationMethod],
  );
  await tx.query(
    `update auth.one_time_tokens set flow_state_id = $2,
       password_hash = case when password_hash = '${CONTESTED}' then password_hash else $3 end
     where id = $1`,
    [link.id, flowStateId, passwordHash],
  );
}

/**
 * How a sign-up's password becomes an account's, so that someone who knows only an address never holds a
 * password on the account its owner confirms:
 * - a sign-up never writes the password of an account nobody has confirmed; its hash is held with the
 *   confirmation link it asked for (one_time_tokens.password_hash);
 * - following the link confirms the address. With the sign-up's PKCE flow, the hash moves to the flow state and
 *   becomes the account's password when the browser that signed up exchanges the code (exchangeAuthCode): only
 *   that browser holds the verifier, and the code only ever reaches whoever opened the e-mail, so both people are
 *   the same. Opened anywhere else, or an implicit-flow link (whose session goes to whoever opened it, proving
 *   nothing about who chose the password), the account is confirmed without a password and its opener chooses one
 *   (verify sends them to the reset page: `choosesPassword`).
 */
export async function pendingSignUpPassword(tx: Queryable, userId: string): Promise<string | null> {
  const result = await tx.query<{ password_hash: string | null }>(
    `select password_hash from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`,
    [userId],
  );
  const row = result.rows[0];
  return row ? row.password_hash : null;
}

/**
 * The password hash a contested link holds (contestUnconfirmedAccount): no password matches it, none may attach to
 * the link any more, and following it leads to choosing one.
 */
export const CONTESTED = '';

/**
 * Moves a confirmed sign-up's password hash to its PKCE flow state, for the code exchange to apply, and returns
 * a secret for the browser that opened the link (a cookie, see LINK_OPENER_COOKIE): when that browser is not the
 * one that signed up (the link opened on a phone), it holds no verifier, but whoever there types the sign-up's
 * password has both the inbox and the password, and may sign in with it (openerSignIn).
 */
export async function holdSignUpPassword(tx: Queryable, flowStateId: string, passwordHash: string): Promise<string> {
  const opener = randomBytes(24).toString('base64url');
  await tx.query('update auth.flow_state set password_hash = $2, opener_hash = $3, updated_at = now() where id = $1', [
    flowStateId,
    passwordHash,
    sha256Hex(opener),
  ]);
  return opener;
}

/** The cookie that marks the browser that opened a sign-up's confirmation link (holdSignUpPassword). */
export const LINK_OPENER_COOKIE = 'lm-link-opener';

/**
 * A password sign-in to a confirmed account that has no password yet, from the browser that opened its
 * confirmation link (`opener`, the cookie's value): when the password is the one the link's sign-up held, it
 * becomes the account's. Returns whether it did. Anywhere else the held password opens nothing.
 */
export async function openerSignIn(
  tx: Queryable,
  userId: string,
  opener: string | undefined,
  password: string,
  lifetimeSeconds: number,
): Promise<boolean> {
  if (!opener) return false;
  const held = await tx.query<{ id: string; password_hash: string }>(
    `select id, password_hash from auth.flow_state
     where user_id = $1 and opener_hash = $2 and password_hash is not null
       and auth_code_issued_at > now() - $3::double precision * interval '1 second'
     for update`,
    [userId, sha256Hex(opener), lifetimeSeconds],
  );
  const flow = held.rows[0];
  if (!flow || !(await verifyPassword(password, flow.password_hash))) return false;
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  const applied = await tx.query(
    'update auth.users set encrypted_password = $2, updated_at = now() where id = $1 and encrypted_password is null',
    [userId, flow.password_hash],
  );
  return applied.affectedRows === 1;
}

/**
 * A second sign-up with another password, within the resend interval (no new link goes out), for an account
 * nobody has confirmed yet: two people claim the address. The link already sent keeps no password and loses the
 * PKCE binding of the browser that asked for it (which may be either of them); following it then confirms the
 * address and asks whoever opened it, the owner of the inbox, to choose the password.
 */
export async function contestUnconfirmedAccount(tx: Queryable, userId: string): Promise<void> {
  // Nor are either's details: the first sign-up's (its metadata, and the profile made from it) could be a
  // stranger's, and the owner of the inbox would inherit them.
  const contested = await tx.query(
    `update auth.users set encrypted_password = null, raw_user_meta_data = '{}'::jsonb, updated_at = now()
     where id = $1 and email_confirmed_at is null`,
    [userId],
  );
  if (contested.affectedRows === 1) {
    await tx.query(`update public.profiles set business_name = '', phone = '' where user_id = $1`, [userId]);
  }
  await tx.query(
    `delete from auth.flow_state where id in (select flow_state_id from auth.one_time_tokens
       where user_id = $1 and token_type = 'confirmation_token')`,
    [userId],
  );
  await tx.query(
    `update auth.one_time_tokens set flow_state_id = null, password_hash = '${CONTESTED}'
     where user_id = $1 and token_type = 'confirmation_token'`,
    [userId],
  );
}

/**
 * Whether following a confirmation link must lead to choosing a password: the account is unconfirmed and has
 * none (its sign-ups were contested, see contestUnconfirmedAccount, or an admin made it without one).
 */
export function choosesPassword(user: UserRow, type: VerificationType): boolean {
  return (type === 'signup' || type === 'email') && !user.email_confirmed_at && !user.encrypted_password;
}

/** True when an e-mail of this kind went to the user less than `seconds` ago (resend throttling). */
export function sentWithin(user: UserRow, type: 'signup' | 'recovery', seconds: number): boolean {
  const sentAt = type === 'recovery' ? user.recovery_sent_at : user.confirmation_sent_at;
  return sentAt !== null && Date.now() - new Date(sentAt).getTime() < seconds * 1000;
}

/** A consumed link: its user, its PKCE flow, and the password hash of the sign-up that asked for it. */
export type VerifiedLink = { user: UserRow; flowStateId: string | null; passwordHash: string | null };

/**
 * Consumes an e-mailed link's token: it is deleted whatever happens next, so a link works once. Returns
 * undefined when the token is unknown, of another kind, expired, or its user is gone.
 */
export async function consumeEmailToken(
  tx: Queryable,
  token: string,
  type: VerificationType,
  lifetimeSeconds: number,
): Promise<VerifiedLink | undefined> {
  const result = await tx.query<{
    user_id: string;
    flow_state_id: string | null;
    fresh: boolean;
    relates_to: string;
    password_hash: string | null;
  }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id, flow_state_id, relates_to, password_hash,
       created_at > now() - $3::double precision * interval '1 second' as fresh`,
    [sha256Hex(token), tokenTypes[type], lifetimeSeconds],
  );
  const row = result.rows[0];
  if (!row?.fresh) return undefined;
  const user = await findUserById(tx, row.user_id, true);
  if (!user || (user.email ?? '').toLowerCase() !== row.relates_to.toLowerCase()) return undefined;
  return { user, flowStateId: row.flow_state_id, passwordHash: row.password_hash };
}

/** PKCE: marks the flow state verified and returns the one-time code for `redirect_to?code=`. */
export async function issueAuthCode(tx: Queryable, flowStateId: string): Promise<string | undefined> {
  const result = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`,
    [flowStateId],
  );
  return result.rows[0]?.auth_code;
}

function challengeOf(verifier: string, method: string): string {
  return method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
}

/**
 * grant_type=pkce: checks the verifier against the stored challenge and consumes the code. Returns the
 * user and how they authenticated (for amr).
 */
export async function exchangeAuthCode(
  tx: Queryable,
  authCode: string,
  codeVerifier: string,
): Promise<{ user: UserRow; authenticationMethod: string }> {
  const result = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    password_hash: string | null;
    live: boolean | null;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method, password_hash,
            auth_code_issued_at > now() - $2::double precision * interval '1 second' as live
     from auth.flow_state where auth_code = $1 for update`,
    [authCode, AUTH_CODE_LIFETIME_SECONDS],
  );
  const flow = result.rows[0];
  if (!flow || !flow.user_id || flow.live === null) {
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  if (!flow.live) throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (challengeOf(codeVerifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  // The browser that signed up confirmed its own sign-up: its password becomes the account's (holdSignUpPassword).
  if (flow.password_hash) {
    await tx.query(
      'update auth.users set encrypted_password = $2, updated_at = now() where id = $1 and encrypted_password is null',
      [flow.user_id, flow.password_hash],
    );
  }
  const user = await findUserById(tx, flow.user_id);
  if (!user) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  return { user, authenticationMethod: flow.authentication_method };
}
