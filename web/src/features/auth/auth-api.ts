import type { AuthError } from '@supabase/supabase-js';
import { APPLICANT_ROLE, RESET_PASSWORD_PATH } from '../../../../shared/catalogue/accounts.ts';
import { AUTH_MESSAGES } from '../../../../shared/messages/auth.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { readResetLink, tokensAccount } from './reset-link.ts';

async function signUpRequest(email: string, password: string, data?: Record<string, unknown>) {
  const supabase = await loadSupabase();
  return supabase.auth.signUp({
    email,
    password,
    options: { ...(data ? { data } : {}), emailRedirectTo: `${window.location.origin}/portal` },
  });
}

/**
 * A portal account's sign-up (an applicant's): the confirmation e-mail links back to /portal. `signedIn` when the
 * server confirms addresses itself (no e-mail to wait for).
 */
export async function signUp(email: string, password: string): Promise<{ signedIn: boolean; error: AuthError | null }> {
  const { data, error } = await signUpRequest(email, password, { role: APPLICANT_ROLE });
  return { signedIn: data.session !== null, error };
}

/** The confirmation e-mail sent again, as a repeated sign-up (portal-login-page.tsx says why): null once sent. */
export async function resendConfirmation(email: string, password: string): Promise<AuthError | null> {
  const { error } = await signUpRequest(email, password);
  return error;
}

/** E-mails a password-reset link to the address, leading to the reset page: null once sent, else the refusal. */
export async function sendResetLink(address: string): Promise<AuthError | null> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(address, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  });
  return error;
}

/** Sets the signed-in account's new password: null once set, else the refusal. */
export async function updatePassword(password: string): Promise<AuthError | null> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  return error;
}

/**
 * Where the reset page is: checking its link, showing the form (for whose account), refusing the link (why), held
 * because another account is signed in here (whose), or done.
 */
export type ResetStage =
  | { kind: 'verifying' }
  | { kind: 'form'; email: string | undefined }
  | { kind: 'invalid'; message: string }
  | { kind: 'signedInElsewhere'; email: string | undefined }
  | { kind: 'updated' };

/** Takes the e-mail's token out of the address (and so out of the history), keeping the rest of it. */
function forgetResetToken(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('token_hash');
  url.searchParams.delete('type');
  window.history.replaceState(window.history.state, '', url);
}

/** Checks the reset link: a session from it (or the current one) means the form may be shown. */
export async function verifyResetLink(): Promise<ResetStage> {
  const link = readResetLink(window.location);
  if (link.kind === 'error') return { kind: 'invalid', message: AUTH_MESSAGES.invalidResetLink };
  try {
    const supabase = await loadSupabase();
    // A link never takes the place of another account signed in here: a link someone else sent (their own reset,
    // or their sign-in's tokens) would otherwise sign this browser into their account, where whatever is uploaded
    // next is theirs to read. The person signed in here logs out first, if the link is theirs to use.
    const current = (await supabase.auth.getSession()).data.session;
    const account = link.kind === 'tokens' ? tokensAccount(link.accessToken) : undefined;
    if (link.kind === 'tokens' && !account?.fromReset) {
      return { kind: 'invalid', message: AUTH_MESSAGES.invalidResetLink };
    }
    if (current && (link.kind === 'tokenHash' || (account && account.userId !== current.user.id))) {
      return { kind: 'signedInElsewhere', email: current.user.email };
    }
    if (link.kind === 'tokenHash') {
      // Used once: a reload then finds the session this starts, not a spent token.
      const { error } = await supabase.auth.verifyOtp({ token_hash: link.tokenHash, type: 'recovery' });
      forgetResetToken();
      if (error) return { kind: 'invalid', message: AUTH_MESSAGES.invalidResetLink };
    }
    if (link.kind === 'tokens') {
      const { error } = await supabase.auth.setSession({
        access_token: link.accessToken,
        refresh_token: link.refreshToken,
      });
      if (error) return { kind: 'invalid', message: AUTH_MESSAGES.invalidResetLink };
    }
    // A PKCE code in the address is exchanged by supabase-js before getSession answers.
    const { data } = await supabase.auth.getSession();
    return data.session
      ? { kind: 'form', email: data.session.user.email }
      : { kind: 'invalid', message: AUTH_MESSAGES.invalidResetLink };
  } catch (error) {
    console.error('Reset link check failed', error);
    return { kind: 'invalid', message: AUTH_MESSAGES.resetError };
  }
}
