import { describe, expect, it } from 'vitest';
import {
  applicationChoiceLabel,
  currentApplication,
  documentsOf,
  forApplicationSentence,
  shownApplication,
  submittedOn,
} from './current-application.ts';

const application = (business_name: string, status: 'pending' | 'approved' | 'rejected', created_at: string) => ({
  id: `${business_name}-${created_at}`,
  business_name,
  status,
  created_at,
});

describe('the application documents and additional information go to', () => {
  it('is the newest one still open, past a newer declined or not-qualified one', () => {
    const newestDeclined = application('Second Try Bakery', 'rejected', '2026-11-20T10:00:00Z');
    const open = application('Harbor Cafe', 'pending', '2026-11-01T10:00:00Z');
    const older = application('Old Cafe', 'approved', '2026-10-01T10:00:00Z');
    expect(currentApplication([newestDeclined, open, older])).toBe(open);
    expect(currentApplication([older])).toBe(older);
  });

  it('is the newest one when every one is declined, and none without applications', () => {
    const newest = application('Second Try Bakery', 'rejected', '2026-11-20T10:00:00Z');
    expect(currentApplication([newest, application('Old Cafe', 'rejected', '2026-10-01T10:00:00Z')])).toBe(newest);
    expect(currentApplication([])).toBeUndefined();
  });

  it('is the one the applicant chose, else the current one (an unknown or stale choice too)', () => {
    const open = application('Harbor Cafe', 'pending', '2026-11-01T10:00:00Z');
    const older = application('Harbor Cafe', 'approved', '2026-10-01T10:00:00Z');
    expect(shownApplication([open, older], older.id)).toBe(older);
    expect(shownApplication([open, older], null)).toBe(open);
    expect(shownApplication([open, older], 'gone')).toBe(open);
    expect(shownApplication([], null)).toBeUndefined();
  });

  it('is named with its business and the date it was submitted', () => {
    const harbor = application('Harbor Cafe', 'pending', '2026-11-01T18:00:00Z');
    expect(forApplicationSentence(harbor, [harbor, application('Old Cafe', 'approved', '2026-10-01T10:00:00Z')])).toBe(
      'For your application for Harbor Cafe, submitted November 1, 2026.',
    );
  });

  it('is told from the others by its amount, date and status', () => {
    const declined = application('Harbor Cafe', 'rejected', '2026-11-01T18:00:00Z');
    expect(
      applicationChoiceLabel({ ...declined, loan_amount: '250000-500000', decided_at: '2026-11-02T18:00:00Z' }, [
        declined,
      ]),
    ).toBe('Harbor Cafe · $250,000 - $500,000 · submitted November 1, 2026 · Declined');
  });

  it('is told from another submitted the same day by its time', () => {
    // Times in the runtime's zone, as the page shows them: made here at 9:05 and 14:40 local time.
    const morning = application('Lee Auto Repair', 'pending', new Date(2026, 10, 30, 9, 5).toISOString());
    const afternoon = application('Lee Auto Repair', 'pending', new Date(2026, 10, 30, 14, 40).toISOString());
    const earlier = application('Lee Auto Repair', 'rejected', new Date(2026, 9, 2, 11, 0).toISOString());
    const all = [afternoon, morning, earlier];
    const read = (text: string) => text.replace(/\s/gu, ' ');
    expect(read(submittedOn(morning, all))).toBe('November 30, 2026 at 9:05 AM');
    expect(read(submittedOn(afternoon, all))).toBe('November 30, 2026 at 2:40 PM');
    expect(submittedOn(earlier, all)).toBe('October 2, 2026');
    expect(read(forApplicationSentence(afternoon, all))).toBe(
      'For your application for Lee Auto Repair, submitted November 30, 2026 at 2:40 PM.',
    );
  });
});

describe('the documents shown with an application', () => {
  const open = application('Harbor Cafe', 'pending', '2026-11-01T10:00:00Z');
  const older = application('Harbor Cafe', 'approved', '2026-10-01T10:00:00Z');
  const documents = [
    { id: 'for-open', application_id: open.id },
    { id: 'for-older', application_id: older.id },
    { id: 'unlinked', application_id: null },
  ];
  const ids = (shown: typeof open | undefined, applications = [open, older]) =>
    documentsOf(documents, applications, shown).map((document) => document.id);

  it('are the ones linked to it; those linked to none go with the current application', () => {
    expect(ids(open)).toEqual(['for-open', 'unlinked']);
    expect(ids(older)).toEqual(['for-older']);
  });

  it('are all of them when there is no application', () => {
    expect(ids(undefined, [])).toEqual(['for-open', 'for-older', 'unlinked']);
  });
});
