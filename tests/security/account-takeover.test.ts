import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  hashParams,
  mailbox,
  openLink,
  pkceClient,
  resetLinkIn,
  uniqueEmail,
  verifyLinkIn,
} from '../support/auth-helpers.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * Taking over an account before its owner confirms it. An attacker who knows a person's e-mail signs up with it;
 * the owner signs up too and follows the link in their inbox. Whatever the order, and whether or not a new link
 * is sent, the attacker's password must not be the account's once the owner has followed a link, and the owner
 * must end up with a way in that only they know.
 *
 * The resend interval is 4 s here, so 'within the interval' (a second sign-up at once) and 'after it' (5 s
 * later) are both reachable.
 */
const intervalSeconds = 4;
// Many sign-ups and resends from 127.0.0.1: the per-address limit on them (its own test: auth-rate-limit) is off.
const server = serverForThisFile({
  env: { AUTH_EMAIL_MIN_INTERVAL: String(intervalSeconds), RATE_LIMIT_SIGNUP_PER_5_MIN: '0' },
});
const pastInterval = () => sleep(intervalSeconds * 1000 + 1000);
const confirmSubject = 'Confirm your Loan Match account';

async function confirmationLinks(email: string): Promise<string[]> {
  return (await mailbox(server, email)).filter((mail) => mail.subject === confirmSubject).map(verifyLinkIn);
}

async function signIn(email: string, password: string) {
  return anonClient(server).auth.signInWithPassword({ email, password });
}

/** Follows a confirmation link that lands on the reset page, and chooses `password` there as the page does. */
async function chooseThroughLink(link: string, password: string): Promise<void> {
  const { location } = await openLink(link);
  expect(location!.pathname).toBe('/portal/reset-password');
  const params = hashParams(location!);
  const opener = anonClient(server);
  const set = await opener.auth.setSession({
    access_token: params.get('access_token')!,
    refresh_token: params.get('refresh_token')!,
  });
  expect(set.error).toBeNull();
  expect((await opener.auth.updateUser({ password })).error).toBeNull();
}

describe('signing up again with an address nobody has confirmed', () => {
  it("the issue's sequence: the attacker signs up again right after the owner; the owner's link leaves the attacker out", async () => {
    const email = uniqueEmail('victim');
    // 1. The attacker signs up first.
    expect((await anonClient(server).auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
    await pastInterval();
    // 2. The owner signs up from the web app (PKCE) and is sent a link.
    const owner = pkceClient(server);
    expect(
      (await owner.auth.signUp({ email, password: 'owner-pass', options: { emailRedirectTo: `${server.url}/portal` } }))
        .error,
    ).toBeNull();
    // 3. The attacker signs up again at once: within the interval, no new link goes out.
    expect((await anonClient(server).auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
    const links = await confirmationLinks(email);
    expect(links).toHaveLength(2);

    // 4. The owner follows the newest link in their inbox: it confirms the address and asks them for a password.
    await chooseThroughLink(links[0]!, 'owner-chosen-pass');

    // 5. The attacker's password does not open the account; the owner's choice does.
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await signIn(email, 'owner-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await signIn(email, 'owner-chosen-pass')).error).toBeNull();

    // The older link (the attacker's sign-up asked for it) is dead now.
    const { location } = await openLink(links[1]!);
    expect(hashParams(location!).get('error_code')).toBe('otp_expired');
  });

  it('the attacker signs up after the owner, past the interval: whichever link the owner follows, the attacker stays out', async () => {
    for (const followed of ['newest', 'oldest'] as const) {
      const email = uniqueEmail(`victim-${followed}`);
      expect((await anonClient(server).auth.signUp({ email, password: 'owner-pass' })).error).toBeNull();
      await pastInterval();
      expect((await anonClient(server).auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
      const links = await confirmationLinks(email);
      expect(links).toHaveLength(2);
      const link = followed === 'newest' ? links[0]! : links[1]!;
      const { location } = await openLink(link);
      if (followed === 'newest') {
        expect(location!.pathname).toBe('/portal/reset-password');
      } else {
        // One live link per account: the older one was replaced, and confirms nothing.
        expect(hashParams(location!).get('error_code')).toBe('otp_expired');
      }
      expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
      expect((await signIn(email, 'owner-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    }
  });

  it('a PKCE sign-up contested by another password gets no code for its browser: the link asks its opener instead', async () => {
    const email = uniqueEmail('pkce-victim');
    const attacker = pkceClient(server);
    expect((await attacker.auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
    expect((await anonClient(server).auth.signUp({ email, password: 'owner-pass' })).error).toBeNull();
    const [link] = await confirmationLinks(email);
    const { location } = await openLink(link!);
    // No ?code= that the attacker's browser could exchange; the session goes to whoever opened the e-mail.
    expect(location!.searchParams.get('code')).toBeNull();
    expect(location!.pathname).toBe('/portal/reset-password');
  });

  it('the owner who never signs up but resets the password takes the account from whoever signed up with it', async () => {
    const email = uniqueEmail('reset-victim');
    expect((await anonClient(server).auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
    expect((await anonClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    const reset = (await mailbox(server, email)).find((mail) => mail.subject.includes('Reset'));
    const tokenHash = resetLinkIn(reset!).searchParams.get('token_hash')!;
    const owner = anonClient(server);
    expect((await owner.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })).error).toBeNull();
    expect((await owner.auth.updateUser({ password: 'owner-chosen-pass' })).error).toBeNull();
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await signIn(email, 'owner-chosen-pass')).error).toBeNull();
  });

  it("an attacker kept out reads none of the owner's applications, not even those listed apart for confirmation", async () => {
    const email = uniqueEmail('applicant-victim');
    const made = await serviceClient(server).from('applications').insert(qualifiedApplicationRow({ email }));
    expect(made.error).toBeNull();
    expect((await anonClient(server).auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
    expect((await anonClient(server).auth.signUp({ email, password: 'owner-pass' })).error).toBeNull();
    const [link] = await confirmationLinks(email);
    await chooseThroughLink(link!, 'owner-chosen-pass');
    const attacker = await signIn(email, 'attacker-pass');
    expect(attacker.data.session).toBeNull();
    // The owner, signed in, sees the application made with their address.
    const owner = anonClient(server);
    expect((await owner.auth.signInWithPassword({ email, password: 'owner-chosen-pass' })).error).toBeNull();
    const { data, error } = await owner.from('applications').select('id, email');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: expect.any(String), email }]);
  });
});

describe('the attacker signs up alone with the address; its owner follows whatever reaches their inbox', () => {
  // The owner never signs up, or does so only after following a link they were sent. Whatever they follow, the
  // attacker's password must not open the account afterwards.
  const attackerSignsUp = async (flow: 'implicit' | 'pkce') => {
    const email = uniqueEmail(`alone-${flow}`);
    const attacker = flow === 'pkce' ? pkceClient(server) : anonClient(server);
    expect((await attacker.auth.signUp({ email, password: 'attacker-pass' })).error).toBeNull();
    return email;
  };

  it('the unsolicited confirmation link (implicit sign-up) confirms the address and asks the owner for a password', async () => {
    const email = await attackerSignsUp('implicit');
    const [link] = await confirmationLinks(email);
    await chooseThroughLink(link!, 'owner-chosen-pass');
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await signIn(email, 'owner-chosen-pass')).error).toBeNull();
  });

  it("the unsolicited link of a PKCE sign-up gives the owner's browser a code it cannot exchange, and the attacker nothing", async () => {
    const email = await attackerSignsUp('pkce');
    const [link] = await confirmationLinks(email);
    const { location } = await openLink(link!);
    const code = location!.searchParams.get('code');
    expect(code).toBeTruthy();
    // The owner's browser holds no verifier for it; the attacker's never sees the code.
    expect((await pkceClient(server).auth.exchangeCodeForSession(code!)).error).not.toBeNull();
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    // The address is the owner's now: a password reset gives them the account.
    expect((await anonClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
  });

  it('a confirmation e-mail the owner asks for again (resend) leads them to choose a password', async () => {
    const email = await attackerSignsUp('pkce');
    await pastInterval();
    const owner = pkceClient(server);
    expect((await owner.auth.resend({ type: 'signup', email })).error).toBeNull();
    const [newest] = await confirmationLinks(email);
    await chooseThroughLink(newest!, 'owner-chosen-pass');
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a resend within the interval re-binds the link to the owner but does not carry the attacker password with it', async () => {
    const email = await attackerSignsUp('pkce');
    const owner = pkceClient(server);
    const options = { emailRedirectTo: `${server.url}/portal` };
    expect((await owner.auth.resend({ type: 'signup', email, options })).error).toBeNull();
    const [link] = await confirmationLinks(email);
    await chooseThroughLink(link!, 'owner-chosen-pass');
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a reset link the owner opens without finishing still leaves the attacker out', async () => {
    const email = await attackerSignsUp('implicit');
    expect((await anonClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    const reset = (await mailbox(server, email)).find((mail) => mail.subject.includes('Reset'));
    const tokenHash = resetLinkIn(reset!).searchParams.get('token_hash')!;
    expect((await anonClient(server).auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })).error).toBeNull();
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
    // And the attacker's confirmation link, followed later, gives no password either.
    const [link] = await confirmationLinks(email);
    await openLink(link!);
    expect((await signIn(email, 'attacker-pass')).error).toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('a confirmation link opened in another browser than the one that signed up', () => {
  it("lets that browser sign in with the sign-up's password, and nobody else", async () => {
    const email = uniqueEmail('phone');
    const laptop = pkceClient(server);
    const options = { emailRedirectTo: `${server.url}/portal` };
    expect((await laptop.auth.signUp({ email, password: 'laptop-pass', options })).error).toBeNull();
    const [link] = await confirmationLinks(email);
    // The phone opens the link: its code is of no use to it, but it gets the opener's cookie.
    const opened = await fetch(link!, { redirect: 'manual' });
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^lm-link-opener=/);

    const signInWith = (password: string, headers: Record<string, string>) =>
      fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email, password }),
      });
    // Elsewhere (no cookie, or another one), the password opens nothing; nor does a wrong password on the phone.
    expect((await signInWith('laptop-pass', {})).status).toBe(400);
    expect((await signInWith('laptop-pass', { cookie: 'lm-link-opener=forged' })).status).toBe(400);
    expect((await signInWith('wrong-pass', { cookie })).status).toBe(400);
    // On the phone, the sign-up's password signs in, and from then on it is the account's everywhere.
    expect((await signInWith('laptop-pass', { cookie })).status).toBe(200);
    expect((await signIn(email, 'laptop-pass')).error).toBeNull();
  });
});

describe('the same person signing up twice keeps their password and their link', () => {
  it('a repeat with the same password within the interval sends nothing and the first link confirms that password', async () => {
    const email = uniqueEmail('twice');
    const browser = pkceClient(server);
    const options = { emailRedirectTo: `${server.url}/portal` };
    expect((await browser.auth.signUp({ email, password: 'same-pass', options })).error).toBeNull();
    expect((await browser.auth.signUp({ email, password: 'same-pass', options })).error).toBeNull();
    const links = await confirmationLinks(email);
    expect(links).toHaveLength(1);
    const { location } = await openLink(links[0]!);
    expect(location!.pathname).toBe('/portal');
    const exchanged = await browser.auth.exchangeCodeForSession(location!.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect((await signIn(email, 'same-pass')).error).toBeNull();
  });
});
