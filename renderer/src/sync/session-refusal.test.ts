import { describe, expect, it } from 'vitest';
import { isSessionRefusal } from './session-refusal.ts';

describe('a refusal for who sent the request', () => {
  it('is an expired, invalid or missing session, or an account without the right', () => {
    expect(isSessionRefusal({ message: 'JWT expired', code: 'PGRST303', status: 401 })).toBe(true);
    expect(isSessionRefusal({ message: 'permission denied for function decide_application', code: '42501' })).toBe(
      true,
    );
    expect(isSessionRefusal({ message: 'Forbidden', status: 403 })).toBe(true);
    expect(isSessionRefusal({ message: 'invalid JWT: unable to parse or verify signature' })).toBe(true);
  });

  it('is not a refusal of what was asked', () => {
    expect(isSessionRefusal({ message: 'No application has this id', code: 'P0002', status: 404 })).toBe(false);
    expect(isSessionRefusal({ message: 'This application is no longer pending', code: 'PT409', status: 409 })).toBe(
      false,
    );
    expect(isSessionRefusal({ message: 'Failed to fetch', status: 0 })).toBe(false);
  });
});
