import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { wizardSteps, type WizardStepId } from '../../../../shared/catalogue/wizard.ts';
import { z } from 'zod';
import type { EvaluationResult } from '../../../../shared/evaluation/evaluate.ts';
import { evaluationResultSchema } from '../../../../shared/evaluation/evaluation-schema.ts';

/** A submitted application as the result screen needs it: its evaluation, and the e-mail it was made with. */
export type SubmittedApplication = { evaluation: EvaluationResult; email: string };

const submittedApplicationSchema = z.object({ evaluation: evaluationResultSchema, email: z.string() });

/**
 * The state of a browser history entry the wizard wrote: the step it shows, and how many wizard entries come
 * before it in the history (0 for the entry the wizard started on).
 */
export type WizardEntry = { wizardStep: WizardStepId; wizardDepth: number };

function entryField(state: unknown, field: keyof WizardEntry | 'submitted'): unknown {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[field] : undefined;
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
 * Takes the result shown (if any) and gives back the one to show: while leaving, the last result stays on the
 * screen rather than an empty wizard.
 */
export function useBackLeavesSubmittedWizard(
  shown: SubmittedApplication | undefined,
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
  return shown ?? (leaving ? last?.result : undefined);
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
