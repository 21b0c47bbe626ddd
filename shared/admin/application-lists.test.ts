import { describe, expect, it } from 'vitest';
import { applicationListCounts, applicationListOf, officerStatusLabel } from './application-lists.ts';

describe('an application’s list and the status the officer reads', () => {
  it.each([
    ['pending', null, 'pending', 'pending'],
    ['approved', '2026-11-20T10:00:00Z', 'approved', 'approved'],
    ['rejected', '2026-11-20T10:00:00Z', 'rejected', 'rejected'],
    ['rejected', null, 'notQualified', 'not qualified'],
  ] as const)('%s decided at %s is in %s and reads "%s"', (status, decidedAt, list, label) => {
    expect(applicationListOf({ status, decided_at: decidedAt })).toBe(list);
    expect(officerStatusLabel({ status, decided_at: decidedAt })).toBe(label);
  });
});

describe('the lists’ counts', () => {
  it('counts every list, a list the grouped count left out as 0, a bigint given as a string as its number', () => {
    expect(
      applicationListCounts([
        { list: 'pending', applications: '12' },
        { list: 'pipeline', applications: 3 },
        { list: 'archived', applications: 9 },
      ]),
    ).toEqual({ pending: 12, approved: 0, pipeline: 3, notQualified: 0, rejected: 0 });
  });
});
