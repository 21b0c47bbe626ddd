import { describe, expect, it } from 'vitest';
import { preQualificationFields } from '../catalogue/pre-qualification.ts';
import { sampleApplicationRow } from '../testing/samples.ts';
import { applicationAnswers, formAnswerText } from './application-answers.ts';

describe('applicationAnswers', () => {
  it('lists every wizard field once, in form order, with its label', () => {
    const answers = applicationAnswers(sampleApplicationRow);
    expect(answers.map((answer) => answer.field)).toEqual(Object.keys(preQualificationFields));
    expect(answers.find((answer) => answer.field === 'firstName')).toEqual({
      field: 'firstName',
      label: 'First Name',
      value: sampleApplicationRow.first_name,
    });
  });

  it('shows money in dollars, choices by their label, checkboxes as Yes/No and empty answers as Not given', () => {
    const answers = applicationAnswers({
      ...sampleApplicationRow,
      annual_revenue: 1_200_000,
      receive_sms: true,
      receive_marketing: false,
      phone: '',
    });
    const value = (field: string) => answers.find((answer) => answer.field === field)?.value;
    expect(value('annualRevenue')).toBe('$1,200,000');
    expect(value('receiveSms')).toBe('Yes');
    expect(value('receiveMarketing')).toBe('No');
    expect(value('phone')).toBe('Not given');
    expect(
      applicationAnswers({ ...sampleApplicationRow, phone: '208.555.0134' }).find((a) => a.field === 'phone')?.value,
    ).toBe('(208) 555-0134');
    const creditOptions = preQualificationFields.creditScore.options;
    const credit = creditOptions.find((option) => option.value === sampleApplicationRow.credit_score)!;
    expect(value('creditScore')).toBe(credit.label);
  });
});

describe('formAnswerText', () => {
  it('writes a typed US number as (208) 555-0134 and leaves another as typed', () => {
    expect(formAnswerText('phone', '2085550134')).toBe('(208) 555-0134');
    expect(formAnswerText('phone', ' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
  });
});
