/**
 * The standard e-mail pattern of spec section 5: letters, digits and ._%+- before the @, a domain,
 * and a top-level domain of at least 2 letters, case-insensitive.
 */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/** The pre-qualification e-mail rule: the spec's message for an empty or malformed address, else undefined. */
export function emailError(value: string): string | undefined {
  if (value.trim() === '') return EMAIL_REQUIRED_MESSAGE;
  if (!EMAIL_PATTERN.test(value.trim())) return INVALID_EMAIL_MESSAGE;
  return undefined;
}
