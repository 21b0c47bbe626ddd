import { describe, expect, it } from 'vitest';
import { hashText } from './address-hash.ts';

describe('hashText', () => {
  it('is the decoded part after #', () => {
    expect(hashText('#how%20it%20works')).toBe('how it works');
    expect(hashText('#Khsh-_9')).toBe('Khsh-_9');
    expect(hashText('')).toBe('');
  });

  it('gives a part that does not decode as it is, instead of throwing', () => {
    expect(hashText('#%E0%A4%A')).toBe('%E0%A4%A');
  });
});
