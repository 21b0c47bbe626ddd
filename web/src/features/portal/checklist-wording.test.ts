import { describe, expect, it } from 'vitest';
import { documentChecklist, type ChecklistCounts } from '../../../../shared/checklist/document-checklist.ts';
import { applicantChecklistStatus, keptBecause } from './checklist-wording.ts';

const counts = (change: Partial<ChecklistCounts>): ChecklistCounts => ({
  accepted: 0,
  awaiting_review: 0,
  needs_replacement: 0,
  missing: 0,
  total: 6,
  ...change,
});

describe('where the documents stand, in the applicant’s words', () => {
  it('tells an applicant with nothing uploaded that documents are missing', () => {
    const checklist = documentChecklist({ documents: [], reviews: [], requests: [], notNeeded: [] });
    expect(applicantChecklistStatus(checklist)).toBe('Some documents are missing.');
  });

  it.each([
    [counts({ missing: 1, needs_replacement: 1, accepted: 4 }), 'Some documents are missing and some need replacing.'],
    [counts({ needs_replacement: 2, accepted: 4 }), 'Some documents need replacing: your loan officer says why below.'],
    [counts({ missing: 2, awaiting_review: 4 }), 'Some documents are missing.'],
  ])('waiting on the applicant with %o: %s', (waiting, text) => {
    expect(applicantChecklistStatus({ state: 'waiting_on_applicant', counts: waiting })).toBe(text);
  });

  it('says the officer is reviewing once everything is in, and when all is accepted', () => {
    expect(applicantChecklistStatus({ state: 'ready_for_review', counts: counts({ awaiting_review: 6 }) })).toBe(
      'Everything is in: your loan officer is reviewing it.',
    );
    expect(applicantChecklistStatus({ state: 'complete', counts: counts({ accepted: 6 }) })).toBe(
      'All your documents are accepted.',
    );
  });

  it('does not call an application with nothing outstanding accepted when nothing is needed', () => {
    expect(applicantChecklistStatus({ state: 'complete', counts: counts({ total: 0 }) })).toBe(
      'No documents are needed from you at the moment.',
    );
  });
});

describe('why a reviewed file has no Delete', () => {
  it('sends an accepted file’s changes to the loan officer, and a flagged one to a replacement', () => {
    expect(keptBecause('accepted')).toMatch(/accepted this file, so it stays with your application/);
    expect(keptBecause('needs_replacement')).toMatch(/upload a replacement for it instead/);
  });
});
