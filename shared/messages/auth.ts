/** docs/product.md §8, Authentication: how provider errors become the messages people see. */

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  unexpected: 'An unexpected error occurred.',
  confirmEmail: 'Please check your email and click the confirmation link to complete your registration.',
  emailNotConfirmed: 'Please confirm your email address first before resetting your password.',
  userNotFound: 'No account found with this email address.',
  resetEmailFailed: 'Failed to send password reset email. Please try again.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  resetError: 'An error occurred. Please try requesting a new password reset.',
  updatePasswordFailed: 'Failed to update password. Please try again.',
  adminLoginFallback: 'Invalid credentials.',
} as const;

/**
 * Sign-in: invalid credentials get the product's sentence (docs/product.md §8, Authentication), other provider
 * messages stay, none is unexpected.
 */
export function signInErrorMessage(providerMessage: string | undefined): string {
  if (!providerMessage) return AUTH_MESSAGES.unexpected;
  return providerMessage.includes('Invalid login credentials') ? AUTH_MESSAGES.invalidCredentials : providerMessage;
}

/** Forgot password: two provider messages are reworded, others stay, none gives the generic failure. */
export function forgotPasswordErrorMessage(providerMessage: string | undefined): string {
  if (!providerMessage) return AUTH_MESSAGES.resetEmailFailed;
  if (providerMessage.includes('Email not confirmed')) return AUTH_MESSAGES.emailNotConfirmed;
  if (providerMessage.includes('User not found')) return AUTH_MESSAGES.userNotFound;
  return providerMessage;
}

/**
 * Reset password: a refused update gives the product's 'Failed to update password. Please try again.', followed by
 * the provider's reason when it is one the person can act on (the new password is the old one, or too weak);
 * other reasons (a session gone, the server down) would mean nothing to them and are only logged.
 */
export function updatePasswordErrorMessage(error: { code?: string; message?: string } | undefined): string {
  const actionable = error?.code === 'same_password' || error?.code === 'weak_password';
  return actionable && error.message
    ? `${AUTH_MESSAGES.updatePasswordFailed} ${error.message}`
    : AUTH_MESSAGES.updatePasswordFailed;
}

/** Admin login: the error's message, or 'Invalid credentials.'. */
export function adminLoginErrorMessage(providerMessage: string | undefined): string {
  return providerMessage || AUTH_MESSAGES.adminLoginFallback;
}

/**
 * A confirmation link opened in a browser where another account is signed in: supabase-js cannot use its code
 * there (the code's verifier is in the browser that signed up), but the link has confirmed the address.
 */
export function confirmationLinkForAnotherAccountMessage(signedInEmail: string | undefined): string {
  const who = signedInEmail ? `another account (${signedInEmail})` : 'another account';
  return `This link could not sign you in here, because ${who} is signed in. Your e-mail address may already be confirmed: log out, then sign in with it.`;
}

/**
 * A reset link opened where an account is signed in: the link is not used until that account logs out, since a
 * link someone else sent would otherwise sign this browser into their account.
 */
export function resetLinkWhileSignedInMessage(signedInEmail: string | undefined): string {
  const who = signedInEmail ? `as ${signedInEmail}` : 'to an account';
  return `You are signed in ${who} in this browser. To set a new password with this link, log out first. If you did not ask for a password reset, do not use the link: stay signed in and go back to your portal.`;
}
