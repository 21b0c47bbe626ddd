import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import type { MailMessage } from '../mail/transport.ts';
import { ADMIN_ROLE, RESET_PASSWORD_PATH } from '../../shared/catalogue/accounts.ts';
import { EMAIL_PATTERN } from '../../shared/validation/email.ts';
import { registerAdminRoutes } from './admin-routes.ts';
import { clientOf, requestSite, resetPageLink, verifyLink, type AuthContext } from './context.ts';
import {
  amrMethodFor,
  choosesPassword,
  consumeEmailToken,
  exchangeAuthCode,
  issueAuthCode,
  issueEmailToken,
  isVerificationType,
  readCodeChallenge,
  contestUnconfirmedAccount,
  holdSignUpPassword,
  LINK_OPENER_COOKIE,
  openerSignIn,
  pendingSignUpPassword,
  rebindEmailLink,
  sentWithin,
  type CodeChallenge,
  type VerificationType,
} from './email-links.ts';
import { accountExistsEmail, confirmationEmail, recoveryEmail } from './emails.ts';
import {
  AUTH_API_VERSION,
  AuthError,
  invalidCredentials,
  otpExpired,
  sendAuthError,
  validationFailed,
} from './errors.ts';
import {
  cookieValue,
  enforceRateLimit,
  objectBody,
  optionalObject,
  optionalString,
  queryParams,
  requireUser,
} from './http.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { FailedSignIns } from './failed-sign-ins.ts';
import { perFiveMinutes, RateLimiter } from './rate-limit.ts';
import { safeRedirect, withHashParams, withQueryParams } from './redirects.ts';
import { endSessions, refreshSession, startSession, type SessionJson, type TokenSigner } from './sessions.ts';
import {
  findUserByEmail,
  insertUser,
  isBanned,
  mergeMetadata,
  normalizeAuthEmail,
  obfuscatedUserJson,
  updateUser,
  userJson,
  type UserRow,
} from './users.ts';

const userBanned = () => new AuthError(400, 'user_banned', 'User is banned');

/** Sends an auth e-mail; a transport failure is logged and answered as GoTrue does (500). */
async function sendAuthEmail(context: AuthContext, request: FastifyRequest, message: MailMessage, what: string) {
  try {
    await context.mail.send(message);
  } catch (error) {
    request.log.error({ err: error, requestId: request.id }, `sending the ${what} e-mail failed`);
    throw new AuthError(500, 'unexpected_failure', `Error sending ${what} email`);
  }
}

/** Answers errors of /auth/v1 in GoTrue's shape; a 5xx is logged with the request id, never detailed. */
function handleErrors(instance: FastifyInstance) {
  instance.setErrorHandler((error: FastifyError | AuthError, request, reply) => {
    if (error instanceof AuthError) {
      if (error.status >= 500) request.log.error({ err: error, requestId: request.id }, error.message);
      return sendAuthError(reply, error);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, requestId: request.id }, 'auth request failed');
      return sendAuthError(
        reply,
        new AuthError(500, 'unexpected_failure', `Internal server error (request ${request.id})`),
      );
    }
    if (error.code?.startsWith('FST_ERR_CTP_INVALID_JSON') || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendAuthError(
        reply,
        new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`),
      );
    }
    return sendAuthError(
      reply,
      new AuthError(status, status === 413 ? 'request_too_large' : 'validation_failed', error.message),
    );
  });
  instance.setNotFoundHandler((request, reply) =>
    sendAuthError(
      reply,
      new AuthError(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
  instance.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', AUTH_API_VERSION);
  });
}

/** Confirms an account's address; the sign-up links it may still have are spent with it. */
async function confirmAccount(tx: Queryable, userId: string): Promise<UserRow> {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`, [userId]);
  return updateUser(tx, userId, { confirm: true });
}

/**
 * GoTrue's verify outcome: a session (implicit flow), a PKCE code, or nothing (bad or used link). A session with
 * `choosePassword` confirmed an account that has no password yet: its holder is sent to choose one.
 */
type Verified =
  | { session: SessionJson; choosePassword?: boolean }
  | { code: string; opener?: string | undefined }
  | { error: AuthError };

async function verifyToken(
  context: AuthContext,
  request: FastifyRequest,
  signer: TokenSigner,
  token: string,
  type: VerificationType,
  options: { allowPkce: boolean; email?: string | undefined },
): Promise<Verified> {
  return context.db.transaction(async (tx): Promise<Verified> => {
    const link = await consumeEmailToken(tx, token, type, context.config.emailLinkLifetime);
    if (!link || (options.email !== undefined && options.email !== link.user.email)) return { error: otpExpired() };
    if (isBanned(link.user)) return { error: userBanned() };
    // Following any e-mailed link proves the address: confirm it (GoTrue does the same for recovery). A sign-up's
    // password is not proven by it: only the browser that signed up may make it the account's (see
    // pendingSignUpPassword), so no other link of the account may still confirm it later.
    const user: UserRow = link.user.email_confirmed_at ? link.user : await confirmAccount(tx, link.user.id);
    // An account left without a password (no sign-up's password to give it) goes to choose one, whatever flow.
    const needsPassword = choosesPassword(link.user, type);
    if (options.allowPkce && link.flowStateId && (!needsPassword || link.passwordHash)) {
      const opener =
        needsPassword && link.passwordHash
          ? await holdSignUpPassword(tx, link.flowStateId, link.passwordHash)
          : undefined;
      const code = await issueAuthCode(tx, link.flowStateId);
      if (code) return { code, opener };
    }
    if (needsPassword) {
      const session = await startSession(tx, signer, user, amrMethodFor('recovery'), clientOf(request));
      return { session, choosePassword: true };
    }
    return { session: await startSession(tx, signer, user, amrMethodFor(type), clientOf(request)) };
  });
}

/** Whether the session behind a token's claims began by one of `methods` (its `amr`, as startSession wrote it). */
function signedInBy(claims: Record<string, unknown>, methods: readonly string[]): boolean {
  const amr = Array.isArray(claims.amr) ? (claims.amr as unknown[]) : [];
  return amr.some((entry) => methods.includes(String((entry as { method?: unknown } | null)?.method)));
}

/** Registers /auth/v1: the GoTrue subset supabase-js uses, and the admin API. */
export async function registerAuth(app: FastifyInstance, context: AuthContext): Promise<void> {
  const { config, db } = context;
  const secret = new TextEncoder().encode(context.jwtSecret);
  const limits = config.rateLimits;
  const limiter = (rule: ReturnType<typeof perFiveMinutes>) => (rule ? new RateLimiter(rule) : undefined);
  /**
   * A new confirmation e-mail for an unconfirmed account, unless one went out within the minimum interval. With
   * the PKCE challenge the request carried (supabase-js sends one with a repeated sign-up and with resend, and
   * keeps only its new verifier), the link ends in a code that browser can exchange; within the interval, the
   * link already sent is bound to that challenge instead (rebindEmailLink). A confirmed account gets instead,
   * at most once per interval, an e-mail saying it exists (accountExistsEmail).
   */
  const resendConfirmation = async (
    request: FastifyRequest,
    user: UserRow,
    email: string,
    api: string,
    redirectTo: string,
    pkce: CodeChallenge | undefined,
    /** The password hash of the sign-up asking again (same password as the link's), or null (a resend). */
    passwordHash: string | null,
  ): Promise<void> => {
    const confirmationPkce = pkce && { challenge: pkce, authenticationMethod: 'email/signup' };
    if (sentWithin(user, 'signup', config.emailMinInterval)) {
      if (!user.email_confirmed_at && confirmationPkce) {
        await db.transaction((tx) => rebindEmailLink(tx, user, 'signup', confirmationPkce, passwordHash));
      }
      return;
    }
    if (user.email_confirmed_at) {
      await db.query('update auth.users set confirmation_sent_at = now() where id = $1', [user.id]);
      const { site } = requestSite(context, request);
      await sendAuthEmail(context, request, accountExistsEmail(email, site), 'account notice');
      return;
    }
    const token = await db.transaction((tx) => issueEmailToken(tx, user, 'signup', confirmationPkce, passwordHash));
    const link = verifyLink(api, token, 'signup', redirectTo);
    await sendAuthEmail(context, request, confirmationEmail(email, link, config.emailLinkLifetime), 'confirmation');
  };
  const limiters = {
    token: limiter(perFiveMinutes(limits.tokenPer5Min, limits.tokenBurst)),
    signup: limiter(perFiveMinutes(limits.signupPer5Min)),
    recover: limiter(perFiveMinutes(limits.recoverPer5Min)),
    verify: limiter(perFiveMinutes(limits.verifyPer5Min)),
  };
  const failedSignIns = new FailedSignIns(limits.badPasswordsPerHour);

  await app.register(
    async (auth) => {
      handleErrors(auth);

      auth.get('/health', async () => ({
        version: 'v2',
        name: 'GoTrue',
        description: 'GoTrue-compatible auth of the Loan Match server',
      }));

      auth.get('/settings', async () => ({
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: false,
        mailer_autoconfirm: config.autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      }));

      auth.post('/signup', async (request, reply) => {
        enforceRateLimit(limiters.signup, request, 'over_email_send_rate_limit');
        const body = objectBody(request.body);
        if (body.email === undefined && body.phone !== undefined) {
          throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
        }
        const email = normalizeAuthEmail(body.email);
        const password = optionalString(body, 'password');
        if (!password) throw validationFailed('Signup requires a valid password');
        checkPasswordStrength(password);
        const givenMetadata = optionalObject(body, 'data');
        const userMetadata = givenMetadata ?? {};
        const pkce = readCodeChallenge(body);
        const { site, api, signer } = requestSite(context, request);
        const redirectTo = safeRedirect(queryParams(request).redirect_to, site);
        // Hash first, whatever happens next: a repeated sign-up must take as long as a new one.
        const passwordHash = await hashPassword(password);

        const existing = await findUserByEmail(db, email);
        const held =
          existing && !existing.email_confirmed_at
            ? ((await pendingSignUpPassword(db, existing.id)) ?? existing.encrypted_password)
            : null;
        // Every sign-up compares its password once (with a decoy when nothing is held), so that the time it takes
        // does not tell an address with an unconfirmed account from one without.
        const knowsHeldPassword = await verifyPassword(password, held);

        const alreadyRegistered = async (existing: UserRow | undefined) => {
          if (config.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
          if (existing && !existing.email_confirmed_at && existing.raw_app_meta_data?.role !== ADMIN_ROLE) {
            // The link holds no password after a resend: this sign-up's (with its challenge) may take its place.
            if (held === null || knowsHeldPassword) {
              // The same person again: the link for this browser, and their details when they know the password
              // (anyone may ask a resend, and a stranger who knows only the address must not replace the details).
              if (givenMetadata && knowsHeldPassword)
                await updateUser(db, existing.id, { userMetadata: givenMetadata });
              await resendConfirmation(request, existing, email, api, redirectTo, pkce, passwordHash);
            } else {
              // Two people claim an address nobody has proved yet. Neither password is kept: the link confirms the
              // address and asks whoever opens it, the owner of the inbox, to choose one (contestUnconfirmedAccount).
              await db.transaction((tx) => contestUnconfirmedAccount(tx, existing.id));
              await resendConfirmation(request, existing, email, api, redirectTo, undefined, null);
            }
            return reply.send(obfuscatedUserJson(email, userMetadata));
          }
          if (existing) await resendConfirmation(request, existing, email, api, redirectTo, pkce, null);
          return reply.send(obfuscatedUserJson(email, userMetadata));
        };

        if (existing) return alreadyRegistered(existing);
        let created: { user: UserRow; session?: SessionJson; token?: string };
        try {
          created = await db.transaction(async (tx) => {
            // Unconfirmed, the account holds no password: the sign-up's goes with its link (pendingSignUpPassword).
            const user = await insertUser(tx, {
              email,
              passwordHash: config.autoconfirm ? passwordHash : null,
              confirmed: config.autoconfirm,
              userMetadata,
            });
            if (config.autoconfirm) {
              return { user, session: await startSession(tx, signer, user, 'password', clientOf(request)) };
            }
            const token = await issueEmailToken(
              tx,
              user,
              'signup',
              pkce && { challenge: pkce, authenticationMethod: 'email/signup' },
              passwordHash,
            );
            // The link is stamped in this transaction (now(), as created_at): the same times the answer for an
            // address that has an account shows (obfuscatedUserJson), which a later clock here would tell apart.
            return { user: { ...user, confirmation_sent_at: user.created_at }, token };
          });
        } catch (error) {
          // Two sign-ups raced for the address: the loser is a repeated sign-up.
          if (error instanceof AuthError && error.code === 'email_exists') return alreadyRegistered(undefined);
          throw error;
        }
        if (created.session) return reply.send(created.session);
        const link = verifyLink(api, created.token!, 'signup', redirectTo);
        await sendAuthEmail(context, request, confirmationEmail(email, link, config.emailLinkLifetime), 'confirmation');
        return reply.send(userJson(created.user));
      });

      auth.post('/token', async (request) => {
        enforceRateLimit(limiters.token, request, 'over_request_rate_limit');
        const grantType = queryParams(request).grant_type;
        const body = objectBody(request.body);
        const { signer } = requestSite(context, request);

        if (grantType === 'password') {
          if (body.email === undefined && body.phone !== undefined) {
            throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
          }
          const typed = optionalString(body, 'email');
          const password = optionalString(body, 'password');
          if (!typed || !password) throw invalidCredentials();
          // Addresses are stored as normalizeAuthEmail leaves them (ASCII, lower case): one it refuses reaches no
          // account, and must not reach one through the database's lower() either, which reads 'İ' as 'i' where
          // JavaScript does not (each such spelling would have had a wrong-password budget of its own).
          const email = typed.trim().toLowerCase();
          if (!EMAIL_PATTERN.test(email)) throw invalidCredentials();
          failedSignIns.take(email);
          const user = await findUserByEmail(db, email);
          // The password is checked first: an unconfirmed account says so only to whoever knows it (the password
          // its sign-up's link holds, as an unconfirmed account has none of its own).
          const held =
            user && !user.email_confirmed_at && !user.encrypted_password
              ? await pendingSignUpPassword(db, user.id)
              : user?.encrypted_password;
          if (!(await verifyPassword(password, held)) || !user) {
            // The browser that opened the confirmation link of a sign-up, elsewhere than the one that signed up.
            const opener = cookieValue(request, LINK_OPENER_COOKIE);
            if (user?.email_confirmed_at && !user.encrypted_password && opener && !isBanned(user)) {
              const signedIn = await db.transaction(async (tx) =>
                (await openerSignIn(tx, user.id, opener, password, config.emailLinkLifetime))
                  ? startSession(tx, signer, user, 'password', clientOf(request))
                  : undefined,
              );
              if (signedIn) {
                failedSignIns.giveBack(email);
                return signedIn;
              }
            }
            throw invalidCredentials();
          }
          failedSignIns.giveBack(email);
          if (isBanned(user)) throw userBanned();
          if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
          return db.transaction((tx) => startSession(tx, signer, user, 'password', clientOf(request)));
        }

        if (grantType === 'refresh_token') {
          const refreshToken = optionalString(body, 'refresh_token');
          if (!refreshToken)
            throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
          return refreshSession(db, signer, refreshToken, config.refreshReuseInterval);
        }

        if (grantType === 'pkce') {
          const authCode = optionalString(body, 'auth_code');
          const codeVerifier = optionalString(body, 'code_verifier');
          if (!authCode || !codeVerifier)
            throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
          return db.transaction(async (tx) => {
            const { user, authenticationMethod } = await exchangeAuthCode(tx, authCode, codeVerifier);
            if (isBanned(user)) throw userBanned();
            return startSession(tx, signer, user, authenticationMethod, clientOf(request));
          });
        }

        throw validationFailed('unsupported_grant_type');
      });

      auth.post('/recover', async (request) => {
        enforceRateLimit(limiters.recover, request, 'over_email_send_rate_limit');
        const body = objectBody(request.body);
        const email = normalizeAuthEmail(body.email);
        const pkce = readCodeChallenge(body);
        const { site } = requestSite(context, request);
        // The requested page on this site, else the site's reset page: a token sent to any other page is lost.
        const requested = safeRedirect(queryParams(request).redirect_to, site);
        const redirectTo = requested === site ? `${site}${RESET_PASSWORD_PATH}` : requested;
        const user = await findUserByEmail(db, email);
        // Same answer whether or not the address has an account: no enumeration. The e-mail goes to the reset
        // page (resetPageLink); a PKCE challenge is kept with the token all the same, for GET /verify.
        if (user && !isBanned(user) && !sentWithin(user, 'recovery', config.emailMinInterval)) {
          const token = await db.transaction((tx) =>
            issueEmailToken(tx, user, 'recovery', pkce && { challenge: pkce, authenticationMethod: 'recovery' }),
          );
          const link = resetPageLink(redirectTo, token);
          await sendAuthEmail(context, request, recoveryEmail(email, link, config.emailLinkLifetime), 'recovery');
        }
        return {};
      });

      auth.post('/resend', async (request) => {
        enforceRateLimit(limiters.signup, request, 'over_email_send_rate_limit');
        const body = objectBody(request.body);
        if (body.type !== 'signup') throw validationFailed('Only signup confirmation e-mails can be resent');
        const email = normalizeAuthEmail(body.email);
        const pkce = readCodeChallenge(body);
        const { site, api } = requestSite(context, request);
        const redirectTo = safeRedirect(queryParams(request).redirect_to, site);
        const user = await findUserByEmail(db, email);
        // Same answer whether or not the address has an account: no enumeration.
        if (user) await resendConfirmation(request, user, email, api, redirectTo, pkce, null);
        return {};
      });

      auth.get('/verify', async (request, reply) => {
        enforceRateLimit(limiters.verify, request, 'over_request_rate_limit');
        const query = queryParams(request);
        const { site, signer } = requestSite(context, request);
        const redirectTo = safeRedirect(query.redirect_to, site);
        const type = query.type;
        const outcome: Verified =
          query.token && isVerificationType(type)
            ? await verifyToken(context, request, signer, query.token, type, { allowPkce: true })
            : { error: otpExpired() };
        reply.header('Cache-Control', 'no-store');
        if ('error' in outcome) {
          return reply.redirect(
            withHashParams(redirectTo, {
              error: 'access_denied',
              error_code: outcome.error.code,
              error_description: outcome.error.message,
            }),
            303,
          );
        }
        if ('code' in outcome) {
          if (outcome.opener) {
            // Only /auth/v1 reads it, only over the connection it came by (holdSignUpPassword, openerSignIn).
            reply.header(
              'Set-Cookie',
              `${LINK_OPENER_COOKIE}=${outcome.opener}; Path=/auth/v1; Max-Age=${config.emailLinkLifetime}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`,
            );
          }
          return reply.redirect(withQueryParams(redirectTo, { code: outcome.code }), 303);
        }
        const { session, choosePassword } = outcome;
        return reply.redirect(
          withHashParams(choosePassword ? `${site}${RESET_PASSWORD_PATH}` : redirectTo, {
            access_token: session.access_token,
            expires_at: session.expires_at,
            expires_in: session.expires_in,
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type: choosePassword ? 'recovery' : (type ?? 'signup'),
          }),
          303,
        );
      });

      auth.post('/verify', async (request) => {
        enforceRateLimit(limiters.verify, request, 'over_request_rate_limit');
        const body = objectBody(request.body);
        const type = body.type;
        if (!isVerificationType(type)) throw validationFailed('Verify requires a verification type');
        const token = optionalString(body, 'token_hash') ?? optionalString(body, 'token');
        if (!token) throw validationFailed('Verify requires a token or a token hash');
        const email = body.email === undefined || body.email === null ? undefined : normalizeAuthEmail(body.email);
        const { signer } = requestSite(context, request);
        const outcome = await verifyToken(context, request, signer, token, type, { allowPkce: false, email });
        if ('error' in outcome) {
          throw outcome.error.code === 'otp_expired'
            ? new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
            : outcome.error;
        }
        if ('code' in outcome) throw otpExpired();
        return outcome.session;
      });

      auth.get('/user', async (request) => {
        const { user } = await requireUser(db, secret, request);
        return userJson(user);
      });

      auth.put('/user', async (request) => {
        const { user, sessionId, auth: signedIn } = await requireUser(db, secret, request);
        const body = objectBody(request.body);
        if (body.app_metadata !== undefined && body.app_metadata !== null) {
          throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
        }
        const email = optionalString(body, 'email');
        if (email && normalizeAuthEmail(email) !== user.email) {
          throw new AuthError(
            422,
            'email_change_not_supported',
            'Changing the e-mail address is not supported here: ask an administrator',
          );
        }
        if (optionalString(body, 'phone'))
          throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
        const data = optionalObject(body, 'data');
        const password = optionalString(body, 'password');
        let passwordHash: string | undefined;
        if (password !== undefined) {
          // A password is changed from a password reset's link (or an invitation's), or chosen by an account that
          // has none: never from any session, so that a stolen access token cannot lock its owner out for good.
          if (user.encrypted_password && !signedInBy(signedIn.claims, ['recovery', 'invite'])) {
            throw new AuthError(
              401,
              'reauthentication_needed',
              'Changing the password needs a password reset link: use Forgot password',
            );
          }
          checkPasswordStrength(password);
          if (await verifyPassword(password, user.encrypted_password)) {
            throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
          }
          passwordHash = await hashPassword(password);
        }
        const updated = await db.transaction(async (tx) => {
          const row = await updateUser(tx, user.id, {
            passwordHash,
            userMetadata: data && mergeMetadata(user.raw_user_meta_data ?? {}, data),
          });
          // A new password signs out every other session (a thief's included).
          if (passwordHash) await endSessions(tx, user.id, sessionId, 'others');
          return row;
        });
        return userJson(updated);
      });

      auth.post('/logout', async (request, reply) => {
        const scope = queryParams(request).scope ?? 'global';
        if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
          throw validationFailed('scope must be one of global, local, others');
        }
        let signedIn;
        try {
          signedIn = await requireUser(db, secret, request);
        } catch (error) {
          // Signing out of a session that no longer exists is done already.
          if (error instanceof AuthError && (error.code === 'session_not_found' || error.code === 'user_not_found')) {
            return reply.code(204).send();
          }
          throw error;
        }
        await endSessions(db, signedIn.user.id, signedIn.sessionId, scope);
        return reply.code(204).send();
      });

      await auth.register(async (admin) => registerAdminRoutes(admin, context, secret), { prefix: '/admin' });
    },
    { prefix: '/auth/v1' },
  );
}
