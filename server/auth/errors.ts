import type { FastifyReply } from 'fastify';

/** The API version auth-js sends; echoing it makes the client read `code` from error bodies. */
export const AUTH_API_VERSION = '2024-01-01';

/** An error answered in GoTrue's shape: `{code, message}` plus any extra fields (weak_password). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** Sends an AuthError with the headers auth-js needs to map it (API version and x-sb-error-code). */
export function sendAuthError(reply: FastifyReply, error: AuthError): FastifyReply {
  reply.header('X-Supabase-Api-Version', AUTH_API_VERSION);
  reply.header('x-sb-error-code', error.code);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).send({ ...error.extra, code: error.code, message: error.message });
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

export const invalidEmail = () =>
  new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');

export const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');

export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');

export const otpExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
