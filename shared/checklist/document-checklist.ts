import { documentTypes } from '../catalogue/documents.ts';
import { newestFirst, oldestFirst } from '../format/order.ts';

/**
 * An application's document checklist (docs/product.md, Document checklist): the six required documents and
 * whatever else an officer asked for, each with where it stands, computed from the stored documents, their
 * reviews, the requests and the required documents an officer marked not needed. The portal, the admin screens,
 * the desktop app and the bank package all read it from here; the database keeps the same counts on each
 * application (so that lists can be filtered by them), and tests/integration/document-checklist.test.ts holds
 * both to the same table of cases.
 */

/** A document as the checklist reads it (table documents). */
export type ChecklistDocument = {
  id: string;
  /** One of the six required types, or 'requested' (then request_id names the request). */
  type: string;
  request_id: string | null;
  /** The document this one replaces (the earlier one needed replacement). */
  replaces_id: string | null;
  created_at: string;
};

type ReviewOutcome = 'accepted' | 'needs_replacement';

/** An officer's review of a document (table document_reviews): the latest one of a document stands. */
export type ChecklistReview = {
  document_id: string;
  outcome: ReviewOutcome;
  /** Why it needs replacement, as the applicant reads it; null when accepted. */
  reason: string | null;
  created_at: string;
};

/** A document an officer asked for beyond the six (table document_requests). */
export type ChecklistRequest = {
  id: string;
  title: string;
  details: string;
  /** The day it is due (YYYY-MM-DD), if the officer gave one. */
  due_date: string | null;
  created_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
};

/** Where one item stands. A cancelled request and a document not needed are out of what is outstanding. */
export type ItemState = 'missing' | 'awaiting_review' | 'accepted' | 'needs_replacement' | 'not_needed' | 'cancelled';

/** How an item's state reads, for the applicant and the officer alike. */
export const itemStateLabels: Readonly<Record<ItemState, string>> = {
  missing: 'Missing',
  awaiting_review: 'Uploaded, awaiting review',
  accepted: 'Accepted',
  needs_replacement: 'Needs replacement',
  not_needed: 'Not needed for this application',
  cancelled: 'Request cancelled',
};

/** A document of an item with its latest review (none yet: awaiting review). */
export type ReviewedDocument<
  Document extends ChecklistDocument = ChecklistDocument,
  Review extends ChecklistReview = ChecklistReview,
> = {
  document: Document;
  review: Review | null;
  /** Every review of it, oldest first (the officer's history). */
  reviews: Review[];
};

/** One line of the checklist: a required document or a request, with its documents and where it stands. */
export type ChecklistItem<
  Document extends ChecklistDocument = ChecklistDocument,
  Review extends ChecklistReview = ChecklistReview,
> = {
  /** The document type, or the request's id. */
  key: string;
  kind: 'required' | 'requested';
  title: string;
  description: string;
  state: ItemState;
  /** Its current documents (none replaced), newest first. */
  current: ReviewedDocument<Document, Review>[];
  /** Documents replaced since, newest first: officers keep them as history; the applicant sees the current ones. */
  replaced: ReviewedDocument<Document, Review>[];
  /** Why it needs replacement (the flagged documents' reasons), or why the request was cancelled. */
  reasons: string[];
  /** A request's due day (YYYY-MM-DD). */
  dueDate: string | null;
};

/** How many items are in each outstanding state; not needed and cancelled items are out of the total. */
export type ChecklistCounts = {
  accepted: number;
  awaiting_review: number;
  needs_replacement: number;
  missing: number;
  total: number;
};

/**
 * Where an application's documents stand as a whole: something is missing or needs replacement (the applicant
 * has to act), everything is in and some of it waits for an officer, or everything is accepted.
 */
export type ChecklistState = 'waiting_on_applicant' | 'ready_for_review' | 'complete';

export const checklistStateLabels: Readonly<Record<ChecklistState, string>> = {
  waiting_on_applicant: 'Waiting on applicant',
  ready_for_review: 'Ready for review',
  complete: 'Complete',
};

export const checklistStates = Object.keys(checklistStateLabels) as ChecklistState[];

export type Checklist<
  Document extends ChecklistDocument = ChecklistDocument,
  Review extends ChecklistReview = ChecklistReview,
> = {
  items: ChecklistItem<Document, Review>[];
  counts: ChecklistCounts;
  state: ChecklistState;
};

export type ChecklistInput<
  Document extends ChecklistDocument = ChecklistDocument,
  Review extends ChecklistReview = ChecklistReview,
> = {
  documents: readonly Document[];
  reviews: readonly Review[];
  requests: readonly ChecklistRequest[];
  /** The required types an officer marked 'Not needed for this application'. */
  notNeeded: readonly string[];
};

/**
 * What document_checklist_of() gives for an application: its reviews and requests, without the officers who
 * wrote them, and the required types marked not needed. With the application's documents it makes the input.
 */
export type ChecklistReading = {
  reviews: ChecklistReview[];
  requests: ChecklistRequest[];
  not_needed: string[];
};

/** An item's state from its current documents: any flagged needs replacement, any unreviewed awaits review. */
function stateOf(current: readonly ReviewedDocument[]): ItemState {
  if (current.length === 0) return 'missing';
  if (current.some(({ review }) => review?.outcome === 'needs_replacement')) return 'needs_replacement';
  if (current.some(({ review }) => review === null)) return 'awaiting_review';
  return 'accepted';
}

/** The counts of a list of items (what the database keeps on each application, and the readiness figure). */
function checklistCounts(items: readonly Pick<ChecklistItem, 'state'>[]): ChecklistCounts {
  const count = (state: ItemState) => items.filter((item) => item.state === state).length;
  const counts = {
    accepted: count('accepted'),
    awaiting_review: count('awaiting_review'),
    needs_replacement: count('needs_replacement'),
    missing: count('missing'),
  };
  return { ...counts, total: counts.accepted + counts.awaiting_review + counts.needs_replacement + counts.missing };
}

/** The application's state from its counts. */
function checklistState(counts: ChecklistCounts): ChecklistState {
  if (counts.missing > 0 || counts.needs_replacement > 0) return 'waiting_on_applicant';
  if (counts.awaiting_review > 0) return 'ready_for_review';
  return 'complete';
}

/** The readiness figure: '5 of 7 accepted, 1 needs replacement, 1 missing'. */
export function checklistSummary(counts: ChecklistCounts): string {
  const parts = [`${counts.accepted} of ${counts.total} accepted`];
  if (counts.awaiting_review > 0) parts.push(`${counts.awaiting_review} awaiting review`);
  if (counts.needs_replacement > 0)
    parts.push(`${counts.needs_replacement} ${counts.needs_replacement === 1 ? 'needs' : 'need'} replacement`);
  if (counts.missing > 0) parts.push(`${counts.missing} missing`);
  return parts.join(', ');
}

/**
 * The checklist: the six required documents in their order, then the requests, oldest first. A document
 * replaced by another is history; the item's state comes from its current documents, unless an officer marked
 * it not needed or cancelled the request.
 */
export function documentChecklist<Document extends ChecklistDocument, Review extends ChecklistReview>(
  input: ChecklistInput<Document, Review>,
): Checklist<Document, Review> {
  const reviewsOf = new Map<string, Review[]>();
  for (const review of [...input.reviews].sort(oldestFirst)) {
    reviewsOf.set(review.document_id, [...(reviewsOf.get(review.document_id) ?? []), review]);
  }
  const replacedIds = new Set(input.documents.flatMap((document) => document.replaces_id ?? []));
  const reviewed = (document: Document): ReviewedDocument<Document, Review> => {
    const reviews = reviewsOf.get(document.id) ?? [];
    return { document, review: reviews.at(-1) ?? null, reviews };
  };
  const documentsOf = (belongs: (document: Document) => boolean) => {
    const documents = input.documents.filter(belongs).sort(newestFirst).map(reviewed);
    return {
      current: documents.filter(({ document }) => !replacedIds.has(document.id)),
      replaced: documents.filter(({ document }) => replacedIds.has(document.id)),
    };
  };
  const flaggedReasons = (current: ReviewedDocument<Document, Review>[]) =>
    current.flatMap(({ review }) => (review?.outcome === 'needs_replacement' && review.reason ? [review.reason] : []));

  const required = documentTypes.map(({ value, label, description }): ChecklistItem<Document, Review> => {
    const { current, replaced } = documentsOf((document) => document.type === value);
    const notNeeded = input.notNeeded.includes(value);
    const state = notNeeded ? 'not_needed' : stateOf(current);
    return {
      key: value,
      kind: 'required',
      title: label,
      description,
      state,
      current,
      replaced,
      reasons: state === 'needs_replacement' ? flaggedReasons(current) : [],
      dueDate: null,
    };
  });
  const requested = [...input.requests].sort(oldestFirst).map((request): ChecklistItem<Document, Review> => {
    const { current, replaced } = documentsOf((document) => document.request_id === request.id);
    const cancelled = request.cancelled_at !== null;
    const state = cancelled ? 'cancelled' : stateOf(current);
    return {
      key: request.id,
      kind: 'requested',
      title: request.title,
      description: request.details,
      state,
      current,
      replaced,
      reasons: cancelled
        ? request.cancel_reason
          ? [request.cancel_reason]
          : []
        : state === 'needs_replacement'
          ? flaggedReasons(current)
          : [],
      dueDate: request.due_date,
    };
  });
  const items = [...required, ...requested];
  const counts = checklistCounts(items);
  return { items, counts, state: checklistState(counts) };
}

/**
 * What a lender is shown and may download (supabase/functions/lender-package): the current documents an officer
 * accepted, each with its item's title. A document awaiting review, flagged, or replaced since is not one of them.
 */
export function acceptedDocuments<Document extends ChecklistDocument, Review extends ChecklistReview>(
  checklist: Checklist<Document, Review>,
): { title: string; document: Document }[] {
  return checklist.items.flatMap((item) =>
    item.current
      .filter(({ review }) => review?.outcome === 'accepted')
      .map(({ document }) => ({ title: item.title, document })),
  );
}
