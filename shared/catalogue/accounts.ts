/** Account and session constants (docs/product.md §9, Accounts). */

/** The shortest password accepted at sign-up and reset. */
export const PASSWORD_MIN_LENGTH = 6;

/** How long a password-reset link stays valid, in hours. */
export const RESET_LINK_EXPIRY_HOURS = 1;

/**
 * The page a password-reset e-mail leads to (docs/product.md §2, Reset password); it verifies the e-mail's token
 * itself.
 */
export const RESET_PASSWORD_PATH = '/portal/reset-password';

/** Delay before the reset page sends the user to /portal after a successful update. */
export const PASSWORD_UPDATED_REDIRECT_MS = 3000;

/**
 * The role written to user_metadata at sign-up (authorization reads app_metadata: docs/architecture.md, Departure 1).
 */
export const APPLICANT_ROLE = 'applicant';

/**
 * supabase-js's default localStorage key for a stored session, `sb-<first label of the API host>-auth-token`: the
 * web app's auth state and the prerendered pages' start-up script (server/cli/web-build.ts) look for it.
 */
export const STORED_SESSION_KEY = /^sb-.+-auth-token$/;

/** The role in app_metadata that makes a user an admin. */
export const ADMIN_ROLE = 'admin';

/**
 * Session-storage keys of an admin's impersonation: the client id and the start time (docs/product.md §4,
 * Impersonation).
 */
export const IMPERSONATION_STORAGE_KEYS = {
  clientId: 'impersonatedClientId',
  startedAt: 'impersonationStartTime',
} as const;
