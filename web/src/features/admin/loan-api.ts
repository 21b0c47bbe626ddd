import type { PipelineHistory } from '../../../../shared/db/admin-rows.ts';
import type { IndexValue, RateIndex } from '../../../../shared/offers/offer-cost.ts';
import { api } from '../../lib/api.ts';
import { changeOnServer, repositoryOf, ShownRefusal } from './admin-api.ts';
import {
  AdminRequestError,
  check,
  failureMessage,
  STAGE_CHANGED_MEANWHILE_CODES,
  STAGE_REFUSAL_CODES,
  type DecisionOutcome,
  type StageRecord,
} from './admin-repository.ts';

/** What recording a loan's stage says when it fails. */
export const LOAN_MESSAGES = {
  indexValuesFailed: 'Failed to load the index values',
  indexValuesOffline: 'You are offline: the index values can be read and entered only online.',
  indexValueFailed: 'Failed to enter the index value',
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
    /** Each rate index's latest value (the officer's screens compute variable offers at them). */
    rateIndexValues: build.query<Partial<Record<RateIndex, IndexValue>>, void>({
      async queryFn(_args, { extra }) {
        try {
          return { data: await repositoryOf(extra).rateIndexValues() };
        } catch (error) {
          console.error('Loading the index values failed', error);
          return {
            error: {
              message: failureMessage(error, LOAN_MESSAGES.indexValuesFailed, LOAN_MESSAGES.indexValuesOffline),
            },
          };
        }
      },
      providesTags: ['IndexValues'],
    }),

    /** An officer enters an index's value: a change only the server makes. */
    setRateIndexValue: build.mutation<null, { rateIndex: RateIndex; percent: number; asOf: string }>({
      queryFn: ({ rateIndex, percent, asOf }, { extra }) =>
        changeOnServer(
          extra,
          'Entering the index value failed',
          { failed: LOAN_MESSAGES.indexValueFailed, offline: LOAN_MESSAGES.indexValuesOffline },
          async (supabase) => {
            const result = await supabase.rpc('set_rate_index_value', {
              rate_index: rateIndex,
              percent,
              as_of: asOf,
            });
            if (result.error?.code === '22023') throw new ShownRefusal(result.error.message);
            check('Entering the index value failed', result);
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['IndexValues']),
    }),

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

export const {
  usePipelineHistoryQuery,
  useRateIndexValuesQuery,
  useRecordLoanStageMutation,
  useSetRateIndexValueMutation,
} = loanApi;
