import { describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand/brand.ts';
import type { ChecklistItem } from '../../../shared/checklist/document-checklist.ts';
import { documentEmailPolicyFrom, documentUpdateEmail, reminderEmail } from './document-emails.ts';

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

  const nothing = { requests: [], cancellations: [], reviews: [] };
  const review = { fileName: 'returns.pdf', accepted: true, reason: null };
  const request = { title: 'Debt schedule', dueDate: null };
  const cancellation = { title: 'Franchise agreement', reason: 'You own it outright.' };

  it('say "document" in the subject when there is one, "documents" when there are more', () => {
    const subject = (update: Partial<Parameters<typeof documentUpdateEmail>[1]>) =>
      documentUpdateEmail(applicant, { ...nothing, ...update }, site).subject.replace(`${brand.productName}: `, '');
    expect(subject({ reviews: [review] })).toBe('Your loan officer reviewed your document');
    expect(subject({ reviews: [review, { ...review, fileName: 'bank.pdf' }] })).toBe(
      'Your loan officer reviewed your documents',
    );
    expect(subject({ requests: [request] })).toBe('Your loan officer asked for a document');
    expect(subject({ requests: [request, { ...request, title: 'Lease' }] })).toBe(
      'Your loan officer asked for 2 documents',
    );
    expect(subject({ cancellations: [cancellation] })).toBe('Your loan officer cancelled a document request');
    expect(subject({ cancellations: [cancellation, { ...cancellation, title: 'Lease' }] })).toBe(
      'Your loan officer cancelled 2 document requests',
    );
    expect(subject({ requests: [request], reviews: [review] })).toBe('Your loan officer has news about your documents');
    expect(reminderEmail(applicant, [outstanding('Tax Returns')], site).subject).toBe(
      `${brand.productName}: A reminder: a document is still needed`,
    );
    expect(reminderEmail(applicant, [outstanding('Tax Returns'), outstanding('ID Document')], site).subject).toBe(
      `${brand.productName}: A reminder: documents are still needed`,
    );
  });

  it('names each document asked for, with its due day, and where to upload it', () => {
    const mail = documentUpdateEmail(
      { ...applicant, businessName: 'Lopez & Sons Bakery' },
      { ...nothing, requests: [request, { title: 'Lease', dueDate: '2027-01-04' }] },
      site,
    );
    expect(mail.text).toContain(
      'Your loan officer asked for 2 documents for Lopez & Sons Bakery:\n\n• Debt schedule.\n• Lease, due January 4, 2027.',
    );
    expect(mail.text).toContain(
      'Each request in your client portal says exactly what is needed, and you can upload them there.',
    );
    expect(mail.text).not.toContain('reviewed');
  });

  it('does not ask for a file the applicant uploaded before the e-mail went', () => {
    const mail = documentUpdateEmail(applicant, { ...nothing, requests: [{ ...request, answeredSince: true }] }, site);
    expect(mail.text).toContain('• Debt schedule: you have uploaded a file for it since.');
  });

  it('tells a cancelled request with the officer’s reason', () => {
    const mail = documentUpdateEmail(applicant, { ...nothing, cancellations: [cancellation] }, site);
    expect(mail.text).toContain(
      "Your loan officer cancelled a document request for Ana Bakery:\n\n• Franchise agreement: no longer needed, there is nothing to upload for it. Your loan officer's note: You own it outright.",
    );
  });

  it('tells requests, cancellations and reviews of one batch in one e-mail, in that order', () => {
    const mail = documentUpdateEmail(
      applicant,
      {
        requests: [request],
        cancellations: [cancellation],
        reviews: [{ ...review, accepted: false, reason: 'Unsigned.' }],
      },
      site,
    );
    const asked = mail.text.indexOf('asked for a document');
    const cancelled = mail.text.indexOf('cancelled a document request');
    const reviewed = mail.text.indexOf('reviewed a document');
    expect(asked).toBeGreaterThan(-1);
    expect(cancelled).toBeGreaterThan(asked);
    expect(reviewed).toBeGreaterThan(cancelled);
    expect(mail.text).toContain("• returns.pdf: needs replacement. Your loan officer's note: Unsigned.");
  });
});
