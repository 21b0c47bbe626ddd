import { describe, expect, it } from 'vitest';
import { currentApplication, forApplicationSentence } from './current-application.ts';

const application = (business_name: string, status: 'pending' | 'approved' | 'rejected', created_at: string) => ({
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

  it('is named with its business and the date it was submitted', () => {
    expect(forApplicationSentence(application('Harbor Cafe', 'pending', '2026-11-01T18:00:00Z'))).toBe(
      'For your application for Harbor Cafe, submitted November 1, 2026.',
    );
  });
});
