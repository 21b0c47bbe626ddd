import { describe, expect, it } from 'vitest';
import { consentAnswerEmail } from './officer-events.ts';

describe('consentAnswerEmail', () => {
  const answer = {
    lender: 'Sierra Community Bank',
    applicationId: '015d7f35-0000-4000-8000-000000000000',
    businessName: 'Lopez Family Bakery',
    applicantName: 'Maria Lopez',
  };

  it('tells the officer who answered what, for which lender, with the application one click away', () => {
    const mail = consentAnswerEmail({ ...answer, kind: 'consent_approved' }, 'ana@example.com', 'https://x.example');
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Lopez Family Bakery: the applicant approved Sierra Community Bank');
    expect(mail.text).toBe(
      'Maria Lopez (Lopez Family Bakery) approved sending the loan package to Sierra Community Bank.\n\n' +
        'You can send the package to this lender now, from the Bank Packages of the application: ' +
        'https://x.example/admin?list=approved&application=015d7f35-0000-4000-8000-000000000000',
    );
    expect(mail.html).toContain(
      '<a href="https://x.example/admin?list=approved&amp;application=015d7f35-0000-4000-8000-000000000000">',
    );
  });

  it('says what a decline and a withdrawal mean', () => {
    const declined = consentAnswerEmail(
      { ...answer, kind: 'consent_declined' },
      'ana@example.com',
      'https://x.example',
    );
    expect(declined.subject).toBe('Lopez Family Bakery: the applicant declined Sierra Community Bank');
    expect(declined.text).toContain('Nothing goes to this lender.');
    const withdrawn = consentAnswerEmail(
      { ...answer, kind: 'consent_withdrawn' },
      'ana@example.com',
      'https://x.example',
    );
    expect(withdrawn.subject).toBe('Lopez Family Bakery: the applicant withdrew Sierra Community Bank');
    expect(withdrawn.text).toContain('The lender links already sent to this lender for the application are closed.');
  });
});
