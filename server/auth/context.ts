import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { VerificationType } from './email-links.ts';
import { requestAddress } from '../http/request-origin.ts';
import { siteUrl, withQueryParams } from './redirects.ts';
import type { TokenSigner } from './sessions.ts';

/** What the /auth/v1 routes share: the database, the configuration, the JWT secret and the mail transport. */
export type AuthContext = {
  db: Database;
  config: ServerConfig;
  jwtSecret: string;
  mail: MailTransport;
};

/**
 * The site a request is answered for (where links may send people back to), the API's own public address
 * (API_EXTERNAL_URL, else the site: one origin serves both) and the signer of its tokens (issuer `<api>/auth/v1`).
 */
export function requestSite(
  context: AuthContext,
  request: FastifyRequest,
): { site: string; api: string; signer: TokenSigner } {
  const site = siteUrl(context.config.siteUrl, requestAddress(request));
  const api = context.config.apiExternalUrl ?? site;
  return { site, api, signer: { secret: context.jwtSecret, issuer: `${api}/auth/v1` } };
}

/**
 * The link of an e-mail: GET <api>/auth/v1/verify with the token, its type and where to land. It goes to the
 * API, which sends the browser on to `redirectTo` on the site; the two differ when a static host serves the site.
 */
export function verifyLink(api: string, token: string, type: VerificationType, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${api}/auth/v1/verify?${query.toString()}`;
}

/** What a session records of the client that started it. */
export function clientOf(request: FastifyRequest): { userAgent: string | undefined; ip: string } {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/**
 * The link of the password-reset e-mail: the site's reset page itself (`redirectTo`), carrying the token as
 * token_hash, which the page verifies (POST /auth/v1/verify, supabase-js verifyOtp) wherever it is opened.
 * It does not go through GET /verify, whose PKCE code only the browser that asked could exchange: people open
 * reset e-mails on their phone. This is the link Supabase's documentation gives for a PKCE app's reset e-mail
 * template ('{{ .RedirectTo }}?token_hash={{ .TokenHash }}&type=recovery'); see README, hosted deployment.
 */
export function resetPageLink(redirectTo: string, token: string): string {
  return withQueryParams(redirectTo, { token_hash: token, type: 'recovery' });
}
