import { describe, expect, it } from 'vitest';
import { authFetch, uniqueEmail } from '../support/auth-helpers.ts';
import { testPassword } from '../support/function-behaviour.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

// Tiny per-IP budgets so that the limit is reached in a few requests.
const server = serverForThisFile({
  env: {
    RATE_LIMIT_TOKEN_BURST: '3',
    RATE_LIMIT_TOKEN_PER_5_MIN: '3',
    RATE_LIMIT_SIGNUP_PER_5_MIN: '2',
    RATE_LIMIT_RECOVER_PER_5_MIN: '2',
    RATE_LIMIT_VERIFY_PER_5_MIN: '2',
    RATE_LIMIT_BAD_PASSWORDS_PER_HOUR: '3',
  },
});

/** A client address of its own for each try (a trusted local proxy tells it), so the per-IP budgets never bind. */
let nextAddress = 1;
const passwordSignIn = (email: string, password: string) =>
  authFetch(server, '/token?grant_type=password', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'x-forwarded-for': `198.51.100.${nextAddress++}` },
  });

const tooManyWrongPasswords =
  'Too many wrong passwords were tried for this account. Please try again in 20 minutes, or reset your password.';

describe('per-IP rate limits on /auth/v1', () => {
  it('answers 429 over_request_rate_limit on /token past the burst, per client address', async () => {
    const attempt = () =>
      anonClient(server).auth.signInWithPassword({ email: uniqueEmail('guess'), password: 'guess-pass' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).error?.code).toBe('invalid_credentials');
    const { error } = await attempt();
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });

    const raw = await authFetch(server, '/token?grant_type=password', { method: 'POST', body: '{}' });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(raw.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');

    // Another client (a trusted local proxy tells its address) has its own budget.
    const other = await authFetch(server, '/token?grant_type=password', {
      method: 'POST',
      body: '{}',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(other.status).toBe(400);
  });

  it('answers 429 over_email_send_rate_limit on /signup and /recover', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await anonClient(server).auth.signUp({ email: uniqueEmail('new'), password: 'new-pass' })).error,
      ).toBeNull();
    }
    const signUp = await anonClient(server).auth.signUp({ email: uniqueEmail('new'), password: 'new-pass' });
    expect(signUp.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    for (let i = 0; i < 2; i += 1) {
      expect((await anonClient(server).auth.resetPasswordForEmail(uniqueEmail('lost'))).error).toBeNull();
    }
    const recover = await anonClient(server).auth.resetPasswordForEmail(uniqueEmail('lost'));
    expect(recover.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
  });

  it('answers 429 over_email_send_rate_limit on /resend, which shares the sign-up budget', async () => {
    // A client of its own (a trusted local proxy tells its address), whose budget the tests above left whole.
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const resend = () =>
      authFetch(server, '/resend', {
        method: 'POST',
        body: JSON.stringify({ type: 'signup', email: uniqueEmail('again') }),
        headers,
      });
    expect((await resend()).status).toBe(200);
    const signUp = await authFetch(server, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('new'), password: 'new-pass' }),
      headers,
    });
    expect(signUp.status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
  });

  it('answers 429 on /verify, which guards e-mailed links against guessing', async () => {
    const verify = () => fetch(`${server.url}/auth/v1/verify?type=recovery&token=guess`, { redirect: 'manual' });
    expect((await verify()).status).toBe(303);
    expect((await verify()).status).toBe(303);
    const limited = await verify();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});

describe('per-account limit of wrong passwords on /auth/v1/token', () => {
  it('refuses an account’s password sign-ins, the right one too, after 3 wrong ones from 3 addresses', async () => {
    const email = uniqueEmail('guessed');
    const created = await serviceClient(server).auth.admin.createUser({
      email,
      password: testPassword,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    // Right passwords do not count.
    for (let i = 0; i < 4; i += 1) expect((await passwordSignIn(email, testPassword)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await passwordSignIn(email.toUpperCase(), `wrong-${i}`)).body).toMatchObject({
        code: 'invalid_credentials',
      });
    }
    const guess = await passwordSignIn(email, 'wrong-3');
    expect(guess.status).toBe(429);
    expect(guess.body).toMatchObject({ code: 'over_request_rate_limit', message: tooManyWrongPasswords });
    expect(Number(guess.headers.get('retry-after'))).toBeGreaterThan(1000);
    const owner = await passwordSignIn(email, testPassword);
    expect(owner.status).toBe(429);

    // Another account is not touched.
    const other = uniqueEmail('other');
    expect(
      (await serviceClient(server).auth.admin.createUser({ email: other, password: testPassword, email_confirm: true }))
        .error,
    ).toBeNull();
    expect((await passwordSignIn(other, testPassword)).status).toBe(200);
  });

  it('is one budget however the address is spelt: a letter the database lowers to ASCII reaches no account', async () => {
    // 'İ' (U+0130) is 'i' to Postgres' lower() but not to JavaScript's: each spelling had a budget of its own.
    const email = uniqueEmail('mimi');
    expect(
      (await serviceClient(server).auth.admin.createUser({ email, password: testPassword, email_confirm: true })).error,
    ).toBeNull();
    const dotted = email.replace('i', 'İ');
    expect(dotted).not.toBe(email);
    expect((await passwordSignIn(dotted, testPassword)).body).toMatchObject({ code: 'invalid_credentials' });
    for (let i = 0; i < 3; i += 1) {
      expect((await passwordSignIn(email, `wrong-${i}`)).body).toMatchObject({ code: 'invalid_credentials' });
    }
    expect((await passwordSignIn(email.replace('i', 'İ'), testPassword)).status).toBe(400);
    expect((await passwordSignIn(email, testPassword)).status).toBe(429);
  });

  it('answers an address without an account the same way, so the limit tells nothing of who has one', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 3; i += 1) {
      expect((await passwordSignIn(nobody, `wrong-${i}`)).body).toMatchObject({ code: 'invalid_credentials' });
    }
    const refused = await passwordSignIn(nobody, 'wrong-3');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: tooManyWrongPasswords });
  });

  it('counts guesses sent at once: no more than the budget reach the password check', async () => {
    const email = uniqueEmail('rushed');
    expect(
      (await serviceClient(server).auth.admin.createUser({ email, password: testPassword, email_confirm: true })).error,
    ).toBeNull();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => passwordSignIn(email, `wrong-${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });
});
