import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../catalogue/accounts.ts';
import { EMAIL_REQUIRED_MESSAGE, emailSchema } from './email.ts';
import { isBlank } from './field-errors.ts';

/** docs/product.md §5, Authentication: sign-in, sign-up, forgot and reset password, admin login. */

const CREDENTIALS_REQUIRED_MESSAGE = 'You must provide either an email or phone number and a password';
const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters long';
const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

/** The auth API's check on a sign-up or password sign-in: an e-mail or a phone, and a password. */
export function credentialsError(credentials: {
  email?: unknown;
  phone?: unknown;
  password?: unknown;
}): string | undefined {
  const hasIdentifier = !isBlank(credentials.email) || !isBlank(credentials.phone);
  return hasIdentifier && !isBlank(credentials.password) ? undefined : CREDENTIALS_REQUIRED_MESSAGE;
}

const newPassword = z.string().min(1, PASSWORD_REQUIRED_MESSAGE).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE);

/** Portal sign-in and sign-up: a valid e-mail and a password of at least 6 characters. */
export const portalCredentialsSchema = z.object({ email: emailSchema, password: newPassword });

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** Reset password: at least 6 characters, and the confirmation must match. */
export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    error: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

/** Admin login: e-mail and password required. */
export const adminLoginSchema = z.object({
  email: z.string().trim().min(1, EMAIL_REQUIRED_MESSAGE),
  password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE),
});

export type PortalCredentials = z.infer<typeof portalCredentialsSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;
