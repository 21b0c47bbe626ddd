import { z } from 'zod';
import {
  additionalInfoFields,
  type AdditionalInfoField,
  type AdditionalInfoFieldSpec,
} from '../catalogue/additional-info.ts';

/** Spec section 5, portal: every required field of the additional-information form says 'This field is required'. */
export const REQUIRED_FIELD_MESSAGE = 'This field is required';

function fieldSchema(field: AdditionalInfoFieldSpec): z.ZodType<string, string> {
  const allowed: readonly string[] | undefined =
    'options' in field ? field.options.map((option) => option.value) : undefined;
  const base = field.required ? z.string().trim().min(1, REQUIRED_FIELD_MESSAGE) : z.string().trim();
  // A choice must be one of its options (an optional one may also stay empty).
  return allowed ? base.refine((value) => value === '' || allowed.includes(value), REQUIRED_FIELD_MESSAGE) : base;
}

export const additionalInfoSchema = z.object(
  Object.fromEntries(additionalInfoFields.map((field) => [field.name, fieldSchema(field)])) as Record<
    AdditionalInfoField,
    z.ZodType<string, string>
  >,
);
