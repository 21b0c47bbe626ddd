import { describe, expect, it } from 'vitest';
import { applicantStatusLabel, applicationEventKinds, applicationEventLabels } from './timeline.ts';

describe('application timeline', () => {
  it('names every kind of event the database writes', () => {
    expect(Object.keys(applicationEventLabels).sort()).toEqual([...applicationEventKinds].sort());
  });

  it('tells an applicant whether an officer or the evaluation declined the application', () => {
    expect(applicantStatusLabel('pending', null)).toBe('In review');
    expect(applicantStatusLabel('approved', '2026-11-20T10:00:00Z')).toBe('Approved');
    expect(applicantStatusLabel('rejected', null)).toBe('Not qualified');
    expect(applicantStatusLabel('rejected', '2026-11-20T10:00:00Z')).toBe('Declined');
  });
});
