import { describe, expect, it } from 'vitest';
import { applicantLoanStatus, nextLoanStages, offerExpiryFlag, pipelineStatus } from './loan-stages.ts';

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

describe('the flag of an offer about to expire', () => {
  it.each([
    ['no offer', [], undefined],
    ['an offer expiring today', ['2026-11-28'], 'Offer expires today'],
    ['the nearest of two, tomorrow', ['2026-12-20', '2026-11-29'], 'Offer expires tomorrow'],
    ['three days ahead, the last day flagged', ['2026-12-01'], 'Offer expires in 3 days'],
    ['four days ahead: not yet', ['2026-12-02'], undefined],
    ['an expired offer is passed over for the next one', ['2026-11-27', '2026-11-30'], 'Offer expires in 2 days'],
    ['only expired offers', ['2026-11-20', '2026-11-27'], undefined],
    ['across a month and a year', ['2027-01-01'], undefined],
  ] as const)('%s', (_case, expiries, label) => {
    expect(offerExpiryFlag({ offer_expiries: [...expiries] }, '2026-11-28')?.label).toBe(label);
  });

  it('counts whole days across the end of a year and a daylight saving change', () => {
    expect(offerExpiryFlag({ offer_expiries: ['2027-01-02'] }, '2026-12-31')).toEqual({
      days: 2,
      label: 'Offer expires in 2 days',
    });
    expect(offerExpiryFlag({ offer_expiries: ['2026-03-09'] }, '2026-03-07')?.days).toBe(2);
  });

  it('reads a row of an older server (no column) as having no offer', () => {
    expect(offerExpiryFlag({}, '2026-11-28')).toBeUndefined();
  });
});

describe('where an accepted loan stands, for the applicant', () => {
  const stage = (changes: Record<string, unknown>) => ({
    stage: 'in_closing' as const,
    expected_closing_on: null,
    funded_amount: null,
    funded_on: null,
    reason: null,
    ...changes,
  });

  it('says each stage in the applicant’s words, the latest one counting', () => {
    expect(applicantLoanStatus([])).toBe(
      'You accepted this offer. Your loan officer and the lender will be in touch about the closing.',
    );
    const closing = stage({ expected_closing_on: '2026-12-18' });
    expect(applicantLoanStatus([closing])).toBe(
      'Your loan is in closing: it is expected to close on December 18, 2026.',
    );
    expect(
      applicantLoanStatus([closing, stage({ stage: 'funded', funded_amount: 240_000.5, funded_on: '2026-12-17' })]),
    ).toBe('Your loan was funded: $240,000.50 on December 17, 2026.');
    expect(applicantLoanStatus([stage({ stage: 'did_not_close', reason: 'The appraisal came in low.' })])).toBe(
      'Your loan did not close. The reason given: The appraisal came in low.',
    );
  });
});
