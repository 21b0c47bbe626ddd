import { describe, expect, it } from 'vitest';
import { pipelineStats } from './pipeline-stats.ts';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();

describe('the Pipeline’s figures over a period', () => {
  const acceptances = [
    { application_id: 'a', accepted_at: at(1) },
    { application_id: 'b', accepted_at: at(3) },
    { application_id: 'c', accepted_at: at(10) },
  ];
  const stages = [
    { application_id: 'a', stage: 'in_closing' as const, created_at: at(5) },
    { application_id: 'a', stage: 'funded' as const, created_at: at(15) },
    { application_id: 'b', stage: 'in_closing' as const, created_at: at(5) },
    { application_id: 'b', stage: 'did_not_close' as const, created_at: at(20) },
    { application_id: 'c', stage: 'in_closing' as const, created_at: at(16) },
  ];

  it('counts what reached each stage in the period, and the median days of the moves that ended in it', () => {
    expect(pipelineStats(acceptances, stages, { from: at(1), to: at(30) })).toEqual({
      reached: { accepted: 3, in_closing: 3, funded: 1, did_not_close: 1 },
      // a: 4 days, b: 2 days, c: 6 days; a closed in 10 days and funded 14 days after its acceptance.
      medianDays: { acceptedToClosing: 4, closingToFunded: 10, acceptedToFunded: 14 },
    });
  });

  it('leaves out what happened outside the period, and says there is no median rather than 0', () => {
    expect(pipelineStats(acceptances, stages, { from: at(16), to: at(30) })).toEqual({
      reached: { accepted: 0, in_closing: 1, funded: 0, did_not_close: 1 },
      medianDays: { acceptedToClosing: 6, closingToFunded: null, acceptedToFunded: null },
    });
  });

  it('takes the middle of an even count as the mean of the two middle moves', () => {
    const two = pipelineStats(acceptances.slice(0, 2), stages.slice(0, 3), { from: at(1), to: at(30) });
    expect(two.medianDays.acceptedToClosing).toBe(3);
  });
});
