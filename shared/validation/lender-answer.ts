import { z } from 'zod';
import { LENDER_NOTE_MAX, LENDER_VIEW_MESSAGES, lenderAnswers } from '../matching/lender-answers.ts';

/** The lender's answer form: one of the three answers, and an optional note of at most LENDER_NOTE_MAX characters. */
export const lenderAnswerSchema = z.object({
  answer: z.enum(lenderAnswers.map((item) => item.value) as [string, ...string[]], {
    error: 'Please choose your answer',
  }),
  note: z.string().max(LENDER_NOTE_MAX, LENDER_VIEW_MESSAGES.noteTooLong),
});
export type LenderAnswerForm = z.infer<typeof lenderAnswerSchema>;
