import { z } from 'zod';
import { formatCount } from '../format/numbers.ts';
import { isoDay } from '../format/dates.ts';

/**
 * The officer's forms of the document checklist (docs/product.md §10): the same limits the database's functions
 * hold (review_document, request_document, cancel_document_request), checked here first so that the form says
 * what is wrong beside the field, with the same words.
 */

const trimmed = z.string().transform((value) => value.trim());

const REASON_MAX = 2000;
const reasonTooLong = `The reason can be at most ${formatCount(REASON_MAX)} characters`;

/** 'Needs replacement': the reason the applicant reads, required (spaces alone are no reason). */
export const replacementReasonSchema = trimmed.pipe(
  z.string().min(1, 'Say what needs to change: the applicant reads the reason').max(REASON_MAX, reasonTooLong),
);

/** Cancelling a request: the reason the applicant reads, required. */
export const cancelReasonSchema = trimmed.pipe(
  z.string().min(1, 'Say why the request is cancelled: the applicant reads the reason').max(REASON_MAX, reasonTooLong),
);

/** A request for a document beyond the six: a title, what exactly is needed, an optional due day. */
export const documentRequestSchema = z.object({
  title: trimmed.pipe(
    z.string().min(1, 'Give the request a title').max(200, 'The title can be at most 200 characters'),
  ),
  details: trimmed.pipe(
    z.string().min(1, 'Say what exactly is needed').max(2000, 'What is needed can be at most 2,000 characters'),
  ),
  dueDate: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Enter a date')
    .refine((value) => value === '' || value >= isoDay(new Date()), 'The due date is in the past'),
});

export type DocumentRequestForm = z.input<typeof documentRequestSchema>;
