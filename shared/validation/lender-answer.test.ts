import { describe, expect, it } from 'vitest';
import { LENDER_VIEW_MESSAGES } from '../matching/lender-answers.ts';
import { lenderAnswerSchema } from './lender-answer.ts';

describe('the lender answer form', () => {
  it('accepts each answer with or without a note', () => {
    for (const answer of ['interested', 'need_more_info', 'declined']) {
      expect(lenderAnswerSchema.safeParse({ answer, note: '' }).success).toBe(true);
      expect(lenderAnswerSchema.safeParse({ answer, note: 'n'.repeat(4000) }).success).toBe(true);
    }
  });

  it('asks for an answer, and refuses a note over 4000 characters', () => {
    const none = lenderAnswerSchema.safeParse({ answer: undefined, note: '' });
    expect(none.error?.issues.map((issue) => issue.message)).toEqual(['Please choose your answer']);
    const long = lenderAnswerSchema.safeParse({ answer: 'declined', note: 'n'.repeat(4001) });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([LENDER_VIEW_MESSAGES.noteTooLong]);
  });
});
