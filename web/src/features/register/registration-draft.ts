import { z } from 'zod';
import { emptyRegistrationForm, type RegistrationForm } from '../../../../shared/catalogue/registration.ts';
import { emailSchema } from '../../../../shared/validation/email.ts';
import { fieldErrors } from '../../../../shared/validation/field-errors.ts';
import { requiredText } from '../../../../shared/validation/pre-qualification.ts';
import { registrationSchema } from '../../../../shared/validation/registration.ts';
import { readStored, writeStored } from '../../lib/browser-storage.ts';

/**
 * The registration as the three pages pass it along. The review shows a Primary Contact (docs/product.md §2,
 * Registration review) that the original description's form never asks for, so /register asks for it first
 * (docs/architecture.md, Departure 5); the business fields are the description's.
 */
export type PrimaryContact = { contactName: string; contactEmail: string; contactMobile: string };
export type RegistrationDraft = PrimaryContact & RegistrationForm;

export const primaryContactFields = {
  contactName: { label: 'Full Legal Name', autoComplete: 'name', type: 'text' },
  contactEmail: { label: 'Email', autoComplete: 'email', type: 'email' },
  contactMobile: { label: 'Mobile Phone', autoComplete: 'tel-national', type: 'tel', placeholder: '(XXX) XXX-XXXX' },
} as const;

/** A US mobile number: 10 digits, optionally after a country code of 1, in any punctuation. */
const MOBILE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

const primaryContactSchema = z.object({
  contactName: requiredText('Full legal name is required'),
  contactEmail: emailSchema,
  contactMobile: requiredText('Mobile phone is required').regex(
    MOBILE_PATTERN,
    'Please enter a valid mobile phone number',
  ),
});

/** The registration rules (shared; docs/product.md §5, Registration form) together with the primary contact's. */
export const registrationDraftSchema = registrationSchema.and(primaryContactSchema);

export const emptyRegistrationDraft: RegistrationDraft = {
  contactName: '',
  contactEmail: '',
  contactMobile: '',
  ...emptyRegistrationForm,
};

/** Kept in session storage so that reloads and back/forward between the three pages keep what was entered. */
const STORAGE_KEY = 'businessRegistration';

/** The draft, merged over an empty one so that every field is present; an empty draft when none is stored. */
export function loadRegistrationDraft(): RegistrationDraft {
  const text = readStored('session', STORAGE_KEY);
  try {
    const stored: unknown = text ? JSON.parse(text) : undefined;
    const parsed = z.record(z.string(), z.union([z.string(), z.boolean()])).safeParse(stored);
    if (!parsed.success) return emptyRegistrationDraft;
    const draft: RegistrationDraft = { ...emptyRegistrationDraft };
    for (const [field, empty] of Object.entries(emptyRegistrationDraft)) {
      const value = parsed.data[field];
      if (typeof value === typeof empty) Object.assign(draft, { [field]: value });
    }
    return draft;
  } catch (error) {
    console.error('Could not read the registration', error);
    return emptyRegistrationDraft;
  }
}

/** Keeps the draft, or forgets it (null); a browser that refuses is only logged: the form still works. */
function writeDraft(draft: RegistrationDraft | null): void {
  if (!writeStored('session', STORAGE_KEY, draft ? JSON.stringify(draft) : undefined)) {
    console.error('Could not keep the registration');
  }
}

export function saveRegistrationDraft(draft: RegistrationDraft): void {
  writeDraft(draft);
}

export function clearRegistrationDraft(): void {
  writeDraft(null);
}

/** Whether the draft passes every rule (the review only submits a complete registration). */
export function isCompleteDraft(draft: RegistrationDraft): boolean {
  return Object.keys(fieldErrors(registrationDraftSchema, draft)).length === 0;
}
