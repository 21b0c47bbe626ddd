import { describe, expect, it } from 'vitest';
import { emptyPreQualificationForm, type PreQualificationForm } from '../catalogue/pre-qualification.ts';
import { wizardStepFields } from '../catalogue/wizard.ts';
import { sampleForm } from '../testing/samples.ts';
import { fieldErrors } from './field-errors.ts';
import {
  canMoveToStep,
  missingRequiredFields,
  missingRequiredFieldsMessage,
  preQualificationSchema,
  stepErrors,
  submissionError,
  validSteps,
} from './pre-qualification.ts';

const completeForm = sampleForm;

/** The sample's Personal step only, the rest empty. */
const personalDone: PreQualificationForm = {
  ...emptyPreQualificationForm,
  ...Object.fromEntries(wizardStepFields('PERSONAL').map((field) => [field, sampleForm[field]])),
};

describe('pre-qualification field rules (product.md §5)', () => {
  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['title', 'Title is required'],
    ['creditScore', 'Credit score range is required'],
    ['businessName', 'Business name is required'],
    ['businessAddress', 'Business address is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['industry', 'Industry is required'],
    ['yearsInBusiness', 'Years in business is required'],
    ['profitable', 'This field is required'],
    ['annualRevenue', 'Annual revenue is required'],
    ['monthlyDebtPayments', 'Monthly debt payments are required'],
    ['currentBusinessDebt', 'Current business debt is required'],
    ['loanAmount', 'Loan amount is required'],
    ['timeframe', 'Timeframe is required'],
    ['useOfFunds', 'Use of funds is required'],
    ['hasDownPayment', 'This field is required'],
  ] as const)('an empty %s says %j', (field, message) => {
    expect(fieldErrors(preQualificationSchema, { ...completeForm, [field]: '' })).toEqual({ [field]: message });
    expect(fieldErrors(preQualificationSchema, { ...completeForm, [field]: '   ' })).toEqual({ [field]: message });
  });

  it('accepts a complete form, and phone and both checkboxes may stay empty', () => {
    expect(fieldErrors(preQualificationSchema, completeForm)).toEqual({});
    expect(
      fieldErrors(preQualificationSchema, { ...completeForm, phone: '', receiveSms: false, receiveMarketing: false }),
    ).toEqual({});
  });

  it('checks the e-mail pattern', () => {
    expect(fieldErrors(preQualificationSchema, { ...completeForm, email: 'dana@bakery' })).toEqual({
      email: 'Invalid email address',
    });
  });

  it('refuses a choice that is not one of the options', () => {
    expect(fieldErrors(preQualificationSchema, { ...completeForm, loanAmount: '1000000+' })).toEqual({
      loanAmount: 'Loan amount is required',
    });
  });

  it('has no numeric check on the financial fields', () => {
    expect(fieldErrors(preQualificationSchema, { ...completeForm, annualRevenue: 'about a million' })).toEqual({});
  });
});

describe('wizard steps', () => {
  it('checks the Personal step, where phone and the checkboxes are optional', () => {
    expect(stepErrors('PERSONAL', personalDone)).toEqual({});
    expect(Object.keys(stepErrors('PERSONAL', emptyPreQualificationForm))).toEqual([
      'firstName',
      'lastName',
      'email',
      'title',
      'creditScore',
    ]);
  });

  it('asks for a number when texts are wanted, on the Personal step while the others are still empty', () => {
    const textsWithoutNumber = { ...personalDone, receiveSms: true, phone: '  ' };
    expect(stepErrors('PERSONAL', textsWithoutNumber)).toEqual({ phone: 'Please enter your mobile number' });
    expect(canMoveToStep('PERSONAL', 'BUSINESS', textsWithoutNumber)).toBe(false);
    expect(fieldErrors(preQualificationSchema, { ...completeForm, receiveSms: true, phone: '' })).toEqual({
      phone: 'Please enter your mobile number',
    });
    expect(stepErrors('PERSONAL', { ...textsWithoutNumber, phone: '(208) 555-0134' })).toEqual({});
    expect(stepErrors('PERSONAL', { ...personalDone, receiveSms: false, phone: '' })).toEqual({});
  });

  it.each(['BUSINESS', 'FINANCIAL', 'LOAN'] as const)('reports only the fields of the %s step', (step) => {
    expect(Object.keys(stepErrors(step, personalDone))).toEqual(wizardStepFields(step));
  });

  it('has nothing to check on the Review step', () => {
    expect(stepErrors('REVIEW', emptyPreQualificationForm)).toEqual({});
  });

  it('moves forward, by Next or by jumping, only when the current step is valid; back is free', () => {
    expect(canMoveToStep('PERSONAL', 'BUSINESS', emptyPreQualificationForm)).toBe(false);
    expect(canMoveToStep('PERSONAL', 'REVIEW', emptyPreQualificationForm)).toBe(false);
    expect(canMoveToStep('PERSONAL', 'LOAN', personalDone)).toBe(true);
    expect(canMoveToStep('LOAN', 'PERSONAL', emptyPreQualificationForm)).toBe(true);
    expect(canMoveToStep('FINANCIAL', 'FINANCIAL', emptyPreQualificationForm)).toBe(true);
  });
});

describe('steps the indicator marks as done', () => {
  it('are the steps whose fields all pass, not one jumped over while empty', () => {
    expect([...validSteps(personalDone)]).toEqual(['PERSONAL', 'REVIEW']);
    expect([...validSteps(completeForm)]).toEqual(['PERSONAL', 'BUSINESS', 'FINANCIAL', 'LOAN', 'REVIEW']);
    expect(validSteps({ ...completeForm, email: 'not an e-mail' }).has('PERSONAL')).toBe(false);
  });
});

describe('final submission check', () => {
  it('requires the product’s list of fields, in order, which leaves out phone, title, credit score and the checkboxes', () => {
    expect(submissionError(emptyPreQualificationForm)).toBe(
      'Missing required fields: First Name, Last Name, Email, Business Name, Business Address, City, State, Industry, Years in Business, Profitable, Annual Revenue, Monthly Debt Payments, Current Business Debt, Loan Amount, Timeframe, Use of Funds, 10% Down Payment Available. Please go back and complete all required fields.',
    );
    expect(submissionError({ ...completeForm, title: '', creditScore: '' })).toBeUndefined();
  });

  it('lists the empty fields in the required message, by the names the form shows', () => {
    expect(missingRequiredFields({ ...completeForm, city: '', useOfFunds: ' ' })).toEqual(['city', 'useOfFunds']);
    expect(submissionError({ ...completeForm, city: '', useOfFunds: ' ' })).toBe(
      'Missing required fields: City, Use of Funds. Please go back and complete all required fields.',
    );
    expect(missingRequiredFieldsMessage(['email'])).toBe(
      'Missing required fields: Email. Please go back and complete all required fields.',
    );
  });

  it('treats absent fields (an old saved form) as missing', () => {
    const { hasDownPayment: _dropped, ...withoutDownPayment } = completeForm;
    expect(missingRequiredFields(withoutDownPayment)).toEqual(['hasDownPayment']);
  });
});
