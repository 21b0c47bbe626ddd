import { LENDER_VIEW_MESSAGES, type LenderPackageView } from '../../../../shared/matching/lender-answers.ts';
import type { LenderAnswerForm } from '../../../../shared/validation/lender-answer.ts';
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
 * Sends the lender's answer: null once recorded, else why not in words (the function's own reason when it gave
 * one). Throws when the server cannot be reached.
 */
export async function sendAnswer(token: string, form: LenderAnswerForm): Promise<string | null> {
  const { error } = await callLenderPackage({ token, action: 'answer', answer: form.answer, note: form.note });
  if (!error) return null;
  return (await functionErrorMessage(error)) ?? LENDER_VIEW_MESSAGES.answerFailed;
}
