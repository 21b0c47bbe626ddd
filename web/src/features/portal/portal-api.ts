import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { useCallback } from 'react';
import type { AdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';
import { DOCUMENTS_BUCKET, type StoredDocumentType } from '../../../../shared/catalogue/documents.ts';
import type { ChecklistReading } from '../../../../shared/checklist/document-checklist.ts';
import { additionalInfoSectionsFromForm, type AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import type { LoanStageRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { newestFirst } from '../../../../shared/format/order.ts';
import { errorMessageOr } from '../../../../shared/messages/error-message.ts';
import { ADMIN_MESSAGES, PORTAL_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { latestIndexValues, type IndexValue, type RateIndex } from '../../../../shared/offers/offer-cost.ts';
import { ACCEPTANCE_STATEMENT, type OfferRevision } from '../../../../shared/offers/offer-text.ts';
import type { ApplicationEvent } from '../../../../shared/status/timeline.ts';
import { api, useApiDispatch, type ApiError } from '../../lib/api.ts';
import { applicationsMadeHere, forgetApplicationsMadeHere } from '../../lib/applications-made-here.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { duplicateKey, keptByReview, rlsRefusal } from '../../lib/postgres-codes.ts';
import { currentApplication } from './current-application.ts';

/** A documents row as the portal lists it. */
export type DocumentRow = {
  id: string;
  user_id: string;
  application_id: string | null;
  type: StoredDocumentType;
  /** The officer's request it was uploaded for (type 'requested'). */
  request_id: string | null;
  /** The document it replaces (which an officer said needs replacement). */
  replaces_id: string | null;
  file_name: string;
  file_size: number;
  content_type: string;
  storage_path: string;
  created_at: string;
};

export type PortalApplication = ApplicationRow & {
  events: ApplicationEvent[];
  /** Its officers' reviews and requests and the documents not needed (docs/product.md, Document checklist). */
  checklist: ChecklistReading;
};

/** Whose portal is shown: the signed-in applicant's own, or a client's that an admin views (read-only). */
export type PortalViewer = { clientId: string | null };

export type PortalData = {
  /** The account whose portal this is. */
  userId: string;
  readOnly: boolean;
  /** Newest first, those the applicant confirmed as theirs (or made signed in): documents and information go to these. */
  applications: PortalApplication[];
  /**
   * Made signed out in the applicant's e-mail and not yet confirmed by them (anyone could have made one): the
   * portal asks whether each is theirs, and shows nothing else of it. Newest first.
   */
  toConfirm: ApplicationRow[];
  documents: DocumentRow[];
  additionalInfo: AdditionalInfoRow[];
};

const DOCUMENT_COLUMNS =
  'id, user_id, application_id, type, request_id, replaces_id, file_name, file_size, content_type, storage_path, created_at';

/** The reading of an application no officer has said anything of yet (and of the documents before any application). */
export const noChecklistReading: ChecklistReading = { reviews: [], requests: [], not_needed: [] };

/**
 * An offer the applicant can accept, or the one they accepted (rpc('applicant_offers')): lender_name is null when
 * the applicant's consent to the lender does not stand (the portal then names no lender).
 */
export type PortalOffer = Omit<OfferRevision, 'lender_name'> & {
  offer_id: string;
  application_id: string;
  lender_name: string | null;
  created_at: string;
  accepted_at: string | null;
  accepted_name: string | null;
};

/** A stage of an accepted loan as the applicant reads it (their own loans' stages, under RLS). */
export type PortalLoanStage = Pick<
  LoanStageRow,
  'application_id' | 'stage' | 'expected_closing_on' | 'funded_amount' | 'funded_on' | 'reason' | 'created_at'
>;

/**
 * The offers, each index's value today (the latest an officer entered), which variable rates are computed at, and
 * the stages of the loans whose offer was accepted.
 */
export type PortalOffers = {
  offers: PortalOffer[];
  indexValues: Partial<Record<RateIndex, IndexValue>>;
  stages: PortalLoanStage[];
};

/** What the applicant sends to accept an offer: the hash of the offer's text as the portal showed it. */
export type OfferAcceptance = { offerId: string; fullName: string; shownSha256: string };

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
 * e-mail and no account (RLS lets an applicant read those only once the e-mail is confirmed). Both are asked
 * for explicitly, so that an admin sees the client's applications, not every application. Those this browser
 * made and the applicant has not confirmed yet are confirmed first (lib/applications-made-here.ts).
 */
async function applicationsOf(
  supabase: SupabaseClient,
  owner: { userId: string; email: string | null; readOnly: boolean },
) {
  const queries = [supabase.from('applications').select('*').eq('user_id', owner.userId)];
  if (owner.email) {
    queries.push(
      supabase.from('applications').select('*').eq('email', owner.email).is('user_id', null).is('disowned_at', null),
    );
  }
  // The applicant's own timelines are asked for beside their applications (RLS gives an applicant the events of
  // the applications they can read, no one else's): a round trip less before the portal shows. An admin, who
  // can read every timeline, asks for the client's once their applications are known. (A query is sent when
  // something awaits it: Promise.resolve sends this one now.)
  const ownEvents = owner.readOnly ? null : Promise.resolve(timelineQuery(supabase));
  // So are the checklists of every application the account owns, for an admin viewing a client's portal too.
  const ownedChecklists = Promise.resolve(supabase.rpc('document_checklists_of', { owner_id: owner.userId }));
  const byId = new Map<string, ApplicationRow>();
  for (const result of await Promise.all(queries)) {
    for (const row of unwrap(result, 'applications') as ApplicationRow[]) byId.set(row.id, row);
  }
  const rows = [...byId.values()].sort(newestFirst);
  const confirmedHere = owner.readOnly ? [] : await confirmMadeHere(supabase, rows);
  const all = rows.map((row) =>
    confirmedHere.includes(row.id)
      ? { ...row, user_id: owner.userId, confirmed_by_applicant_at: new Date().toISOString() }
      : row,
  );
  const confirmed = all.filter((row) => row.confirmed_by_applicant_at !== null);
  const toConfirm = all.filter((row) => row.confirmed_by_applicant_at === null);
  if (confirmed.length === 0) return { applications: [], toConfirm, confirmedHere };
  const [events, checklists] = await Promise.all([
    (
      ownEvents ??
      timelineQuery(supabase).in(
        'application_id',
        confirmed.map((application) => application.id),
      )
    ).then((result) => unwrap(result, 'timeline') as ApplicationEvent[]),
    ownedChecklists.then(async (result) => {
      const readings = unwrap(result, 'document checklists') as Record<string, ChecklistReading>;
      // One the account did not own when they were read (confirmed just now) is asked about on its own.
      return Promise.all(
        confirmed.map((application) => readings[application.id] ?? checklistReadingOf(supabase, owner, application)),
      );
    }),
  ]);
  const applications = confirmed.map((application, index) => ({
    ...application,
    events: events.filter((event) => event.application_id === application.id),
    checklist: checklists[index]!,
  }));
  return { applications, toConfirm, confirmedHere };
}

/**
 * What the officers said of an application's documents (document_checklist_of, which leaves out who said it).
 * The function answers an officer, and an applicant about the applications that name their account: one the
 * applicant reads by its e-mail alone (no account named) is not asked about, and shows the documents only.
 */
async function checklistReadingOf(
  supabase: SupabaseClient,
  owner: { userId: string; readOnly: boolean },
  application: ApplicationRow,
): Promise<ChecklistReading> {
  if (!owner.readOnly && application.user_id !== owner.userId) return noChecklistReading;
  const read = await supabase.rpc('document_checklist_of', { application_id: application.id });
  return unwrap(read, 'document checklist') as ChecklistReading;
}

/** The timeline events the caller may read, oldest first. */
function timelineQuery(supabase: SupabaseClient) {
  return supabase
    .from('application_events')
    .select('id, application_id, kind, reason, subject, actor_id, created_at')
    .order('id');
}

/**
 * Confirms the applications this browser made that still wait for their applicant; gives their ids. One that
 * cannot be confirmed now is simply asked about. Ids already confirmed are forgotten.
 */
async function confirmMadeHere(supabase: SupabaseClient, rows: readonly ApplicationRow[]): Promise<string[]> {
  const madeHere = applicationsMadeHere();
  const ours = rows.filter((row) => madeHere.includes(row.id));
  const justConfirmed: string[] = [];
  for (const row of ours.filter((candidate) => candidate.confirmed_by_applicant_at === null)) {
    const { error } = await supabase.rpc('confirm_application_is_mine', { application_id: row.id });
    if (error) console.error('An application made in this browser could not be confirmed', error);
    else justConfirmed.push(row.id);
  }
  const alreadyConfirmed = ours.filter((row) => row.confirmed_by_applicant_at !== null).map((row) => row.id);
  forgetApplicationsMadeHere([...alreadyConfirmed, ...justConfirmed]);
  return justConfirmed;
}

/**
 * Why an applicant's answers were refused: the application was decided, or its answers changed elsewhere; then
 * with the stored answers' version now, so that submitting again replaces them whether or not the portal has
 * read them again yet.
 */
async function whyNotSaved(supabase: SupabaseClient, applicationId: string): Promise<ApiError> {
  const [application, stored] = await Promise.all([
    supabase.from('applications').select('decided_at').eq('id', applicationId).maybeSingle(),
    supabase.from('additional_info').select('updated_at').eq('application_id', applicationId).maybeSingle(),
  ]);
  const row = unwrap(application, 'application') as { decided_at: string | null } | null;
  if (row?.decided_at) return { message: PORTAL_MESSAGES.additionalInfoDecidedMeanwhile };
  const version = (unwrap(stored, 'additional information') as { updated_at: string } | null)?.updated_at ?? null;
  return { message: PORTAL_MESSAGES.additionalInfoChangedElsewhere, currentVersion: version };
}

async function loadPortal(viewer: PortalViewer): Promise<PortalData & { confirmedHere: string[] }> {
  const supabase = await loadSupabase();
  const owner = await portalOwner(supabase, viewer);
  const [{ applications, toConfirm, confirmedHere }, documents, additionalInfo] = await Promise.all([
    applicationsOf(supabase, owner),
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
  return {
    userId: owner.userId,
    readOnly: owner.readOnly,
    applications,
    toConfirm,
    documents: owner.readOnly ? documents : await linkUnlinkedDocuments(supabase, documents, applications),
    additionalInfo,
    confirmedHere,
  };
}

/**
 * Documents uploaded while the applicant had no application of theirs (none yet, or only one waiting for them
 * to confirm it) show with their current application, so that is where they go once there is one: the officers
 * see an application's documents by its id. A failure leaves them as they were (asked again next time).
 */
async function linkUnlinkedDocuments(
  supabase: SupabaseClient,
  documents: DocumentRow[],
  applications: readonly PortalApplication[],
): Promise<DocumentRow[]> {
  const current = currentApplication(applications);
  const unlinked = documents.filter((document) => document.application_id === null).map((document) => document.id);
  if (!current || unlinked.length === 0) return documents;
  const { error } = await supabase.from('documents').update({ application_id: current.id }).in('id', unlinked);
  if (error) {
    console.error('Documents uploaded before the application could not be linked to it', error);
    return documents;
  }
  return documents.map((document) =>
    unlinked.includes(document.id) ? { ...document, application_id: current.id } : document,
  );
}

const portalApi = api.injectEndpoints({
  endpoints: (build) => ({
    portalData: build.query<PortalData, PortalViewer>({
      async queryFn(viewer, { dispatch }) {
        try {
          const { confirmedHere, ...data } = await loadPortal(viewer);
          // The lender requests of an application just confirmed are the applicant's to answer now.
          if (confirmedHere.length > 0) dispatch(api.util.invalidateTags(['PortalLenders']));
          return { data };
        } catch (error) {
          // docs/product.md §8, Portal: load failures are only logged; the page says it could not load.
          console.error('Portal load failed', error);
          const message = viewer.clientId ? ADMIN_MESSAGES.clientAccessFailed : ADMIN_MESSAGES.loadFailed;
          return { error: { message } satisfies ApiError };
        }
      },
      providesTags: ['Portal'],
    }),

    /**
     * The applicant's answer to 'Is this your application?' about one made signed out in their e-mail: yes
     * makes it theirs; no takes it out of their portal for good (the officers see that it was disowned).
     */
    answerApplicationOwnership: build.mutation<null, { applicationId: string; mine: boolean }>({
      async queryFn({ applicationId, mine }) {
        try {
          const supabase = await loadSupabase();
          const rpc = mine ? 'confirm_application_is_mine' : 'disown_application';
          unwrap(await supabase.rpc(rpc, { application_id: applicationId }), 'ownership answer');
          return { data: null };
        } catch (error) {
          console.error('Application ownership answer failed', error);
          return { error: { message: PORTAL_MESSAGES.answerFailed } satisfies ApiError };
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Portal', 'PortalLenders']),
    }),

    /** The applicant's live offers (or the accepted one) and the index values, for the comparison. */
    /** The applicant's offers; an officer viewing a client's portal reads the client's (read-only). */
    portalOffers: build.query<PortalOffers, PortalViewer>({
      async queryFn({ clientId }) {
        try {
          const supabase = await loadSupabase();
          const [offers, values] = await Promise.all([
            supabase
              .rpc('applicant_offers', clientId ? { client_id: clientId } : {})
              .then((result) => unwrap(result, 'offers') as PortalOffer[]),
            supabase
              .from('rate_index_values')
              .select('rate_index, percent, as_of')
              .order('created_at', { ascending: false })
              .limit(100)
              .then(
                (result) =>
                  unwrap(result, 'index values') as { rate_index: RateIndex; percent: number; as_of: string }[],
              ),
          ]);
          const indexValues = latestIndexValues(values);
          // Read only once an offer is accepted: before, a loan has no stage.
          const acceptedFor = offers.filter((offer) => offer.accepted_at !== null).map((offer) => offer.application_id);
          const stages =
            acceptedFor.length === 0
              ? []
              : (unwrap(
                  await supabase
                    .from('loan_stages')
                    .select('application_id, stage, expected_closing_on, funded_amount, funded_on, reason, created_at')
                    .in('application_id', acceptedFor)
                    .order('created_at'),
                  'loan stages',
                ) as PortalLoanStage[]);
          return { data: { offers, indexValues, stages } };
        } catch (error) {
          console.error('Offers load failed', error);
          return { error: { message: PORTAL_MESSAGES.offersLoadFailed } };
        }
      },
      providesTags: ['PortalOffers'],
    }),

    /**
     * Accepts an offer through the accept-offer function, which checks the offer is still the one shown (its
     * hash) and stores the acceptance; a refusal is answered in its words, for the applicant to read.
     */
    acceptOffer: build.mutation<{ acceptedAt: string }, OfferAcceptance>({
      async queryFn({ offerId, fullName, shownSha256 }) {
        try {
          const supabase = await loadSupabase();
          const { data, error } = await supabase.functions.invoke('accept-offer', {
            body: { offerId, fullName, statement: ACCEPTANCE_STATEMENT, shownSha256 },
          });
          if (error instanceof FunctionsHttpError) {
            const body = (await (error.context as Response).json().catch(() => null)) as { error?: unknown } | null;
            if (typeof body?.error === 'string') return { error: { message: body.error } };
          }
          if (error) throw error;
          return { data: { acceptedAt: String((data as { acceptedAt: string }).acceptedAt) } };
        } catch (error) {
          console.error('Offer acceptance failed', error);
          return { error: { message: PORTAL_MESSAGES.acceptOfferFailed } };
        }
      },
      // The accepted offer replaces the comparison; the timeline records it.
      invalidatesTags: (_result, error) => (error ? [] : ['PortalOffers', 'Portal']),
    }),

    /**
     * Removes a document: its row first (so the portal never lists a missing file), then the file. A document an
     * officer reviewed meanwhile is refused with the server's words for the applicant (code keptByReview); the
     * portal then reads it again itself, to show it as reviewed.
     */
    deleteDocument: build.mutation<null, DocumentRow>({
      async queryFn(document) {
        try {
          const supabase = await loadSupabase();
          const removed = await supabase.from('documents').delete().eq('id', document.id).select('id');
          if (removed.error?.code === keptByReview) {
            return { error: { message: removed.error.message, code: removed.error.code } };
          }
          unwrap(removed, 'document row');
          if ((removed.data ?? []).length === 0) throw new Error('The document could not be deleted');
          unwrap(await supabase.storage.from(DOCUMENTS_BUCKET).remove([document.storage_path]), 'stored file');
          return { data: null };
        } catch (error) {
          console.error('Document delete failed', error);
          // A load error names what failed for the log, not for the applicant.
          const message = error instanceof PortalLoadError ? 'Delete failed' : errorMessageOr(error, 'Delete failed');
          return { error: { message } };
        }
      },
      invalidatesTags: (_result, error) => (error?.code === keptByReview ? [] : ['Portal']),
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
          if (refused || !version) return { error: await whyNotSaved(supabase, applicationId) };
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

export const {
  usePortalDataQuery,
  useAnswerApplicationOwnershipMutation,
  useDeleteDocumentMutation,
  useSaveAdditionalInfoMutation,
  usePortalOffersQuery,
  useAcceptOfferMutation,
} = portalApi;

/**
 * Reads the portal's data again for this viewer, whether or not the portal is still on screen: an upload that
 * ends after the applicant went to another page of the app must leave the list fresh for their return (the
 * portal query's own refetch fails once its page is gone, and the list then stayed as it was before the upload).
 */
export function useReloadPortalData(viewer: PortalViewer): () => Promise<unknown> {
  const dispatch = useApiDispatch();
  const { clientId } = viewer;
  return useCallback(
    () => dispatch(portalApi.endpoints.portalData.initiate({ clientId }, { subscribe: false, forceRefetch: true })),
    [dispatch, clientId],
  );
}
