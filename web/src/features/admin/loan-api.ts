import { api } from '../../lib/api.ts';
import { repositoryOf } from './admin-api.ts';
import {
  AdminRequestError,
  failureMessage,
  STAGE_CHANGED_MEANWHILE_CODES,
  STAGE_REFUSAL_CODES,
  type DecisionOutcome,
  type PipelineHistory,
  type StageRecord,
} from './admin-repository.ts';

/** What recording a loan's stage says when it fails. */
export const LOAN_MESSAGES = {
  figuresFailed: 'Failed to load the Pipeline figures',
  figuresOffline: 'You are offline: the Pipeline figures show once the connection returns.',
  stageFailed: 'Failed to record the loan’s stage',
  stageOffline: 'The connection was lost: the loan’s stage was not recorded. Record it when the connection returns.',
} as const;

/**
 * A loan's closing stage (docs/product.md §11), through the admin repository: recorded at once online; queued on the
 * desktop while the server cannot be reached. The database's refusals (a stage recorded meanwhile, out of order,
 * bad input) are written for the officer and shown as they are; one because another stage was recorded meanwhile
 * reads the application again, so the section shows the stage the server holds.
 */
const loanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every acceptance and stage, for the Pipeline's figures over a period (computed on screen). */
    pipelineHistory: build.query<PipelineHistory, void>({
      async queryFn(_args, { extra }) {
        try {
          return { data: await repositoryOf(extra).pipelineHistory() };
        } catch (error) {
          console.error('Loading the Pipeline figures failed', error);
          return {
            error: { message: failureMessage(error, LOAN_MESSAGES.figuresFailed, LOAN_MESSAGES.figuresOffline) },
          };
        }
      },
      providesTags: ['Application'],
    }),

    recordLoanStage: build.mutation<DecisionOutcome, StageRecord>({
      async queryFn(record, { extra }) {
        try {
          return { data: await repositoryOf(extra).recordLoanStage(record) };
        } catch (error) {
          console.error('Recording the loan stage failed', error);
          const shown = error instanceof AdminRequestError && STAGE_REFUSAL_CODES.includes(error.code ?? '');
          const message = shown
            ? error.message
            : failureMessage(error, LOAN_MESSAGES.stageFailed, LOAN_MESSAGES.stageOffline);
          const meanwhile =
            error instanceof AdminRequestError && STAGE_CHANGED_MEANWHILE_CODES.includes(error.code ?? '');
          return { error: { message, code: meanwhile ? error.code : undefined } };
        }
      },
      invalidatesTags: (_result, error) => (!error || error.code ? ['Application'] : []),
    }),
  }),
});

export const { usePipelineHistoryQuery, useRecordLoanStageMutation } = loanApi;
