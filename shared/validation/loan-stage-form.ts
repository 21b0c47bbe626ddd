import { z } from 'zod';
import { localToday } from '../format/dates.ts';

/**
 * The officer's form for a loan's closing stage (docs/product.md §11), checked as record_loan_stage checks it, in
 * the same words beside each field: 'In closing' needs the expected closing day; 'Funded' the amount and the day
 * (not in the future); 'Did not close' the reason.
 */

const FUNDED_MAX = 50_000_000;

const day = (missing: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, missing);

export const loanStageSchemas = {
  in_closing: z.object({ expectedClosingOn: day('Enter the expected closing date') }),
  funded: z.object({
    fundedAmount: z
      .string()
      .trim()
      .min(1, 'Enter the funded amount')
      .transform((value) => Number(value.replace(/[$,\s]/g, '')))
      .pipe(
        z
          .number({ error: 'Enter the funded amount in dollars' })
          .gt(0, 'The funded amount must be more than $0')
          .max(FUNDED_MAX, 'The funded amount can be at most $50,000,000'),
      ),
    fundedOn: day('Enter the funding date').refine(
      (value) => value <= localToday(),
      'The funding date cannot be in the future',
    ),
  }),
  did_not_close: z.object({
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the loan did not close')
      .max(2000, 'The reason can be at most 2,000 characters'),
  }),
};
