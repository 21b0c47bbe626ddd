import type { LoanStageRow, OfferAcceptanceRow } from '../db/admin-rows.ts';
import type { LoanStage } from './loan-stages.ts';

/**
 * The Pipeline's figures over a period (docs/product.md §11): how many applications reached each stage in it
 * (an offer accepted, in closing, funded, did not close), and the median days between stages for the moves that
 * ended in it. Computed from the acceptances and stages, the same on the web and in the desktop app.
 */

/** From `from` (an ISO time) to `to`, or to now when there is no `to`. */
type PipelinePeriod = { from: string; to?: string };

type PipelineStats = {
  reached: Record<'accepted' | LoanStage, number>;
  /** Median whole days, or null when no move of that kind ended in the period. */
  medianDays: { acceptedToClosing: number | null; closingToFunded: number | null; acceptedToFunded: number | null };
};

const DAY = 86_400_000;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function pipelineStats(
  acceptances: readonly Pick<OfferAcceptanceRow, 'application_id' | 'accepted_at'>[],
  stages: readonly Pick<LoanStageRow, 'application_id' | 'stage' | 'created_at'>[],
  period: PipelinePeriod,
): PipelineStats {
  const within = (time: string) => time >= period.from && (period.to === undefined || time < period.to);
  const acceptedAt = new Map(acceptances.map((row) => [row.application_id, Date.parse(row.accepted_at)]));
  const stageAt = (applicationId: string, stage: LoanStage) => {
    const row = stages.find((item) => item.application_id === applicationId && item.stage === stage);
    return row ? Date.parse(row.created_at) : undefined;
  };
  const reached = {
    accepted: acceptances.filter((row) => within(row.accepted_at)).length,
    in_closing: 0,
    funded: 0,
    did_not_close: 0,
  };
  const acceptedToClosing: number[] = [];
  const closingToFunded: number[] = [];
  const acceptedToFunded: number[] = [];
  for (const row of stages) {
    if (!within(row.created_at)) continue;
    reached[row.stage] += 1;
    const at = Date.parse(row.created_at);
    const accepted = acceptedAt.get(row.application_id);
    if (row.stage === 'in_closing' && accepted !== undefined) acceptedToClosing.push((at - accepted) / DAY);
    if (row.stage === 'funded') {
      const closing = stageAt(row.application_id, 'in_closing');
      if (closing !== undefined) closingToFunded.push((at - closing) / DAY);
      if (accepted !== undefined) acceptedToFunded.push((at - accepted) / DAY);
    }
  }
  const days = (values: number[]) => {
    const middle = median(values);
    return middle === null ? null : Math.round(middle * 10) / 10;
  };
  return {
    reached,
    medianDays: {
      acceptedToClosing: days(acceptedToClosing),
      closingToFunded: days(closingToFunded),
      acceptedToFunded: days(acceptedToFunded),
    },
  };
}
