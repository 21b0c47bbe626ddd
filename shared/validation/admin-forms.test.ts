import { describe, expect, it } from 'vitest';
import {
  ABOVE_ZERO_MESSAGE,
  AMOUNT_MESSAGES,
  DECISION_REASON_TOO_LONG_MESSAGE,
  decisionReasonSchema,
  emptyLetterForm,
  LETTER_DEFAULTS,
  letterFormSchema,
  noteBodySchema,
  TERM_SHEET_DEFAULTS,
  termSheetFormSchema,
  type TermSheetForm,
} from './admin-forms.ts';
import { fieldErrors } from './field-errors.ts';

const required = 'This field is required';

const termSheet: TermSheetForm = {
  bankName: 'First Example Bank',
  loanAmount: 250_000,
  interestRate: 7.5,
  term: 120,
  monthlyPayment: 2_968,
  collateral: 'Business assets',
  conditions: ['Personal guarantee'],
};

describe('pre-application letter form (product.md §5 and §9)', () => {
  it("defaults to 'WSJ Prime + 275', 10 years and a payment of 100", () => {
    expect(LETTER_DEFAULTS).toEqual({ rate: 'WSJ Prime + 275', term: 10, estimatedPayment: 100 });
    expect(emptyLetterForm).toMatchObject(LETTER_DEFAULTS);
  });

  it('requires street address, ZIP code, loan purpose, rate, term and payment', () => {
    expect(
      fieldErrors(letterFormSchema, {
        address: '',
        zipCode: '',
        loanPurpose: ' ',
        rate: '',
        term: Number.NaN,
        estimatedPayment: Number.NaN,
      }),
    ).toEqual({
      address: required,
      zipCode: 'ZIP code is required',
      loanPurpose: required,
      rate: required,
      term: required,
      estimatedPayment: required,
    });
  });

  it('says a term or payment of 0 or less must be above 0, not that it is missing', () => {
    const letter = { ...emptyLetterForm, address: '12 Main St', zipCode: '89501', loanPurpose: 'Oven' };
    expect(fieldErrors(letterFormSchema, { ...letter, term: -5, estimatedPayment: -100 })).toEqual({
      term: ABOVE_ZERO_MESSAGE,
      estimatedPayment: ABOVE_ZERO_MESSAGE,
    });
    expect(fieldErrors(letterFormSchema, { ...letter, term: 0, estimatedPayment: 0 })).toEqual({
      term: ABOVE_ZERO_MESSAGE,
      estimatedPayment: ABOVE_ZERO_MESSAGE,
    });
  });

  it('takes a payment the letters table can keep: at least a cent, at most a billion dollars', () => {
    const letter = { ...emptyLetterForm, address: '12 Main St', zipCode: '89501', loanPurpose: 'Oven' };
    expect(fieldErrors(letterFormSchema, { ...letter, estimatedPayment: 0.001 })).toEqual({
      estimatedPayment: 'Please enter an amount of at least $0.01',
    });
    expect(fieldErrors(letterFormSchema, { ...letter, estimatedPayment: 100_000_000_000_000 })).toEqual({
      estimatedPayment: 'Please enter an amount of at most $1,000,000,000',
    });
    expect(fieldErrors(letterFormSchema, { ...letter, estimatedPayment: 1e300 })).toEqual({
      estimatedPayment: AMOUNT_MESSAGES.tooLarge,
    });
    expect(fieldErrors(letterFormSchema, { ...letter, estimatedPayment: 0.01 })).toEqual({});
    expect(fieldErrors(letterFormSchema, { ...letter, estimatedPayment: 1_000_000_000 })).toEqual({});
  });

  it('takes a term in whole years, at most 30', () => {
    const letter = { ...emptyLetterForm, address: '12 Main St', zipCode: '89501', loanPurpose: 'Oven' };
    expect(fieldErrors(letterFormSchema, { ...letter, term: 7.5 })).toEqual({
      term: 'Term must be a whole number of years',
    });
    expect(fieldErrors(letterFormSchema, { ...letter, term: 1000 })).toEqual({ term: 'Term can be at most 30 years' });
    expect(fieldErrors(letterFormSchema, { ...letter, term: 30 })).toEqual({});
  });

  it('accepts the defaults once address, ZIP and purpose are filled in', () => {
    expect(
      fieldErrors(letterFormSchema, {
        ...emptyLetterForm,
        address: '12 Main St',
        zipCode: '89501',
        loanPurpose: 'Oven',
      }),
    ).toEqual({});
  });
});

describe('term sheet form (product.md §5)', () => {
  it('accepts a complete term sheet and starts with one empty condition', () => {
    expect(fieldErrors(termSheetFormSchema, termSheet)).toEqual({});
    expect(TERM_SHEET_DEFAULTS.conditions).toEqual(['']);
  });

  it.each([
    ['bankName', ''],
    ['loanAmount', Number.NaN],
    ['interestRate', undefined],
    ['monthlyPayment', Number.NaN],
    ['collateral', '  '],
  ] as const)('requires %s (given %j)', (field, value) => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, [field]: value })).toEqual({ [field]: required });
  });

  it.each([
    ['loanAmount', -250_000],
    ['loanAmount', 0],
    ['term', -1],
    ['term', 0],
    ['monthlyPayment', -0.5],
    ['monthlyPayment', 0],
  ] as const)('says %s must be above 0 when it is 0 or less (%j), not that it is missing', (field, value) => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, [field]: value })).toEqual({
      [field]: ABOVE_ZERO_MESSAGE,
    });
  });

  it('takes a term in whole months, at most 360', () => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, term: 120.5 })).toEqual({
      term: 'Term must be a whole number of months',
    });
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, term: 361 })).toEqual({
      term: 'Term can be at most 360 months',
    });
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, term: 360 })).toEqual({});
  });

  it('requires every condition, and at least one', () => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, conditions: ['Guarantee', ''] })).toEqual({
      'conditions.1': required,
    });
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, conditions: [] })).toEqual({ conditions: required });
  });

  it.each([
    ['loanAmount', 1e15, AMOUNT_MESSAGES.tooLarge],
    ['loanAmount', 0.004, AMOUNT_MESSAGES.tooSmall],
    ['monthlyPayment', 1e20, AMOUNT_MESSAGES.tooLarge],
    ['monthlyPayment', 0.004, AMOUNT_MESSAGES.tooSmall],
  ] as const)('says %s %j cannot be kept as stated, before the table refuses it', (field, value, message) => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, [field]: value })).toEqual({ [field]: message });
  });

  it('keeps the interest rate to 4 decimal places, as the table does, instead of rounding it', () => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, interestRate: 6.1235 })).toEqual({});
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, interestRate: 7.35 })).toEqual({});
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, interestRate: 6.123456 })).toEqual({
      interestRate: 'Interest rate can have at most 4 decimal places',
    });
  });

  it('keeps the interest rate between 0 and 100, as the table does', () => {
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, interestRate: 0 })).toEqual({});
    expect(fieldErrors(termSheetFormSchema, { ...termSheet, interestRate: 101 })).toEqual({
      interestRate: 'Interest rate must be between 0 and 100',
    });
  });
});

describe('decision reason (Approve / Reject)', () => {
  it('accepts no reason and a reason of 2,000 characters, kept as typed', () => {
    expect(decisionReasonSchema.parse('')).toBe('');
    const longest = `  ${'é'.repeat(1996)}  `;
    expect(decisionReasonSchema.parse(longest)).toBe(longest);
  });

  it('refuses 2,001 characters with a message instead of cutting them', () => {
    const result = decisionReasonSchema.safeParse('x'.repeat(2001));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('The reason can be at most 2,000 characters');
    expect(DECISION_REASON_TOO_LONG_MESSAGE).toBe('The reason can be at most 2,000 characters');
  });
});

describe('a loan officer’s note', () => {
  const messages = (body: unknown) => noteBodySchema.safeParse(body).error?.issues.map((issue) => issue.message);

  it('takes 1 to 5000 characters, without the spaces and line breaks around them', () => {
    expect(noteBodySchema.parse('  Called the owner.\n')).toBe('Called the owner.');
    expect(noteBodySchema.parse(`\n ${'x'.repeat(5000)} \n`)).toHaveLength(5000);
  });

  it('asks for a note when there is none, and refuses one over 5000 characters', () => {
    expect(messages('')).toEqual(['Please write a note before adding it']);
    expect(messages(' \n\t ')).toEqual(['Please write a note before adding it']);
    expect(messages('x'.repeat(5001))).toEqual(['A note can be at most 5000 characters']);
  });
});
