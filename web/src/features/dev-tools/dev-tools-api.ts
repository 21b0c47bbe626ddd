import type { SendEmailsPayload } from '../../../../shared/validation/notifications.ts';
import { errorMessageOr } from '../../../../shared/messages/error-message.ts';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';

const devToolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Calls the send-emails function as the test page does (spec section 7) and returns its raw response. */
    sendTestEmails: build.mutation<unknown, SendEmailsPayload>({
      queryFn: (payload) =>
        loadSupabase()
          .then((supabase) => supabase.functions.invoke<unknown>('send-emails', { body: payload }))
          .then(({ data, error }) => (error ? { error: { message: error.message } } : { data }))
          .catch((error: unknown) => ({
            error: { message: errorMessageOr(error, 'The function could not be called') },
          })),
    }),
  }),
});

export const { useSendTestEmailsMutation } = devToolsApi;
