import type { SupabaseClient } from '@supabase/supabase-js';
import type { AdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';
import { DOCUMENTS_BUCKET, type DocumentType } from '../../../../shared/catalogue/documents.ts';
import { additionalInfoSectionsFromForm, type AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { errorMessageOr } from '../../../../shared/messages/error-message.ts';
import { ADMIN_MESSAGES, PORTAL_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import type { ApplicationEvent } from '../../../../shared/status/timeline.ts';
import { api, type ApiError } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { duplicateKey, rlsRefusal } from '../../lib/postgres-codes.ts';

/** A documents row as the portal lists it. */
export type DocumentRow = {
  id: string;
  user_id: string;
  application_id: string | null;
  type: DocumentType;
  file_name: string;
  file_size: number;
  content_type: string;
  storage_path: string;
  created_at: string;
};

export type PortalApplication = ApplicationRow & { events: ApplicationEvent[] };

/** Whose portal is shown: the signed-in applicant's own, or a client's that an admin views (read-only). */
export type PortalViewer = { clientId: string | null };

export type PortalData = {
  /** The account whose portal this is. */
  userId: string;
  readOnly: boolean;
  /** Newest first; documents and additional information belong to the first one. */
  applications: PortalApplication[];
  documents: DocumentRow[];
  additionalInfo: AdditionalInfoRow[];
};

const DOCUMENT_COLUMNS =
  'id, user_id, application_id, type, file_name, file_size, content_type, storage_path, created_at';

class PortalLoadError extends Error {}

/** The data of a supabase-js result, or a load error naming what failed (logged, never shown). */
export function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new PortalLoadError(`${what}: ${result.error.message}`);
  return result.data as T;
}

/** The account and e-mail the portal shows; viewing a client's portal is recorded in audit_log first. */
async function portalOwner(supabase: SupabaseClient, viewer: PortalViewer) {
  if (viewer.clientId) {
    const email = unwrap(await supabase.rpc('log_impersonation', { client_id: viewer.clientId }), 'impersonation');
    return { userId: viewer.clientId, email: typeof email === 'string' ? email : null, readOnly: true };
  }
  // The stored session names the user without a round trip; every query below is checked by RLS anyway.
  const { data, error } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (error || !user) throw new PortalLoadError(`session: ${error?.message ?? 'no user'}`);
  return { userId: user.id, email: user.email?.toLowerCase() ?? null, readOnly: false };
}

/**
 * The owner's applications: made while signed in (user id) or before the account existed, with the same
 * e-mail (RLS lets an applicant read those only once the e-mail is confirmed). Both are asked for
 * explicitly, so that an admin sees the client's applications, not every application.
 */
async function applicationsOf(supabase: SupabaseClient, userId: string, email: string | null) {
  const queries = [supabase.from('applications').select('*').eq('user_id', userId)];
  if (email) queries.push(supabase.from('applications').select('*').eq('email', email));
  const byId = new Map<string, ApplicationRow>();
  for (const result of await Promise.all(queries)) {
    for (const row of unwrap(result, 'applications') as ApplicationRow[]) byId.set(row.id, row);
  }
  const applications = [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (applications.length === 0) return [];
  const events = unwrap(
    await supabase
      .from('application_events')
      .select('id, application_id, kind, reason, subject, actor_id, created_at')
      .in(
        'application_id',
        applications.map((application) => application.id),
      )
      .order('id'),
    'timeline',
  ) as ApplicationEvent[];
  return applications.map((application) => ({
    ...application,
    events: events.filter((event) => event.application_id === application.id),
  }));
}

/** Why an applicant's answers were refused: the application was decided, or its answers changed elsewhere. */
async function whyNotSaved(supabase: SupabaseClient, applicationId: string): Promise<string> {
  const application = await supabase.from('applications').select('decided_at').eq('id', applicationId).maybeSingle();
  const row = unwrap(application, 'application') as { decided_at: string | null } | null;
  return row?.decided_at
    ? PORTAL_MESSAGES.additionalInfoDecidedMeanwhile
    : PORTAL_MESSAGES.additionalInfoChangedElsewhere;
}

async function loadPortal(viewer: PortalViewer): Promise<PortalData> {
  const supabase = await loadSupabase();
  const owner = await portalOwner(supabase, viewer);
  const [applications, documents, additionalInfo] = await Promise.all([
    applicationsOf(supabase, owner.userId, owner.email),
    supabase
      .from('documents')
      .select(DOCUMENT_COLUMNS)
      .eq('user_id', owner.userId)
      .order('created_at', { ascending: false })
      .then((result) => unwrap(result, 'documents') as DocumentRow[]),
    supabase
      .from('additional_info')
      .select('*')
      .eq('user_id', owner.userId)
      .then((result) => unwrap(result, 'additional information') as AdditionalInfoRow[]),
  ]);
  return { userId: owner.userId, readOnly: owner.readOnly, applications, documents, additionalInfo };
}

const portalApi = api.injectEndpoints({
  endpoints: (build) => ({
    portalData: build.query<PortalData, PortalViewer>({
      async queryFn(viewer) {
        try {
          return { data: await loadPortal(viewer) };
        } catch (error) {
          // Spec section 8: load failures are only logged; the page says it could not load.
          console.error('Portal load failed', error);
          const message = viewer.clientId ? ADMIN_MESSAGES.clientAccessFailed : ADMIN_MESSAGES.loadFailed;
          return { error: { message } satisfies ApiError };
        }
      },
      providesTags: ['Portal'],
    }),

    /** Removes a document: its row first (so the portal never lists a missing file), then the file. */
    deleteDocument: build.mutation<null, DocumentRow>({
      async queryFn(document) {
        try {
          const supabase = await loadSupabase();
          const removed = await supabase.from('documents').delete().eq('id', document.id).select('id');
          unwrap(removed, 'document row');
          if ((removed.data ?? []).length === 0) throw new Error('The document could not be deleted');
          unwrap(await supabase.storage.from(DOCUMENTS_BUCKET).remove([document.storage_path]), 'stored file');
          return { data: null };
        } catch (error) {
          console.error('Document delete failed', error);
          return { error: { message: errorMessageOr(error, 'Delete failed') } };
        }
      },
      invalidatesTags: ['Portal'],
    }),

    /**
     * Stores the additional information of an application: a first insert, or a change of the row only if it is
     * still as the form found it (its updated_at), so that answers submitted from another tab or window are not
     * silently written over. A refusal says why: changed elsewhere, or decided by an officer meanwhile. Gives the
     * stored row's new version (updated_at).
     */
    saveAdditionalInfo: build.mutation<
      string,
      { applicationId: string; form: AdditionalInfoForm; basedOn: string | null }
    >({
      async queryFn({ applicationId, form, basedOn }) {
        try {
          const supabase = await loadSupabase();
          const sections = additionalInfoSectionsFromForm(form);
          const saved = basedOn
            ? await supabase
                .from('additional_info')
                .update(sections)
                .eq('application_id', applicationId)
                .eq('updated_at', basedOn)
                .select('updated_at')
            : await supabase
                .from('additional_info')
                .insert({ application_id: applicationId, ...sections })
                .select('updated_at');
          // Refused by the row policies (the application is decided) or the one-row-per-application index
          // (another tab stored its first answers), or no row as the form found it.
          const refused = saved.error?.code === rlsRefusal || saved.error?.code === duplicateKey;
          if (saved.error && !refused) throw new Error(saved.error.message);
          const version = (saved.data as { updated_at: string }[] | null)?.[0]?.updated_at;
          if (refused || !version) return { error: { message: await whyNotSaved(supabase, applicationId) } };
          return { data: version };
        } catch (error) {
          console.error('Additional information submission failed', error);
          return { error: { message: PORTAL_MESSAGES.additionalInfoFailed } };
        }
      },
      // After a save, or a refusal because of a change meanwhile: the portal reads the answers and status again.
      invalidatesTags: (_result, error) => (error?.message === PORTAL_MESSAGES.additionalInfoFailed ? [] : ['Portal']),
    }),
  }),
});

export const { usePortalDataQuery, useDeleteDocumentMutation, useSaveAdditionalInfoMutation } = portalApi;
