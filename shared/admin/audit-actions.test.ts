import { describe, expect, it } from 'vitest';
import { auditActionText, isLenderAnswer } from './audit-actions.ts';

describe('audit actions in words', () => {
  it.each([
    ['application.approved', 'Application approved'],
    ['application.rejected', 'Application rejected'],
    ['application.pending', 'Application set back to pending'],
    ['application.updated', 'Application updated'],
    ['pre_application_letter.created', 'Pre-application letter created'],
    ['term_sheet.created', 'Term sheet created'],
    ['bank_package.created', 'Bank package created'],
    ['bank_package.sent', 'Bank package sent'],
    ['bank_package.sent_to_lender', 'Bank package sent to a lender'],
    ['bank_package.need_more_info', 'Bank package answered by the lender: needs more information'],
    ['lender_consent.requested', 'Lender consent requested'],
    ['lender_consent.approved', 'Lender consent approved'],
    ['application_note.created', 'Note created'],
    ['application_note.deleted', 'Note deleted'],
    ['impersonation.start', 'Client portal view started'],
    ['client.password_reset_sent', 'Password reset e-mail sent to the client'],
  ])('%s reads "%s"', (action, text) => {
    expect(auditActionText(action)).toBe(text);
  });

  it('makes an action it does not know readable instead of showing the code', () => {
    expect(auditActionText('business_registration.under_review')).toBe('Business registration under review');
    expect(auditActionText('exported')).toBe('Exported');
  });

  it("names the lender's answers, and only those, as the lender's", () => {
    expect(
      ['interested', 'need_more_info', 'declined'].map((answer) => isLenderAnswer(`bank_package.${answer}`)),
    ).toEqual([true, true, true]);
    expect(isLenderAnswer('bank_package.sent')).toBe(false);
    expect(isLenderAnswer('lender_consent.declined')).toBe(false);
  });
});
