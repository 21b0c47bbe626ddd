import { describe, expect, it } from 'vitest';
import { cancelReasonSchema, documentRequestSchema, replacementReasonSchema } from './checklist-forms.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the checklist forms', () => {
  it('needs a reason for a replacement, trimmed, and refuses spaces alone or more than 2,000 characters', () => {
    expect(replacementReasonSchema.parse('  Page 2 is missing.  ')).toBe('Page 2 is missing.');
    for (const reason of ['', '   \n']) {
      expect(firstMessage(replacementReasonSchema.safeParse(reason))).toBe(
        'Say what needs to change: the applicant reads the reason',
      );
    }
    expect(firstMessage(replacementReasonSchema.safeParse('x'.repeat(2001)))).toBe(
      'The reason can be at most 2,000 characters',
    );
    expect(replacementReasonSchema.safeParse(` ${'x'.repeat(2000)} `).success).toBe(true);
  });

  it('needs a reason to cancel a request', () => {
    expect(firstMessage(cancelReasonSchema.safeParse(' '))).toBe(
      'Say why the request is cancelled: the applicant reads the reason',
    );
  });

  it('needs a title and what is needed, and a due day that is not past', () => {
    const request = { title: 'Debt schedule', details: 'Every business debt.', dueDate: '' };
    expect(documentRequestSchema.safeParse(request).success).toBe(true);
    expect(firstMessage(documentRequestSchema.safeParse({ ...request, title: '  ' }))).toBe('Give the request a title');
    expect(firstMessage(documentRequestSchema.safeParse({ ...request, details: '' }))).toBe(
      'Say what exactly is needed',
    );
    expect(firstMessage(documentRequestSchema.safeParse({ ...request, dueDate: '2020-01-01' }))).toBe(
      'The due date is in the past',
    );
    expect(documentRequestSchema.safeParse({ ...request, dueDate: '2999-12-31' }).success).toBe(true);
    expect(firstMessage(documentRequestSchema.safeParse({ ...request, title: 'x'.repeat(201) }))).toBe(
      'The title can be at most 200 characters',
    );
  });
});
