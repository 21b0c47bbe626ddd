import { describe, expect, it } from 'vitest';
import { signToken } from '../keys.ts';
import { authenticateRequest } from './request-auth.ts';

const secretText = 'a'.repeat(48);
const secret = new TextEncoder().encode(secretText);

describe('authenticateRequest', () => {
  it('accepts a token of an API role signed with our secret, from the bearer header or apikey', async () => {
    const token = await signToken(secretText, { role: 'authenticated', sub: 'u1' }, 60);
    expect(await authenticateRequest(secret, { authorization: `Bearer ${token}` })).toMatchObject({
      role: 'authenticated',
      claims: { sub: 'u1' },
    });
    expect(await authenticateRequest(secret, { apikey: token })).toMatchObject({ role: 'authenticated' });
  });

  it('refuses missing, foreign-role, wrongly signed and expired tokens', async () => {
    expect(await authenticateRequest(secret, {})).toEqual({ reason: 'missing' });
    const superuser = await signToken(secretText, { role: 'postgres' }, 60);
    expect(await authenticateRequest(secret, { apikey: superuser })).toEqual({ reason: 'invalid' });
    const foreign = await signToken('b'.repeat(48), { role: 'service_role' }, 60);
    expect(await authenticateRequest(secret, { apikey: foreign })).toEqual({ reason: 'invalid' });
    const expired = await signToken(secretText, { role: 'anon' }, -5);
    expect(await authenticateRequest(secret, { apikey: expired })).toEqual({ reason: 'expired' });
  });

  it('stops accepting a remembered token once it expires', async () => {
    const token = await signToken(secretText, { role: 'anon' }, 1);
    expect(await authenticateRequest(secret, { apikey: token })).toMatchObject({ role: 'anon' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await authenticateRequest(secret, { apikey: token })).toEqual({ reason: 'expired' });
  });

  it('does not accept a token verified with another secret', async () => {
    const token = await signToken(secretText, { role: 'service_role' }, 60);
    expect(await authenticateRequest(secret, { apikey: token })).toMatchObject({ role: 'service_role' });
    const otherSecret = new TextEncoder().encode('c'.repeat(48));
    expect(await authenticateRequest(otherSecret, { apikey: token })).toEqual({ reason: 'invalid' });
  });
});
