import { z } from 'zod';
import {
  additionalInfoFields,
  type AdditionalInfoField,
  type AdditionalInfoFieldSpec,
} from '../catalogue/additional-info.ts';

/** Spec section 5, portal: every required field of the additional-information form says 'This field is required'. */
export const REQUIRED_FIELD_MESSAGE = 'This field is required';

/** A number field (the two percentages) holds what the server's check accepts: digits, optionally a decimal part. */
export const UNSIGNED_NUMBER_MESSAGE = 'Enter a number of 0 or more, such as 20 or 12.5';
const UNSIGNED_NUMBER = /^[0-9]+(\.[0-9]+)?$/;

function fieldSchema(field: AdditionalInfoFieldSpec): z.ZodType<string, string> {
  const allowed: readonly string[] | undefined =
    'options' in field ? field.options.map((option) => option.value) : undefined;
  const trimmed = field.required ? z.string().trim().min(1, REQUIRED_FIELD_MESSAGE) : z.string().trim();
  // An empty value is the required message's to report.
  const base =
    field.kind === 'number'
      ? trimmed.refine((value) => value === '' || UNSIGNED_NUMBER.test(value), UNSIGNED_NUMBER_MESSAGE)
      : trimmed;
  // A choice must be one of its options (an optional one may also stay empty).
  return allowed ? base.refine((value) => value === '' || allowed.includes(value), REQUIRED_FIELD_MESSAGE) : base;
}

export const additionalInfoSchema = z.object(
  Object.fromEntries(additionalInfoFields.map((field) => [field.name, fieldSchema(field)])) as Record<
    AdditionalInfoField,
    z.ZodType<string, string>
  >,
);
