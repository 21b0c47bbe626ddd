import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { loadJwtSecret, signToken } from '../../server/keys.ts';
import { anonClient, clientWithKey, serviceClient, type ServerProcess } from './server-process.ts';

/** An e-mail as GET /_dev/mailbox/messages returns it. */
export type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

/** A fresh address per call, so tests never depend on each other's accounts. */
export function uniqueEmail(name: string): string {
  return `${name}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The dev mailbox's messages (newest first), optionally only those to one address. */
export async function mailbox(server: { url: string }, to?: string): Promise<MailboxMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(`${server.url}/_dev/mailbox/messages${query}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

/** The newest e-mail to `to` whose subject contains `subject`; fails when there is none. */
export async function latestMail(server: { url: string }, to: string, subject: string): Promise<MailboxMessage> {
  const message = (await mailbox(server, to)).find((item) => item.subject.includes(subject));
  if (!message) throw new Error(`no e-mail "${subject}" to ${to}`);
  return message;
}

/** The /auth/v1/verify link in an e-mail's text. */
export function verifyLinkIn(message: { text: string }): string {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.text);
  if (!match) throw new Error(`no verify link in:\n${message.text}`);
  return match[0];
}

/** The reset page's link in a password-reset e-mail (the site's page, carrying token_hash and type). */
export function resetLinkIn(message: { text: string }): URL {
  const match = /https?:\/\/\S+\/portal\/reset-password\?\S+/.exec(message.text);
  if (!match) throw new Error(`no reset link in:\n${message.text}`);
  return new URL(match[0]);
}

/** Follows a link like a browser's first hop: returns the status and where it redirects. */
export async function openLink(link: string): Promise<{ status: number; location: URL | undefined }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location) : undefined };
}

/** The parameters of a URL's hash (the implicit flow puts the session there). */
export function hashParams(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''));
}

/** A supabase-js client like the web app's: PKCE flow (the code verifier kept in memory). */
export function pkceClient(server: { url: string; keys: { anonKey: string } }): SupabaseClient {
  return clientWithKey(server.url, server.keys.anonKey, { flowType: 'pkce' });
}

/**
 * A client signed in from a password reset's link of `email` (made by the service role, opened as the reset page
 * does): the session a password is changed from.
 */
export async function recoveryClient(
  server: Parameters<typeof serviceClient>[0],
  email: string,
): Promise<SupabaseClient> {
  const link = await serviceClient(server).auth.admin.generateLink({ type: 'recovery', email });
  if (link.error) throw new Error(link.error.message);
  const client = anonClient(server);
  const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: link.data.properties.hashed_token });
  if (verified.error) throw new Error(verified.error.message);
  return client;
}

export type AccessClaims = {
  sub: string;
  role: string;
  session_id: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  [claim: string]: unknown;
};

export function claimsOf(accessToken: string): AccessClaims {
  return decodeJwt<AccessClaims>(accessToken);
}

/** Signs a token with the server's own secret (read from its data folder), e.g. an expired one. */
export async function tokenSignedByServer(
  server: ServerProcess,
  claims: Record<string, unknown>,
  expiresInSeconds: number,
): Promise<string> {
  return signToken(loadJwtSecret(server.dataDir, undefined), claims, expiresInSeconds);
}

/** Calls /auth/v1 directly (for what supabase-js hides: statuses, headers, malformed bodies). */
export async function authFetch(
  server: { url: string; keys: { anonKey: string } },
  path: string,
  init: { method?: string; body?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: server.keys.anonKey,
      authorization: `Bearer ${init.token ?? server.keys.anonKey}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}
