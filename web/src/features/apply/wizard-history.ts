import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { wizardSteps, type WizardStepId } from '../../../../shared/catalogue/wizard.ts';
import { z } from 'zod';
import type { EvaluationResult } from '../../../../shared/evaluation/evaluate.ts';
import { evaluationResultSchema } from '../../../../shared/evaluation/evaluation-schema.ts';
import { readStoredJson, writeStored } from '../../lib/browser-storage.ts';

/** A submitted application as the result screen needs it: its evaluation, and the e-mail it was made with. */
export type SubmittedApplication = { evaluation: EvaluationResult; email: string };

const submittedApplicationSchema = z.object({ evaluation: evaluationResultSchema, email: z.string() });

/**
 * The state of a browser history entry the wizard wrote: the step it shows, how many wizard entries come before it
 * in the history (0 for the entry the wizard started on), and which form it is (an id made when the wizard starts
 * on an entry that names none: opening /apply anew starts a new form).
 */
export type WizardEntry = { wizardStep: WizardStepId; wizardDepth: number; wizardForm: string };

function entryField(state: unknown, field: keyof WizardEntry | 'submitted'): unknown {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[field] : undefined;
}

/** The form a history entry of the wizard belongs to, if any. */
export function formOfEntry(state: unknown): string | undefined {
  const form = entryField(state, 'wizardForm');
  return typeof form === 'string' && form !== '' ? form : undefined;
}

const SUBMITTED_FORM_KEY = 'loanMatch.submittedWizardForm';
const submittedFormSchema = z.object({ form: z.string(), result: submittedApplicationSchema });

/**
 * Kept in the tab's session storage once a form is submitted: its id and its result. Forward from the page before
 * the wizard comes back to the form's first entry (Back from the result jumps over its steps), which then shows the
 * result instead of the form's steps, as Back to the result does.
 */
export function rememberSubmittedForm(form: string, result: SubmittedApplication): void {
  writeStored('session', SUBMITTED_FORM_KEY, JSON.stringify({ form, result }));
}

/** The result of the form a history entry belongs to, when that form was submitted in this tab. */
export function submittedResultOfEntry(state: unknown): SubmittedApplication | undefined {
  const form = formOfEntry(state);
  if (!form) return undefined;
  const parsed = submittedFormSchema.safeParse(readStoredJson('session', SUBMITTED_FORM_KEY));
  return parsed.success && parsed.data.form === form ? parsed.data.result : undefined;
}

/** The wizard step a history entry names, if any. */
export function stepOfEntry(state: unknown): WizardStepId | undefined {
  const named = entryField(state, 'wizardStep');
  return wizardSteps.find((candidate) => candidate.id === named)?.id;
}

/** How many wizard entries come before this one (0 when the entry is not the wizard's). */
export function depthOfEntry(state: unknown): number {
  const depth = entryField(state, 'wizardDepth');
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/**
 * Once the application is submitted, the wizard's steps are behind the result: Back from the result leaves
 * /apply for the page before the wizard, as Back from a page's last screen would, instead of walking through
 * the steps of a form that is already sent (its entries stay in the history, skipped in one jump). With no
 * page before the wizard, the history cannot go there and the result stays.
 *
 * Forward from that page comes back to the form's first entry: a form submitted in this tab shows its result there
 * (which then takes the entry), not its steps again, as Back to the result does.
 *
 * Takes the result shown (if any) and whether the app runs (not while a prerendered page hydrates), and gives back
 * the one to show: while leaving, the last result stays on the screen rather than an empty wizard.
 */
export function useBackLeavesSubmittedWizard(
  shown: SubmittedApplication | undefined,
  live: boolean,
): SubmittedApplication | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  // The last result shown, and the history entry it was shown on.
  const [last, setLast] = useState<{ entryKey: string; result: SubmittedApplication }>();
  if (shown && shown !== last?.result) setLast({ entryKey: location.key, result: shown });
  const leaving = last !== undefined && location.key !== last.entryKey && stepOfEntry(location.state) !== undefined;
  useEffect(() => {
    if (leaving) void navigate(-(depthOfEntry(location.state) + 1));
  }, [leaving, location, navigate]);
  const ofSubmittedForm = useMemo(
    () => (live ? submittedResultOfEntry(location.state) : undefined),
    [live, location.state],
  );
  const submittedHere = shown || leaving ? undefined : ofSubmittedForm;
  useEffect(() => {
    if (submittedHere) void navigate(resultAddress, { replace: true, state: resultEntry(submittedHere) });
  }, [submittedHere, navigate]);
  return shown ?? (leaving ? last?.result : submittedHere);
}

/**
 * The result screen has an address of its own, and the result is kept in the state of its history entry, which a
 * reload and Back or Forward keep: reloading the result, or coming back to it, shows it again instead of an empty
 * wizard that invites a second, duplicate application. Opening /apply anew starts a new form, also from the result:
 * a browser treats opening the address it already shows as a reload of that entry, hence the result's own address.
 */
export const resultAddress = { pathname: '/apply', search: '?submitted' };

/** The state of the result's history entry. */
export function resultEntry(result: SubmittedApplication): { submitted: SubmittedApplication } {
  return { submitted: result };
}

/** The result a history entry keeps, if any. */
export function resultOfEntry(state: unknown): SubmittedApplication | undefined {
  const parsed = submittedApplicationSchema.safeParse(entryField(state, 'submitted'));
  return parsed.success ? parsed.data : undefined;
}
