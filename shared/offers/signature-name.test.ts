import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signatureNameMessage, signsAsApplicant } from './signature-name.ts';

const maria = { first_name: 'María', last_name: 'López-Garcia' };

describe('the full name that signs an acceptance', () => {
  it.each([
    'María López-Garcia',
    'maria lopez garcia',
    'MARIA LOPEZ-GARCIA',
    'Lopez Garcia, Maria',
    'María J. López-Garcia Jr.',
    '  María   López-Garcia  ',
  ])('signs as the applicant: %s', (typed) => {
    expect(signsAsApplicant(typed, maria)).toBe(true);
  });

  it.each(['Maria', 'López-Garcia', 'M. López-Garcia', 'Mario López-Garcia', 'Jordan Reyes', '', 'Maria Lopez'])(
    'does not: %s',
    (typed) => {
      expect(signsAsApplicant(typed, maria)).toBe(false);
    },
  );

  it('takes an apostrophe as nothing, whichever one the keyboard typed', () => {
    const applicant = { first_name: 'Sean', last_name: "O'Neil" };
    for (const typed of ['Sean O’Neil', 'sean oneil', "Sean O'Neil"])
      expect(signsAsApplicant(typed, applicant)).toBe(true);
  });

  it('never signs for an application without a name', () => {
    expect(signsAsApplicant('Anyone', { first_name: ' ', last_name: '' })).toBe(false);
  });

  it('always signs with the name as the application spells it, whatever the names', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (first, last) => {
        const applicant = { first_name: first, last_name: last };
        const named = signsAsApplicant(`${first} ${last}`, applicant);
        // A name with no letter or digit cannot be signed (nothing to compare); any other can, as it is spelled.
        const hasWords = /[\p{L}\p{N}]/u.test(`${first}${last}`.normalize('NFKD').replace(/\p{M}/gu, ''));
        expect(named).toBe(hasWords);
      }),
    );
  });

  it('tells the name to type', () => {
    expect(signatureNameMessage(maria)).toBe('Type your full name as it is on your application: María López-Garcia');
  });
});
