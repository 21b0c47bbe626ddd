import {
  LENDER_VIEW_MESSAGES,
  type LenderLoanStage,
  type LenderOfferRevision,
  type LenderPackageView,
} from '../../../../shared/matching/lender-answers.ts';
import type { SeenLoanStage } from '../../../../shared/offers/loan-stages.ts';
import type { LenderAnswerForm } from '../../../../shared/validation/lender-answer.ts';
import type { LoanOfferForm } from '../../../../shared/validation/loan-offer-form.ts';
import { functionErrorMessage } from '../../lib/function-error.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { loadRuntimeConfig } from '../../lib/runtime-config.ts';
import { atOwnApi } from './own-api-link.ts';

/** What the lender page shows: the package while it is read, the package itself, or why it cannot be shown. */
export type Stage =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; view: LenderPackageView; answered: boolean };

/** The lender-package function: the link's token is the only credential (no account). */
async function callLenderPackage(body: Record<string, unknown>) {
  const supabase = await loadSupabase();
  return supabase.functions.invoke('lender-package', { body });
}

/** Reads the package behind the link: ready to show, or why it cannot be. */
export async function packageStage(token: string, answered = false): Promise<Stage> {
  try {
    const { data, error } = await callLenderPackage({ token, action: 'view' });
    if (error)
      return { kind: 'invalid', message: (await functionErrorMessage(error)) ?? LENDER_VIEW_MESSAGES.loadFailed };
    return { kind: 'ready', view: data as LenderPackageView, answered };
  } catch (error) {
    console.error('Loading the package failed', error);
    return { kind: 'invalid', message: LENDER_VIEW_MESSAGES.loadFailed };
  }
}

/**
 * A link to one of the package's documents, asked for at each download (it works for a minute): the function
 * refuses a document the loan officer no longer accepts. Else why not, in words.
 */
export async function documentLink(token: string, documentId: string): Promise<{ url: string } | { error: string }> {
  try {
    const { data, error } = await callLenderPackage({ token, action: 'document', documentId });
    if (error) return { error: (await functionErrorMessage(error)) ?? LENDER_VIEW_MESSAGES.documentFailed };
    const { supabaseUrl } = await loadRuntimeConfig();
    return { url: atOwnApi((data as { url: string }).url, supabaseUrl) };
  } catch (error) {
    console.error('Downloading a document failed', error);
    return { error: LENDER_VIEW_MESSAGES.documentFailed };
  }
}

/**
 * A change the lender asks of its package: null once made, else why not in words (the database's own refusal when
 * it gave one, else `failed`). Throws when the server cannot be reached.
 */
async function change(body: Record<string, unknown>, failed: string): Promise<string | null> {
  const { error } = await callLenderPackage(body);
  if (!error) return null;
  return (await functionErrorMessage(error)) ?? failed;
}

/**
 * The offer as the page showed it: its latest revision (0: none yet) and whether it was withdrawn. The database
 * refuses a change when someone else with the link changed the offer meanwhile.
 */
export type SeenOffer = { revision: number; withdrawn: boolean };

export function seenOffer(latest: LenderOfferRevision | undefined): SeenOffer {
  return { revision: latest?.revision ?? 0, withdrawn: latest?.withdrawn ?? false };
}

/** Makes or revises the lender's offer from the form's values (the function checks them as the form does). */
export function sendOffer(token: string, offer: LoanOfferForm, seen: SeenOffer): Promise<string | null> {
  return change({ token, action: 'offer', offer, seenOffer: seen }, LENDER_VIEW_MESSAGES.offerFailed);
}

/** Withdraws the lender's current offer, the one the page showed. */
export function withdrawOffer(token: string, seen: SeenOffer): Promise<string | null> {
  return change({ token, action: 'withdraw', seenOffer: seen }, LENDER_VIEW_MESSAGES.offerFailed);
}

/** The loan's closing stage with its details, as the lender whose offer was accepted records it. */
export type StageDetails = {
  stage: LenderLoanStage['stage'];
  expectedClosingOn?: string;
  fundedAmount?: number;
  fundedOn?: string;
  reason?: string;
};

/**
 * Records a closing stage of the loan this lender won, from the stage the page showed (`seenStage`): the database
 * refuses it when an officer recorded another meanwhile.
 */
export function recordStage(token: string, details: StageDetails, seenStage: SeenLoanStage): Promise<string | null> {
  return change({ token, action: 'stage', ...details, seenStage }, LENDER_VIEW_MESSAGES.stageFailed);
}

/** Sends the lender's answer: null once recorded, else why not in words. Throws when the server cannot be reached. */
export function sendAnswer(token: string, form: LenderAnswerForm): Promise<string | null> {
  return change({ token, action: 'answer', answer: form.answer, note: form.note }, LENDER_VIEW_MESSAGES.answerFailed);
}

/**
 * Sends a change and then either shows the refusal in words (what the lender typed stays, to be corrected) or
 * goes on with `done`; a server out of reach shows `failed`.
 */
export async function sendThen(
  send: () => Promise<string | null>,
  done: () => Promise<void>,
  show: (problem: string | null) => void,
  failed: string,
): Promise<void> {
  show(null);
  try {
    const refusal = await send();
    if (refusal) show(refusal);
    else await done();
  } catch (error) {
    console.error(failed, error);
    show(failed);
  }
}
