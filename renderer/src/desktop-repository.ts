import { DOCUMENTS_BUCKET } from '../../shared/catalogue/documents.ts';
import type { AdminDocument, AdminNote, DocumentReviewRow, NotNeededRow } from '../../shared/db/admin-rows.ts';
import type { CachedApplication, DesktopBridge, OutboxEntry, OutboxIntent } from '../../shared/ipc/channels.ts';
import { latestIndexValues } from '../../shared/offers/offer-cost.ts';
import { loadSupabase } from '../../web/src/lib/load-supabase.ts';
import {
  AdminRequestError,
  type AdminRepository,
  lenderNetworkFrom,
  lendersFrom,
  type ApplicationDetail,
  type DecisionOutcome,
  otherApplicationsOf,
  type QueuedDecision,
  type QueuedStage,
} from '../../web/src/features/admin/admin-repository.ts';
import { apiAdminRepository } from '../../web/src/features/admin/api-admin-repository.ts';
import { isSessionRefusal } from './sync/session-refusal.ts';

function newestFirst<T extends Record<string, unknown>>(rows: T[]): T[] {
  return [...rows].reverse();
}

/** The cached rows of an application, in the shape and order the API gives the admin screens. */
export function detailFromCache({ application, otherApplications, related }: CachedApplication): ApplicationDetail {
  return {
    application,
    otherApplications: otherApplicationsOf(application, otherApplications),
    events: related.application_events,
    documents: newestFirst(related.documents),
    additionalInfo: related.additional_info[0] ?? null,
    audit: related.audit_log,
    letters: newestFirst(related.pre_application_letters),
    termSheets: newestFirst(related.term_sheets),
    bankPackages: newestFirst(related.bank_packages),
    notes: newestFirst(related.application_notes),
    reviews: related.document_reviews,
    requests: related.document_requests,
    notNeeded: related.documents_not_needed.map((row: NotNeededRow) => row.type),
    offers: related.loan_offers,
    acceptance: related.offer_acceptances[0] ?? null,
    stages: related.loan_stages,
    texts: related.sms_messages,
    smsConsents: related.sms_consents,
  };
}

/** The application's notes still waiting in the outbox, newest first, as the detail shows them (queued). */
export function queuedNotes(outbox: OutboxEntry[], applicationId: string): AdminNote[] {
  const notes = outbox.flatMap((entry): AdminNote[] =>
    entry.kind === 'note' && entry.state === 'pending' && entry.applicationId === applicationId
      ? [{ id: entry.noteId, author_id: null, body: entry.body, created_at: entry.createdAt, queued: true }]
      : [],
  );
  return notes.reverse();
}

/**
 * The application's reviews still waiting in the outbox, oldest first, as the checklist reads them: each the latest
 * review of its document, marked as queued (not reviewed by anyone on the server yet).
 */
export function queuedReviews(outbox: OutboxEntry[], applicationId: string): DocumentReviewRow[] {
  return outbox.flatMap((entry): DocumentReviewRow[] =>
    entry.kind === 'review' && entry.state === 'pending' && entry.applicationId === applicationId
      ? [
          {
            id: `queued-${entry.id}`,
            document_id: entry.documentId,
            application_id: entry.applicationId,
            outcome: entry.outcome,
            reason: entry.reason,
            document_uploaded_at: entry.expectedUploadedAt,
            reviewed_by: null,
            created_at: entry.createdAt,
            queued: true,
          },
        ]
      : [],
  );
}

/** The decisions still waiting in the outbox, by application: the screens show them as made (queued). */
export function queuedDecisions(outbox: OutboxEntry[]): Record<string, QueuedDecision> {
  const decisions: Record<string, QueuedDecision> = {};
  for (const entry of outbox) {
    if (entry.kind !== 'decide' || entry.state !== 'pending') continue;
    decisions[entry.applicationId] = { decision: entry.decision, reason: entry.reason, queuedAt: entry.createdAt };
  }
  return decisions;
}

/** The application's loan stage still waiting in the outbox: the section shows it queued, with no other stage. */
export function queuedStage(outbox: OutboxEntry[], applicationId: string): QueuedStage | undefined {
  const entry = outbox.findLast(
    (item) => item.kind === 'stage' && item.state === 'pending' && item.applicationId === applicationId,
  );
  return entry?.kind === 'stage' ? { stage: entry.stage, queuedAt: entry.createdAt } : undefined;
}

export const notKeptOffline =
  'This document was not kept on this computer. Open it once while online to read it offline.';
export const tooLargeToKeep =
  'This document is larger than the room for documents kept offline. Raise that room to open it here.';

export type DesktopRepositoryDeps = {
  bridge: DesktopBridge;
  /** Whether the server answered at the last check (a change only the server makes is refused at once when not). */
  online: () => boolean;
  /** Whether a change can be sent now: the server was reachable at the last check, under the owner's session. */
  canSend: () => boolean;
  /** Called when a request finds the server unreachable. */
  wentOffline: () => void;
  /** Called when the server refuses a request for its session (it expired meanwhile). */
  sessionRefused: () => void;
  /** Runs an incremental sync (after a decision, on Refresh Data). */
  syncNow: () => Promise<void>;
  /** Called after a decision, a note, a review or a loan stage was queued, so the outbox count is current. */
  queued: () => void;
};

/**
 * The desktop app's admin repository: the screens read the officer's cache (kept current by sync), so
 * lists, search and detail work the same online and offline; a decision, a note, a document's review or a loan's
 * stage goes to the server when it can be reached and to the outbox when not.
 */
export function createDesktopRepository(deps: DesktopRepositoryDeps): AdminRepository & { refresh(): Promise<void> } {
  const { bridge } = deps;
  /** Downloads a document's file and keeps it; false when it does not fit the budget. */
  const keepDocument = async (document: AdminDocument): Promise<boolean> => {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).download(document.storage_path);
    if (error) throw new AdminRequestError('refused', `Downloading ${document.file_name}: ${error.message}`);
    const kept = await bridge['documents:keep']({
      documentId: document.id,
      data: new Uint8Array(await data.arrayBuffer()),
    });
    return kept.kept;
  };
  const keepDocuments = async (documents: AdminDocument[]) => {
    for (const document of documents) {
      try {
        await keepDocument(document);
      } catch (error) {
        console.error('Keeping a document for offline reading failed', error);
        return;
      }
    }
  };
  /**
   * Sends a change to the server when it can be reached under the officer's session, then syncs; queues it in
   * the outbox when not (offline, or the session expired and is not renewed yet), to be sent once it is.
   */
  const sendOrQueue = async (send: () => Promise<DecisionOutcome>, intent: OutboxIntent): Promise<DecisionOutcome> => {
    if (deps.canSend()) {
      try {
        await send();
        await deps.syncNow();
        return 'applied';
      } catch (error) {
        if (!(error instanceof AdminRequestError)) throw error;
        if (error.kind === 'unreachable') deps.wentOffline();
        else if (isSessionRefusal({ message: error.message, code: error.code })) deps.sessionRefused();
        else throw error;
      }
    }
    await bridge['outbox:enqueue'](intent);
    deps.queued();
    return 'queued';
  };
  /** A change only the server makes: refused at once offline, synced into the copy once made. */
  const changeOnServer = async <T>(write: () => Promise<T>): Promise<T> => {
    // Tried offline, it would wait for the network to fail, or for the session's renewal (half a minute).
    if (!deps.online()) throw new AdminRequestError('unreachable', 'The server cannot be reached');
    let result: T;
    try {
      result = await write();
    } catch (error) {
      if (error instanceof AdminRequestError && error.kind === 'unreachable') deps.wentOffline();
      throw error;
    }
    // Made: a sync that fails now leaves the screens on the copy until the next one, the change is not undone.
    await deps.syncNow().catch((error: unknown) => console.error('Syncing the change in failed', error));
    return result;
  };
  return {
    async applicationsPage(args) {
      const [page, outbox] = await Promise.all([
        bridge['cache:applications-page'](args),
        bridge['outbox:list'](undefined),
      ]);
      return { ...page, queuedDecisions: queuedDecisions(outbox) };
    },
    /** The lists' counts in the offline copy, as its lists show them. */
    async applicationListCounts() {
      return bridge['cache:application-list-counts'](undefined);
    },
    async applicationDetail(id) {
      const cached = await bridge['cache:application-detail']({ id });
      if (!cached) throw new AdminRequestError('refused', `Application ${id} is not in the offline copy`);
      const detail = detailFromCache(cached);
      const outbox = await bridge['outbox:list'](undefined);
      // A decision queued offline shows as made, so it cannot be made twice; sync brings the server's answer.
      const decision = queuedDecisions(outbox)[id];
      if (decision) detail.queuedDecision = decision;
      // A note queued offline shows at once, marked as waiting; once replayed, sync brings it as stored.
      const waiting = queuedNotes(outbox, id);
      const stored = detail.notes.filter((note) => !waiting.some((queued) => queued.id === note.id));
      detail.notes = [...waiting, ...stored];
      // A review queued offline shows as the document's latest, marked as waiting; sync brings the stored one.
      detail.reviews = [...detail.reviews, ...queuedReviews(outbox, id)];
      // A stage queued offline shows as queued, so no other stage is recorded over it before it is sent.
      const stage = queuedStage(outbox, id);
      if (stage) detail.queuedStage = stage;
      // The documents of an application the officer opens are kept for offline reading (within the budget).
      if (deps.canSend()) {
        const missing = detail.documents.filter((document) => !cached.keptDocumentIds.includes(document.id));
        void keepDocuments(missing);
      }
      return detail;
    },
    async openDocument(document) {
      const show = () => bridge['documents:show']({ documentId: document.id, fileName: document.file_name });
      if ((await show()).shown) return;
      if (!deps.canSend()) throw new AdminRequestError('unavailable', notKeptOffline);
      if (!(await keepDocument(document))) throw new AdminRequestError('unavailable', tooLargeToKeep);
      if (!(await show()).shown) throw new AdminRequestError('unavailable', tooLargeToKeep);
    },
    decide: (decision) =>
      sendOrQueue(() => apiAdminRepository.decide(decision), {
        kind: 'decide',
        applicationId: decision.id,
        decision: decision.decision,
        reason: decision.reason,
        expectedStatus: decision.expectedStatus,
        label: decision.label,
      }),
    reviewDocument: (review) =>
      sendOrQueue(() => apiAdminRepository.reviewDocument(review), {
        kind: 'review',
        applicationId: review.applicationId,
        documentId: review.documentId,
        outcome: review.outcome,
        reason: review.reason,
        expectedUploadedAt: review.uploadedAt,
        seenReviewId: review.seenReviewId,
        label: review.label,
        fileName: review.fileName,
      }),
    recordLoanStage: (record) =>
      sendOrQueue(() => apiAdminRepository.recordLoanStage(record), { kind: 'stage', ...record }),
    addNote: (note) =>
      sendOrQueue(() => apiAdminRepository.addNote(note), {
        kind: 'note',
        applicationId: note.applicationId,
        noteId: note.id,
        body: note.body,
        label: note.label,
      }),
    /** The network and the consents as last synced: the ranked matches read the same online and offline. */
    async lenderNetwork(applicationId) {
      const cached = await bridge['cache:application-detail']({ id: applicationId });
      if (!cached) throw new AdminRequestError('refused', `Application ${applicationId} is not in the offline copy`);
      return lenderNetworkFrom(cached.lenders, cached.related.lender_consents);
    },
    /** The network as last synced, as the matches read it: the Lenders tab answers at once, online or not. */
    async lenders() {
      return lendersFrom(await bridge['cache:lenders'](undefined));
    },
    /** Every acceptance and stage as last synced: the Pipeline's figures, online or not. */
    async pipelineHistory() {
      return bridge['cache:pipeline-history'](undefined);
    },
    /** The index values as last synced (entering one syncs it in): offers are compared at them offline too. */
    async rateIndexValues() {
      return latestIndexValues(await bridge['cache:rate-index-values'](undefined));
    },
    changeOnServer,
    refresh: () => deps.syncNow(),
  };
}
