import {
  additionalInfoSections,
  emptyAdditionalInfoForm,
  type AdditionalInfoForm,
  type AdditionalInfoSectionId,
} from '../catalogue/additional-info.ts';

/**
 * The additional_info row (supabase/migrations/..._additional_info.sql and ..._portal_timeline_and_additional_info.sql):
 * one jsonb object per form section, keyed by the camelCase field names of docs/product.md §3, one row per application.
 */
const additionalInfoColumns = {
  loanPurpose: 'loan_purpose',
  businessHistory: 'business_history',
  marketAnalysis: 'market_analysis',
  franchiseInformation: 'franchise_information',
  experienceBackground: 'experience_background',
} as const satisfies Record<AdditionalInfoSectionId, string>;

type AdditionalInfoColumn = (typeof additionalInfoColumns)[AdditionalInfoSectionId];

type AdditionalInfoSectionsRow = Record<AdditionalInfoColumn, Record<string, string>>;

export type AdditionalInfoRow = AdditionalInfoSectionsRow & {
  id: string;
  user_id: string;
  application_id: string | null;
  created_at: string;
  updated_at: string;
};

/** The row's sections from the form's values: trimmed, empty (optional) answers left out. */
export function additionalInfoSectionsFromForm(form: AdditionalInfoForm): AdditionalInfoSectionsRow {
  const row = {} as AdditionalInfoSectionsRow;
  for (const section of additionalInfoSections) {
    const values: Record<string, string> = {};
    for (const field of section.fields) {
      const value = form[field.name].trim();
      if (value !== '') values[field.name] = value;
    }
    row[additionalInfoColumns[section.id]] = values;
  }
  return row;
}

/** The form's values from a stored row (a missing section or answer is empty; numbers become text). */
export function additionalInfoFormFromSections(
  row: Partial<Record<AdditionalInfoColumn, unknown>>,
): AdditionalInfoForm {
  const form = { ...emptyAdditionalInfoForm };
  for (const section of additionalInfoSections) {
    const stored = row[additionalInfoColumns[section.id]];
    if (typeof stored !== 'object' || stored === null) continue;
    for (const field of section.fields) {
      const value: unknown = (stored as Record<string, unknown>)[field.name];
      if (typeof value === 'string' || typeof value === 'number') form[field.name] = String(value);
    }
  }
  return form;
}
