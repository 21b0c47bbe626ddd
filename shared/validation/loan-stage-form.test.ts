import { describe, expect, it } from 'vitest';
import { loanStageSchemas } from './loan-stage-form.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the loan stage form', () => {
  it('in closing needs the expected closing date', () => {
    expect(messages(loanStageSchemas.in_closing.safeParse({ expectedClosingOn: '' }))).toEqual([
      'Enter the expected closing date',
    ]);
    expect(loanStageSchemas.in_closing.safeParse({ expectedClosingOn: '2027-01-15' }).success).toBe(true);
  });

  it('funded needs an amount above $0 and at most $50,000,000, and a funding date not in the future', () => {
    const funded = (fundedAmount: string, fundedOn: string) =>
      messages(loanStageSchemas.funded.safeParse({ fundedAmount, fundedOn }));
    expect(funded('', '')).toEqual(['Enter the funded amount', 'Enter the funding date']);
    expect(funded('lots', '2026-01-02')).toEqual(['Enter the funded amount in dollars']);
    expect(funded('0', '2026-01-02')).toEqual(['The funded amount must be more than $0']);
    expect(funded('50,000,001', '2026-01-02')).toEqual(['The funded amount can be at most $50,000,000']);
    expect(funded('250000', '2999-01-01')).toEqual(['The funding date cannot be in the future']);
    expect(loanStageSchemas.funded.parse({ fundedAmount: '$250,000', fundedOn: '2026-01-02' })).toEqual({
      fundedAmount: 250_000,
      fundedOn: '2026-01-02',
    });
  });

  it('did not close needs the reason, trimmed, at most 2,000 characters', () => {
    expect(messages(loanStageSchemas.did_not_close.safeParse({ reason: '   ' }))).toEqual([
      'Say why the loan did not close',
    ]);
    expect(messages(loanStageSchemas.did_not_close.safeParse({ reason: 'x'.repeat(2001) }))).toEqual([
      'The reason can be at most 2,000 characters',
    ]);
    expect(loanStageSchemas.did_not_close.parse({ reason: ' Appraisal low ' })).toEqual({ reason: 'Appraisal low' });
  });
});
