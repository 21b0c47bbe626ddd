import { describe, expect, it } from 'vitest';
import { nextLoanStages, pipelineStatus } from './loan-stages.ts';

describe('what may be recorded next on a loan', () => {
  it.each([
    ['nothing before an offer is accepted', false, [], []],
    ['in closing or did not close after the acceptance', true, [], ['in_closing', 'did_not_close']],
    ['funded or did not close once in closing', true, ['in_closing'], ['funded', 'did_not_close']],
    ['nothing once funded', true, ['in_closing', 'funded'], []],
    ['nothing once it did not close', true, ['did_not_close'], []],
    ['nothing once it did not close after closing began', true, ['in_closing', 'did_not_close'], []],
  ] as const)('%s', (_case, accepted, recorded, next) => {
    expect(
      nextLoanStages(
        accepted,
        recorded.map((stage) => ({ stage })),
      ),
    ).toEqual(next);
  });
});

describe('where a Pipeline application stands', () => {
  const now = new Date('2026-12-10T15:00:00Z');
  it('names the stage and counts whole days in it', () => {
    expect(
      pipelineStatus(
        { loan_stage: 'accepted', loan_stage_at: '2026-12-07T16:00:00Z', expected_closing_on: null },
        now,
        '2026-12-10',
      ),
    ).toEqual({ label: 'Offer accepted', days: 2, closingOverdue: false });
    expect(
      pipelineStatus(
        { loan_stage: 'funded', loan_stage_at: '2026-12-10T14:00:00Z', expected_closing_on: '2026-12-01' },
        now,
        '2026-12-10',
      ),
    ).toEqual({ label: 'Funded', days: 0, closingOverdue: false });
  });

  it('flags a closing past its expected day, not one due today', () => {
    const closing = (expected: string) =>
      pipelineStatus(
        { loan_stage: 'in_closing', loan_stage_at: '2026-12-01T00:00:00Z', expected_closing_on: expected },
        now,
        '2026-12-10',
      )?.closingOverdue;
    expect(closing('2026-12-09')).toBe(true);
    expect(closing('2026-12-10')).toBe(false);
  });

  it('says nothing of an application with no accepted offer', () => {
    expect(
      pipelineStatus({ loan_stage: null, loan_stage_at: null, expected_closing_on: null }, now, '2026-12-10'),
    ).toBeUndefined();
  });
});
