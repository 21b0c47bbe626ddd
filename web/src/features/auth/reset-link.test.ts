import { describe, expect, it } from 'vitest';
import { readResetLink, tokensAccount } from './reset-link.ts';

describe('readResetLink', () => {
  it('reads the e-mail’s token_hash when type is recovery', () => {
    expect(readResetLink({ hash: '', search: '?token_hash=t0k&type=recovery' })).toEqual({
      kind: 'tokenHash',
      tokenHash: 't0k',
    });
    expect(readResetLink({ hash: '', search: '?token_hash=t0k&type=signup' })).toEqual({ kind: 'none' });
  });

  it('reads the tokens from the hash', () => {
    expect(readResetLink({ hash: '#access_token=a&refresh_token=r&type=recovery', search: '' })).toEqual({
      kind: 'tokens',
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it('reads them from the query string only when type is recovery', () => {
    expect(readResetLink({ hash: '', search: '?type=recovery&access_token=a&refresh_token=r' })).toMatchObject({
      kind: 'tokens',
    });
    expect(readResetLink({ hash: '', search: '?access_token=a&refresh_token=r' })).toEqual({ kind: 'none' });
  });

  it('reports the error of a used or expired link', () => {
    expect(
      readResetLink({ hash: '#error=access_denied&error_code=otp_expired&error_description=Link+expired', search: '' }),
    ).toEqual({ kind: 'error', description: 'Link expired' });
  });

  it('finds nothing for a PKCE code (supabase-js exchanges it)', () => {
    expect(readResetLink({ hash: '', search: '?code=abc' })).toEqual({ kind: 'none' });
  });
});

/** An access token's shape with these claims (the signature is not read). */
const tokenWith = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('tokensAccount', () => {
  it('reads whose session a link carries, and whether it came from a reset', () => {
    expect(tokensAccount(tokenWith({ sub: 'u1', amr: [{ method: 'recovery', timestamp: 1 }] }))).toEqual({
      userId: 'u1',
      fromReset: true,
    });
    expect(tokensAccount(tokenWith({ sub: 'u1', amr: [{ method: 'password', timestamp: 1 }] }))).toEqual({
      userId: 'u1',
      fromReset: false,
    });
    expect(tokensAccount(tokenWith({ sub: 'u1' }))).toEqual({ userId: 'u1', fromReset: false });
  });

  it('reads claims written in base64url, whatever their length', () => {
    for (const name of ['a', 'ab', 'abc', 'é~?>', 'Zoë 名前']) {
      expect(tokensAccount(tokenWith({ sub: name, amr: [{ method: 'recovery' }] }))?.userId).toBe(name);
    }
  });

  it('knows nothing of what is not a token', () => {
    expect(tokensAccount('not-a-token')).toBeUndefined();
    expect(tokensAccount('a.%%%.c')).toBeUndefined();
    expect(tokensAccount(tokenWith({ amr: [{ method: 'recovery' }] }))).toBeUndefined();
  });
});
