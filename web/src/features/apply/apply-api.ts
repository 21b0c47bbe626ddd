import { api } from '../../lib/api.ts';
import { getSupabase } from '../../lib/supabase.ts';

export type NewApplication = {
  first_name: string;
  last_name: string;
  email: string;
  business_name: string;
};

const applyApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitApplication: build.mutation<null, NewApplication>({
      async queryFn(row) {
        try {
          const supabase = await getSupabase();
          const { error } = await supabase.from('applications').insert(row);
          return error ? { error: { message: error.message, code: error.code } } : { data: null };
        } catch (error) {
          return { error: { message: error instanceof Error ? error.message : String(error) } };
        }
      },
    }),
  }),
});

export const { useSubmitApplicationMutation } = applyApi;
