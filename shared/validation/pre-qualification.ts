import { z } from 'zod';
import { optionValues, type Option } from '../catalogue/fields.ts';
import {
  creditScoreOptions,
  DOWN_PAYMENT_REVIEW_LABEL,
  downPaymentOptions,
  loanAmountOptions,
  preQualificationFields,
  profitableOptions,
  timeframeOptions,
  yearsInBusinessOptions,
  type PreQualificationField,
  type PreQualificationForm,
} from '../catalogue/pre-qualification.ts';
import { wizardStepFields, wizardStepIndex, wizardSteps, type WizardStepId } from '../catalogue/wizard.ts';
import { PHONE_MESSAGES } from '../sms/phone-format.ts';
import { emailSchema } from './email.ts';
import { fieldErrors, isBlank, type FieldErrors } from './field-errors.ts';

/** docs/product.md §5, Pre-qualification form: each field's rule and its exact message. */

/** A required free-text field. */
export const requiredText = (message: string) => z.string().trim().min(1, message);

/** A required choice among options; an empty or unknown value gets the message. */
const requiredChoice = <V extends string>(options: readonly [Option<V>, ...Option<V>[]], message: string) =>
  z.enum(optionValues(options), { error: message });

export const preQualificationSchema = z
  .object({
    firstName: requiredText('First name is required'),
    lastName: requiredText('Last name is required'),
    email: emailSchema,
    phone: z.string(),
    title: requiredText('Title is required'),
    creditScore: requiredChoice(creditScoreOptions, 'Credit score range is required'),
    receiveSms: z.boolean(),
    receiveMarketing: z.boolean(),
    businessName: requiredText('Business name is required'),
    businessAddress: requiredText('Business address is required'),
    city: requiredText('City is required'),
    state: requiredText('State is required'),
    industry: requiredText('Industry is required'),
    yearsInBusiness: requiredChoice(yearsInBusinessOptions, 'Years in business is required'),
    profitable: requiredChoice(profitableOptions, 'This field is required'),
    annualRevenue: requiredText('Annual revenue is required'),
    monthlyDebtPayments: requiredText('Monthly debt payments are required'),
    currentBusinessDebt: requiredText('Current business debt is required'),
    loanAmount: requiredChoice(loanAmountOptions, 'Loan amount is required'),
    timeframe: requiredChoice(timeframeOptions, 'Timeframe is required'),
    useOfFunds: requiredText('Use of funds is required'),
    hasDownPayment: requiredChoice(downPaymentOptions, 'This field is required'),
  })
  .refine((form) => !(form.receiveSms && isBlank(form.phone)), {
    // Texts need a number to go to; without texts the phone stays optional. Whether a typed number can take texts
    // is the phone library's call (shared/sms/phone-number.ts), made when the step is left: the library is too
    // large for the form's first load.
    message: PHONE_MESSAGES.empty,
    path: ['phone'],
    // Checked while other steps are still empty, as the step's own fields are.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

/** Messages for the fields of one wizard step ({} when the step may be left forward). */
export function stepErrors(step: WizardStepId, form: PreQualificationForm): FieldErrors {
  const errors = fieldErrors(preQualificationSchema, form);
  const fields: readonly string[] = wizardStepFields(step);
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

/**
 * The steps whose fields all pass their rules: those the step indicator may mark as done. A step that was jumped
 * over while empty is not among them (only the step being left is checked on a jump).
 */
export function validSteps(form: PreQualificationForm): Set<WizardStepId> {
  const invalid = Object.keys(fieldErrors(preQualificationSchema, form));
  return new Set(
    wizardSteps.filter((step) => !step.fields.some((field) => invalid.includes(field))).map((step) => step.id),
  );
}

/** Moving back (or staying) is free; moving forward, by Next or by jumping, needs the current step to be valid. */
export function canMoveToStep(current: WizardStepId, target: WizardStepId, form: PreQualificationForm): boolean {
  if (wizardStepIndex(target) <= wizardStepIndex(current)) return true;
  return Object.keys(stepErrors(current, form)).length === 0;
}

/** The fields the final submission requires to be non-empty (docs/product.md §5), in the described order. */
const submissionRequiredFields = [
  'firstName',
  'lastName',
  'email',
  'businessName',
  'businessAddress',
  'city',
  'state',
  'industry',
  'yearsInBusiness',
  'profitable',
  'annualRevenue',
  'monthlyDebtPayments',
  'currentBusinessDebt',
  'loanAmount',
  'timeframe',
  'useOfFunds',
  'hasDownPayment',
] as const satisfies readonly PreQualificationField[];

/** The submission-required fields that are empty. */
export function missingRequiredFields(form: Partial<PreQualificationForm>): PreQualificationField[] {
  return submissionRequiredFields.filter((field) => isBlank(form[field]));
}

/** How the list names a field: its label, or a short name for the two asked as questions. */
const listNames: Partial<Record<PreQualificationField, string>> = {
  profitable: 'Profitable',
  hasDownPayment: DOWN_PAYMENT_REVIEW_LABEL,
};

/**
 * The product's message (docs/product.md §5), the fields named as the form labels them ('Business Name'), not by their
 * keys.
 */
export function missingRequiredFieldsMessage(fields: readonly PreQualificationField[]): string {
  const names = fields.map((field) => listNames[field] ?? preQualificationFields[field].label);
  return `Missing required fields: ${names.join(', ')}. Please go back and complete all required fields.`;
}

/** The final check on the Review step: the product's message listing the empty fields, or undefined. */
export function submissionError(form: Partial<PreQualificationForm>): string | undefined {
  const missing = missingRequiredFields(form);
  return missing.length > 0 ? missingRequiredFieldsMessage(missing) : undefined;
}
