import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { authFetch, claimsOf, hashParams, openLink, uniqueEmail } from '../support/auth-helpers.ts';
import { SESSION_ENDED_MESSAGE } from '../../server/auth/open-sessions.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

// Short intervals so that "later" is two seconds away, not ten (reuse) or an hour (links).
const reuseIntervalSeconds = 2;
const server = serverForThisFile({
  env: {
    AUTOCONFIRM: 'true',
    AUTH_REFRESH_REUSE_INTERVAL: String(reuseIntervalSeconds),
    AUTH_EMAIL_LINK_LIFETIME: '2',
  },
});

const pastReuseInterval = () => sleep(reuseIntervalSeconds * 1000 + 500);

async function signIn(): Promise<{ refreshToken: string; sessionId: string }> {
  const { data, error } = await anonClient(server).auth.signUp({
    email: uniqueEmail('tokens'),
    password: 'tokens-pass',
  });
  expect(error).toBeNull();
  return { refreshToken: data.session!.refresh_token, sessionId: claimsOf(data.session!.access_token).session_id };
}

async function refresh(refreshToken: string) {
  return anonClient(server).auth.refreshSession({ refresh_token: refreshToken });
}

describe('refresh token rotation', () => {
  it('replaces the refresh token at each use, within the same session', async () => {
    const { refreshToken, sessionId } = await signIn();
    const first = await refresh(refreshToken);
    expect(first.error).toBeNull();
    expect(first.data.session!.refresh_token).not.toBe(refreshToken);
    expect(claimsOf(first.data.session!.access_token).session_id).toBe(sessionId);
    const second = await refresh(first.data.session!.refresh_token);
    expect(second.error).toBeNull();
    expect(second.data.session!.refresh_token).not.toBe(first.data.session!.refresh_token);
  });

  it('answers a token reused within the interval with the same, still valid session', async () => {
    const { refreshToken, sessionId } = await signIn();
    const first = await refresh(refreshToken);
    const retry = await refresh(refreshToken);
    expect(retry.error).toBeNull();
    expect(claimsOf(retry.data.session!.access_token).session_id).toBe(sessionId);
    // The token the first answer carried still works: nothing was revoked.
    expect((await refresh(first.data.session!.refresh_token)).error).toBeNull();
  });

  it('signs the session out when the parent of the active token comes back after the interval (a replayed theft)', async () => {
    // The README's promise: only within the reuse interval may a rotated token be used again. GoTrue renews the
    // parent of the active token at any time, which let a token copied before one rotation live on.
    const { refreshToken } = await signIn();
    const rotated = await refresh(refreshToken);
    expect(rotated.error).toBeNull();
    await pastReuseInterval();
    const replayed = await refresh(refreshToken);
    expect(replayed.data.session).toBeNull();
    expect(replayed.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    const active = await refresh(rotated.data.session!.refresh_token);
    expect(active.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
  });

  it('revokes the whole family when an older token comes back after the interval', async () => {
    const { refreshToken } = await signIn();
    const first = await refresh(refreshToken);
    const second = await refresh(first.data.session!.refresh_token);
    expect(second.error).toBeNull();
    await pastReuseInterval();

    const stolen = await refresh(refreshToken);
    expect(stolen.data.session).toBeNull();
    expect(stolen.error).toMatchObject({
      code: 'refresh_token_already_used',
      status: 400,
      message: 'Invalid Refresh Token: Already Used',
    });
    const active = await refresh(second.data.session!.refresh_token);
    expect(active.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    const user = await authFetch(server, '/user', { token: second.data.session!.access_token });
    expect(user.body.code).toBe('session_not_found');
  });

  it('refuses a refresh token it never issued', async () => {
    const { error } = await refresh('not-a-token-we-issued');
    expect(error).toMatchObject({
      code: 'refresh_token_not_found',
      status: 400,
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('e-mailed links expire', () => {
  it('refuses a link after its lifetime, by GET and by POST', async () => {
    const email = uniqueEmail('late');
    await anonClient(server).auth.signUp({ email, password: 'late-pass' });
    const admin = serviceClient(server).auth.admin;
    const first = await admin.generateLink({ type: 'recovery', email });
    const second = await admin.generateLink({ type: 'magiclink', email });
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    await sleep(2500);

    const { location } = await openLink(second.data.properties!.action_link);
    expect(Object.fromEntries(hashParams(location!))).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
    });
    // The recovery link was replaced by the magic link (one live link per kind).
    const replaced = await anonClient(server).auth.verifyOtp({
      type: 'recovery',
      token_hash: first.data.properties!.hashed_token,
    });
    expect(replaced.error).toMatchObject({ code: 'otp_expired', status: 403 });
  });
});

describe('an access token whose session has ended', () => {
  /** A read and a storage listing with `token`, as the app makes them: their HTTP statuses and messages. */
  async function reach(token: string) {
    const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${token}` };
    const rest = await fetch(`${server.url}/rest/v1/applications?select=id`, { headers });
    const storage = await fetch(`${server.url}/storage/v1/object/list/documents`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    return {
      rest: { status: rest.status, message: ((await rest.json()) as { message?: string }).message },
      storage: { status: storage.status, message: ((await storage.json()) as { message?: string }).message },
    };
  }
  const ended = {
    rest: { status: 401, message: SESSION_ENDED_MESSAGE },
    // Storage answers HTTP 400 with its error's own statusCode ('401') in the body, as Supabase Storage does.
    storage: { status: 400, message: SESSION_ENDED_MESSAGE },
  };

  it('reaches neither the API nor storage after a sign-out, while another session of the account still does', async () => {
    const email = uniqueEmail('signed-out');
    const signedUp = await anonClient(server).auth.signUp({ email, password: 'signed-out-pass' });
    expect(signedUp.error).toBeNull();
    const other = await anonClient(server).auth.signInWithPassword({ email, password: 'signed-out-pass' });
    expect(other.error).toBeNull();
    const token = signedUp.data.session!.access_token;
    expect((await reach(token)).rest.status).toBe(200);
    expect((await reach(token)).storage.status).toBe(200);

    const out = await authFetch(server, '/logout?scope=local', { method: 'POST', token });
    expect(out.status).toBe(204);
    expect(await reach(token)).toEqual(ended);
    const stillIn = await reach(other.data.session!.access_token);
    expect([stillIn.rest.status, stillIn.storage.status]).toEqual([200, 200]);
    // The keys belong to no session: unchanged.
    expect((await reach(server.keys.serviceRoleKey)).rest.status).toBe(200);
  });

  it('no longer reads every application for an officer whose account was banned (its sessions ended)', async () => {
    const service = serviceClient(server);
    const email = uniqueEmail('former-officer');
    const created = await service.auth.admin.createUser({
      email,
      password: 'former-officer-pass',
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const signedIn = await anonClient(server).auth.signInWithPassword({ email, password: 'former-officer-pass' });
    const token = signedIn.data.session!.access_token;
    const inserted = await service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
    expect(inserted.error).toBeNull();
    const before = await fetch(`${server.url}/rest/v1/applications?select=id&id=eq.${inserted.data!.id}`, {
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}` },
    });
    expect(await before.json()).toEqual([{ id: inserted.data!.id }]);

    const banned = await service.auth.admin.updateUserById(created.data.user!.id, {
      app_metadata: { role: null },
      ban_duration: '876000h',
    });
    expect(banned.error).toBeNull();
    expect(await reach(token)).toEqual(ended);
  });
});
