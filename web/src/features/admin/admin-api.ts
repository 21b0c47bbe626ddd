import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { apiAdminRepository } from './api-admin-repository.ts';
import type { AdminDocument } from '../../../../shared/db/admin-rows.ts';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { ApplicationsPageArgs } from '../../../../shared/admin/application-lists.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { api } from '../../lib/api.ts';
import {
  AdminRequestError,
  DECIDED_MEANWHILE_CODE,
  type AdminApplicationsPage,
  type AdminRepository,
  type ApplicationDetail,
  type Decision,
  type DecisionOutcome,
  type NewNote,
} from './admin-repository.ts';

/**
 * The repository the store was given (the desktop app passes its cache-backed one as the thunk's extra
 * argument, see web/src/app/store.ts); the API otherwise.
 */
export function repositoryOf(extra: unknown): AdminRepository {
  const given = (extra as { adminRepository?: AdminRepository } | undefined)?.adminRepository;
  return given ?? apiAdminRepository;
}

const documentOpenFailed = 'The document could not be opened. Please try again.';

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

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    applicationsPage: build.query<AdminApplicationsPage, ApplicationsPageArgs>({
      async queryFn(args, { extra }) {
        try {
          return { data: await repositoryOf(extra).applicationsPage(args) };
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
            error instanceof AdminRequestError && error.kind === 'unavailable' ? error.message : documentOpenFailed;
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
  useApplicationDetailQuery,
  useDecideApplicationMutation,
  useAddNoteMutation,
  useRefreshDataMutation,
  useOpenDocumentMutation,
} = adminApi;

/**
 * A screen's own change written straight to the server (a letter, a term sheet, a bank package): run through the
 * repository's changeOnServer (refused at once while the desktop app is offline, synced into its cache once made),
 * then the screens read again, so they show it. Rejects with what `write` or the repository threw.
 */
export function useChangeOnServer(): <T>(write: () => Promise<T>) => Promise<T> {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  return useCallback(
    async (write) => {
      // The repository is the store's extra argument, which a thunk is given.
      const repository = dispatch((_dispatch, _getState, extra) => repositoryOf(extra));
      const result = await repository.changeOnServer(write);
      dispatch(api.util.invalidateTags(['Application']));
      return result;
    },
    [dispatch],
  );
}
