import type { Page } from '@playwright/test';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { latestMail, mailbox, resetLinkIn, uniqueEmail, verifyLinkIn } from '../support/auth-helpers.ts';
import { removeDataDir, serviceClient, startServerProcess, temporaryDataDir } from '../support/server-process.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { createAccount, plantSession, sessionStorageKey } from './pages/portal-session.ts';

test('sign-in and sign-up: the toggle, Forgot password only when signing in, the help block, every validation message', async ({
  page,
}) => {
  const auth = new AuthPages(page);
  await auth.openLogin();
  await expect(auth.heading()).toHaveText('Welcome Back');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/portal/forgot-password');
  await expect(page.getByRole('complementary', { name: 'Need help?' })).toContainText('(555) 010-4200');
  await expect(page.getByRole('complementary', { name: 'Need help?' })).toContainText('hello@example.com');
  // The phone and e-mail are links, and look like links: coloured and underlined, unlike the sentence around them.
  const help = page.getByRole('complementary', { name: 'Need help?' });
  const look = (element: Element) => {
    const style = getComputedStyle(element);
    return { color: style.color, underline: style.textDecorationLine.includes('underline') };
  };
  const sentence = await help.getByText(/^Call/).evaluate(look);
  for (const name of ['(555) 010-4200', 'hello@example.com']) {
    const link = await help.getByRole('link', { name }).evaluate(look);
    expect(link.underline, name).toBe(true);
    expect(link.color, name).not.toBe(sentence.color);
  }
  await expect(auth.email()).toHaveAttribute('type', 'email');

  await auth.submit('Sign In').click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await auth.email().fill('not-an-email');
  await auth.password().fill('12345');
  await auth.submit('Sign In').click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The toggle reads as a link in its sentence: its words are as large as the sentence's.
  const toggle = page.getByRole('button', { name: 'Sign up' });
  const fontSizes = await toggle.evaluate((button) => [
    getComputedStyle(button).fontSize,
    getComputedStyle(button.parentElement!).fontSize,
  ]);
  expect(fontSizes[0]).toBe(fontSizes[1]);
  await toggle.click();
  await expect(auth.heading()).toHaveText('Create Your Account');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(auth.heading()).toHaveText('Welcome Back');

  await auth.openLogin('?mode=signup');
  await expect(auth.heading()).toHaveText('Create Your Account');
});

test('a wrong password gets the required message; the right one goes to the page the guard came from', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const auth = new AuthPages(page);
  await page.goto('/portal?tab=documents#upload');
  await page.waitForURL('**/portal/login');
  await auth.signIn(account.email, 'wrong-password');
  await expect(auth.alert()).toHaveText('Invalid email or password. Please check your credentials and try again.');
  // A try the form refuses itself: the wrong password's message is gone, the field's own stands alone.
  await auth.password().fill('');
  await auth.submit('Sign In').click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Invalid email or password.', { exact: false })).toHaveCount(0);
  await auth.password().fill(account.password);
  await auth.submit('Sign In').click();
  await page.waitForURL('**/portal?tab=documents#upload');
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
});

test('a new user signs up, confirms from the mailbox and lands on /portal with the application made earlier', async ({
  page,
  baseURL,
  database,
}) => {
  const email = uniqueEmail('newcomer');
  const earlier = qualifiedApplicationRow({ email });
  expect((await database.from('applications').insert(earlier)).error).toBeNull();
  const auth = new AuthPages(page);
  await auth.openLogin('?mode=signup');
  // The e-mail is lower-cased before it is sent.
  await auth.email().fill(email.toUpperCase());
  await auth.password().fill('a-good-password');
  await auth.submit('Create Account').click();
  await expect(auth.status()).toHaveText(
    'Please check your email and click the confirmation link to complete your registration.',
  );
  // The button pressed went with the form: the keyboard is on the message that took its place.
  await expect(auth.status()).toBeFocused();
  // No second sign-up: it would replace the stored PKCE verifier and break the first e-mail's link.
  await expect(auth.submit('Create Account')).toHaveCount(0);
  await expect(auth.email()).toHaveCount(0);
  await page.getByRole('button', { name: 'Try a different email' }).click();
  await expect(auth.email()).toHaveValue('');
  await expect(auth.submit('Create Account')).toBeEnabled();
  const { data: users } = await database.auth.admin.listUsers();
  const created = users.users.find((user) => user.email === email);
  expect(created?.user_metadata).toMatchObject({ role: 'applicant' });

  const mail = await latestMail({ url: baseURL! }, email, 'Confirm your');
  await page.goto(verifyLinkIn(mail));
  await page.waitForURL('**/portal');
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Application for ${String(earlier.business_name)}` })).toBeVisible();
});

/** Signs in with an unconfirmed account, which is told so, and has the confirmation e-mail sent again. */
async function resendFromSignIn(page: Page, email: string): Promise<AuthPages> {
  const auth = new AuthPages(page);
  await auth.openLogin();
  await auth.signIn(email, 'a-good-password');
  await expect(auth.alert()).toHaveText('Email not confirmed');
  await expect(page.getByText(`A confirmation link was sent to ${email} when the account was made`)).toBeVisible();
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(auth.status()).toHaveText(
    'Please check your email and click the confirmation link to complete your registration.',
  );
  await expect(auth.status()).toBeFocused();
  return auth;
}

test('an account not yet confirmed: sign-in says so and offers to send the confirmation e-mail again, whose link lands on /portal', async ({
  page,
  baseURL,
  database,
}) => {
  const email = uniqueEmail('unconfirmed');
  const created = await database.auth.admin.createUser({ email, password: 'a-good-password' });
  expect(created.error).toBeNull();
  const auth = await resendFromSignIn(page, email);
  await expect(auth.alert()).toHaveCount(0);
  await expect(auth.submit('Sign In')).toHaveCount(0);

  await page.goto(verifyLinkIn(await latestMail({ url: baseURL! }, email, 'Confirm your')));
  await page.waitForURL('**/portal');
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
});

test('after ten wrong passwords for one account, the sign-in says when to try again and keeps what was typed', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const auth = new AuthPages(page);
  await auth.openLogin();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
    await auth.signIn(account.email, `wrong-password-${attempt}`);
    expect((await answer).status()).toBe(400);
  }
  await auth.password().fill(account.password);
  await auth.submit('Sign In').click();
  await expect(auth.alert()).toHaveText(
    /^Too many wrong passwords were tried for this account\. Please try again in \d+ minutes, or reset your password\.$/,
  );
  await expect(auth.email()).toHaveValue(account.email);
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test('a wrong password on an unconfirmed account offers nothing to resend', async ({ page, database }) => {
  const email = uniqueEmail('unconfirmed-wrong');
  expect((await database.auth.admin.createUser({ email, password: 'a-good-password' })).error).toBeNull();
  const auth = new AuthPages(page);
  await auth.openLogin();
  await auth.signIn(email, 'not-the-password');
  await expect(auth.alert()).toHaveText('Invalid email or password. Please check your credentials and try again.');
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toHaveCount(0);
});

/** Signs up a new address in this browser (which keeps the link's PKCE verifier); returns its confirmation e-mail. */
async function signUpForConfirmationMail(page: Page, baseURL: string, label: string) {
  const email = uniqueEmail(label);
  const auth = new AuthPages(page);
  await auth.openLogin('?mode=signup');
  await auth.signUp(email, 'a-good-password');
  await expect(auth.status()).toHaveText(
    'Please check your email and click the confirmation link to complete your registration.',
  );
  return { email, mail: await latestMail({ url: baseURL }, email, 'Confirm your') };
}

test('asking for the confirmation e-mail again within a minute sends none, and the first one still signs this browser in', async ({
  page,
  baseURL,
}) => {
  const { email, mail } = await signUpForConfirmationMail(page, baseURL!, 'impatient');
  await resendFromSignIn(page, email);
  expect(await mailbox({ url: baseURL! }, email)).toHaveLength(1);

  await page.goto(verifyLinkIn(mail));
  await page.waitForURL('**/portal');
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
});

test('a confirmation link opened in another browser: the sign-in form says why, and the stale code leaves the URL', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, mail } = await signUpForConfirmationMail(page, baseURL!, 'other-browser');

  // Another browser has no PKCE verifier for the code, so the exchange fails.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto(verifyLinkIn(mail));
    await other.waitForURL('**/portal/login');
    const otherAuth = new AuthPages(other);
    await expect(otherAuth.heading()).toHaveText('Welcome Back');
    await expect(otherAuth.status()).toHaveText(
      'Your e-mail address may already be confirmed. Please sign in to continue.',
    );
    await otherAuth.signIn(email, 'a-good-password');
    await other.waitForURL(`${baseURL}/portal`);
    await expect(other.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();

    // The same link once more, signed out: the server refuses it, and the sign-in form says why.
    await other.evaluate(() => localStorage.clear());
    await other.goto(verifyLinkIn(mail));
    await other.waitForURL(`${baseURL}/portal/login`);
    await expect(otherAuth.status()).toHaveText(
      'This link has expired or has already been used. Please sign in: if your e-mail address is not confirmed yet, you can have a new link sent from here.',
    );
  } finally {
    await context.close();
  }
});

test('a confirmation link opened where another account is signed in: the portal says why, and the stale code leaves the URL', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const { email, mail } = await signUpForConfirmationMail(page, baseURL!, 'signed-in-elsewhere');

  const someoneElse = await createAccount(database, baseURL!);
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await plantSession(other, baseURL!, someoneElse.session);
    await other.goto(verifyLinkIn(mail));
    await other.waitForURL((url) => url.pathname === '/portal' && !url.searchParams.has('code'));
    await expect(other.getByRole('status').filter({ hasText: 'This link could not sign you in here' })).toHaveText(
      `This link could not sign you in here, because another account (${someoneElse.email}) is signed in. Your e-mail address may already be confirmed: log out, then sign in with it.`,
    );
    // The link did confirm the address.
    const { data } = await database.auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.find((user) => user.email === email)?.email_confirmed_at).toBeTruthy();
  } finally {
    await context.close();
  }
});

test('forgot password: validation, Check Your Email, Try a different email, Back to Login', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  await page.goto('/portal/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText('The link expires in 1 hour.')).toContainText('check your spam folder');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Try a different email' }).click();
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await page.waitForURL('**/portal/login');
  await expect(await latestMail({ url: baseURL! }, account.email, 'Reset your')).toBeTruthy();
});

test('a reset link never takes the place of the account signed in here, names the account it resets, and a sign-in put in a link is refused', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const victim = await createAccount(database, baseURL!);
  const stranger = await createAccount(database, baseURL!);
  // The stranger's own reset link, as they could forward it.
  const generated = await database.auth.admin.generateLink({
    type: 'recovery',
    email: stranger.email,
    options: { redirectTo: `${baseURL}/portal/reset-password` },
  });
  expect(generated.error).toBeNull();
  const storedEmail = () =>
    page.evaluate((key) => {
      const stored = localStorage.getItem(key);
      return stored ? (JSON.parse(stored) as { user?: { email?: string } }).user?.email : undefined;
    }, sessionStorageKey(baseURL!));

  await plantSession(page, baseURL!, victim.session);
  await page.goto('/portal');
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
  await page.goto(generated.data.properties!.action_link);
  await expect(page.getByRole('heading', { name: 'Log Out First' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${victim.email} in this browser.`)).toBeVisible();
  expect(await storedEmail()).toBe(victim.email);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // The person signed in here may still choose to use it: the form then says whose password it sets.
  await page.getByRole('button', { name: 'Log Out and Use the Link' }).click();
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await expect(page.getByText(`You are choosing a new password for ${stranger.email}.`)).toBeVisible();

  // A plain sign-in's tokens put in a reset link: refused, in a browser where nobody is signed in too.
  const other = await browser.newContext({ baseURL: baseURL! });
  const fresh = await other.newPage();
  const tokens = new URLSearchParams({
    access_token: stranger.session.access_token,
    refresh_token: stranger.session.refresh_token,
    type: 'recovery',
  });
  await fresh.goto(`/portal/reset-password#${tokens.toString()}`);
  await expect(fresh.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(fresh.evaluate((key) => localStorage.getItem(key), sessionStorageKey(baseURL!))).resolves.toBeNull();
  await other.close();
});

test('reset password through the mailbox, opened on another device: the rules, Password Updated, the redirect, and the link works once', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  await page.goto('/portal/forgot-password');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const link = resetLinkIn(await latestMail({ url: baseURL! }, account.email, 'Reset your')).toString();

  // Opened on another device: a browser without anything the one that asked keeps.
  const phone = await browser.newContext({ baseURL: baseURL! });
  const device = await phone.newPage();

  await device.goto(link);
  await expect(device.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  // The spent token leaves the address (a reload keeps the form through the session it started).
  await expect(device).toHaveURL(/\/portal\/reset-password$/);
  await expect(device.getByText('Must be at least 6 characters long')).toBeVisible();
  await device.getByLabel(/^New Password/).fill('short');
  await device.getByLabel(/^Confirm Password/).fill('other');
  await device.getByRole('button', { name: 'Update Password' }).click();
  await expect(device.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(device.getByText('Passwords do not match')).toBeVisible();
  expect(await seriousAccessibilityViolations(device)).toEqual([]);
  // The password it already has: refused, with the server's reason after the product's message (docs/product.md §8,
  // Authentication).
  await device.getByLabel(/^New Password/).fill(account.password);
  await device.getByLabel(/^Confirm Password/).fill(account.password);
  await device.getByRole('button', { name: 'Update Password' }).click();
  await expect(device.getByRole('alert')).toHaveText(
    'Failed to update password. Please try again. New password should be different from the old password.',
  );
  await device.getByLabel(/^New Password/).fill('a-new-password');
  await device.getByLabel(/^Confirm Password/).fill('a-new-password');
  await device.getByRole('button', { name: 'Update Password' }).click();
  await expect(device.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
  await expect(device.getByRole('link', { name: 'Go to Portal' })).toHaveAttribute('href', '/portal');
  await device.waitForURL('**/portal', { timeout: 6000 });

  // The new password signs in; the old one no longer does.
  const auth = new AuthPages(device);
  await device.evaluate(() => localStorage.clear());
  await auth.openLogin();
  await auth.signIn(account.email, account.password);
  await expect(auth.alert()).toHaveText('Invalid email or password. Please check your credentials and try again.');
  await auth.password().fill('a-new-password');
  await auth.submit('Sign In').click();
  await device.waitForURL('**/portal');

  // The same link a second time: Invalid Reset Link, with its two ways on.
  await device.evaluate(() => localStorage.clear());
  await device.goto(link);
  await expect(device.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(device.getByRole('alert')).toHaveText(
    'Invalid or expired reset link. Please request a new password reset.',
  );
  await expect(device.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
    'href',
    '/portal/forgot-password',
  );
  await expect(device.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/portal/login');
  await phone.close();
});

test('an expired reset link shows Invalid Reset Link (a server whose links last 1 second)', async ({ page }) => {
  const dataDir = temporaryDataDir('loan-match-e2e-expiry-');
  const server = await startServerProcess({ dataDir, env: { AUTH_EMAIL_LINK_LIFETIME: '1', AUTOCONFIRM: 'true' } });
  try {
    const account = await createAccount(serviceClient(server), server.url, { keys: server.keys });
    await page.goto(`${server.url}/portal/forgot-password`);
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    const link = resetLinkIn(await latestMail(server, account.email, 'Reset your')).toString();
    await page.waitForTimeout(2100);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
});

test('a session that expired for good: the login page says so', async ({ page, baseURL, database }) => {
  const account = await createAccount(database, baseURL!);
  const expired = { ...account.session, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'revoked' };
  await plantSession(page, baseURL!, expired);
  await page.goto('/portal');
  await page.waitForURL('**/portal/login');
  await expect(page.getByRole('status')).toHaveText('Your session has expired. Please sign in again.');
});
