import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SupabaseClient } from '@supabase/supabase-js';
import { apiAdminRepository } from './api-admin-repository.ts';
import type { AdminDocument } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationListCounts, ApplicationsPageArgs } from '../../../../shared/admin/application-lists.ts';
import { searchWords } from '../../../../shared/admin/application-search.ts';
import { ADMIN_MESSAGES, PORTAL_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import {
  AdminRequestError,
  DECIDED_MEANWHILE_CODE,
  type AdminApplicationsPage,
  type AdminRepository,
  type ApplicationDetail,
  type Decision,
  type DecisionOutcome,
  type NewNote,
  failureMessage,
} from './admin-repository.ts';

/**
 * The repository the store was given (the desktop app passes its cache-backed one as the thunk's extra
 * argument, see web/src/app/store.ts); the API otherwise.
 */
export function repositoryOf(extra: unknown): AdminRepository {
  const given = (extra as { adminRepository?: AdminRepository } | undefined)?.adminRepository;
  return given ?? apiAdminRepository;
}

/** What a change says when it fails, and when it fails because the server cannot be reached. */
export type ChangeMessages = { failed: string; offline: string };

/**
 * A refusal the officer reads as it is, rather than the change's general failure message: a lender's name already
 * taken, a lender changed meanwhile, the reason a function gave.
 */
export class ShownRefusal extends Error {
  override name = 'ShownRefusal';
}

/** What a change gives back: a write that gives nothing back gives null (an endpoint's data cannot be undefined). */
type Made<T> = [T] extends [void] ? null : T;

/**
 * The one way a change only the server makes is written (a letter, a term sheet, a bank package and its sending, a
 * consent request, a revoked link, a lender): an endpoint's `write` gets the client and runs through the
 * repository's changeOnServer, which refuses it at once while the desktop app is offline and syncs it into its
 * cache once made, before the screens read again. The result: what `write` gave back, or the failure in words:
 * a ShownRefusal's own, `messages.offline` when the server cannot be reached, `messages.failed` otherwise.
 */
export async function changeOnServer<T>(
  extra: unknown,
  context: string,
  messages: ChangeMessages,
  write: (supabase: SupabaseClient) => Promise<T>,
): Promise<{ data: Made<T> } | { error: { message: string } }> {
  try {
    const made = await repositoryOf(extra).changeOnServer(async () => write(await loadSupabase()));
    return { data: (made ?? null) as Made<T> };
  } catch (error) {
    if (error instanceof ShownRefusal) return { error: { message: error.message } };
    return fail(context, error, failureMessage(error, messages.failed, messages.offline));
  }
}

function fail(context: string, error: unknown, message: string): { error: { message: string } } {
  console.error(context, error);
  return { error: { message } };
}

/**
 * The repository catches up with the server (the desktop app syncs its cache). A failure is logged: the screens
 * still read again, from what the repository has.
 */
async function catchUp(extra: unknown): Promise<{ data: null }> {
  try {
    await repositoryOf(extra).refresh?.();
  } catch (error) {
    console.error('Catching up with the server failed', error);
  }
  return { data: null };
}

const countsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How many applications each list holds: read again with the lists, after a decision or Refresh Data. */
    applicationListCounts: build.query<ApplicationListCounts, void>({
      async queryFn(_none, { extra }) {
        try {
          return { data: await repositoryOf(extra).applicationListCounts() };
        } catch (error) {
          return fail('Loading the lists’ counts failed', error, ADMIN_MESSAGES.loadFailed);
        }
      },
      providesTags: ['Application'],
    }),
  }),
});

/**
 * A page of a list. An unsearched, unfiltered list holds what its tab counts: its total is the tabs' count (read
 * once for both, the same read the tabs subscribe to) and its page is read without a count of its own, a second
 * scan of the table. Should the tabs' count fail, the page is read with its own.
 */
async function applicationsPage(
  args: ApplicationsPageArgs,
  repository: AdminRepository,
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
): Promise<AdminApplicationsPage> {
  if (searchWords(args.search).length > 0 || args.documents) return repository.applicationsPage(args);
  const counts = dispatch(countsApi.endpoints.applicationListCounts.initiate());
  try {
    const [page, listCounts] = await Promise.all([
      repository.applicationsPage(args, { counted: false }),
      counts.unwrap().catch(() => null),
    ]);
    return listCounts ? { ...page, total: listCounts[args.list] } : await repository.applicationsPage(args);
  } finally {
    counts.unsubscribe();
  }
}

export const adminApi = countsApi.injectEndpoints({
  endpoints: (build) => ({
    applicationsPage: build.query<AdminApplicationsPage, ApplicationsPageArgs>({
      async queryFn(args, { extra, dispatch }) {
        try {
          return { data: await applicationsPage(args, repositoryOf(extra), dispatch) };
        } catch (error) {
          return fail('Loading applications failed', error, ADMIN_MESSAGES.loadFailed);
        }
      },
      providesTags: ['Application'],
    }),

    applicationDetail: build.query<ApplicationDetail, string>({
      async queryFn(id, { extra }) {
        try {
          return { data: await repositoryOf(extra).applicationDetail(id) };
        } catch (error) {
          return fail('Loading the application failed', error, ADMIN_MESSAGES.loadFailed);
        }
      },
      providesTags: ['Application'],
    }),

    /** Approves or rejects a pending application. A refused decision changes nothing on screen. */
    decideApplication: build.mutation<DecisionOutcome, Decision>({
      async queryFn(decision, { extra }) {
        try {
          return { data: await repositoryOf(extra).decide(decision) };
        } catch (error) {
          const failure = fail('Decision failed', error, ADMIN_MESSAGES.statusUpdateFailed);
          // decide_application's answer when the application is no longer in the status the officer saw.
          const decidedMeanwhile = error instanceof AdminRequestError && error.code === DECIDED_MEANWHILE_CODE;
          return decidedMeanwhile ? { error: { ...failure.error, code: DECIDED_MEANWHILE_CODE } } : failure;
        }
      },
      // A refused decision keeps the list as it is until the officer closes the dialog with its message.
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    /** Adds a note (queued on the desktop while offline); a refused note leaves the detail as it was. */
    addNote: build.mutation<DecisionOutcome, NewNote>({
      async queryFn(note, { extra }) {
        try {
          return { data: await repositoryOf(extra).addNote(note) };
        } catch (error) {
          return fail('Adding the note failed', error, ADMIN_MESSAGES.noteAddFailed);
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    /** Opens a document (the desktop app keeps it for offline reading); the error says why it could not. */
    openDocument: build.mutation<null, AdminDocument>({
      async queryFn(document, { extra }) {
        try {
          await repositoryOf(extra).openDocument(document);
          return { data: null };
        } catch (error) {
          const message =
            error instanceof AdminRequestError && error.kind === 'unavailable'
              ? error.message
              : PORTAL_MESSAGES.documentOpenFailed;
          return fail('Opening the document failed', error, message);
        }
      },
    }),

    /** Refresh Data: the repository catches up (the desktop app syncs), then every admin screen reads again. */
    refreshData: build.mutation<null, void>({
      queryFn: (_arg, { extra }) => catchUp(extra),
      invalidatesTags: ['Application', 'Client', 'Registration'],
    }),
  }),
});

export const {
  useApplicationsPageQuery,
  useApplicationListCountsQuery,
  useApplicationDetailQuery,
  useDecideApplicationMutation,
  useAddNoteMutation,
  useRefreshDataMutation,
  useOpenDocumentMutation,
} = adminApi;
