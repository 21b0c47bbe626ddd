import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../shared/ipc/channels.ts';
import { sampleReviewIntent, sampleStageIntent } from '../../shared/testing/samples.ts';
import {
  cachedCountText,
  entryText,
  keptForAccountText,
  othersKeptText,
  notAppliedText,
  queuedCountText,
  settledCountText,
} from './outbox-text.ts';

const queued = { createdAt: '2026-11-23T01:00:00Z', state: 'pending', attempts: 0 } as const;
const settled = { lastError: null, serverState: null, settledAt: null } as const;
const applicationId = '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c';

function decision(id: number, label: string): OutboxEntry {
  return {
    kind: 'decide',
    applicationId,
    decision: 'approved',
    reason: '',
    expectedStatus: 'pending',
    label,
    ...queued,
    ...settled,
    id,
  };
}

function note(id: number, body: string): OutboxEntry {
  const noteId = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
  return { kind: 'note', applicationId, noteId, body, label: 'Reyes Bakery', ...queued, ...settled, id };
}

function review(id: number, outcome: 'accepted' | 'needs_replacement'): OutboxEntry {
  const reason = outcome === 'accepted' ? null : 'Send the 2025 return.';
  return { ...sampleReviewIntent, outcome, reason, ...queued, ...settled, id };
}

function stage(id: number, recorded: 'in_closing' | 'funded' | 'did_not_close' = 'in_closing'): OutboxEntry {
  return { ...sampleStageIntent, stage: recorded, ...queued, ...settled, id };
}

describe('the outbox in words', () => {
  it('names a loan stage by the stage and the business, and says its stage was changed meanwhile', () => {
    expect(entryText(stage(1))).toBe('Record In closing for Harbor Cafe');
    expect(entryText(stage(2, 'did_not_close'))).toBe('Record Did not close for Harbor Cafe');
    expect(notAppliedText(stage(3, 'funded'))).toBe(
      'Record Funded for Harbor Cafe was not applied: the loan’s stage was changed meanwhile.',
    );
    expect(queuedCountText([stage(1)])).toBe('1 loan stage queued');
    expect(queuedCountText([decision(1, 'A'), stage(2), stage(3)])).toBe('1 decision and 2 loan stages queued');
  });

  it('names a decision by its verb and business, a note by its business and its text on one line', () => {
    expect(entryText(decision(1, 'Harbor Cafe'))).toBe('Approve Harbor Cafe');
    expect(entryText(note(2, 'Called the owner:\n  tax returns next week.'))).toBe(
      'Note on Reyes Bakery: "Called the owner: tax returns next week."',
    );
  });

  it('names a review by what it does, the file and the business', () => {
    expect(entryText(review(1, 'accepted'))).toBe('Accept tax-return-2025.pdf of Harbor Cafe');
    expect(entryText(review(2, 'needs_replacement'))).toBe('Send back tax-return-2025.pdf of Harbor Cafe');
  });

  it('says what was changed meanwhile when a change was not applied: the document of a review', () => {
    expect(notAppliedText(review(1, 'accepted'))).toBe(
      'Accept tax-return-2025.pdf of Harbor Cafe was not applied: the document was changed meanwhile.',
    );
    expect(notAppliedText(decision(2, 'Reyes Bakery'))).toBe(
      'Approve Reyes Bakery was not applied: the application was changed meanwhile.',
    );
  });

  it('shortens a long note to 80 characters', () => {
    const text = entryText(note(1, 'word '.repeat(100)));
    expect(text).toBe(`Note on Reyes Bakery: "${'word '.repeat(16).slice(0, 79)}…"`);
  });

  it('counts decisions, notes and reviews apart', () => {
    expect(queuedCountText([])).toBe('0 decisions queued');
    expect(queuedCountText([decision(1, 'A')])).toBe('1 decision queued');
    expect(queuedCountText([note(1, 'x'), note(2, 'y')])).toBe('2 notes queued');
    expect(queuedCountText([decision(1, 'A'), decision(2, 'B'), note(3, 'x')])).toBe('2 decisions and 1 note queued');
    expect(queuedCountText([review(1, 'accepted')])).toBe('1 review queued');
    expect(queuedCountText([note(1, 'x'), review(2, 'accepted'), review(3, 'needs_replacement')])).toBe(
      '1 note and 2 reviews queued',
    );
    expect(queuedCountText([review(1, 'accepted'), note(2, 'x'), decision(3, 'A')])).toBe(
      '1 decision, 1 note and 1 review queued',
    );
  });

  it('sums up how the changes sent ended: sent, or not applied (a conflict or a refusal)', () => {
    const ended = (entry: OutboxEntry, state: OutboxEntry['state']): OutboxEntry => ({ ...entry, state });
    const done = ended(decision(1, 'A'), 'done');
    expect(settledCountText([done])).toBe('1 change sent');
    expect(settledCountText([done, ended(note(2, 'x'), 'done')])).toBe('2 changes sent');
    expect(settledCountText([done, ended(decision(3, 'B'), 'conflict'), ended(note(4, 'y'), 'refused')])).toBe(
      '1 change sent, 2 not applied',
    );
    expect(settledCountText([ended(decision(3, 'B'), 'conflict')])).toBe('1 change not applied');
  });
});

describe('the counts of what is on this computer', () => {
  it('says one application, or several', () => {
    expect(cachedCountText(1)).toBe('1 application on this computer');
    expect(cachedCountText(0)).toBe('0 applications on this computer');
    expect(cachedCountText(12)).toBe('12 applications on this computer');
  });

  it('says whose queued changes are kept, in the singular or the plural', () => {
    expect(keptForAccountText(1)).toBe(
      '1 change queued on this computer is kept for the account that made it: sent when that account signs in again, never under another account.',
    );
    expect(othersKeptText(2)).toBe(
      '2 changes another account queued on this computer are kept until that account signs in again; they are not sent under your name.',
    );
  });
});
