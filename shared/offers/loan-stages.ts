import type { LoanStageRow } from '../db/admin-rows.ts';

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

/** The stages that may be recorded next, in the order the screens offer them. */
export function nextLoanStages(accepted: boolean, recorded: readonly Pick<LoanStageRow, 'stage'>[]): LoanStage[] {
  if (!accepted) return [];
  const done = new Set(recorded.map((row) => row.stage));
  if (done.has('funded') || done.has('did_not_close')) return [];
  return done.has('in_closing') ? ['funded', 'did_not_close'] : ['in_closing', 'did_not_close'];
}
