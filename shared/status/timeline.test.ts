import { describe, expect, it } from 'vitest';
import {
  applicantStatusLabel,
  applicationEventKinds,
  applicationEventLabels,
  applicationEventText,
  officerEventLabels,
} from './timeline.ts';

describe('application timeline', () => {
  it('names every kind of event the database writes', () => {
    expect(Object.keys(applicationEventLabels).sort()).toEqual([...applicationEventKinds].sort());
  });

  it("gives the officer an officer's rejection in both words, and every other event as the applicant reads it", () => {
    const rejected = { kind: 'rejected', subject: null } as const;
    expect(applicationEventText(rejected)).toBe('Declined');
    expect(applicationEventText(rejected, officerEventLabels)).toBe('Rejected (shown to the applicant as Declined)');
    const others = applicationEventKinds.filter((kind) => kind !== 'rejected');
    for (const kind of others) expect(officerEventLabels[kind]).toBe(applicationEventLabels[kind]);
  });

  it('tells an applicant whether an officer or the evaluation declined the application', () => {
    expect(applicantStatusLabel('pending', null)).toBe('In review');
    expect(applicantStatusLabel('approved', '2026-11-20T10:00:00Z')).toBe('Approved');
    // Once an offer is accepted, where the loan stands, in the timeline's words.
    expect(applicantStatusLabel('approved', '2026-11-20T10:00:00Z', 'accepted')).toBe('Approved · Offer accepted');
    expect(applicantStatusLabel('approved', '2026-11-20T10:00:00Z', 'in_closing')).toBe('Approved · Loan in closing');
    expect(applicantStatusLabel('approved', '2026-11-20T10:00:00Z', 'funded')).toBe('Approved · Loan funded');
    expect(applicantStatusLabel('approved', '2026-11-20T10:00:00Z', 'did_not_close')).toBe(
      'Approved · Loan did not close',
    );
    expect(applicantStatusLabel('rejected', null)).toBe('Not qualified');
    expect(applicantStatusLabel('rejected', '2026-11-20T10:00:00Z')).toBe('Declined');
  });
});
