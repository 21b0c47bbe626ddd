import { describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand/brand.ts';
import type { ChecklistItem } from '../../../shared/checklist/document-checklist.ts';
import { documentEmailPolicyFrom, reminderEmail, reviewsEmail } from './document-emails.ts';

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

describe("the applicant's document e-mails", () => {
  const applicant = { email: 'ana@example.com', firstName: 'Ana', businessName: 'Ana Bakery', hasAccount: true };
  const site = 'https://loans.example.com';
  const outstanding = (title: string): ChecklistItem =>
    ({ title, state: 'missing', dueDate: null, reasons: [] }) as unknown as ChecklistItem;

  it('say "document" in the subject when there is one, "documents" when there are more', () => {
    const review = { fileName: 'returns.pdf', accepted: true, reason: null };
    expect(reviewsEmail(applicant, [review], site).subject).toBe(
      `${brand.productName}: Your loan officer reviewed your document`,
    );
    expect(reviewsEmail(applicant, [review, { ...review, fileName: 'bank.pdf' }], site).subject).toBe(
      `${brand.productName}: Your loan officer reviewed your documents`,
    );
    expect(reminderEmail(applicant, [outstanding('Tax Returns')], site).subject).toBe(
      `${brand.productName}: A reminder: a document is still needed`,
    );
    expect(reminderEmail(applicant, [outstanding('Tax Returns'), outstanding('ID Document')], site).subject).toBe(
      `${brand.productName}: A reminder: documents are still needed`,
    );
  });
});
