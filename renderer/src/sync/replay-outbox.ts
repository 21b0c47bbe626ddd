import type { SupabaseClient } from '@supabase/supabase-js';
import { officerStatusLabel } from '../../../shared/admin/application-lists.ts';
import { formatLongDate } from '../../../shared/format/dates.ts';
import type { DesktopBridge, OutboxEntry, StageIntent } from '../../../shared/ipc/channels.ts';
import type { ApplicationStatus } from '../../../shared/status/transitions.ts';
import {
  CHANGED_MEANWHILE_CODES,
  DECIDED_MEANWHILE_CODE,
  duplicateKey,
  recordLoanStageArguments,
  STAGE_CHANGED_MEANWHILE_CODES,
  STAGE_REFUSAL_CODES,
} from '../../../web/src/features/admin/admin-repository.ts';
import { isSessionRefusal, type ApiError } from './session-refusal.ts';

export type OutboxPort = Pick<DesktopBridge, 'outbox:list' | 'outbox:settle' | 'outbox:postpone'>;

export type ReplayResult = {
  applied: number;
  conflicts: number;
  refused: number;
  unreachable: boolean;
  /** The server refused the session the changes went with: they stay queued until the officer's session is renewed. */
  signInNeeded: boolean;
};

/** What the server holds now, in the officer's words ('Rejected on November 23, 2026 (reason: ...)'). */
async function serverStateOf(supabase: SupabaseClient, applicationId: string): Promise<string | null> {
  const { data } = await supabase
    .from('applications')
    .select('status, decided_at, decision_reason')
    .eq('id', applicationId)
    .maybeSingle<{ status: ApplicationStatus; decided_at: string | null; decision_reason: string | null }>();
  if (!data) return null;
  const status = officerStatusLabel(data);
  const label = `${status.charAt(0).toUpperCase()}${status.slice(1)}`;
  const when = data.decided_at ? ` on ${formatLongDate(data.decided_at)}` : '';
  const why = data.decision_reason ? ` (reason: ${data.decision_reason})` : '';
  return `${label}${when}${why}`;
}

/**
 * Whether the server refused a change because what it acts on changed meanwhile: a decision on an application
 * decided by someone else; a review of a document replaced, deleted or reviewed by someone else.
 */
function changedMeanwhile(entry: OutboxEntry, error: ApiError): boolean {
  if (entry.kind === 'decide') return error.code === DECIDED_MEANWHILE_CODE;
  if (entry.kind === 'stage') return STAGE_CHANGED_MEANWHILE_CODES.includes(error.code ?? '');
  return entry.kind === 'review' && CHANGED_MEANWHILE_CODES.includes(error.code ?? '');
}

/**
 * Why the server refused a change, in words the officer reads: never the database's own sentence, except
 * review_document's refusals of a document changed meanwhile and record_loan_stage's refusals, which are written
 * for the officer ('The applicant replaced this document meanwhile: review the new one', 'This loan is already in
 * closing').
 */
export function refusalText(error: ApiError, entry: OutboxEntry): string {
  if (entry.kind === 'review' && changedMeanwhile(entry, error)) return error.message;
  if (entry.kind === 'stage' && STAGE_REFUSAL_CODES.includes(error.code ?? '')) return error.message;
  // P0002: decide_application found no such application; 23503: a note's application is gone.
  if (error.code === 'P0002' || error.code === '23503') return 'The application no longer exists on the server.';
  return 'The server did not accept this change.';
}

/**
 * Whether the stage was recorded by this officer: a queued stage that landed though its answer was lost (the
 * connection dropped on the way back) is sent again, and must not read as recorded by someone else meanwhile.
 */
async function recordedByMe(supabase: SupabaseClient, entry: StageIntent, officerId?: string): Promise<boolean> {
  if (!officerId) return false;
  const { data } = await supabase
    .from('loan_stages')
    .select('id')
    .eq('application_id', entry.applicationId)
    .eq('stage', entry.stage)
    .eq('recorded_via', 'officer')
    .eq('recorded_by', officerId)
    .limit(1);
  return (data ?? []).length > 0;
}

/**
 * Sends a queued loan stage with the stage the officer saw: record_loan_stage refuses it, in its words, when another
 * stage was recorded meanwhile, twice or after the loan closed. A refusal of a stage this officer's earlier attempt
 * already recorded (it landed, its answer was lost) counts as sent.
 */
async function sendStage(
  supabase: SupabaseClient,
  entry: StageIntent,
  officerId?: string,
): Promise<{ error: { message: string; code?: string } | null; status: number }> {
  const sent = await supabase.rpc('record_loan_stage', recordLoanStageArguments(entry));
  if (
    sent.error &&
    STAGE_CHANGED_MEANWHILE_CODES.includes(sent.error.code) &&
    (await recordedByMe(supabase, entry, officerId))
  ) {
    return { error: null, status: 200 };
  }
  return sent;
}

/**
 * Sends one queued change: a decision through decide_application with the status the officer saw; a review through
 * review_document with the upload time and the latest review the officer saw; a note as an insert with the id it
 * was queued with, so a note that already landed (its answer was lost) is refused as a duplicate key, which means it
 * is stored.
 */
async function send(
  supabase: SupabaseClient,
  entry: OutboxEntry,
  officerId?: string,
): Promise<{ error: { message: string; code?: string } | null; status: number }> {
  if (entry.kind === 'note') {
    const { error, status } = await supabase
      .from('application_notes')
      .insert({ id: entry.noteId, application_id: entry.applicationId, body: entry.body });
    return { error: error?.code === duplicateKey ? null : error, status };
  }
  if (entry.kind === 'stage') return sendStage(supabase, entry, officerId);
  if (entry.kind === 'review') {
    return supabase.rpc('review_document', {
      document_id: entry.documentId,
      outcome: entry.outcome,
      reason: entry.reason,
      expected_uploaded_at: entry.expectedUploadedAt,
      seen_review_id: entry.seenReviewId,
    });
  }
  return supabase.rpc('decide_application', {
    application_id: entry.applicationId,
    decision: entry.decision,
    reason: entry.reason,
    expected_status: entry.expectedStatus,
  });
}

/**
 * Replays queued decisions, notes, reviews and loan stages in the order they were made. A decision goes through
 * decide_application with the status the officer saw, so a change made meanwhile (another officer decided first) is
 * refused by the server and kept as a conflict with what the server holds now, never overwritten; a review goes
 * through review_document with the document as the officer saw it, so a document replaced, deleted or reviewed
 * meanwhile is kept as a conflict with the server's words, never reviewed silently; a loan stage goes through
 * record_loan_stage with the stage the officer saw, so a stage recorded meanwhile (by the lender through its link,
 * or another officer) is refused by the server and kept as a conflict in its words; a note the server refuses is
 * kept as refused, said in plain words. Stops at the first entry that cannot reach the server, or
 * that the server refused for the session it went with (expired, or gone to anon): it stays first in line, sent
 * again once the officer's session is renewed. The caller sends only with the session of the outbox's owner, whose
 * id it gives (`officerId`: a loan stage already recorded by them counts as sent).
 */
export async function replayOutbox(
  supabase: SupabaseClient,
  outbox: OutboxPort,
  officerId?: string,
): Promise<ReplayResult> {
  const result: ReplayResult = { applied: 0, conflicts: 0, refused: 0, unreachable: false, signInNeeded: false };
  const pending = (await outbox['outbox:list'](undefined)).filter((entry: OutboxEntry) => entry.state === 'pending');
  for (const entry of pending) {
    const { error, status } = await send(supabase, entry, officerId);
    if (!error) {
      await outbox['outbox:settle']({ id: entry.id, outcome: 'done', message: null, serverState: null });
      result.applied += 1;
      if (entry.kind === 'decide' || entry.kind === 'stage') {
        const notified = await supabase.functions.invoke('notify-applicant', {
          body: { applicationId: entry.applicationId },
        });
        if (notified.error) console.error('The applicant could not be e-mailed', notified.error);
      }
      continue;
    }
    if (status === 0) {
      await outbox['outbox:postpone']({ id: entry.id, error: 'The server could not be reached.' });
      result.unreachable = true;
      break;
    }
    if (isSessionRefusal({ ...error, status })) {
      console.error('A queued change was refused for its session; it stays queued', error);
      await outbox['outbox:postpone']({ id: entry.id, error: 'Waiting for you to sign in again.' });
      result.signInNeeded = true;
      break;
    }
    const conflict = changedMeanwhile(entry, error);
    if (!conflict) console.error('The server refused a queued change', error);
    await outbox['outbox:settle']({
      id: entry.id,
      outcome: conflict ? 'conflict' : 'refused',
      message: refusalText(error, entry),
      serverState: entry.kind === 'decide' ? await serverStateOf(supabase, entry.applicationId) : null,
    });
    if (conflict) result.conflicts += 1;
    else result.refused += 1;
  }
  return result;
}
