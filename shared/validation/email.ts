import { z } from 'zod';

/**
 * The standard e-mail pattern of docs/product.md §5: letters, digits and ._%+- before the @, a domain,
 * and a top-level domain of at least 2 letters, case-insensitive.
 */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/** The same rule as a zod schema (trims the value), for forms and payloads. */
export const emailSchema = z.string().trim().min(1, EMAIL_REQUIRED_MESSAGE).regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE);

/** An address as the product stores and sends it: trimmed and lower-cased (docs/product.md §3 and §5). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The pre-qualification e-mail rule: the product's message (docs/product.md §5) for an empty or malformed address,
 * else undefined.
 */
export function emailError(value: string): string | undefined {
  return emailSchema.safeParse(value).error?.issues[0]?.message;
}
