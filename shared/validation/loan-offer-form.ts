import { z } from 'zod';
import { formatCount } from '../format/numbers.ts';
import { rateIndexes, type RateIndex } from '../offers/offer-cost.ts';

/**
 * The offer a lender makes through its link (docs/product.md §11, Offers and funding): the same limits as the
 * loan_offers table and make_loan_offer, so that the lender reads what is wrong under the field instead of one
 * refusal for the whole offer. The lender-package function parses the request with it too.
 */

const AMOUNT_MAX = 50_000_000;
const FEE_MAX = 10_000_000;
const COLLATERAL_MAX = 2000;
const CONDITIONS_MAX = 20;
const CONDITIONS_CHARACTERS_MAX = 8000;

export const LOAN_OFFER_MESSAGES = {
  amountRequired: 'Please enter the loan amount',
  amountAboveZero: 'The amount must be above $0',
  amountTooLarge: `The amount can be at most $${formatCount(AMOUNT_MAX)}`,
  amountCents: 'Please enter the amount in dollars and cents',
  rateKindRequired: 'Please choose a fixed or a variable rate',
  fixedRateRequired: 'Please enter the fixed rate',
  fixedRateRange: 'The fixed rate must be between 0% and 40%',
  rateDecimals: 'A rate can have at most 3 decimal places',
  rateIndexRequired: 'Please choose the index the rate follows',
  spreadRequired: 'Please enter the spread over the index',
  spreadRange: 'The spread must be between -5% and 20%',
  termRequired: 'Please enter the term in months',
  termWhole: 'The term must be a whole number of months',
  termRange: 'The term must be between 1 and 600 months',
  lenderFeesRequired: 'Please enter your fees ($0 if none)',
  feesRange: `A fee must be between $0 and $${formatCount(FEE_MAX)}`,
  feesCents: 'Please enter the fee in dollars and cents',
  collateralTooLong: `The collateral can be at most ${formatCount(COLLATERAL_MAX)} characters`,
  tooManyConditions: `At most ${CONDITIONS_MAX} conditions, one a line`,
  conditionsTooLong: `The conditions can be at most ${formatCount(CONDITIONS_CHARACTERS_MAX)} characters in all`,
  expiryRequired: 'Please enter the day the offer expires',
  expiryPast: 'The offer must expire today or later',
  expiryTooFar: 'The offer can expire at most a year from today',
} as const;

/** Whether a number has at most `places` decimal places. */
function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A number field the form may leave empty (an empty number input reads as NaN; JSON sends it as null). */
const optionalNumber = z.union([z.number(), z.nan(), z.null()]).optional();
const given = (value: number | null | undefined): value is number => typeof value === 'number' && !Number.isNaN(value);

/** The conditions a lender typed, one a line, without the blank lines and the spaces around each. */
export function offerConditions(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The same day a year later (YYYY-MM-DD), 29 February becoming the 28th, as Postgres adds a year: the last day an
 * offer made on `day` may expire (lenders' commitments hold for weeks or months; a year is the most we take).
 */
export function aYearAfter(day: string): string {
  const [year, month, date] = day.split('-');
  const next = `${Number(year) + 1}`.padStart(4, '0');
  return month === '02' && date === '29' ? `${next}-02-28` : `${next}-${month}-${date}`;
}

/**
 * The offer form of a day (`today` as YYYY-MM-DD: the lender's own day on the page, the database's at the
 * function). A fixed rate needs its percent; a variable rate its index and spread; the other rate fields are
 * ignored.
 */
export function loanOfferFormSchema(today: string) {
  const money = (required: string) =>
    z
      .number({ error: required })
      .refine((value) => value > 0, LOAN_OFFER_MESSAGES.amountAboveZero)
      .refine((value) => value <= AMOUNT_MAX, LOAN_OFFER_MESSAGES.amountTooLarge)
      .refine((value) => hasAtMostDecimals(value, 2), LOAN_OFFER_MESSAGES.amountCents);
  const fee = (value: number) => value >= 0 && value <= FEE_MAX;
  return z
    .object({
      amount: money(LOAN_OFFER_MESSAGES.amountRequired),
      rateKind: z.enum(['fixed', 'variable'], { error: LOAN_OFFER_MESSAGES.rateKindRequired }),
      fixedRate: optionalNumber,
      rateIndex: z.union([z.enum(rateIndexes.map((item) => item.value) as [RateIndex]), z.literal('')]).optional(),
      spread: optionalNumber,
      termMonths: z
        .number({ error: LOAN_OFFER_MESSAGES.termRequired })
        .refine((value) => Number.isInteger(value), LOAN_OFFER_MESSAGES.termWhole)
        .refine((value) => value >= 1 && value <= 600, LOAN_OFFER_MESSAGES.termRange),
      lenderFees: z
        .number({ error: LOAN_OFFER_MESSAGES.lenderFeesRequired })
        .refine(fee, LOAN_OFFER_MESSAGES.feesRange)
        .refine((value) => hasAtMostDecimals(value, 2), LOAN_OFFER_MESSAGES.feesCents),
      sbaGuarantyFee: optionalNumber
        .refine((value) => !given(value) || fee(value), LOAN_OFFER_MESSAGES.feesRange)
        .refine((value) => !given(value) || hasAtMostDecimals(value, 2), LOAN_OFFER_MESSAGES.feesCents),
      collateral: z.string().max(COLLATERAL_MAX, LOAN_OFFER_MESSAGES.collateralTooLong),
      conditions: z
        .string()
        .refine((text) => offerConditions(text).length <= CONDITIONS_MAX, LOAN_OFFER_MESSAGES.tooManyConditions)
        .refine(
          (text) => offerConditions(text).join('').length <= CONDITIONS_CHARACTERS_MAX,
          LOAN_OFFER_MESSAGES.conditionsTooLong,
        ),
      expiresOn: z
        .string({ error: LOAN_OFFER_MESSAGES.expiryRequired })
        .regex(isoDate, LOAN_OFFER_MESSAGES.expiryRequired)
        .refine((day) => !isoDate.test(day) || day >= today, LOAN_OFFER_MESSAGES.expiryPast)
        .refine((day) => !isoDate.test(day) || day <= aYearAfter(today), LOAN_OFFER_MESSAGES.expiryTooFar),
    })
    .superRefine(
      (offer, context) => {
        // Checked even while another field is wrong, so every message shows at once.
        const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        if (offer.rateKind === 'fixed') {
          if (!given(offer.fixedRate)) problem('fixedRate', LOAN_OFFER_MESSAGES.fixedRateRequired);
          else if (offer.fixedRate < 0 || offer.fixedRate > 40)
            problem('fixedRate', LOAN_OFFER_MESSAGES.fixedRateRange);
          else if (!hasAtMostDecimals(offer.fixedRate, 3)) problem('fixedRate', LOAN_OFFER_MESSAGES.rateDecimals);
        }
        if (offer.rateKind === 'variable') {
          if (!offer.rateIndex) problem('rateIndex', LOAN_OFFER_MESSAGES.rateIndexRequired);
          if (!given(offer.spread)) problem('spread', LOAN_OFFER_MESSAGES.spreadRequired);
          else if (offer.spread < -5 || offer.spread > 20) problem('spread', LOAN_OFFER_MESSAGES.spreadRange);
          else if (!hasAtMostDecimals(offer.spread, 3)) problem('spread', LOAN_OFFER_MESSAGES.rateDecimals);
        }
      },
      { when: () => true },
    );
}

export type LoanOfferForm = z.input<ReturnType<typeof loanOfferFormSchema>>;

/** make_loan_offer's arguments for a valid form (the rate fields of the other kind left out). */
export function loanOfferArguments(token: string, offer: LoanOfferForm) {
  const fixed = offer.rateKind === 'fixed';
  const number = (value: number | null | undefined) => (given(value) ? value : null);
  return {
    token,
    amount: offer.amount,
    rate_kind: offer.rateKind,
    fixed_rate: fixed ? number(offer.fixedRate) : null,
    rate_index: fixed ? null : offer.rateIndex || null,
    spread: fixed ? null : number(offer.spread),
    term_months: offer.termMonths,
    lender_fees: offer.lenderFees,
    sba_guaranty_fee: number(offer.sbaGuarantyFee),
    collateral: offer.collateral.trim(),
    conditions: offerConditions(offer.conditions),
    expires_on: offer.expiresOn,
  };
}

const REASON_MAX = 2000;

export const LOAN_STAGE_MESSAGES = {
  stageRequired: 'Please choose the stage',
  expectedClosingRequired: 'Please enter the expected closing date',
  expectedClosingPast: 'The expected closing date cannot be in the past',
  fundedAmountRequired: 'Please enter the funded amount',
  fundedOnRequired: 'Please enter the funding date',
  fundedOnFuture: 'The funding date cannot be in the future',
  reasonRequired: 'Please say why the loan did not close',
  reasonTooLong: `The reason can be at most ${formatCount(REASON_MAX)} characters`,
} as const;

/**
 * Beside Funded's amount, which starts at the accepted offer's: most loans fund what was offered, and a figure
 * typed from scratch is where a zero goes missing or one too many.
 */
export const fundedAmountHint = (offered: string) =>
  `Filled in from the accepted offer (${offered}): change it if the lender funded another amount.`;

/**
 * A closing stage as the lender whose offer was accepted records it (the same limits as loan_stages): In closing
 * needs the expected closing day; Funded the amount (as an offer's) and the day, not after `today`; Did not close
 * the reason. The fields of the other stages are ignored.
 */
export function loanStageFormSchema(today: string) {
  return z
    .object({
      stage: z.enum(['in_closing', 'funded', 'did_not_close'], { error: LOAN_STAGE_MESSAGES.stageRequired }),
      expectedClosingOn: z.string(),
      fundedAmount: optionalNumber,
      fundedOn: z.string(),
      reason: z.string(),
    })
    .superRefine(
      (form, context) => {
        const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        if (form.stage === 'in_closing' && !isoDate.test(form.expectedClosingOn)) {
          problem('expectedClosingOn', LOAN_STAGE_MESSAGES.expectedClosingRequired);
        } else if (form.stage === 'in_closing' && form.expectedClosingOn < today) {
          problem('expectedClosingOn', LOAN_STAGE_MESSAGES.expectedClosingPast);
        }
        if (form.stage === 'funded') {
          const amount = form.fundedAmount;
          if (!given(amount)) problem('fundedAmount', LOAN_STAGE_MESSAGES.fundedAmountRequired);
          else if (amount <= 0) problem('fundedAmount', LOAN_OFFER_MESSAGES.amountAboveZero);
          else if (amount > AMOUNT_MAX) problem('fundedAmount', LOAN_OFFER_MESSAGES.amountTooLarge);
          else if (!hasAtMostDecimals(amount, 2)) problem('fundedAmount', LOAN_OFFER_MESSAGES.amountCents);
          if (!isoDate.test(form.fundedOn)) problem('fundedOn', LOAN_STAGE_MESSAGES.fundedOnRequired);
          else if (form.fundedOn > today) problem('fundedOn', LOAN_STAGE_MESSAGES.fundedOnFuture);
        }
        if (form.stage === 'did_not_close') {
          if (form.reason.trim() === '') problem('reason', LOAN_STAGE_MESSAGES.reasonRequired);
          else if (form.reason.trim().length > REASON_MAX) problem('reason', LOAN_STAGE_MESSAGES.reasonTooLong);
        }
      },
      { when: () => true },
    );
}

export type LoanStageForm = z.input<ReturnType<typeof loanStageFormSchema>>;

export const INDEX_VALUE_MESSAGES = {
  indexRequired: 'Please choose the index',
  percentRequired: 'Please enter the value in percent',
  percentRange: 'An index value must be between -5% and 40%',
  asOfRequired: 'Please enter the day of the value',
  asOfFuture: "The value's date cannot be in the future",
} as const;

/**
 * An index's value as an officer enters it (set_rate_index_value holds the same limits): the index, its value in
 * percent (to 3 decimals) and the day it was read, not after `today`.
 */
export function indexValueFormSchema(today: string) {
  return z.object({
    rateIndex: z.enum(rateIndexes.map((item) => item.value) as [RateIndex, ...RateIndex[]], {
      error: INDEX_VALUE_MESSAGES.indexRequired,
    }),
    percent: z
      .number({ error: INDEX_VALUE_MESSAGES.percentRequired })
      .min(-5, INDEX_VALUE_MESSAGES.percentRange)
      .max(40, INDEX_VALUE_MESSAGES.percentRange)
      .refine((value) => hasAtMostDecimals(value, 3), LOAN_OFFER_MESSAGES.rateDecimals),
    asOf: z
      .string()
      .regex(isoDate, INDEX_VALUE_MESSAGES.asOfRequired)
      .refine((value) => value <= today, INDEX_VALUE_MESSAGES.asOfFuture),
  });
}

export type IndexValueForm = z.input<ReturnType<typeof indexValueFormSchema>>;
