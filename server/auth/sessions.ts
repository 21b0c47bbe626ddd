import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { signToken } from '../keys.ts';
import { AuthError } from './errors.ts';
import { findUserById, isBanned, touchLastSignIn, userJson, type UserRow } from './users.ts';
import { forgetOpenSessions } from './open-sessions.ts';

/** Lifetime of an access token, in seconds (GoTrue's default). */
export const ACCESS_TOKEN_LIFETIME = 3600;

export type Amr = { method: string; timestamp: number };

/** Everything that signs tokens: the installation secret and the issuer (`<site>/auth/v1`). */
export type TokenSigner = { secret: string; issuer: string };

export type SessionJson = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ReturnType<typeof userJson>;
};

type SessionRow = { id: string; user_id: string; aal: string; amr: Amr[] };

type RefreshTokenRow = {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  /** Rotated (revoked) within the reuse interval, by the database's clock. */
  recently_rotated: boolean;
};

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Signs the access token of a session: the claims PostgREST, RLS (auth.jwt()) and auth-js read. */
export async function signAccessToken(signer: TokenSigner, user: UserRow, session: SessionRow): Promise<string> {
  return signToken(
    signer.secret,
    {
      iss: signer.issuer,
      aud: 'authenticated',
      sub: user.id,
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ACCESS_TOKEN_LIFETIME,
  );
}

/** Stores a new refresh token (its hash) for the session and returns the token itself. */
async function insertRefreshToken(tx: Queryable, session: SessionRow, parent: string | null): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
    sha256Hex(token),
    session.user_id,
    session.id,
    parent,
  ]);
  return token;
}

async function sessionJson(
  signer: TokenSigner,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const accessToken = await signAccessToken(signer, user, session);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_LIFETIME,
    expires_at: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** Starts a session after a successful sign-in (password, e-mail link, PKCE exchange). */
export async function startSession(
  tx: Queryable,
  signer: TokenSigner,
  user: UserRow,
  method: string,
  client: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<SessionJson> {
  const amr: Amr[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const result = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, amr, user_agent, ip, refreshed_at)
     values ($1, $2, $3::jsonb, $4, $5, now()) returning id, user_id, aal, amr`,
    [randomUUID(), user.id, JSON.stringify(amr), client.userAgent ?? null, client.ip ?? null],
  );
  const session = result.rows[0]!;
  const signedIn = await touchLastSignIn(tx, user.id);
  const refreshToken = await insertRefreshToken(tx, session, null);
  return sessionJson(signer, signedIn, session, refreshToken);
}

const notFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const alreadyUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/**
 * grant_type=refresh_token with rotation and reuse detection, as GoTrue does it:
 * - a live token is revoked and replaced by a child;
 * - a revoked token used again within `reuseIntervalSeconds` of its rotation (a client that never received
 *   the answer, two tabs at once) gets a fresh token of the same session (the active one stays valid);
 * - any later reuse means the token leaked: the whole session (every token of the family) is revoked. GoTrue
 *   also renews the parent of the session's active token at any time; that let a token stolen before one
 *   rotation be replayed for as long as the session lived, so it is not done here.
 */
export async function refreshSession(
  db: Database,
  signer: TokenSigner,
  presented: string,
  reuseIntervalSeconds: number,
): Promise<SessionJson> {
  const outcome = await db.transaction(async (tx): Promise<SessionJson | AuthError> => {
    const found = await tx.query<RefreshTokenRow>(
      `select id, token, user_id, session_id, revoked,
              updated_at > now() - $2::double precision * interval '1 second' as recently_rotated
       from auth.refresh_tokens where token = $1 for update`,
      [sha256Hex(presented), reuseIntervalSeconds],
    );
    const token = found.rows[0];
    if (!token) return notFound();
    const sessions = await tx.query<SessionRow>(
      `select id, user_id, aal, amr from auth.sessions where id = $1 for update`,
      [token.session_id],
    );
    const session = sessions.rows[0];
    const user = await findUserById(tx, token.user_id);
    if (!session || !user) return notFound();
    if (isBanned(user)) return new AuthError(400, 'user_banned', 'User is banned');

    if (token.revoked && !token.recently_rotated) {
      // Committed before answering: the family stays revoked.
      await tx.query('delete from auth.sessions where id = $1', [session.id]);
      forgetOpenSessions();
      return alreadyUsed();
    }
    // A live token is revoked as it is used. A revoked one is here only within the reuse interval (a client that
    // never received the answer, two tabs at once): it gets a fresh token; the one issued before stays valid.
    if (!token.revoked) {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
    }
    await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [session.id]);
    const refreshToken = await insertRefreshToken(tx, session, token.token);
    return sessionJson(signer, user, session, refreshToken);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

/** POST /logout: `local` ends this session, `others` every other one, `global` all of the user's. */
export async function endSessions(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    if (sessionId) await db.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
      userId,
      sessionId ?? null,
    ]);
  }
  forgetOpenSessions();
}
