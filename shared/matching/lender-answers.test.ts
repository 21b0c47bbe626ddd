import { describe, expect, it } from 'vitest';
import { isAnswerAwaited, isAnswerOverdue } from './lender-answers.ts';

const now = new Date('2026-12-10T12:00:00Z');
const sent = { status: 'sent', answer_due_at: '2026-12-02T12:00:00Z', link_revoked_at: null } as const;

describe("a lender's answer to a package", () => {
  it('is awaited while the package is sent and its link not revoked', () => {
    expect(isAnswerAwaited(sent)).toBe(true);
    expect(isAnswerAwaited({ ...sent, status: 'generated' })).toBe(false);
    expect(isAnswerAwaited({ ...sent, status: 'interested' })).toBe(false);
    expect(isAnswerAwaited({ ...sent, link_revoked_at: '2026-11-30T12:00:00Z' })).toBe(false);
  });

  it('is overdue once its deadline has passed unanswered, but not when the lender can no longer answer', () => {
    expect(isAnswerOverdue(sent, now)).toBe(true);
    expect(isAnswerOverdue(sent, new Date('2026-12-01T12:00:00Z'))).toBe(false);
    expect(isAnswerOverdue({ ...sent, answer_due_at: null }, now)).toBe(false);
    expect(isAnswerOverdue({ ...sent, status: 'declined' }, now)).toBe(false);
    expect(isAnswerOverdue({ ...sent, link_revoked_at: '2026-11-30T12:00:00Z' }, now)).toBe(false);
  });
});
