import { describe, expect, it } from 'vitest';
import { EMAIL_REQUIRED_MESSAGE, emailError, emailSchema, INVALID_EMAIL_MESSAGE, normalizeEmail } from './email.ts';

describe('emailError', () => {
  it.each(['owner@acme.com', 'First.Last+loans@sub.example.co', 'a_b%c-d@x-y.io', 'UPPER@CASE.ORG'])(
    'accepts %s',
    (email) => {
      expect(emailError(email)).toBeUndefined();
    },
  );

  it.each([
    'plainaddress',
    'no-at.example.com',
    'two@@example.com',
    'user@domain',
    'user@domain.c',
    'us er@example.com',
    'user@exa mple.com',
    'user@example.c0m',
  ])('rejects %s with the required message', (email) => {
    expect(emailError(email)).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('asks for an address when empty', () => {
    expect(emailError('')).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(emailError('   ')).toBe('Email is required');
  });

  it('uses the exact required texts', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Invalid email address');
  });
});

describe('emailSchema and normalizeEmail', () => {
  it('trims before checking and lower-cases for storage', () => {
    expect(emailSchema.parse('  Owner@Acme.com ')).toBe('Owner@Acme.com');
    expect(normalizeEmail('  Owner@Acme.COM ')).toBe('owner@acme.com');
  });
});
