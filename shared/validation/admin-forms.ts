import { z } from 'zod';
import { formatCount } from '../format/numbers.ts';
import { REQUIRED_FIELD_MESSAGE } from './additional-info.ts';
import { zipCodeSchema } from './registration.ts';

/**
 * docs/product.md §5, Admin forms: the pre-application letter and the term sheet. "Not in the original description"
 * marks what this product adds.
 */

const requiredText = z.string().trim().min(1, REQUIRED_FIELD_MESSAGE);
/**
 * Not in the original description: what an amount, term or payment of 0 or less is told (the description only
 * requires the field).
 */
export const ABOVE_ZERO_MESSAGE = 'Please enter a number above 0';

/**
 * A required amount, term or payment: a number above 0. Empty counts as not filled in ('This field is required');
 * 0 or a negative number is told to be above 0.
 */
const requiredPositive = z.number({ error: REQUIRED_FIELD_MESSAGE }).positive(ABOVE_ZERO_MESSAGE);

/**
 * Not in the original description: the largest amount or payment a letter or term sheet may state (the tables hold far
 * more).
 */
const AMOUNT_MAX = 1_000_000_000;

/**
 * Not in the original description: what an amount the tables cannot keep as stated is told (they store dollars and
 * cents).
 */
export const AMOUNT_MESSAGES = {
  tooSmall: 'Please enter an amount of at least $0.01',
  tooLarge: `Please enter an amount of at most $${formatCount(AMOUNT_MAX)}`,
} as const;

/**
 * A required dollar amount or payment: above 0 as above, at least a cent (a smaller one was stored as $0.00 and
 * refused by the database with only 'Failed to generate ...'), and at most AMOUNT_MAX (a larger one overflowed).
 */
const requiredAmount = requiredPositive
  .refine((value) => value <= 0 || value >= 0.01, AMOUNT_MESSAGES.tooSmall)
  .refine((value) => value <= AMOUNT_MAX, AMOUNT_MESSAGES.tooLarge);

/**
 * Not in the original description: the longest term a letter or term sheet may state (SBA loans run up to 25 years).
 */
const TERM_MAX_YEARS = 30;

/**
 * A loan's term, required as above, in whole years or months (the tables store integers, and a decimal was
 * refused by the database with only 'Failed to generate letter'), up to TERM_MAX_YEARS.
 */
function termMessages(unit: 'years' | 'months') {
  const most = unit === 'years' ? TERM_MAX_YEARS : TERM_MAX_YEARS * 12;
  return { whole: `Term must be a whole number of ${unit}`, tooLong: `Term can be at most ${most} ${unit}`, most };
}

function termSchema(unit: 'years' | 'months') {
  const messages = termMessages(unit);
  return requiredPositive
    .refine((value) => Number.isInteger(value), messages.whole)
    .refine((value) => value <= messages.most, messages.tooLong);
}

/** What the officer fills in for a pre-application letter; the rest comes from the application. */
export const letterFormSchema = z.object({
  address: requiredText,
  zipCode: zipCodeSchema,
  loanPurpose: requiredText,
  rate: requiredText,
  term: termSchema('years'),
  estimatedPayment: requiredAmount,
});

export type LetterForm = z.infer<typeof letterFormSchema>;

/**
 * The letter form's defaults (docs/product.md §5, Admin forms): rate 'WSJ Prime + 275', term 10 years, estimated
 * payment 100.
 */
export const LETTER_DEFAULTS = { rate: 'WSJ Prime + 275', term: 10, estimatedPayment: 100 } as const;

export const emptyLetterForm: LetterForm = { address: '', zipCode: '', loanPurpose: '', ...LETTER_DEFAULTS };

/** Not in the original description, which only requires the field: the term_sheets table accepts 0 to 100. */
const INTEREST_RATE_RANGE_MESSAGE = 'Interest rate must be between 0 and 100';
/**
 * Not in the original description: the table keeps a rate to 4 decimal places; a longer one was rounded without a word.
 */
const INTEREST_RATE_DECIMALS_MESSAGE = 'Interest rate can have at most 4 decimal places';

/** Whether a number has at most `places` decimal places (6.1235 has 4; 6.123456 has 6). */
function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Term sheet: every field required, including every condition; at least one condition. */
export const termSheetFormSchema = z.object({
  bankName: requiredText,
  loanAmount: requiredAmount,
  /** Percent, 0 to 100, to 4 decimal places. */
  interestRate: z
    .number({ error: REQUIRED_FIELD_MESSAGE })
    .min(0, INTEREST_RATE_RANGE_MESSAGE)
    .max(100, INTEREST_RATE_RANGE_MESSAGE)
    .refine((value) => hasAtMostDecimals(value, 4), INTEREST_RATE_DECIMALS_MESSAGE),
  term: termSchema('months'),
  monthlyPayment: requiredAmount,
  collateral: requiredText,
  conditions: z.array(requiredText).min(1, REQUIRED_FIELD_MESSAGE),
});

export type TermSheetForm = z.infer<typeof termSheetFormSchema>;

/** A new term sheet form shows one empty condition (conditions can then be added and removed). */
export const TERM_SHEET_DEFAULTS: Pick<TermSheetForm, 'conditions'> = { conditions: [''] };

/** The most a decision's reason may hold (the applications table checks the same). */
const DECISION_REASON_MAX = 2000;
/**
 * Not in the original description: a longer reason is refused with this message instead of being cut (the database
 * refuses it too).
 */
export const DECISION_REASON_TOO_LONG_MESSAGE = `The reason can be at most ${formatCount(DECISION_REASON_MAX)} characters`;

/** Approve or Reject: the reason is optional and at most DECISION_REASON_MAX characters, kept as typed. */
export const decisionReasonSchema = z.string().max(DECISION_REASON_MAX, DECISION_REASON_TOO_LONG_MESSAGE);

/**
 * Not in the original description: the most characters a loan officer's note on an application may have
 * (application_notes).
 */
const NOTE_MAX_LENGTH = 5000;

/** Not in the original description: what the notes form says about a note it cannot send. */
const NOTE_MESSAGES = {
  required: 'Please write a note before adding it',
  tooLong: `A note can be at most ${NOTE_MAX_LENGTH} characters`,
} as const;

/** A note's text: 1 to 5000 characters once the spaces around it are left out (the database checks the same). */
export const noteBodySchema = z
  .string()
  .trim()
  .min(1, NOTE_MESSAGES.required)
  .max(NOTE_MAX_LENGTH, NOTE_MESSAGES.tooLong);
