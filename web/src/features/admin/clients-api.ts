import type { ClientRow } from '../../../../shared/admin/client-row.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { api } from '../../lib/api.ts';
import { functionErrorMessage } from '../../lib/function-error.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';

/**
 * The Client Management tab's data: applicants' accounts (the admin-clients function), and a password-reset
 * e-mail sent to one (admin-reset-password; at most one per account in a while).
 */
const clientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    clients: build.query<ClientRow[], string>({
      async queryFn(search) {
        try {
          const supabase = await loadSupabase();
          const { data, error } = await supabase.functions.invoke<{ clients: ClientRow[] }>('admin-clients', {
            body: { search },
          });
          if (error || !data) throw error ?? new Error('No answer');
          return { data: data.clients };
        } catch (error) {
          console.error('Loading clients failed', error);
          return { error: { message: ADMIN_MESSAGES.clientsLoadFailed } };
        }
      },
      providesTags: ['Client'],
    }),

    resetClientPassword: build.mutation<null, string>({
      async queryFn(userId) {
        try {
          const supabase = await loadSupabase();
          const { error } = await supabase.functions.invoke('admin-reset-password', { body: { userId } });
          if (error) throw error;
          return { data: null };
        } catch (error) {
          console.error('Client password reset failed', error);
          const tooSoon = (await functionErrorMessage(error)) === ADMIN_MESSAGES.clientResetTooSoon;
          return { error: { message: tooSoon ? ADMIN_MESSAGES.clientResetTooSoon : ADMIN_MESSAGES.clientResetFailed } };
        }
      },
    }),
  }),
});

export const { useClientsQuery, useResetClientPasswordMutation } = clientsApi;
