import type { Checklist, ChecklistReview } from '../../../../shared/checklist/document-checklist.ts';

/**
 * Where the applicant's documents stand as a whole, in the applicant's words: the officers' 'Waiting on
 * applicant', 'Ready for review' and 'Complete' (docs/product.md, Document checklist) told as what the applicant
 * has to do, if anything.
 */
export function applicantChecklistStatus({ state, counts }: Pick<Checklist, 'state' | 'counts'>): string {
  if (state === 'complete') {
    return counts.total === 0 ? 'No documents are needed from you at the moment.' : 'All your documents are accepted.';
  }
  if (state === 'ready_for_review') return 'Everything is in: your loan officer is reviewing it.';
  if (counts.missing > 0 && counts.needs_replacement > 0) return 'Some documents are missing and some need replacing.';
  if (counts.needs_replacement > 0) return 'Some documents need replacing: your loan officer says why below.';
  return 'Some documents are missing.';
}

/**
 * Why the applicant cannot delete a document an officer reviewed (the server refuses it too): an accepted one
 * stays with the application, a flagged one is kept as history and replaced instead.
 */
export function keptBecause(outcome: ChecklistReview['outcome']): string {
  return outcome === 'accepted'
    ? 'Your loan officer accepted this file, so it stays with your application: ask them if it needs to change.'
    : 'Your loan officer keeps this file, so it cannot be deleted: upload a replacement for it instead.';
}
