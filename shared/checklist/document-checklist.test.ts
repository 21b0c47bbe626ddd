import { describe, expect, it } from 'vitest';
import { checklistCases, checklistInputOf } from '../../tests/support/checklist-cases.ts';
import { checklistSummary, documentChecklist } from './document-checklist.ts';

describe('the document checklist, on the table of cases', () => {
  it.each(checklistCases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    const checklist = documentChecklist(checklistInputOf(testCase.steps));
    expect(checklist.counts).toEqual(testCase.counts);
    expect(checklist.state).toBe(testCase.state);
    for (const [key, state] of Object.entries(testCase.items ?? {})) {
      expect(checklist.items.find((item) => item.key === key)?.state, key).toBe(state);
    }
  });
});

describe('what each item shows', () => {
  it('lists the six in their order, then the requests oldest first, with titles and descriptions', () => {
    const checklist = documentChecklist(
      checklistInputOf([
        { request: 'franchise', title: 'Franchise agreement' },
        { request: 'debt', title: 'Debt schedule' },
      ]),
    );
    expect(checklist.items.map((item) => item.title)).toEqual([
      'Tax Returns',
      'Financial Statements',
      'Bank Statements',
      'Business License',
      'Lease Agreement',
      'ID Document',
      'Franchise agreement',
      'Debt schedule',
    ]);
    expect(checklist.items[6]).toMatchObject({ kind: 'requested', description: 'Franchise agreement, as discussed' });
  });

  it('keeps a replaced document as history and gives the reason of a flagged one', () => {
    const checklist = documentChecklist(
      checklistInputOf([
        { upload: 'old', type: 'businessLicense' },
        { review: 'old', outcome: 'needs_replacement', reason: 'Expired in 2024.' },
        { upload: 'new', type: 'businessLicense', replaces: 'old' },
        { review: 'new', outcome: 'needs_replacement', reason: 'Still the 2024 one.' },
      ]),
    );
    const license = checklist.items.find((item) => item.key === 'businessLicense')!;
    expect(license.current.map(({ document }) => document.id)).toEqual(['new']);
    expect(license.replaced.map(({ document }) => document.id)).toEqual(['old']);
    expect(license.replaced[0]!.reviews.map((review) => review.reason)).toEqual(['Expired in 2024.']);
    expect(license.reasons).toEqual(['Still the 2024 one.']);
  });

  it('gives a cancelled request’s reason, and no reason for an accepted item', () => {
    const checklist = documentChecklist(
      checklistInputOf([
        { request: 'franchise', title: 'Franchise agreement' },
        { cancel: 'franchise', reason: 'Not a franchise.' },
        { upload: 'returns', type: 'taxReturns' },
        { review: 'returns', outcome: 'needs_replacement', reason: 'Unreadable.' },
        { review: 'returns', outcome: 'accepted' },
      ]),
    );
    expect(checklist.items.find((item) => item.key === 'franchise')?.reasons).toEqual(['Not a franchise.']);
    expect(checklist.items.find((item) => item.key === 'taxReturns')?.reasons).toEqual([]);
  });
});

describe('the readiness figure', () => {
  it.each([
    [
      { accepted: 5, awaiting_review: 0, needs_replacement: 1, missing: 1, total: 7 },
      '5 of 7 accepted, 1 needs replacement, 1 missing',
    ],
    [
      { accepted: 0, awaiting_review: 2, needs_replacement: 2, missing: 2, total: 6 },
      '0 of 6 accepted, 2 awaiting review, 2 need replacement, 2 missing',
    ],
    [{ accepted: 6, awaiting_review: 0, needs_replacement: 0, missing: 0, total: 6 }, '6 of 6 accepted'],
  ])('%o reads %s', (counts, text) => {
    expect(checklistSummary(counts)).toBe(text);
  });
});
