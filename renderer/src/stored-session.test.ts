import { describe, expect, it } from 'vitest';
import { storedAccount } from './stored-session.ts';

function storage(entries: Record<string, string>) {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
  };
}

describe('the session kept in storage', () => {
  it('names the account of a stored session that can be renewed', () => {
    const session = { access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: 'officer-1' } };
    expect(storedAccount(storage({ theme: 'dark', 'sb-127-auth-token': JSON.stringify(session) }))).toBe('officer-1');
  });

  it('is none without a stored session, or with one that cannot be renewed or read', () => {
    expect(storedAccount(storage({}))).toBeNull();
    expect(storedAccount(storage({ 'sb-127-auth-token': JSON.stringify({ user: { id: 'officer-1' } }) }))).toBeNull();
    expect(storedAccount(storage({ 'sb-127-auth-token': '{not json' }))).toBeNull();
  });
});
