import type { SendEmailsPayload } from '../../../../shared/validation/notifications.ts';
import { errorMessageOr } from '../../../../shared/messages/error-message.ts';
import { api } from '../../lib/api.ts';
import { functionErrorMessage } from '../../lib/function-error.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';

const devToolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Calls the send-emails function as the test page does (docs/product.md §7) and returns its raw response; a
     * failure's message is the function's own answer when it gave one (what a developer needs), else the client's.
     */
    sendTestEmails: build.mutation<unknown, SendEmailsPayload>({
      queryFn: (payload) =>
        loadSupabase()
          .then((supabase) => supabase.functions.invoke<unknown>('send-emails', { body: payload }))
          .then(async ({ data, error }) =>
            error ? { error: { message: (await functionErrorMessage(error)) ?? error.message } } : { data },
          )
          .catch((error: unknown) => ({
            error: { message: errorMessageOr(error, 'The function could not be called') },
          })),
    }),
  }),
});

export const { useSendTestEmailsMutation } = devToolsApi;
