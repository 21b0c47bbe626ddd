import { describe, expect, it } from 'vitest';
import {
  adminLoginSchema,
  credentialsError,
  forgotPasswordSchema,
  portalCredentialsSchema,
  resetPasswordSchema,
} from './auth.ts';
import { fieldErrors } from './field-errors.ts';

describe('authentication rules (product.md §5)', () => {
  it.each([
    [{ email: 'a@b.co', password: 'secret' }, undefined],
    [{ phone: '5550104200', password: 'secret' }, undefined],
    [{ email: 'a@b.co' }, 'You must provide either an email or phone number and a password'],
    [{ password: 'secret' }, 'You must provide either an email or phone number and a password'],
    [{ email: ' ', phone: '', password: 'secret' }, 'You must provide either an email or phone number and a password'],
    [{}, 'You must provide either an email or phone number and a password'],
  ])('credentials %j give %j', (credentials, message) => {
    expect(credentialsError(credentials)).toBe(message);
  });

  it.each([
    [{ email: 'owner@acme.com', password: 'secret' }, {}],
    [{ email: '', password: 'secret' }, { email: 'Email is required' }],
    [{ email: 'owner@acme', password: 'secret' }, { email: 'Invalid email address' }],
    [{ email: 'owner@acme.com', password: '' }, { password: 'Password is required' }],
    [{ email: 'owner@acme.com', password: '12345' }, { password: 'Password must be at least 6 characters long' }],
    [{ email: 'owner@acme.com', password: '123456' }, {}],
  ])('portal sign-in and sign-up %j give %j', (values, errors) => {
    expect(fieldErrors(portalCredentialsSchema, values)).toEqual(errors);
  });

  it('forgot password needs an e-mail', () => {
    expect(fieldErrors(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(fieldErrors(forgotPasswordSchema, { email: 'owner@acme.com' })).toEqual({});
  });

  it.each([
    [{ password: 'secret1', confirmPassword: 'secret1' }, {}],
    [{ password: 'secret1', confirmPassword: 'secret2' }, { confirmPassword: 'Passwords do not match' }],
    [{ password: '12345', confirmPassword: '12345' }, { password: 'Password must be at least 6 characters long' }],
  ])('reset password %j gives %j', (values, errors) => {
    expect(fieldErrors(resetPasswordSchema, values)).toEqual(errors);
  });

  it('admin login needs both fields, and nothing more', () => {
    expect(fieldErrors(adminLoginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(fieldErrors(adminLoginSchema, { email: 'admin@example.com', password: 'x' })).toEqual({});
  });
});
