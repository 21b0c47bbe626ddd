import type {
  ChecklistCounts,
  ChecklistDocument,
  ChecklistInput,
  ChecklistRequest,
  ChecklistReview,
  ChecklistState,
  ItemState,
} from '../../shared/checklist/document-checklist.ts';

/**
 * The document checklist's table of cases: each a story of uploads, reviews, requests and not-needed marks, and
 * what the checklist says after it. The unit test runs them through documentChecklist (shared/); the integration
 * test stores them and reads the counts the database keeps on the application, so the two cannot drift apart.
 */

/** A step of a case, applied in order. Documents, reviews and requests are named by a short label. */
export type Step =
  | { upload: string; type: string; replaces?: string; request?: string }
  | { review: string; outcome: 'accepted' | 'needs_replacement'; reason?: string }
  | { request: string; title: string }
  | { cancel: string; reason: string }
  | { notNeeded: string };

export type ChecklistCase = {
  name: string;
  steps: Step[];
  counts: ChecklistCounts;
  state: ChecklistState;
  /** Items whose state is worth naming (by type or request label); the others are as the counts say. */
  items?: Record<string, ItemState>;
};

const six = ['taxReturns', 'financialStatements', 'bankStatements', 'businessLicense', 'leaseAgreement', 'idDocument'];

/** The six uploaded and accepted. */
const allAccepted: Step[] = six.flatMap((type): Step[] => [
  { upload: type, type },
  { review: type, outcome: 'accepted' },
]);

export const checklistCases: ChecklistCase[] = [
  {
    name: 'nothing uploaded: the six are missing',
    steps: [],
    counts: { accepted: 0, awaiting_review: 0, needs_replacement: 0, missing: 6, total: 6 },
    state: 'waiting_on_applicant',
    items: { taxReturns: 'missing', idDocument: 'missing' },
  },
  {
    name: 'one uploaded awaits review',
    steps: [{ upload: 'returns', type: 'taxReturns' }],
    counts: { accepted: 0, awaiting_review: 1, needs_replacement: 0, missing: 5, total: 6 },
    state: 'waiting_on_applicant',
    items: { taxReturns: 'awaiting_review' },
  },
  {
    name: 'accepted and needing replacement',
    steps: [
      { upload: 'returns', type: 'taxReturns' },
      { upload: 'license', type: 'businessLicense' },
      { review: 'returns', outcome: 'accepted' },
      { review: 'license', outcome: 'needs_replacement', reason: 'This license expired in 2024.' },
    ],
    counts: { accepted: 1, awaiting_review: 0, needs_replacement: 1, missing: 4, total: 6 },
    state: 'waiting_on_applicant',
    items: { taxReturns: 'accepted', businessLicense: 'needs_replacement' },
  },
  {
    name: 'a replacement uploaded awaits review; the flagged one is history',
    steps: [
      { upload: 'license', type: 'businessLicense' },
      { review: 'license', outcome: 'needs_replacement', reason: 'Expired.' },
      { upload: 'license 2', type: 'businessLicense', replaces: 'license' },
    ],
    counts: { accepted: 0, awaiting_review: 1, needs_replacement: 0, missing: 5, total: 6 },
    state: 'waiting_on_applicant',
    items: { businessLicense: 'awaiting_review' },
  },
  {
    name: 'the replacement accepted',
    steps: [
      { upload: 'license', type: 'businessLicense' },
      { review: 'license', outcome: 'needs_replacement', reason: 'Expired.' },
      { upload: 'license 2', type: 'businessLicense', replaces: 'license' },
      { review: 'license 2', outcome: 'accepted' },
    ],
    counts: { accepted: 1, awaiting_review: 0, needs_replacement: 0, missing: 5, total: 6 },
    state: 'waiting_on_applicant',
    items: { businessLicense: 'accepted' },
  },
  {
    name: 'two files for one item: one flagged makes the item need replacement',
    steps: [
      { upload: 'returns 2024', type: 'taxReturns' },
      { upload: 'returns 2025', type: 'taxReturns' },
      { review: 'returns 2024', outcome: 'accepted' },
      { review: 'returns 2025', outcome: 'needs_replacement', reason: 'Page 2 is missing.' },
    ],
    counts: { accepted: 0, awaiting_review: 0, needs_replacement: 1, missing: 5, total: 6 },
    state: 'waiting_on_applicant',
    items: { taxReturns: 'needs_replacement' },
  },
  {
    name: 'two files for one item: one unreviewed keeps the item awaiting review',
    steps: [
      { upload: 'returns 2024', type: 'taxReturns' },
      { upload: 'returns 2025', type: 'taxReturns' },
      { review: 'returns 2024', outcome: 'accepted' },
    ],
    counts: { accepted: 0, awaiting_review: 1, needs_replacement: 0, missing: 5, total: 6 },
    state: 'waiting_on_applicant',
    items: { taxReturns: 'awaiting_review' },
  },
  {
    name: 'a review changed: the latest stands',
    steps: [
      { upload: 'returns', type: 'taxReturns' },
      { review: 'returns', outcome: 'needs_replacement', reason: 'Unreadable.' },
      { review: 'returns', outcome: 'accepted' },
    ],
    counts: { accepted: 1, awaiting_review: 0, needs_replacement: 0, missing: 5, total: 6 },
    state: 'waiting_on_applicant',
    items: { taxReturns: 'accepted' },
  },
  {
    name: 'everything in, some awaiting review: ready for review',
    steps: [...allAccepted.slice(0, 10), { upload: 'id', type: 'idDocument' }],
    counts: { accepted: 5, awaiting_review: 1, needs_replacement: 0, missing: 0, total: 6 },
    state: 'ready_for_review',
    items: { idDocument: 'awaiting_review' },
  },
  {
    name: 'the six accepted: complete',
    steps: allAccepted,
    counts: { accepted: 6, awaiting_review: 0, needs_replacement: 0, missing: 0, total: 6 },
    state: 'complete',
  },
  {
    name: 'the lease not needed: five accepted are complete',
    steps: [
      ...allAccepted.filter(
        (step) =>
          !('type' in step && step.type === 'leaseAgreement') &&
          !('review' in step && step.review === 'leaseAgreement'),
      ),
      { notNeeded: 'leaseAgreement' },
    ],
    counts: { accepted: 5, awaiting_review: 0, needs_replacement: 0, missing: 0, total: 5 },
    state: 'complete',
    items: { leaseAgreement: 'not_needed' },
  },
  {
    name: 'not needed even with a file uploaded for it',
    steps: [{ upload: 'lease', type: 'leaseAgreement' }, { notNeeded: 'leaseAgreement' }],
    counts: { accepted: 0, awaiting_review: 0, needs_replacement: 0, missing: 5, total: 5 },
    state: 'waiting_on_applicant',
    items: { leaseAgreement: 'not_needed' },
  },
  {
    name: 'a request beside the six is missing until uploaded',
    steps: [...allAccepted, { request: 'debt schedule', title: 'Debt schedule' }],
    counts: { accepted: 6, awaiting_review: 0, needs_replacement: 0, missing: 1, total: 7 },
    state: 'waiting_on_applicant',
    items: { 'debt schedule': 'missing' },
  },
  {
    name: 'a request uploaded and accepted',
    steps: [
      ...allAccepted,
      { request: 'debt schedule', title: 'Debt schedule' },
      { upload: 'schedule', type: 'requested', request: 'debt schedule' },
      { review: 'schedule', outcome: 'accepted' },
    ],
    counts: { accepted: 7, awaiting_review: 0, needs_replacement: 0, missing: 0, total: 7 },
    state: 'complete',
    items: { 'debt schedule': 'accepted' },
  },
  {
    name: 'a cancelled request is out of what is outstanding',
    steps: [
      ...allAccepted,
      { request: 'franchise', title: 'Franchise agreement' },
      { cancel: 'franchise', reason: 'Not a franchise after all.' },
    ],
    counts: { accepted: 6, awaiting_review: 0, needs_replacement: 0, missing: 0, total: 6 },
    state: 'complete',
    items: { franchise: 'cancelled' },
  },
  {
    name: 'a requested document flagged, then replaced',
    steps: [
      { request: 'id', title: 'Co-owner’s ID' },
      { upload: 'id scan', type: 'requested', request: 'id' },
      { review: 'id scan', outcome: 'needs_replacement', reason: 'Blurry.' },
      { upload: 'id scan 2', type: 'requested', request: 'id', replaces: 'id scan' },
    ],
    counts: { accepted: 0, awaiting_review: 1, needs_replacement: 0, missing: 6, total: 7 },
    state: 'waiting_on_applicant',
    items: { id: 'awaiting_review' },
  },
];

/** A case's steps as the checklist's input: ids made from the labels, times one second apart. */
export function checklistInputOf(steps: readonly Step[]): ChecklistInput {
  const documents: ChecklistDocument[] = [];
  const reviews: ChecklistReview[] = [];
  const requests: ChecklistRequest[] = [];
  const notNeeded: string[] = [];
  steps.forEach((step, index) => {
    const created_at = new Date(Date.UTC(2026, 10, 27, 9, 0, index)).toISOString();
    if ('upload' in step) {
      documents.push({
        id: step.upload,
        type: step.type,
        request_id: step.request ?? null,
        replaces_id: step.replaces ?? null,
        created_at,
      });
    } else if ('review' in step) {
      reviews.push({ document_id: step.review, outcome: step.outcome, reason: step.reason ?? null, created_at });
    } else if ('cancel' in step) {
      const request = requests.find((candidate) => candidate.id === step.cancel)!;
      Object.assign(request, { cancelled_at: created_at, cancel_reason: step.reason });
    } else if ('request' in step) {
      requests.push({
        id: step.request,
        title: step.title,
        details: `${step.title}, as discussed`,
        due_date: null,
        created_at,
        cancelled_at: null,
        cancel_reason: null,
      });
    } else {
      notNeeded.push(step.notNeeded);
    }
  });
  return { documents, reviews, requests, notNeeded };
}
