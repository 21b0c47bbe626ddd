import type { PreQualificationForm } from '../../../../shared/catalogue/pre-qualification.ts';
import type { EvaluationResult } from '../../../../shared/evaluation/evaluate.ts';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { submitPreQualification } from './submit-application.ts';

const applyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Stores a pre-qualification and sends its e-mails; the data is the evaluation the result screen shows. */
    submitPreQualification: build.mutation<EvaluationResult, PreQualificationForm>({
      queryFn: (form) => submitPreQualification(loadSupabase, form),
      invalidatesTags: ['Application'],
    }),
  }),
});

export const { useSubmitPreQualificationMutation } = applyApi;
