import { describe, expect, it } from 'vitest';
import { evaluatePreQualification } from '../evaluation/evaluate.ts';
import { sampleApplicationRow, sampleForm } from '../testing/samples.ts';
import { buildApplicationRecord } from './application-record.ts';

describe('buildApplicationRecord (product.md §3)', () => {
  it('maps every form field onto its column: the sample form becomes the sample row', () => {
    const evaluation = evaluatePreQualification(sampleForm);
    // The columns the database fills in itself are not part of the insert.
    const {
      id: _id,
      decided_by: _by,
      decided_at: _at,
      decision_reason: _reason,
      confirmed_by_applicant_at: _confirmed,
      disowned_at: _disowned,
      created_at: _c,
      updated_at: _u,
      ...insert
    } = sampleApplicationRow;
    expect(buildApplicationRecord({ ...sampleForm, firstName: ' Dana ' }, evaluation)).toEqual({
      ...insert,
      evaluation_result: evaluation,
    });
  });

  it('lower-cases the e-mail, empties website and down-payment details, sets no consultation or admin', () => {
    const record = buildApplicationRecord(sampleForm, evaluatePreQualification(sampleForm));
    expect(record).toMatchObject({
      email: 'dana.reyes@example.com',
      business_website: '',
      down_payment_amount: '',
      down_payment_source: '',
      consultation_date: null,
      assigned_admin_id: null,
      status: 'pending',
    });
  });

  it('is rejected when the evaluation does not qualify, and keeps the user id of a signed-in applicant', () => {
    const form = { ...sampleForm, creditScore: 'Below 600' as const };
    const record = buildApplicationRecord(form, evaluatePreQualification(form), 'b3c1a7e0-1111-4222-8333-944455556666');
    expect(record.status).toBe('rejected');
    expect(record.user_id).toBe('b3c1a7e0-1111-4222-8333-944455556666');
  });

  it("gives '' for a missing phone and 0 for empty money fields, keeps a given phone", () => {
    const { phone: _phone, ...withoutPhone } = sampleForm;
    const form = { ...withoutPhone, annualRevenue: '', monthlyDebtPayments: '', currentBusinessDebt: '' };
    const record = buildApplicationRecord(form as typeof sampleForm, evaluatePreQualification(sampleForm));
    expect(record.phone).toBe('');
    expect([record.annual_revenue, record.monthly_debt_payments, record.current_business_debt]).toEqual([0, 0, 0]);
    expect(buildApplicationRecord({ ...sampleForm, phone: ' (555) 010-4200 ' }, record.evaluation_result).phone).toBe(
      '(555) 010-4200',
    );
  });
});
