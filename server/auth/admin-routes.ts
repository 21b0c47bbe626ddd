import type { FastifyInstance } from 'fastify';
import { requestSite, verifyLink, type AuthContext } from './context.ts';
import { issueEmailToken } from './email-links.ts';
import { AuthError, userNotFound, validationFailed } from './errors.ts';
import { objectBody, optionalObject, optionalString, queryParams, requireServiceRole } from './http.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { safeRedirect } from './redirects.ts';
import { endSessions } from './sessions.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  listUsers,
  mergeMetadata,
  normalizeAuthEmail,
  updateUser,
  userJson,
  type UserRow,
} from './users.ts';
import { forgetOpenSessions } from './open-sessions.ts';

const durationUnits: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/**
 * ban_duration as GoTrue reads it: a Go duration ("24h", "1h30m", "876000h") or "none" to lift a ban.
 * Returns the new banned_until (null for none), undefined when absent.
 */
export function parseBanDuration(value: unknown): Date | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'none') return null;
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(ms|h|m|s))+$/.test(value)) {
    throw validationFailed('ban_duration must be a duration such as "24h" or "none"');
  }
  let milliseconds = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|h|m|s)/g)) {
    milliseconds += Number(amount) * durationUnits[unit!]!;
  }
  return new Date(Date.now() + milliseconds);
}

function positiveInteger(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw validationFailed('page and per_page must be positive whole numbers');
  return Math.min(number, max);
}

function userIdParam(params: { id: string }): string {
  if (!isUuid(params.id)) throw userNotFound();
  return params.id;
}

async function password(body: Record<string, unknown>): Promise<string | undefined> {
  const value = optionalString(body, 'password');
  if (value === undefined) return undefined;
  checkPasswordStrength(value);
  return hashPassword(value);
}

const linkTypes = ['signup', 'invite', 'magiclink', 'recovery'] as const;
type LinkType = (typeof linkTypes)[number];

function isLinkType(value: unknown): value is LinkType {
  return linkTypes.some((type) => type === value);
}

type ById = { Params: { id: string } };

/**
 * The admin API (GoTrue's /admin/*, registered under /auth/v1/admin): only a service_role token gets in,
 * checked before the body is even read.
 */
export function registerAdminRoutes(admin: FastifyInstance, context: AuthContext, secret: Uint8Array): void {
  const { db } = context;

  admin.addHook('onRequest', async (request) => {
    await requireServiceRole(secret, request);
  });

  admin.get('/users', async (request, reply) => {
    const query = queryParams(request);
    const page = positiveInteger(query.page, 1, Number.MAX_SAFE_INTEGER);
    const perPage = positiveInteger(query.per_page, 50, 1000);
    const { users, total } = await listUsers(db, perPage, (page - 1) * perPage);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    reply.header('X-Total-Count', String(total));
    reply.header('Link', links.join(', '));
    return { users: users.map(userJson), aud: 'authenticated' };
  });

  admin.post('/users', async (request) => {
    const body = objectBody(request.body);
    if (body.email === undefined && body.phone !== undefined) {
      throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    }
    const email = normalizeAuthEmail(body.email);
    const passwordHash = await password(body);
    const user = await insertUser(db, {
      email,
      passwordHash: passwordHash ?? null,
      confirmed: body.email_confirm === true,
      userMetadata: optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data') ?? {},
      appMetadata: optionalObject(body, 'app_metadata') ?? {},
      bannedUntil: parseBanDuration(body.ban_duration) ?? null,
    });
    return userJson(user);
  });

  admin.get<ById>('/users/:id', async (request) => {
    const user = await findUserById(db, userIdParam(request.params));
    if (!user) throw userNotFound();
    return userJson(user);
  });

  admin.put<ById>('/users/:id', async (request) => {
    const id = userIdParam(request.params);
    const body = objectBody(request.body);
    const email = body.email === undefined || body.email === null ? undefined : normalizeAuthEmail(body.email);
    const passwordHash = await password(body);
    const userMetadata = optionalObject(body, 'user_metadata');
    const appMetadata = optionalObject(body, 'app_metadata');
    const bannedUntil = parseBanDuration(body.ban_duration);
    const confirm = body.email_confirm === true ? true : undefined;
    const updated = await db.transaction(async (tx) => {
      const user = await findUserById(tx, id, true);
      if (!user) throw userNotFound();
      const row = await updateUser(tx, id, {
        email,
        passwordHash,
        confirm,
        userMetadata: userMetadata && mergeMetadata(user.raw_user_meta_data ?? {}, userMetadata),
        appMetadata: appMetadata && mergeMetadata(user.raw_app_meta_data ?? {}, appMetadata),
        bannedUntil,
      });
      // A password set by an admin, a ban, or a role given or taken ends the user's sessions: their access tokens
      // carry the role they were signed in with (is_admin() reads it), so an officer demoted would stay one for
      // up to an hour.
      const roleChanged = user.raw_app_meta_data?.role !== row.raw_app_meta_data?.role;
      if (passwordHash || bannedUntil || roleChanged) await endSessions(tx, id, undefined, 'global');
      return row;
    });
    return userJson(updated);
  });

  admin.delete<ById>('/users/:id', async (request) => {
    const id = userIdParam(request.params);
    const body = objectBody(request.body);
    const deleted = await db.transaction(async (tx) => {
      const user = await findUserById(tx, id, true);
      if (!user) throw userNotFound();
      await deleteUser(tx, id, body.should_soft_delete === true);
      return userJson(user);
    });
    // Its sessions went with it: its access tokens no longer reach the API (open-sessions.ts).
    forgetOpenSessions();
    return deleted;
  });

  admin.post('/generate_link', async (request) => {
    const body = objectBody(request.body);
    const linkType = body.type;
    if (!isLinkType(linkType)) throw validationFailed(`type must be one of ${linkTypes.join(', ')}`);
    const email = normalizeAuthEmail(body.email);
    const { site, api } = requestSite(context, request);
    const redirectTo = safeRedirect(optionalString(body, 'redirect_to') ?? queryParams(request).redirect_to, site);
    const passwordHash = linkType === 'signup' ? await password(body) : undefined;
    if (linkType === 'signup' && !passwordHash) throw validationFailed('A signup link needs a password');
    const data = optionalObject(body, 'data') ?? {};

    const { user, token } = await db.transaction(async (tx) => {
      let user: UserRow | undefined = await findUserByEmail(tx, email);
      if (linkType === 'signup' || linkType === 'invite') {
        if (user?.email_confirmed_at) {
          throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        user ??= await insertUser(tx, {
          email,
          passwordHash: passwordHash ?? null,
          confirmed: false,
          userMetadata: data,
        });
      }
      if (!user) throw userNotFound();
      return { user, token: await issueEmailToken(tx, user, linkType, undefined) };
    });
    return {
      ...userJson(user),
      action_link: verifyLink(api, token, linkType, redirectTo),
      email_otp: token,
      hashed_token: token,
      verification_type: linkType,
      redirect_to: redirectTo,
    };
  });
}
