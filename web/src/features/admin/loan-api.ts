import type { LoanStage } from '../../../../shared/offers/loan-stages.ts';
import { api } from '../../lib/api.ts';
import { changeOnServer, repositoryOf, ShownRefusal } from './admin-api.ts';
import { check, failureMessage, type PipelineHistory } from './admin-repository.ts';

/** What recording a loan's stage says when it fails. */
export const LOAN_MESSAGES = {
  figuresFailed: 'Failed to load the Pipeline figures',
  figuresOffline: 'You are offline: the Pipeline figures show once the connection returns.',
  stageFailed: 'Failed to record the loan’s stage',
  stageOffline: 'You are offline: a loan’s stage can be recorded only online. Record it when the connection returns.',
} as const;

/** A stage with its details: the expected closing day, the funded amount and day, or the reason it did not close. */
export type StageRecord = {
  applicationId: string;
  stage: LoanStage;
  expectedClosingOn?: string;
  fundedAmount?: number;
  fundedOn?: string;
  reason?: string;
};

/**
 * A loan's closing stage (docs/product.md §11), a change only the server makes (changeOnServer). The database's
 * refusals (a stage recorded meanwhile, out of order, bad input) are written for the officer and shown as they are;
 * the applicant is e-mailed after it (a failed e-mail does not undo it: the server retries).
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

    recordLoanStage: build.mutation<null, StageRecord>({
      queryFn: (record, { extra }) =>
        changeOnServer(
          extra,
          'Recording the loan stage failed',
          { failed: LOAN_MESSAGES.stageFailed, offline: LOAN_MESSAGES.stageOffline },
          async (supabase) => {
            const result = await supabase.rpc('record_loan_stage', {
              application_id: record.applicationId,
              stage: record.stage,
              expected_closing_on: record.expectedClosingOn ?? null,
              funded_amount: record.fundedAmount ?? null,
              funded_on: record.fundedOn ?? null,
              reason: record.reason ?? null,
            });
            if (result.error && ['22023', '23505', '55000'].includes(result.error.code ?? '')) {
              throw new ShownRefusal(result.error.message);
            }
            check('Recording the loan stage failed', result);
            const notified = await supabase.functions.invoke('notify-applicant', {
              body: { applicationId: record.applicationId },
            });
            if (notified.error) console.error('The applicant could not be e-mailed', notified.error);
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),
  }),
});

export const { usePipelineHistoryQuery, useRecordLoanStageMutation } = loanApi;
