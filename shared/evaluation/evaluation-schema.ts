import { z } from 'zod';
import type { CriterionResult, EvaluationResult } from './evaluate.ts';

/** zod schemas of an evaluation, for payloads that carry one (the e-mail function, the desktop cache). */

const criterionResultSchema = z.object({
  id: z.enum(['creditScore', 'debtCoverage', 'downPayment', 'yearsInBusiness']),
  label: z.string(),
  value: z.union([z.number(), z.boolean(), z.null()]),
  threshold: z.number(),
  display: z.object({ value: z.string(), threshold: z.string() }),
  passed: z.boolean(),
  improvement: z.string().nullable(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<CriterionResult>;

export const evaluationResultSchema = z.object({
  qualified: z.boolean(),
  reasons: z.array(z.string()),
  suggestedNextSteps: z.array(z.string()),
  criteria: z.array(criterionResultSchema),
}) satisfies z.ZodType<EvaluationResult>;

/**
 * The described evaluation shape (docs/product.md §3, Evaluation result): the developer test page sends it without
 * criteria.
 */
export const evaluationPayloadSchema = evaluationResultSchema.extend({
  criteria: z.array(criterionResultSchema).optional(),
});
