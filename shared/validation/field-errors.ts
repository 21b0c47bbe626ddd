import type { z } from 'zod';

/** The first message for each invalid field, keyed by its path as forms name it ('email', 'conditions.0'). */
export type FieldErrors = Partial<Record<string, string>>;

/** Checks values against a schema and returns one message per invalid field ({} when all are valid). */
export function fieldErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Whether a text value is missing: absent, or only white space. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || String(value).trim() === '';
}
