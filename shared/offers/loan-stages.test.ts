import { describe, expect, it } from 'vitest';
import { nextLoanStages } from './loan-stages.ts';

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
