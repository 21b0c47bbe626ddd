import { describe, expect, it } from 'vitest';
import { actor } from './who-and-when.ts';

describe('actor', () => {
  const me = 'aaaaaaaa-0000-4000-8000-000000000001';
  const applicant = 'f25937c7-0000-4000-8000-000000000002';
  const colleague = 'bbbbbbbb-0000-4000-8000-000000000003';

  it('calls the application’s own account the applicant, not an officer', () => {
    expect(actor({ actor_id: applicant, kind: 'consent_approved' }, me, applicant)).toBe('the applicant');
  });

  it('names the signed-in officer you and another officer by the start of their id', () => {
    expect(actor({ actor_id: me }, me, applicant)).toBe('you');
    expect(actor({ actor_id: colleague }, me, applicant)).toBe('officer bbbbbbbb');
  });

  it('names the lender for lender events and the applicant or the system when no one is recorded', () => {
    expect(actor({ actor_id: null, kind: 'lender_replied' }, me, applicant)).toBe('the lender');
    expect(actor({ actor_id: null }, me, applicant)).toBe('the applicant or the system');
  });

  it('names the lender for offers and for a stage recorded through its link, the applicant for an acceptance', () => {
    for (const kind of ['offer_made', 'offer_revised', 'offer_withdrawn', 'loan_funded']) {
      expect(actor({ actor_id: null, kind }, me, applicant)).toBe('the lender');
    }
    expect(actor({ actor_id: applicant, kind: 'offer_accepted' }, me, null)).toBe('the applicant');
    expect(actor({ actor_id: me, kind: 'loan_in_closing' }, me, applicant)).toBe('you');
  });

  it('names a loan officer for the document events, which the applicant reads too and so name no officer', () => {
    expect(actor({ actor_id: null, kind: 'document_needs_replacement' }, me, applicant)).toBe('a loan officer');
    expect(actor({ actor_id: null, kind: 'document_requested' }, me, applicant)).toBe('a loan officer');
  });

  it('names the applicant for a submission and the system for the evaluation that declined it at submission', () => {
    expect(actor({ actor_id: null, kind: 'submitted' }, me, null)).toBe('the applicant');
    expect(actor({ actor_id: null, kind: 'submitted' }, me, applicant)).toBe('the applicant');
    expect(actor({ actor_id: null, kind: 'not_qualified' }, me, applicant)).toBe('the system');
  });

  it('names the applicant for a consent answer even when the application names no account', () => {
    expect(actor({ actor_id: applicant, kind: 'consent_withdrawn' }, me, null)).toBe('the applicant');
    expect(actor({ actor_id: applicant }, me, null, 'applicant')).toBe('the applicant');
    expect(actor({ actor_id: null }, me, applicant, 'system')).toBe('the system');
  });

  // An application made before the account becomes the account's when its e-mail is confirmed (migration
  // 20261127110000). Besides answering consent requests, only officers act on an application.
  it('names any other account as an officer, by the start of its id', () => {
    expect(actor({ actor_id: applicant }, me, null)).toBe('officer f25937c7');
  });
});
