import {
  emptyPreQualificationForm,
  PRE_QUALIFICATION_STORAGE_KEY,
  type PreQualificationForm,
} from '../../../../shared/catalogue/pre-qualification.ts';
import { wizardSteps, type WizardStepId } from '../../../../shared/catalogue/wizard.ts';

/**
 * The wizard's copy in the browser's local storage (docs/product.md §4, Wizard): saved under 'preQualificationForm' on
 * every change and step change, restored on load, cleared after a successful submission. It holds the form values and
 * the step the visitor was on, as { formData, currentStep }.
 */
export type SavedApplication = { formData: PreQualificationForm; currentStep: WizardStepId };

/** A new application: the empty form on its first step. */
export const freshApplication: SavedApplication = { formData: emptyPreQualificationForm, currentStep: 'PERSONAL' };

function isStepId(value: unknown): value is WizardStepId {
  return wizardSteps.some((step) => step.id === value);
}

/** Keeps only the form's own fields, each with the type it should have; anything else is left at its default. */
function formFrom(value: unknown): PreQualificationForm {
  if (typeof value !== 'object' || value === null) return emptyPreQualificationForm;
  const stored = new Map(Object.entries(value));
  const entries = Object.entries(emptyPreQualificationForm).map(([field, empty]) => {
    const saved = stored.get(field);
    return [field, typeof saved === typeof empty ? saved : empty];
  });
  // Every key of the empty form is present with the same type, so the result is a whole form.
  return Object.fromEntries(entries) as PreQualificationForm;
}

/** What was saved, or an empty form on the first step when nothing (readable) was. */
export function loadSavedApplication(): SavedApplication {
  try {
    const text = localStorage.getItem(PRE_QUALIFICATION_STORAGE_KEY);
    if (!text) return freshApplication;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return freshApplication;
    const formData = 'formData' in parsed ? parsed.formData : undefined;
    const currentStep = 'currentStep' in parsed ? parsed.currentStep : undefined;
    return { formData: formFrom(formData), currentStep: isStepId(currentStep) ? currentStep : 'PERSONAL' };
  } catch (error) {
    console.error('Could not read the saved application', error);
    return freshApplication;
  }
}

/** The saved application when there is one (undefined when nothing is saved or storage is unavailable). */
export function storedApplication(): SavedApplication | undefined {
  try {
    if (!localStorage.getItem(PRE_QUALIFICATION_STORAGE_KEY)) return undefined;
  } catch {
    return undefined;
  }
  return loadSavedApplication();
}

/** Saves the form; throws when the browser refuses (storage full or blocked). */
export function saveApplication(saved: SavedApplication): void {
  localStorage.setItem(PRE_QUALIFICATION_STORAGE_KEY, JSON.stringify(saved));
}

/** Saves the form as it changes; a failure is only logged (Save for Later reports it). */
export function autoSaveApplication(saved: SavedApplication): void {
  try {
    saveApplication(saved);
  } catch (error) {
    console.error('Could not save the application', error);
  }
}

export function clearSavedApplication(): void {
  try {
    localStorage.removeItem(PRE_QUALIFICATION_STORAGE_KEY);
  } catch (error) {
    console.error('Could not clear the saved application', error);
  }
}
