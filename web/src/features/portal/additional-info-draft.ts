import { readStored, writeStored } from '../../lib/browser-storage.ts';
import { emptyAdditionalInfoForm, type AdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';

/**
 * What an applicant typed in the additional-information form but has not submitted, kept in the
 * browser's local storage per account and application: it survives a reload, a closed tab and a session
 * that expired, and is removed once the information is stored.
 */
function draftKey(userId: string, applicationId: string): string {
  return `portalAdditionalInfoDraft:${userId}:${applicationId}`;
}

export function readDraft(userId: string, applicationId: string): AdditionalInfoForm | null {
  const stored = readStored('local', draftKey(userId, applicationId));
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const form = { ...emptyAdditionalInfoForm };
    for (const name of Object.keys(form) as (keyof AdditionalInfoForm)[]) {
      const value: unknown = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'string') form[name] = value;
    }
    return form;
  } catch {
    return null;
  }
}

/**
 * Whether the answers differ from what the form started from (the stored answers, or the empty form):
 * only then are they a draft worth keeping, or worth restoring with a notice.
 */
export function differsFrom(answers: Partial<AdditionalInfoForm>, baseline: AdditionalInfoForm): boolean {
  return (Object.keys(baseline) as (keyof AdditionalInfoForm)[]).some(
    (name) => (answers[name] ?? '') !== baseline[name],
  );
}

export function saveDraft(userId: string, applicationId: string, form: AdditionalInfoForm): void {
  if (!writeStored('local', draftKey(userId, applicationId), JSON.stringify(form))) {
    console.error('Could not keep the draft');
  }
}

export function clearDraft(userId: string, applicationId: string): void {
  writeStored('local', draftKey(userId, applicationId), undefined);
}
