import { request as httpRequest } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  authFetch,
  hashParams,
  latestMail,
  resetLinkIn,
  mailbox,
  openLink,
  pkceClient,
  uniqueEmail,
  verifyLinkIn,
} from '../support/auth-helpers.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { sendEmailsPayload, submitApplicationFor } from '../support/function-behaviour.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

// AUTOCONFIRM is off (the default): sign-up sends a confirmation e-mail to the dev mailbox. This file signs up and
// signs in more than the per-address limits allow in 5 minutes (their own tests are in auth-rate-limit.test.ts):
// both off, so that a test never fails for how fast the ones before it ran.
const server = serverForThisFile({ env: { RATE_LIMIT_SIGNUP_PER_5_MIN: '0', RATE_LIMIT_TOKEN_BURST: '0' } });

const confirmSubject = 'Confirm your Loan Match account';
const resetSubject = 'Reset your Loan Match password';

/**
 * Signs up as the web app does (PKCE) and follows the confirmation link in the same browser, which exchanges the
 * code: the sign-up's password becomes the account's. Returns the client that holds the new session.
 */
async function signUpAndConfirm(email: string, password: string): Promise<SupabaseClient> {
  const client = pkceClient(server);
  const { error } = await client.auth.signUp({ email, password, options: { emailRedirectTo: `${server.url}/portal` } });
  expect(error).toBeNull();
  const { location } = await openLink(verifyLinkIn(await latestMail(server, email, confirmSubject)));
  const { error: sessionError } = await client.auth.exchangeCodeForSession(location!.searchParams.get('code')!);
  expect(sessionError).toBeNull();
  return client;
}

/** A JSON value with each leaf replaced by its type: two answers of the same shape compare equal. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  }
  return value === null ? 'null' : typeof value;
}

describe('sign-up with e-mail confirmation', () => {
  it('sends a confirmation e-mail whose link lands on the site with a code the signing-up browser exchanges, once', async () => {
    const email = uniqueEmail('maria');
    const browser = pkceClient(server);
    const { data, error } = await browser.auth.signUp({
      email,
      password: 'first-pass',
      options: { data: { role: 'applicant' }, emailRedirectTo: `${server.url}/portal` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { role: 'applicant' }, role: 'authenticated' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    const mail = await latestMail(server, email, confirmSubject);
    const link = verifyLinkIn(mail);
    expect(link.startsWith(`${server.url}/auth/v1/verify?token=`)).toBe(true);
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));

    const { status, location } = await openLink(link);
    expect(status).toBe(303);
    expect(`${location!.origin}${location!.pathname}`).toBe(`${server.url}/portal`);
    const { data: session, error: sessionError } = await browser.auth.exchangeCodeForSession(
      location!.searchParams.get('code')!,
    );
    expect(sessionError).toBeNull();
    expect(session.user?.email).toBe(email);
    expect(session.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(session.session?.token_type).toBe('bearer');
    expect(session.session?.expires_in).toBe(3600);

    const { error: signInError } = await anonClient(server).auth.signInWithPassword({ email, password: 'first-pass' });
    expect(signInError).toBeNull();

    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(hashParams(again.location!))).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it("confirms an implicit-flow sign-up's address but not its password: the link's opener chooses one, signed in", async () => {
    // The session of an implicit link goes to whoever opened the e-mail, which proves nothing about who chose the
    // password at sign-up (someone who knew only the address could have): so the opener chooses it.
    const email = uniqueEmail('implicit');
    expect((await anonClient(server).auth.signUp({ email, password: 'first-pass' })).error).toBeNull();
    const { location } = await openLink(verifyLinkIn(await latestMail(server, email, confirmSubject)));
    expect(location!.pathname).toBe('/portal/reset-password');
    const params = hashParams(location!);
    expect(params.get('type')).toBe('recovery');
    const opener = anonClient(server);
    const { data, error } = await opener.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'first-pass' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await opener.auth.updateUser({ password: 'chosen-pass' })).error).toBeNull();
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'chosen-pass' })).error).toBeNull();
  });

  it('makes the applications made under the e-mail before the account its own, once the e-mail is confirmed', async () => {
    const email = uniqueEmail('prequalified');
    const service = serviceClient(server);
    const made = await service.from('applications').insert(qualifiedApplicationRow({ email })).select('id').single();
    expect(made.error).toBeNull();
    const ownerOf = async () =>
      (await service.from('applications').select('user_id').eq('id', made.data!.id).single()).data?.user_id;

    const { data } = await anonClient(server).auth.signUp({ email, password: 'linked-pass' });
    // Anyone can sign up with any address: until it is confirmed, the application is not the account's.
    expect(await ownerOf()).toBeNull();
    await openLink(verifyLinkIn(await latestMail(server, email, confirmSubject)));
    expect(await ownerOf()).toBe(data.user!.id);
    const audit = await service.from('audit_log').select('action, actor_id').eq('application_id', made.data!.id);
    expect(audit.data).toEqual([{ action: 'application.linked_to_account', actor_id: null }]);
  });

  it("makes an application made signed out under a confirmed account's e-mail the account's as it is made", async () => {
    const email = uniqueEmail('signed-out');
    const account = await signUpAndConfirm(email, 'signed-out-pass');
    const accountId = (await account.auth.getUser()).data.user!.id;
    const unconfirmedEmail = uniqueEmail('not-yet');
    expect(
      (await anonClient(server).auth.signUp({ email: unconfirmedEmail, password: 'not-yet-pass' })).error,
    ).toBeNull();

    // Submitted by a visitor who is not signed in, as the wizard does.
    const visitor = anonClient(server);
    const rows = [qualifiedApplicationRow({ email }), qualifiedApplicationRow({ email: unconfirmedEmail })];
    expect((await visitor.from('applications').insert(rows)).error).toBeNull();

    const service = serviceClient(server);
    const owners = await service
      .from('applications')
      .select('id, email, user_id')
      .in('email', [email, unconfirmedEmail]);
    expect(Object.fromEntries(owners.data!.map((row) => [row.email, row.user_id]))).toEqual({
      [email]: accountId,
      [unconfirmedEmail]: null,
    });
    const mine = owners.data!.find((row) => row.email === email)!;
    // The applicant reads it as theirs, and the officer's log says what happened.
    const own = await account.from('applications').select('id').eq('id', mine.id);
    expect(own.data).toEqual([{ id: mine.id }]);
    const audit = await service.from('audit_log').select('action').eq('application_id', mine.id);
    expect(audit.data).toEqual([{ action: 'application.linked_to_account' }]);
  });

  it('answers a repeated sign-up with an obfuscated user shaped as a new one, without revealing the account', async () => {
    const email = uniqueEmail('repeat');
    await signUpAndConfirm(email, 'repeat-pass');
    const { data, error } = await anonClient(server).auth.signUp({ email, password: 'other-pass' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    // Field for field what a new address's sign-up answers (GoTrue's has no identities: its length told).
    const fresh = await anonClient(server).auth.signUp({ email: uniqueEmail('fresh'), password: 'fresh-pass' });
    expect(fresh.error).toBeNull();
    expect(shapeOf(data.user)).toEqual(shapeOf(fresh.data.user));
    // Nor do its times: the link's is the account's own, as the obfuscated user's (found in an attacker's walk).
    for (const user of [data.user, fresh.data.user]) {
      expect(user?.confirmation_sent_at).toBe(user?.created_at);
    }
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({ user_id: data.user?.id, provider: 'email', email });
    // The real account is untouched: its password is still the first one.
    const { error: signInError } = await anonClient(server).auth.signInWithPassword({ email, password: 'repeat-pass' });
    expect(signInError).toBeNull();
  });

  it('e-mails the owner of a confirmed account that it exists when its address signs up again, once a minute', async () => {
    const email = uniqueEmail('owner');
    const created = await serviceClient(server).auth.admin.createUser({
      email,
      password: 'owner-pass',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { data, error } = await anonClient(server).auth.signUp({ email, password: 'another-pass' });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.id).not.toBe(created.data.user!.id);
    }
    const mails = await mailbox(server, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['You already have a Loan Match account']);
    expect(mails[0]!.text).toContain(`${server.url}/portal/login`);
    expect(mails[0]!.text).toContain('Forgot password');
  });

  it('resends the confirmation e-mail of an unconfirmed account, with a code for the browser that asked (PKCE)', async () => {
    const email = uniqueEmail('resend');
    const created = await serviceClient(server).auth.admin.createUser({ email, password: 'resend-pass' });
    expect(created.error).toBeNull();
    expect(await mailbox(server, email)).toEqual([]);

    const client = pkceClient(server);
    const resent = await client.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${server.url}/portal` },
    });
    expect(resent.error).toBeNull();
    const { status, location } = await openLink(verifyLinkIn(await latestMail(server, email, confirmSubject)));
    expect(status).toBe(303);
    expect(location!.pathname).toBe('/portal');
    const { data, error } = await client.auth.exchangeCodeForSession(location!.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));

    // Within the minimum interval (the account is confirmed now, which would get the notice above after it), or
    // for an address without an account, no e-mail goes out, and the answer is the same as when one does.
    const again = await pkceClient(server).auth.resend({ type: 'signup', email });
    expect(again.error).toBeNull();
    expect((await pkceClient(server).auth.resend({ type: 'signup', email: uniqueEmail('nobody') })).error).toBeNull();
    expect(await mailbox(server, email)).toHaveLength(1);
  });

  it('answers a resend alike for an unconfirmed account, a confirmed one and an address without an account', async () => {
    const unconfirmed = uniqueEmail('resend-unconfirmed');
    expect(
      (await serviceClient(server).auth.admin.createUser({ email: unconfirmed, password: 'resend-pass' })).error,
    ).toBeNull();
    const confirmed = uniqueEmail('resend-confirmed');
    await signUpAndConfirm(confirmed, 'resend-pass');
    const answer = async (email: string) => {
      const { status, headers, body } = await authFetch(server, '/resend', {
        method: 'POST',
        body: JSON.stringify({ type: 'signup', email }),
      });
      return { status, body, type: headers.get('content-type'), errorCode: headers.get('x-sb-error-code') };
    };
    const expected = { status: 200, body: {}, type: 'application/json; charset=utf-8', errorCode: null };
    expect(await answer(unconfirmed)).toEqual(expected);
    expect(await answer(confirmed)).toEqual(expected);
    expect(await answer(uniqueEmail('resend-nobody'))).toEqual(expected);
    // Only the unconfirmed account was sent a confirmation link.
    expect((await mailbox(server, unconfirmed)).map((mail) => mail.subject)).toEqual([confirmSubject]);
  });

  it('keeps the e-mail already sent working for the browser that asks again within the interval (no new e-mail)', async () => {
    const email = uniqueEmail('impatient');
    const client = pkceClient(server);
    const signedUp = await client.auth.signUp({
      email,
      password: 'impatient-pass',
      options: { emailRedirectTo: `${server.url}/portal` },
    });
    expect(signedUp.error).toBeNull();
    const first = verifyLinkIn(await latestMail(server, email, confirmSubject));
    // supabase-js keeps a new verifier with each of these; neither sends a second e-mail.
    const resent = await client.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${server.url}/portal` },
    });
    expect(resent.error).toBeNull();
    expect((await client.auth.signUp({ email, password: 'impatient-pass' })).error).toBeNull();
    expect(await mailbox(server, email)).toHaveLength(1);

    const { location } = await openLink(first);
    expect(location!.pathname).toBe('/portal');
    const { data, error } = await client.auth.exchangeCodeForSession(location!.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('keeps the details of no stranger who knows only the address: neither after a resend nor in a contest', async () => {
    const service = serviceClient(server);
    const detailsOf = async (email: string) => {
      const { data } = await service.auth.admin.listUsers({ page: 1, perPage: 1000 });
      const user = data.users.find((row) => row.email === email)!;
      const profile = await service.from('profiles').select('business_name, phone').eq('user_id', user.id).single();
      return { metadata: user.user_metadata, profile: profile.data };
    };
    // The owner signs up; a stranger asks a resend (the link then holds no password) and signs up with details.
    const owned = uniqueEmail('owned');
    const ownerData = { business_name: 'Owner LLC' };
    expect(
      (await anonClient(server).auth.signUp({ email: owned, password: 'owner-pass', options: { data: ownerData } }))
        .error,
    ).toBeNull();
    expect((await pkceClient(server).auth.resend({ type: 'signup', email: owned })).error).toBeNull();
    const strangerData = { business_name: 'Stranger Inc', phone: '+15559999999' };
    expect(
      (
        await pkceClient(server).auth.signUp({
          email: owned,
          password: 'stranger-pass',
          options: { data: strangerData },
        })
      ).error,
    ).toBeNull();
    expect(await detailsOf(owned)).toEqual({
      metadata: expect.objectContaining(ownerData),
      profile: { business_name: 'Owner LLC', phone: '' },
    });
    expect((await detailsOf(owned)).metadata).not.toHaveProperty('phone');

    // A stranger signs up first with details; the owner's sign-up contests the address: neither's details stay.
    const squatted = uniqueEmail('squatted');
    expect(
      (
        await anonClient(server).auth.signUp({
          email: squatted,
          password: 'stranger-pass',
          options: { data: strangerData },
        })
      ).error,
    ).toBeNull();
    expect((await anonClient(server).auth.signUp({ email: squatted, password: 'owner-pass' })).error).toBeNull();
    expect(await detailsOf(squatted)).toEqual({ metadata: {}, profile: { business_name: '', phone: '' } });
  });

  it('keeps no password of two people who signed up with one address: the link asks its opener to choose one', async () => {
    // Someone signs up with the owner's address before the owner has an account; the account stays unconfirmed.
    const email = uniqueEmail('owner');
    expect((await anonClient(server).auth.signUp({ email, password: 'squatter-pass' })).error).toBeNull();
    // The owner signs up later (from the result screen) and follows the link e-mailed to them.
    expect((await anonClient(server).auth.signUp({ email, password: 'owner-pass' })).error).toBeNull();
    const { location } = await openLink(verifyLinkIn(await latestMail(server, email, confirmSubject)));
    // Neither password is kept: the link lands on the reset page, signed in, to choose one.
    expect(location!.pathname).toBe('/portal/reset-password');
    const params = hashParams(location!);
    expect(params.get('type')).toBe('recovery');
    const owner = anonClient(server);
    const { error: sessionError } = await owner.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect(sessionError).toBeNull();
    expect((await owner.auth.updateUser({ password: 'chosen-pass' })).error).toBeNull();

    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'chosen-pass' })).error).toBeNull();
    for (const password of ['squatter-pass', 'owner-pass']) {
      const tried = await anonClient(server).auth.signInWithPassword({ email, password });
      expect(tried.error).toMatchObject({ code: 'invalid_credentials' });
    }

    // Once confirmed, a sign-up changes nothing.
    expect((await anonClient(server).auth.signUp({ email, password: 'late-pass' })).error).toBeNull();
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'chosen-pass' })).error).toBeNull();
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'late-pass' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('keeps the password of an unconfirmed officer account an admin made when someone signs up with its address', async () => {
    const email = uniqueEmail('new-officer');
    const made = await serviceClient(server).auth.admin.createUser({
      email,
      password: 'officer-pass',
      app_metadata: { role: 'admin' },
    });
    expect(made.error).toBeNull();
    expect((await anonClient(server).auth.signUp({ email, password: 'squatter-pass' })).error).toBeNull();
    const officer = await anonClient(server).auth.signInWithPassword({ email, password: 'officer-pass' });
    expect(officer.error).toMatchObject({ code: 'email_not_confirmed' });
    const squatter = await anonClient(server).auth.signInWithPassword({ email, password: 'squatter-pass' });
    expect(squatter.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a weak password as GoTrue does', async () => {
    const { data, error } = await anonClient(server).auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      status: 422,
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });
});

describe('sign-in errors', () => {
  it('gives wrong passwords and unknown users the same invalid_credentials error', async () => {
    const email = uniqueEmail('signin');
    await signUpAndConfirm(email, 'right-pass');
    const wrong = await anonClient(server).auth.signInWithPassword({ email, password: 'wrong-pass' });
    const unknown = await anonClient(server).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'right-pass',
    });
    for (const { data, error } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' });
    }
  });

  it('says "Email not confirmed" only to whoever knows the password', async () => {
    const email = uniqueEmail('unconfirmed');
    expect((await anonClient(server).auth.signUp({ email, password: 'pending-pass' })).error).toBeNull();
    const right = await anonClient(server).auth.signInWithPassword({ email, password: 'pending-pass' });
    expect(right.error).toMatchObject({ code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' });
    const wrong = await anonClient(server).auth.signInWithPassword({ email, password: 'not-the-pass' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });
});

describe('password recovery', () => {
  it('e-mails a link to the site’s reset page whose token works once, in any browser', async () => {
    const email = uniqueEmail('recover');
    await signUpAndConfirm(email, 'old-password');

    // Asked for in one browser (the web app's PKCE client, which keeps a code verifier)...
    const { data, error } = await pkceClient(server).auth.resetPasswordForEmail(email, {
      redirectTo: `${server.url}/portal/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await latestMail(server, email, resetSubject);
    expect(mail.text).toContain('expires in 1 hour');
    const link = resetLinkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/portal/reset-password`);
    expect(link.searchParams.get('type')).toBe('recovery');
    const tokenHash = link.searchParams.get('token_hash')!;
    expect(tokenHash).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // ...opened in another, which has no verifier: the page verifies the token itself.
    const phone = pkceClient(server);
    const verified = await phone.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect((await phone.auth.updateUser({ password: 'new-password' })).error).toBeNull();

    const old = await anonClient(server).auth.signInWithPassword({ email, password: 'old-password' });
    expect(old.error?.message).toBe('Invalid login credentials');
    const renewed = await anonClient(server).auth.signInWithPassword({ email, password: 'new-password' });
    expect(renewed.error).toBeNull();

    const again = await anonClient(server).auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('keeps the first link working when a second request comes within the minimum interval (no new e-mail)', async () => {
    const email = uniqueEmail('twice');
    await signUpAndConfirm(email, 'twice-old-pass');
    const redirectTo = `${server.url}/portal/reset-password`;
    expect((await pkceClient(server).auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const first = resetLinkIn(await latestMail(server, email, resetSubject));
    expect((await pkceClient(server).auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    expect((await mailbox(server, email)).filter((item) => item.subject === resetSubject)).toHaveLength(1);
    const verified = await anonClient(server).auth.verifyOtp({
      token_hash: first.searchParams.get('token_hash')!,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
  });

  it('answers every address the same way and e-mails only real accounts', async () => {
    const nobody = uniqueEmail('ghost');
    const { data, error } = await anonClient(server).auth.resetPasswordForEmail(nobody);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailbox(server, nobody)).toEqual([]);
  });

  it('never links to another site (no open redirect)', async () => {
    const email = uniqueEmail('redirect');
    await signUpAndConfirm(email, 'redirect-pass');
    await anonClient(server).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    // The site's own reset page instead.
    const link = resetLinkIn(await latestMail(server, email, resetSubject));
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/portal/reset-password`);
  });
});

describe('a request naming another host (Host, X-Forwarded-Host) with SITE_URL unset', () => {
  /** POST /auth/v1/recover with these headers, through node:http (fetch may not set Host). */
  function recover(email: string, headers: Record<string, string>): Promise<number> {
    const body = JSON.stringify({ email });
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/auth/v1/recover`,
        {
          method: 'POST',
          headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', ...headers },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('never gets an e-mailed link to that host: it would carry the reset token to whoever runs it', async () => {
    const port = new URL(server.url).port;
    const attempts: Record<string, string>[] = [
      { host: 'attacker.example' },
      { 'x-forwarded-host': 'attacker.example' },
      // A name of this machine on another port, from elsewhere (here: through a proxy, which says whom it forwards):
      // the link would go to whatever listens on that port.
      { host: 'localhost:8081', 'x-forwarded-for': '203.0.113.9' },
      { host: '127.0.0.1:9999', 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of attempts) {
      const email = uniqueEmail('officer-target');
      await signUpAndConfirm(email, 'target-pass');
      expect(await recover(email, headers)).toBe(200);
      const link = resetLinkIn(await latestMail(server, email, resetSubject));
      expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:${port}/portal/reset-password`);
    }
  });

  it('links the functions’ e-mails to this machine too (send-emails’ portal link)', async () => {
    const recipient = uniqueEmail('host-header');
    await submitApplicationFor(server, recipient);
    const response = await fetch(`${server.url}/functions/v1/send-emails`, {
      method: 'POST',
      headers: {
        apikey: server.keys.anonKey,
        authorization: `Bearer ${server.keys.anonKey}`,
        'content-type': 'application/json',
        'x-forwarded-host': 'attacker.example',
      },
      body: JSON.stringify(sendEmailsPayload(recipient)),
    });
    expect(response.status).toBe(200);
    const [mail] = await mailbox(server, recipient);
    expect(mail!.text).toContain(`http://localhost:${new URL(server.url).port}/portal`);
    expect(mail!.text).not.toContain('attacker.example');
  });
});

describe('bad input', () => {
  it('answers malformed or incomplete requests with 4xx in GoTrue shape', async () => {
    const malformed = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(malformed.headers.get('x-sb-error-code')).toBe('bad_json');
    expect(await malformed.json()).toMatchObject({ code: 'bad_json', message: expect.any(String) });

    const cases: [string, string, number, string][] = [
      ['/signup', '[1, 2]', 400, 'bad_json'],
      ['/signup', '{"password": "secret-pass"}', 400, 'email_address_invalid'],
      ['/signup', '{"email": "x@example.com"}', 400, 'validation_failed'],
      ['/signup', '{"email": 42, "password": "secret-pass"}', 400, 'email_address_invalid'],
      ['/token?grant_type=password', '{}', 400, 'invalid_credentials'],
      ['/token?grant_type=refresh_token', '{}', 400, 'refresh_token_not_found'],
      ['/token?grant_type=magic', '{}', 400, 'validation_failed'],
      ['/token?grant_type=pkce', '{"auth_code": "nope"}', 400, 'validation_failed'],
      ['/recover', '{}', 400, 'email_address_invalid'],
      ['/verify', '{"type": "recovery", "token_hash": "nope"}', 403, 'otp_expired'],
      ['/verify', '{"type": "bogus", "token_hash": "nope"}', 400, 'validation_failed'],
    ];
    for (const [path, body, status, code] of cases) {
      const response = await authFetch(server, path, { method: 'POST', body });
      expect({ path, body, status: response.status, code: response.body.code }).toEqual({ path, body, status, code });
    }

    const noToken = await openLink(`${server.url}/auth/v1/verify?type=signup`);
    expect(noToken.status).toBe(303);
    expect(hashParams(noToken.location!).get('error')).toBe('access_denied');

    const unknownRoute = await authFetch(server, '/nothing-here');
    expect(unknownRoute.status).toBe(404);
  });
});
