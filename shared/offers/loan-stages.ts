import type { LoanStageRow } from '../db/admin-rows.ts';
import { formatLongDate } from '../format/dates.ts';
import { formatUsdInput } from '../format/money.ts';
import type { ApplicationRow } from '../db/applications.ts';

/**
 * Where an accepted loan stands and what may be recorded next (docs/product.md §11): after the applicant accepts
 * an offer, 'In closing' or 'Did not close'; after 'In closing', 'Funded' or 'Did not close'; nothing after
 * 'Funded' or 'Did not close'. The database's record_loan_stage holds the same order; this tells the screens
 * which buttons to offer.
 */

export type LoanStage = LoanStageRow['stage'];

export const loanStageLabels: Readonly<Record<LoanStage, string>> = {
  in_closing: 'In closing',
  funded: 'Funded',
  did_not_close: 'Did not close',
};

/** The stage a screen shows a loan at, sent with the next stage recorded so that one recorded meanwhile refuses it. */
export type SeenLoanStage = 'accepted' | 'in_closing';

/** The stage a loan whose stages are `recorded` is at, before the next one: In closing once recorded, else accepted. */
export function seenLoanStage(recorded: readonly Pick<LoanStageRow, 'stage'>[]): SeenLoanStage {
  return recorded.some((row) => row.stage === 'in_closing') ? 'in_closing' : 'accepted';
}

/** The stages that may be recorded next, in the order the screens offer them. */
export function nextLoanStages(accepted: boolean, recorded: readonly Pick<LoanStageRow, 'stage'>[]): LoanStage[] {
  if (!accepted) return [];
  const done = new Set(recorded.map((row) => row.stage));
  if (done.has('funded') || done.has('did_not_close')) return [];
  return done.has('in_closing') ? ['funded', 'did_not_close'] : ['in_closing', 'did_not_close'];
}

/** Where an application of the Pipeline stands, as its row says it: the stage, whole days in it, and whether a
 * closing is past its expected day (`today`: YYYY-MM-DD, the officer's). */
export function pipelineStatus(
  row: Pick<ApplicationRow, 'loan_stage' | 'loan_stage_at' | 'expected_closing_on'>,
  now: Date,
  today: string,
): { label: string; days: number; closingOverdue: boolean } | undefined {
  if (!row.loan_stage || !row.loan_stage_at) return undefined;
  const label = row.loan_stage === 'accepted' ? 'Offer accepted' : loanStageLabels[row.loan_stage];
  const days = Math.max(0, Math.floor((now.getTime() - new Date(row.loan_stage_at).getTime()) / 86_400_000));
  const closingOverdue =
    row.loan_stage === 'in_closing' && row.expected_closing_on !== null && row.expected_closing_on !== undefined
      ? row.expected_closing_on < today
      : false;
  return { label, days, closingOverdue };
}

/** How many days ahead an offer's expiry is flagged in the Approved list: time for the officer to call the applicant. */
const OFFER_EXPIRY_WARNING_DAYS = 3;

/**
 * The flag of an application whose next offer to expire does so within OFFER_EXPIRY_WARNING_DAYS ('Offer expires
 * today', 'tomorrow', 'in 3 days'), from its row's offer_expiries (the current offers' days, kept by the database)
 * and the officer's `today` (YYYY-MM-DD); none when no offer is still ahead or the nearest is further away.
 */
export function offerExpiryFlag(
  row: Pick<ApplicationRow, 'offer_expiries'>,
  today: string,
): { days: number; label: string } | undefined {
  const next = (row.offer_expiries ?? []).filter((day) => day >= today).sort()[0];
  if (!next) return undefined;
  const days = Math.round((Date.parse(`${next}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days > OFFER_EXPIRY_WARNING_DAYS) return undefined;
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return { days, label: `Offer expires ${when}` };
}

/**
 * Where an accepted loan stands, in the applicant's words: the latest stage recorded, with its expected closing day,
 * the amount and day it was funded, or why it did not close; before any stage, that the closing is being arranged.
 */
export function applicantLoanStatus(
  stages: readonly Pick<LoanStageRow, 'stage' | 'expected_closing_on' | 'funded_amount' | 'funded_on' | 'reason'>[],
): string {
  const latest = stages.at(-1);
  // Days are days, not moments: read at noon in UTC so that no time zone moves them.
  const day = (value: string | null) => (value ? formatLongDate(`${value}T12:00:00Z`, 'UTC') : 'a day to be set');
  if (!latest) return 'You accepted this offer. Your loan officer and the lender will be in touch about the closing.';
  if (latest.stage === 'in_closing') {
    return `Your loan is in closing: it is expected to close on ${day(latest.expected_closing_on)}.`;
  }
  if (latest.stage === 'funded') {
    return `Your loan was funded: ${formatUsdInput(Number(latest.funded_amount))} on ${day(latest.funded_on)}.`;
  }
  return `Your loan did not close. The reason given: ${latest.reason ?? 'none'}`;
}
