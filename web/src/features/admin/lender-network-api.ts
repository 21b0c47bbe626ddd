import type { StoredLender } from '../../../../shared/matching/applicant-matches.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import type { lenderRowFromForm } from '../../../../shared/validation/lender-form.ts';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { changeOnServer, repositoryOf, ShownRefusal } from './admin-api.ts';
import { check, duplicateKey, type LenderNetwork } from './admin-repository.ts';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sent package still unanswered after its lender's typical answer time. */
export type OverduePackage = { id: string; application_id: string; bank_name: string; answer_due_at: string };

function failure(context: string, error: unknown, message: string) {
  console.error(context, error);
  return { error: { message } };
}

/**
 * The admin side of the lender network (docs/architecture.md, Lender network): the lenders themselves (the Lenders
 * tab), lenders and the application's consents for the ranked matches, asking the applicant's consent (then e-mailing
 * them), revoking a lender's link, and the packages past their answer deadline. The lenders and the matches read
 * the repository (the desktop app's cache, online or not); the changes go to the server through the repository's
 * changeOnServer, so the desktop app refuses them at once offline and syncs them into its cache once made.
 */
const lenderNetworkApi = api.injectEndpoints({
  endpoints: (build) => ({
    lenderNetwork: build.query<LenderNetwork, string>({
      async queryFn(applicationId, { extra }) {
        try {
          return { data: await repositoryOf(extra).lenderNetwork(applicationId) };
        } catch (error) {
          return failure('Loading the lender network failed', error, ADMIN_MESSAGES.lendersLoadFailed);
        }
      },
      providesTags: ['Application'],
    }),

    /** Asks the applicant to approve one lender, then e-mails them (a failed e-mail does not undo the request). */
    askLenderConsent: build.mutation<null, { applicationId: string; lenderId: string }>({
      queryFn: ({ applicationId, lenderId }, { extra }) =>
        changeOnServer(
          extra,
          'Asking consent failed',
          { failed: ADMIN_MESSAGES.consentRequestFailed, offline: ADMIN_MESSAGES.consentRequestOffline },
          async (supabase) => {
            const asked = await supabase
              .from('lender_consents')
              .insert({ application_id: applicationId, lender_id: lenderId });
            check('Asking consent failed', asked);
            const notified = await supabase.functions.invoke('notify-applicant', { body: { applicationId } });
            if (notified.error) console.error('The applicant could not be e-mailed', notified.error);
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    revokeLenderLink: build.mutation<null, string>({
      queryFn: (packageId, { extra }) =>
        changeOnServer(
          extra,
          'Revoking the link failed',
          { failed: ADMIN_MESSAGES.linkRevokeFailed, offline: ADMIN_MESSAGES.linkRevokeOffline },
          async (supabase) => {
            check('Revoking the link failed', await supabase.rpc('revoke_lender_link', { package_id: packageId }));
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    /** Every lender of the network, active and paused, by name (the Lenders tab). */
    lenders: build.query<StoredLender[], void>({
      async queryFn(_arg, { extra }) {
        try {
          const lenders = await repositoryOf(extra).lenders();
          // As people read names: 'acme Bank' before 'Zeta Bank' (the database's order puts capitals first).
          return { data: lenders.sort((a, b) => byName.compare(a.name, b.name)) };
        } catch (error) {
          return failure('Loading lenders failed', error, ADMIN_MESSAGES.lendersLoadFailed);
        }
      },
      providesTags: ['Application'],
    }),

    /**
     * Adds a lender (no edit), or changes one: only if it is still as the form found it (its updated_at), so that
     * a form opened before another officer's change (or pause) does not silently write over it.
     */
    saveLender: build.mutation<
      null,
      { edit?: { id: string; updatedAt: string }; row: ReturnType<typeof lenderRowFromForm> }
    >({
      queryFn: ({ edit, row }, { extra }) =>
        changeOnServer(
          extra,
          'Saving the lender failed',
          { failed: ADMIN_MESSAGES.lenderSaveFailed, offline: ADMIN_MESSAGES.lenderSaveOffline },
          async (supabase) => {
            const saved = edit
              ? await supabase
                  .from('lenders')
                  .update(row)
                  .eq('id', edit.id)
                  .eq('updated_at', edit.updatedAt)
                  .select('id')
              : await supabase.from('lenders').insert(row);
            // The unique index on the lender's name (letter case and surrounding spaces aside).
            if (saved.error?.code === duplicateKey) throw new ShownRefusal(ADMIN_MESSAGES.lenderNameTaken);
            const changed = check('Saving the lender failed', saved);
            if (edit && Array.isArray(changed) && changed.length === 0)
              throw new ShownRefusal(ADMIN_MESSAGES.lenderChangedMeanwhile);
            return null;
          },
        ),
      // After a save, or a refusal because the lender changed meanwhile: the list reads it again.
      invalidatesTags: (_result, error) =>
        !error || error.message === ADMIN_MESSAGES.lenderChangedMeanwhile ? ['Application'] : [],
    }),

    setLenderActive: build.mutation<null, { id: string; active: boolean }>({
      queryFn: ({ id, active }, { extra }) =>
        changeOnServer(
          extra,
          'Pausing or activating the lender failed',
          { failed: ADMIN_MESSAGES.lenderSaveFailed, offline: ADMIN_MESSAGES.lenderChangeOffline },
          async (supabase) => {
            check(
              'Pausing or activating the lender failed',
              await supabase.from('lenders').update({ active }).eq('id', id),
            );
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    deleteLender: build.mutation<null, string>({
      queryFn: (id, { extra }) =>
        changeOnServer(
          extra,
          'Deleting the lender failed',
          { failed: ADMIN_MESSAGES.lenderDeleteFailed, offline: ADMIN_MESSAGES.lenderChangeOffline },
          async (supabase) => {
            check('Deleting the lender failed', await supabase.from('lenders').delete().eq('id', id));
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    overduePackages: build.query<OverduePackage[], void>({
      async queryFn() {
        try {
          const supabase = await loadSupabase();
          const result = await supabase
            .from('bank_packages')
            .select('id, application_id, bank_name, answer_due_at')
            .eq('status', 'sent')
            // A revoked link cannot be answered (isAnswerOverdue).
            .is('link_revoked_at', null)
            .lt('answer_due_at', new Date().toISOString())
            .order('answer_due_at')
            .limit(50);
          return { data: check('Loading overdue packages failed', result) as OverduePackage[] };
        } catch (error) {
          return failure('Loading overdue packages failed', error, ADMIN_MESSAGES.loadFailed);
        }
      },
      providesTags: ['Application'],
    }),
  }),
});

export const {
  useLenderNetworkQuery,
  useAskLenderConsentMutation,
  useRevokeLenderLinkMutation,
  useOverduePackagesQuery,
  useLendersQuery,
  useSaveLenderMutation,
  useSetLenderActiveMutation,
  useDeleteLenderMutation,
} = lenderNetworkApi;
