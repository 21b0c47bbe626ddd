import type { AuthError } from '@supabase/supabase-js';
import { APPLICANT_ROLE, RESET_PASSWORD_PATH } from '../../../../shared/catalogue/accounts.ts';
import { AUTH_MESSAGES } from '../../../../shared/messages/auth.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { readResetLink } from './reset-link.ts';

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

/** Where the reset page is: checking its link, showing the form, refusing the link (why), or done. */
export type ResetStage =
  { kind: 'verifying' } | { kind: 'form' } | { kind: 'invalid'; message: string } | { kind: 'updated' };

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
    return data.session ? { kind: 'form' } : { kind: 'invalid', message: AUTH_MESSAGES.invalidResetLink };
  } catch (error) {
    console.error('Reset link check failed', error);
    return { kind: 'invalid', message: AUTH_MESSAGES.resetError };
  }
}
