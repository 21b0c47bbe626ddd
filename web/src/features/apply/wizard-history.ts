import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { wizardSteps, type WizardStepId } from '../../../../shared/catalogue/wizard.ts';

/**
 * The state of a browser history entry the wizard wrote: the step it shows, and how many wizard entries come
 * before it in the history (0 for the entry the wizard started on).
 */
export type WizardEntry = { wizardStep: WizardStepId; wizardDepth: number };

function entryField(state: unknown, field: keyof WizardEntry): unknown {
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
 */
export function useBackLeavesSubmittedWizard(submitted: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const entryAtSubmission = useRef<string>(undefined);
  useEffect(() => {
    if (!submitted) {
      entryAtSubmission.current = undefined;
      return;
    }
    entryAtSubmission.current ??= location.key;
    if (location.key !== entryAtSubmission.current && stepOfEntry(location.state)) {
      void navigate(-(depthOfEntry(location.state) + 1));
    }
  }, [submitted, location, navigate]);
}
