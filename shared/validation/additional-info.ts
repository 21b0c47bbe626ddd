import { z } from 'zod';
import { parseMoneyInput } from '../format/money.ts';
import {
  additionalInfoFields,
  type AdditionalInfoField,
  type AdditionalInfoFieldSpec,
} from '../catalogue/additional-info.ts';

/**
 * docs/product.md §5, Portal: every required field of the additional-information form says 'This field is required'.
 */
export const REQUIRED_FIELD_MESSAGE = 'This field is required';

/**
 * A number field (the two percentages) holds what the server's check accepts, digits with an optional
 * decimal part, and at most 100 (a share of the project).
 */
export const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100, such as 20 or 12.5';
const UNSIGNED_NUMBER = /^[0-9]+(\.[0-9]+)?$/;

/** A money field holds an amount in dollars (the form writes it as '$85,000' once typed). */
export const MONEY_MESSAGE = 'Enter an amount in dollars, such as 85,000';

function fieldSchema(field: AdditionalInfoFieldSpec): z.ZodType<string, string> {
  const allowed: readonly string[] | undefined =
    'options' in field ? field.options.map((option) => option.value) : undefined;
  const trimmed = field.required ? z.string().trim().min(1, REQUIRED_FIELD_MESSAGE) : z.string().trim();
  // An empty value is the required message's to report.
  const base =
    field.kind === 'number'
      ? trimmed.refine(
          (value) => value === '' || (UNSIGNED_NUMBER.test(value) && Number(value) <= 100),
          PERCENT_MESSAGE,
        )
      : field.kind === 'money'
        ? trimmed.refine((value) => value === '' || parseMoneyInput(value) !== null, MONEY_MESSAGE)
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
