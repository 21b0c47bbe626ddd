import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { authFetch, claimsOf, hashParams, openLink, uniqueEmail } from '../support/auth-helpers.ts';
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
