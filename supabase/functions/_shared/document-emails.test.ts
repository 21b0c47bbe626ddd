import { describe, expect, it } from 'vitest';
import { documentEmailPolicyFrom } from './document-emails.ts';

/** The hosted function reads its policy from its secrets as server/ reads it from its environment. */
describe('documentEmailPolicyFrom', () => {
  it('takes each unset or empty secret at its default', () => {
    const secrets: Record<string, string> = { DOCUMENT_REMINDER_DAYS: '' };
    expect(documentEmailPolicyFrom((name) => secrets[name])).toEqual({
      reviewBatchSeconds: 120,
      reminderDays: 3,
      reminderLimit: 3,
    });
  });

  it('reads each secret, and refuses a bad one naming it', () => {
    const secrets: Record<string, string> = {
      REVIEW_EMAIL_BATCH_SECONDS: '300',
      DOCUMENT_REMINDER_DAYS: '5',
      DOCUMENT_REMINDER_LIMIT: '0',
    };
    expect(documentEmailPolicyFrom((name) => secrets[name])).toEqual({
      reviewBatchSeconds: 300,
      reminderDays: 5,
      reminderLimit: 0,
    });
    expect(() => documentEmailPolicyFrom((name) => ({ DOCUMENT_REMINDER_DAYS: '0' })[name])).toThrow(
      'DOCUMENT_REMINDER_DAYS must be 1 or more',
    );
  });
});
