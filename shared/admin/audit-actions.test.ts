import { describe, expect, it } from 'vitest';
import { auditActionText, auditEntryActor, auditEntryText } from './audit-actions.ts';

describe('audit actions in words', () => {
  it.each([
    ['application.approved', 'Application approved'],
    ['application.rejected', 'Application rejected'],
    ['application.pending', 'Application set back to pending'],
    ['application.updated', 'Application updated'],
    ['application.linked_to_account', "Application linked to the applicant's account"],
    ['application.confirmed_by_applicant', 'Application confirmed by the applicant as theirs'],
    [
      'application.disowned_by_email_holder',
      'Application disowned: the holder of its e-mail said they did not make it',
    ],
    ['application.unlinked_from_account', 'Application no longer linked to an account (the account was deleted)'],
    ['pre_application_letter.created', 'Pre-application letter created'],
    ['term_sheet.created', 'Term sheet created'],
    ['bank_package.created', 'Bank package created'],
    ['bank_package.sent', 'Bank package marked as sent'],
    ['bank_package.sent_to_lender', 'Bank package sent to a lender'],
    ['bank_package.need_more_info', 'Bank package answered by the lender: needs more information'],
    ['lender_consent.requested', 'Lender consent requested'],
    ['lender_consent.approved', 'Lender consent approved'],
    ['application_note.created', 'Note created'],
    ['application_note.deleted', 'Note deleted'],
    ['impersonation.start', 'Client portal view started'],
    ['client.password_reset_sent', 'Password reset e-mail sent to the client'],
    ['document_review.created', 'Document reviewed'],
    ['document_request.created', 'Document request created'],
    ['document_request.cancelled', 'Document request cancelled'],
    ['document_not_needed.created', 'Document marked not needed for this application'],
    ['document_not_needed.deleted', 'Document marked needed again'],
  ])('%s reads "%s"', (action, text) => {
    expect(auditActionText(action)).toBe(text);
  });

  it('makes an action it does not know readable instead of showing the code', () => {
    expect(auditActionText('business_registration.under_review')).toBe('Business registration under review');
    expect(auditActionText('exported')).toBe('Exported');
  });

  it("names the lender's answers as the lender's and the consent answers as the applicant's, and only those", () => {
    const officer = 'bbbbbbbb-0000-4000-8000-000000000003';
    expect(
      ['interested', 'need_more_info', 'declined'].map((answer) =>
        auditEntryActor({ action: `bank_package.${answer}`, actor_id: null }),
      ),
    ).toEqual(['lender', 'lender', 'lender']);
    expect(
      ['approved', 'declined', 'withdrawn'].map((answer) =>
        auditEntryActor({ action: `lender_consent.${answer}`, actor_id: officer }),
      ),
    ).toEqual(['applicant', 'applicant', 'applicant']);
    expect(auditEntryActor({ action: 'loan_offer.created', actor_id: null })).toBe('lender');
    expect(auditEntryActor({ action: 'loan_offer.updated', actor_id: null })).toBe('lender');
    expect(auditEntryActor({ action: 'offer_acceptance.created', actor_id: null })).toBe('applicant');
    expect(auditEntryActor({ action: 'loan_stage.created', actor_id: null })).toBe('lender');
    expect(auditEntryActor({ action: 'loan_stage.created', actor_id: officer })).toBeUndefined();
    for (const action of ['bank_package.sent', 'lender_consent.requested', 'application.approved']) {
      expect(auditEntryActor({ action, actor_id: officer })).toBeUndefined();
    }
  });

  it('names the system for any other entry written without an actor (a server function, the database)', () => {
    expect(auditEntryActor({ action: 'bank_package.sent', actor_id: null })).toBe('system');
    expect(auditEntryActor({ action: 'application.updated', actor_id: null })).toBe('system');
  });

  it('names the lender of a consent request the detail holds, or of a bank package when the entry was written, and nothing else', () => {
    const known = {
      consents: [{ id: 'consent-1', lender_id: 'lender-1' }],
      lenders: [
        { id: 'lender-1', name: 'First Sierra Bank' },
        { id: 'lender-2', name: 'Comstock Community Bank' },
      ],
    };
    expect(auditEntryText({ action: 'lender_consent.created', record_id: 'consent-1' }, known)).toBe(
      'Lender consent created (First Sierra Bank)',
    );
    expect(auditEntryText({ action: 'lender_consent.approved', record_id: 'consent-1' }, known)).toBe(
      'Lender consent approved (First Sierra Bank)',
    );
    expect(
      auditEntryText(
        { action: 'bank_package.sent_to_lender', record_id: 'package-1', lender_name: 'Comstock Community Bank' },
        known,
      ),
    ).toBe('Bank package sent to a lender (Comstock Community Bank)');
    // A package made before it was sent to anyone; a row the detail does not hold; another subject: the action.
    expect(auditEntryText({ action: 'bank_package.created', record_id: 'package-1', lender_name: null }, known)).toBe(
      'Bank package created',
    );
    expect(auditEntryText({ action: 'lender_consent.created', record_id: 'consent-9' }, known)).toBe(
      'Lender consent created',
    );
    expect(auditEntryText({ action: 'term_sheet.created', record_id: 'consent-1' }, known)).toBe('Term sheet created');
    // A consent request gone with its lender: the name its entry recorded; the detail's own lenders come first.
    expect(
      auditEntryText({ action: 'lender_consent.deleted', record_id: 'consent-9', lender_name: 'Old Bank' }, known),
    ).toBe('Lender consent deleted (Old Bank)');
    expect(
      auditEntryText({ action: 'lender_consent.created', record_id: 'consent-1', lender_name: 'Old name' }, known),
    ).toBe('Lender consent created (First Sierra Bank)');
  });

  it('names the file a review was of and its outcome, when the detail holds both', () => {
    const known = {
      consents: [],
      lenders: [],
      reviews: [
        { id: 'review-1', document_id: 'document-1', outcome: 'needs_replacement' as const },
        { id: 'review-2', document_id: 'document-2', outcome: 'accepted' as const },
        { id: 'review-3', document_id: 'document-gone', outcome: 'accepted' as const },
      ],
      documents: [
        { id: 'document-1', file_name: 'tax-return-2025.pdf' },
        { id: 'document-2', file_name: 'bank-statement.pdf' },
      ],
    };
    expect(auditEntryText({ action: 'document_review.created', record_id: 'review-1' }, known)).toBe(
      'Document reviewed (tax-return-2025.pdf: needs replacement)',
    );
    expect(auditEntryText({ action: 'document_review.created', record_id: 'review-2' }, known)).toBe(
      'Document reviewed (bank-statement.pdf: accepted)',
    );
    // A review of a file no longer held, or one the detail does not hold: the action alone.
    expect(auditEntryText({ action: 'document_review.created', record_id: 'review-3' }, known)).toBe(
      'Document reviewed',
    );
    expect(auditEntryText({ action: 'document_review.created', record_id: 'review-9' }, known)).toBe(
      'Document reviewed',
    );
  });

  it('names the lender of an offer and its revision, when the detail holds the offer and its package', () => {
    const known = {
      consents: [],
      lenders: [],
      offers: [
        { id: 'offer-1', package_id: 'package-1', revision: 2 },
        { id: 'offer-2', package_id: 'package-gone', revision: 1 },
      ],
      packages: [{ id: 'package-1', bank_name: 'First Sierra Bank' }],
    };
    expect(auditEntryText({ action: 'loan_offer.created', record_id: 'offer-1' }, known)).toBe(
      'Loan offer created (First Sierra Bank, revision 2)',
    );
    expect(auditEntryText({ action: 'loan_offer.created', record_id: 'offer-2' }, known)).toBe('Loan offer created');
    expect(auditEntryText({ action: 'loan_offer.created', record_id: 'offer-9' }, known)).toBe('Loan offer created');
  });
});
