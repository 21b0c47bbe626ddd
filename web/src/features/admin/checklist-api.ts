import { api } from '../../lib/api.ts';
import { changeOnServer, repositoryOf, ShownRefusal } from './admin-api.ts';
import {
  AdminRequestError,
  CHANGED_MEANWHILE_CODES,
  check,
  failureMessage,
  type DecisionOutcome,
  type DocumentReview,
} from './admin-repository.ts';

/** What the checklist's changes say when they fail. */
export const CHECKLIST_MESSAGES = {
  reviewFailed: 'Failed to save the review',
  reviewOffline: 'You are offline: a document can be reviewed only online. Review it when the connection returns.',
  requestFailed: 'Failed to ask for the document',
  requestOffline: 'You are offline: a document can be asked for only online. Ask when the connection returns.',
  cancelFailed: 'Failed to cancel the request',
  notNeededFailed: 'Failed to change whether the document is needed',
  changeOffline: 'You are offline: this can be changed only online. Change it when the connection returns.',
} as const;

/** The database's own refusals of bad input (22023) and of a change made meanwhile are written for the officer. */
function refusalFor<T>(result: { data: T; error: { message: string; code?: string } | null; status?: number }) {
  if (result.error && (result.error.code === '22023' || CHANGED_MEANWHILE_CODES.includes(result.error.code ?? ''))) {
    throw new ShownRefusal(result.error.message);
  }
  return result;
}

/**
 * The document checklist's changes (docs/product.md §10): a review goes through the repository (it is the
 * officer's own, like a decision); a request, its cancellation and a document marked not needed are changes only the
 * server makes (changeOnServer).
 */
const checklistApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviewDocument: build.mutation<DecisionOutcome, DocumentReview>({
      async queryFn(review, { extra }) {
        try {
          return { data: await repositoryOf(extra).reviewDocument(review) };
        } catch (error) {
          console.error('Reviewing the document failed', error);
          const changedMeanwhile =
            error instanceof AdminRequestError && CHANGED_MEANWHILE_CODES.includes(error.code ?? '');
          const message = changedMeanwhile
            ? error.message
            : failureMessage(error, CHECKLIST_MESSAGES.reviewFailed, CHECKLIST_MESSAGES.reviewOffline);
          return { error: { message, code: changedMeanwhile ? error.code : undefined } };
        }
      },
      // A refusal because the document changed meanwhile shows what it is now.
      invalidatesTags: (_result, error) => (!error || error.code ? ['Application'] : []),
    }),

    requestDocument: build.mutation<
      null,
      { id: string; applicationId: string; title: string; details: string; dueDate: string | null }
    >({
      queryFn: ({ id, applicationId, title, details, dueDate }, { extra }) =>
        changeOnServer(
          extra,
          'Asking for a document failed',
          { failed: CHECKLIST_MESSAGES.requestFailed, offline: CHECKLIST_MESSAGES.requestOffline },
          async (supabase) => {
            check(
              'Asking for a document failed',
              refusalFor(
                await supabase.rpc('request_document', {
                  id,
                  application_id: applicationId,
                  title,
                  details,
                  due_date: dueDate,
                }),
              ),
            );
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    cancelDocumentRequest: build.mutation<null, { requestId: string; reason: string }>({
      queryFn: ({ requestId, reason }, { extra }) =>
        changeOnServer(
          extra,
          'Cancelling the request failed',
          { failed: CHECKLIST_MESSAGES.cancelFailed, offline: CHECKLIST_MESSAGES.changeOffline },
          async (supabase) => {
            check(
              'Cancelling the request failed',
              refusalFor(await supabase.rpc('cancel_document_request', { request_id: requestId, reason })),
            );
          },
        ),
      invalidatesTags: ['Application'],
    }),

    setDocumentNotNeeded: build.mutation<null, { applicationId: string; type: string; notNeeded: boolean }>({
      queryFn: ({ applicationId, type, notNeeded }, { extra }) =>
        changeOnServer(
          extra,
          'Marking the document failed',
          { failed: CHECKLIST_MESSAGES.notNeededFailed, offline: CHECKLIST_MESSAGES.changeOffline },
          async (supabase) => {
            check(
              'Marking the document failed',
              await supabase.rpc('set_document_not_needed', {
                application_id: applicationId,
                type,
                not_needed: notNeeded,
              }),
            );
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),
  }),
});

export const {
  useReviewDocumentMutation,
  useRequestDocumentMutation,
  useCancelDocumentRequestMutation,
  useSetDocumentNotNeededMutation,
} = checklistApi;
