import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCache } from '../../electron/cache/cache-database.ts';
import { cacheMigrations } from '../../electron/cache/migrations.ts';
import { CacheStore } from '../../electron/cache/cache-store.ts';
import { Outbox } from '../../electron/cache/outbox.ts';
import type { DesktopBridge, NoteIntent, ReviewIntent, StageIntent } from '../../shared/ipc/channels.ts';
import { replayOutbox } from '../../renderer/src/sync/replay-outbox.ts';
import { syncCache } from '../../renderer/src/sync/sync-cache.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { fileDocument } from '../support/filed-documents.ts';
import { acceptOffer, inDays, offerTerms, sentLenderLink } from '../support/lender-links.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { clientWithKey } from '../support/server-process.ts';
import { takeSmsReply } from '../../supabase/functions/_shared/sms-replies.ts';

/**
 * The desktop app's sync and outbox replay (renderer/src/sync) against the real server/, storing into a real
 * SQLite cache: keyset pages, incremental changes, tombstones, RLS deciding what is copied, and conflicts.
 */
let backend: TestBackend;
let officer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ appRole: 'admin' });
});
afterAll(() => backend?.close());

/** A cache migrated to the latest version, or to `version` (an officer's cache from an earlier release). */
function freshCache(version?: number) {
  const db = new Database(':memory:');
  migrateCache(db, version === undefined ? cacheMigrations : cacheMigrations.slice(0, version));
  const cache = new CacheStore(db);
  // The officer signed in: the cache and what they queue are theirs (an earlier release recorded no owner).
  if (version === undefined) cache.claim(officer.id);
  const outbox = new Outbox(db);
  // The bridge's cache and outbox channels, called directly (the validation is tested in electron/).
  const bridge = {
    'cache:get-status': async () => cache.status(),
    'cache:store-changes': async (page) => cache.storeChanges(page),
    'cache:finish-sync': async ({ syncedAt }) => cache.finishSync(syncedAt),
    'outbox:list': async () => outbox.list(),
    'outbox:settle': async (settlement) => outbox.settle(settlement),
    'outbox:postpone': async ({ id, error }) => outbox.postpone(id, error),
  } satisfies Partial<DesktopBridge>;
  return { db, cache, outbox, bridge };
}

async function insertApplications(count: number, tag: string): Promise<string[]> {
  const rows = Array.from({ length: count }, (_value, index) =>
    qualifiedApplicationRow({ business_name: `${tag} ${String(index).padStart(2, '0')}` }),
  );
  const { data, error } = await backend.service.from('applications').insert(rows).select('id');
  if (error) throw new Error(error.message);
  return data.map((row) => String(row.id));
}

/** An approved application whose applicant accepted the offer of a lender; its link records stages. */
async function acceptedLoan(name: string) {
  const applicant = await backend.createUser();
  const { data, error } = await backend.service
    .from('applications')
    .insert(
      qualifiedApplicationRow({
        user_id: applicant.id,
        email: applicant.email,
        status: 'approved',
        business_name: name,
      }),
    )
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const applicationId = String(data.id);
  const link = await sentLenderLink(backend.service, applicationId, 'Chosen Bank');
  const offer = await backend.service.rpc('make_loan_offer', { token: link.token, ...offerTerms() });
  if (offer.error) throw new Error(offer.error.message);
  expect((await acceptOffer(backend.service, applicant.id, (offer.data as { id: string }).id)).error).toBeNull();
  const byLender = (stage: string, details: Record<string, unknown>) =>
    backend.service.rpc('record_loan_stage_by_link', { token: link.token, stage, ...details });
  return { applicationId, byLender };
}

/** In closing queued offline on a loan the officer saw accepted. */
const inClosing = (applicationId: string): StageIntent => ({
  kind: 'stage',
  applicationId,
  stage: 'in_closing',
  expectedClosingOn: inDays(30),
  expectedCurrentStage: 'accepted',
  label: 'Replay Stage',
});

describe('desktop sync against server/', () => {
  it('copies everything an admin reads, page by page, then only what changed, deletions included', async () => {
    const ids = await insertApplications(7, 'Sync Keyset');
    const { cache, bridge } = freshCache();
    const first = await syncCache(backend.client(officer), bridge, { pageSize: 3 });
    const { count } = await backend.service.from('applications').select('id', { count: 'exact', head: true });
    expect(first.applications).toBe(count);
    expect(first.lastSyncedAt).not.toBeNull();
    expect(cache.applicationDetail(ids[0]!)?.related.application_events.map((event) => event.kind)).toEqual([
      'submitted',
    ]);

    // A change and a deletion on the server reach the cache on the next sync.
    await backend.service.from('applications').update({ business_name: 'Sync Keyset renamed' }).eq('id', ids[1]!);
    await backend.db.query('delete from public.applications where id = $1', [ids[2]]);
    const second = await syncCache(backend.client(officer), bridge, { pageSize: 3 });
    expect(second.applications).toBe(count! - 1);
    expect(cache.applicationDetail(ids[1]!)?.application.business_name).toBe('Sync Keyset renamed');
    expect(cache.applicationDetail(ids[2]!)).toBeNull();
    expect(cache.applicationsPage({ list: 'pending', search: 'renamed', sort: 'newest', page: 0 }).total).toBe(1);
  });

  it('copies the consent to texts and the texts, so that an officer offline reads both', async () => {
    // The number said YES from the phone before (news is texted only to such a number).
    await takeSmsReply(backend.service, { from: '+12085550177', body: 'YES' }, 'http://localhost/portal');
    const { data: application, error } = await backend.service
      .from('applications')
      .insert(
        qualifiedApplicationRow({
          email: `texts.${Date.now()}@example.com`,
          phone: '(208) 555-0177',
          receive_sms: true,
        }),
      )
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const decided = await backend.client(officer).rpc('decide_application', {
      application_id: application.id,
      decision: 'approved',
      reason: 'Offline reading',
    });
    expect(decided.error).toBeNull();
    const { cache, bridge } = freshCache();
    await syncCache(backend.client(officer), bridge);
    const related = cache.applicationDetail(String(application.id))!.related;
    expect(
      related.sms_consents.map(({ phone_e164, consented, source }) => ({ phone_e164, consented, source })),
    ).toEqual([{ phone_e164: '+12085550177', consented: true, source: 'application_form' }]);
    expect(related.sms_messages.map(({ kind, phone_e164 }) => ({ kind, phone_e164 }))).toEqual([
      { kind: 'approved', phone_e164: '+12085550177' },
    ]);
  });

  it('copies the lender network and the consents, so that the matches read the same offline', async () => {
    const [id] = await insertApplications(1, 'Sync Lenders');
    const { data: lenders } = await backend.service.from('lenders').select('id, name').order('name');
    await backend.service
      .from('lender_consents')
      .insert({ application_id: id, lender_id: lenders![0]!.id, status: 'approved' });
    const { cache, bridge } = freshCache();
    await syncCache(backend.client(officer), bridge, { pageSize: 5 });
    const cached = cache.applicationDetail(id!)!;
    expect(cached.lenders.map((row) => row.name)).toEqual(lenders!.map((row) => row.name));
    expect(cached.related.lender_consents).toEqual([
      expect.objectContaining({ lender_id: lenders![0]!.id, status: 'approved' }),
    ]);

    // A lender removed from the network leaves the cache at the next sync, with its consents.
    await backend.db.query('delete from public.lenders where id = $1', [lenders![0]!.id]);
    await syncCache(backend.client(officer), bridge, { pageSize: 5 });
    const after = cache.applicationDetail(id!)!;
    expect(after.lenders.map((row) => row.name)).toEqual(lenders!.slice(1).map((row) => row.name));
    expect(after.related.lender_consents).toEqual([]);
  });

  it('names a consent request’s lender in the audit entries an older cache synced before, once it is upgraded', async () => {
    const [id] = await insertApplications(1, 'Sync Audit Names');
    const { data: lender } = await backend.service.from('lenders').select('id, name').order('name').limit(1).single();
    const consent = await backend
      .client(officer)
      .from('lender_consents')
      .insert({ application_id: id, lender_id: lender!.id, status: 'requested' });
    expect(consent.error).toBeNull();
    // A later entry, so that the sync's cursor ends past the consent's.
    const decided = await backend.client(officer).rpc('decide_application', {
      application_id: id,
      decision: 'approved',
      reason: 'Later entry',
      expected_status: 'pending',
    });
    expect(decided.error).toBeNull();
    const { db, cache, bridge } = freshCache(3);
    // The store of this release reads whose queued changes are whose (migration 5): that column, added here, lets
    // it stand in for the release that wrote this cache; the upgrade tested is migration 4.
    db.exec('alter table outbox add column owner_id text');
    await syncCache(backend.client(officer), bridge, { overlapSeconds: 0 });
    const consentEntries = () =>
      cache.applicationDetail(id!)!.related.audit_log.filter((entry) => entry.action === 'lender_consent.created');
    expect(consentEntries()).toEqual([expect.objectContaining({ lender_name: lender!.name })]);
    // As an entry synced before the server recorded the lender's name: a sync does not send it again.
    db.prepare(
      "update related_rows set data = json_remove(data, '$.lender_name') where table_name = 'audit_log' and application_id = ?",
    ).run(id);
    await syncCache(backend.client(officer), bridge, { overlapSeconds: 0 });
    expect(consentEntries()[0]!.lender_name).toBeUndefined();

    migrateCache(db, cacheMigrations.slice(0, 4));
    await syncCache(backend.client(officer), bridge, { overlapSeconds: 0 });
    expect(consentEntries()).toEqual([expect.objectContaining({ lender_name: lender!.name })]);
  });

  it('copies nothing for a signed-in applicant: the database decides what reaches the cache', async () => {
    await insertApplications(2, 'Sync Hidden');
    const applicant = await backend.createUser();
    const { bridge } = freshCache();
    const status = await syncCache(backend.client(applicant), bridge, { pageSize: 3 });
    expect(status.applications).toBe(0);
  });

  it('replays queued decisions in order: applied, or kept as a conflict with what the server holds now', async () => {
    const [mine, contested] = await insertApplications(2, 'Replay');
    const { outbox, bridge } = freshCache();
    const intent = { kind: 'decide' as const, expectedStatus: 'pending' as const, reason: 'Offline review' };
    outbox.enqueue({ ...intent, applicationId: mine!, decision: 'approved', label: 'Replay 00' });
    outbox.enqueue({ ...intent, applicationId: contested!, decision: 'rejected', label: 'Replay 01' });
    // Another officer decided the second one meanwhile.
    const other = await backend.createUser({ appRole: 'admin' });
    const { error } = await backend.client(other).rpc('decide_application', {
      application_id: contested,
      decision: 'approved',
      reason: 'Decided first',
      expected_status: 'pending',
    });
    expect(error).toBeNull();

    const result = await replayOutbox(backend.client(officer), bridge);
    expect(result).toEqual({ applied: 1, conflicts: 1, refused: 0, unreachable: false, signInNeeded: false });
    const [applied, conflict] = outbox.list();
    expect(applied).toMatchObject({ state: 'done' });
    expect(conflict).toMatchObject({ state: 'conflict' });
    expect(conflict!.serverState).toMatch(/^Approved on .+ \(reason: Decided first\)$/);
    const stored = await backend.service
      .from('applications')
      .select('id, status, decided_by')
      .in('id', [mine, contested]);
    expect(stored.data).toEqual(
      expect.arrayContaining([
        { id: mine, status: 'approved', decided_by: officer.id },
        { id: contested, status: 'approved', decided_by: other.id },
      ]),
    );
  });

  it('replays queued notes in line with decisions: each stored once under its own id, a refused one kept with the server’s message', async () => {
    const [open, gone] = await insertApplications(2, 'Replay Notes');
    const { cache, outbox, bridge } = freshCache();
    const note = (applicationId: string, body: string): NoteIntent => ({
      kind: 'note',
      applicationId,
      noteId: randomUUID(),
      body,
      label: 'Replay Notes',
    });
    const written = note(open!, 'Written offline.');
    // This one reached the server on an earlier attempt whose answer never came back.
    const landed = note(open!, 'Landed before its answer was lost.');
    const early = await backend
      .client(officer)
      .from('application_notes')
      .insert({ id: landed.noteId, application_id: open, body: landed.body });
    expect(early.error).toBeNull();
    const orphan = note(gone!, 'On an application deleted meanwhile.');
    outbox.enqueue(written);
    outbox.enqueue({
      kind: 'decide',
      applicationId: open!,
      decision: 'approved',
      reason: 'Offline review',
      expectedStatus: 'pending',
      label: 'Replay Notes 00',
    });
    outbox.enqueue(landed);
    outbox.enqueue(orphan);
    await backend.db.query('delete from public.applications where id = $1', [gone]);

    const result = await replayOutbox(backend.client(officer), bridge);
    expect(result).toEqual({ applied: 3, conflicts: 0, refused: 1, unreachable: false, signInNeeded: false });
    expect(outbox.list().map((entry) => [entry.kind, entry.state])).toEqual([
      ['note', 'done'],
      ['decide', 'done'],
      ['note', 'done'],
      ['note', 'refused'],
    ]);
    expect(outbox.list()[3]).toMatchObject({
      lastError: 'The application no longer exists on the server.',
      serverState: null,
    });
    const stored = await backend.service
      .from('application_notes')
      .select('id, body, author_id')
      .eq('application_id', open!);
    expect(stored.data).toHaveLength(2);
    expect(stored.data).toEqual(
      expect.arrayContaining([
        { id: written.noteId, body: written.body, author_id: officer.id },
        { id: landed.noteId, body: landed.body, author_id: officer.id },
      ]),
    );

    // The next sync brings the replayed notes into the cache (a cache synced before notes existed gets them all).
    await syncCache(backend.client(officer), bridge);
    const cachedNotes = cache.applicationDetail(open!)!.related.application_notes;
    expect(cachedNotes.map((row) => row.id).sort()).toEqual([written.noteId, landed.noteId].sort());
  });

  it('replays queued reviews through review_document as the officer saw each document: what still holds lands, and one replaced, deleted, uploaded again or reviewed by someone else meanwhile is kept as a conflict in the server’s words', async () => {
    const applicant = await backend.createUser();
    const { data: filed, error } = await backend.service
      .from('applications')
      .insert(
        qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email, business_name: 'Replay Reviews' }),
      )
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const applicationId = String(filed.id);
    /** The applicant files a document (its row; the file itself is not needed here). */
    const upload = async (type: string, replaces: string | null = null) => {
      const { id, result } = await fileDocument(backend.client(applicant), applicant, applicationId, type, {
        replaces,
      });
      if (result.error) throw new Error(result.error.message);
      return { id, fileName: result.data.file_name, uploadedAt: result.data.created_at };
    };
    const other = await backend.createUser({ appRole: 'admin' });
    const reviewAs = async (by: TestUser, documentId: string, outcome: string, reason: string | null = null) => {
      const { data, error: refused } = await backend
        .client(by)
        .rpc('review_document', { document_id: documentId, outcome, reason })
        .single<{ id: string }>();
      if (refused) throw new Error(refused.message);
      return data.id;
    };
    const taxReturns = await upload('taxReturns');
    const license = await upload('businessLicense');
    const statements = await upload('bankStatements');
    const lease = await upload('leaseAgreement');
    const financials = await upload('financialStatements');
    const id = await upload('idDocument');
    // The license and the financial statements were sent back before the officer went offline.
    const flagged = await reviewAs(other, license.id, 'needs_replacement', 'Expired in 2024.');
    const flaggedFinancials = await reviewAs(other, financials.id, 'needs_replacement', 'Page 2 is missing.');

    const { cache, outbox, bridge } = freshCache();
    const seen = (document: { id: string; fileName: string; uploadedAt: string }, seenReviewId: string | null = null) =>
      ({
        kind: 'review',
        applicationId,
        documentId: document.id,
        outcome: 'accepted',
        reason: null,
        expectedUploadedAt: document.uploadedAt,
        seenReviewId,
        label: 'Replay Reviews',
        fileName: document.fileName,
      }) satisfies ReviewIntent;
    outbox.enqueue(seen(taxReturns));
    outbox.enqueue(seen(license, flagged));
    outbox.enqueue(seen(statements));
    outbox.enqueue({ ...seen(lease), outcome: 'needs_replacement', reason: 'Unsigned.' });
    outbox.enqueue(seen(financials, flaggedFinancials));
    outbox.enqueue(seen(id));
    // Meanwhile the applicant replaced the license and deleted the statements; another officer accepted the lease;
    // the ID's file was uploaded again in its place.
    await upload('businessLicense', license.id);
    expect((await backend.client(applicant).from('documents').delete().eq('id', statements.id)).error).toBeNull();
    await reviewAs(other, lease.id, 'accepted');
    const later = new Date(Date.parse(id.uploadedAt) + 60_000).toISOString();
    expect((await backend.service.from('documents').update({ created_at: later }).eq('id', id.id)).error).toBeNull();

    const result = await replayOutbox(backend.client(officer), bridge);
    expect(result).toEqual({ applied: 2, conflicts: 4, refused: 0, unreachable: false, signInNeeded: false });
    expect(outbox.list().map((entry) => [entry.state, entry.lastError, entry.serverState])).toEqual([
      ['done', null, null],
      ['conflict', 'The applicant replaced this document meanwhile: review the new one', null],
      ['conflict', 'The applicant deleted this document meanwhile', null],
      ['conflict', 'Another officer reviewed this document meanwhile (accepted)', null],
      // Accepted over the review the officer saw (the one that sent it back): nothing changed, so it lands.
      ['done', null, null],
      ['conflict', 'This document changed meanwhile', null],
    ]);
    // Only the review that still held was made; none of the others was applied over what changed.
    const reviews = await backend.service
      .from('document_reviews')
      .select('document_id, outcome, reviewed_by')
      .eq('application_id', applicationId);
    expect(reviews.data).toHaveLength(5);
    expect(reviews.data).toEqual(
      expect.arrayContaining([
        { document_id: taxReturns.id, outcome: 'accepted', reviewed_by: officer.id },
        { document_id: financials.id, outcome: 'accepted', reviewed_by: officer.id },
        { document_id: license.id, outcome: 'needs_replacement', reviewed_by: other.id },
        { document_id: lease.id, outcome: 'accepted', reviewed_by: other.id },
      ]),
    );

    // The next sync brings the review into the officer's copy.
    await syncCache(backend.client(officer), bridge);
    expect(cache.applicationDetail(applicationId)!.related.document_reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_id: taxReturns.id, outcome: 'accepted', reviewed_by: officer.id }),
      ]),
    );
  });

  it('replays queued loan stages through record_loan_stage: what still follows the stage the officer saw lands, and a stage recorded meanwhile by the lender’s link is kept as a conflict in the server’s words, never recorded over it', async () => {
    const lands = await acceptedLoan('Replay Stage Lands');
    const twice = await acceptedLoan('Replay Stage Twice');
    const moved = await acceptedLoan('Replay Stage Moved');
    const closed = await acceptedLoan('Replay Stage Closed');
    expect((await closed.byLender('in_closing', { expected_closing_on: inDays(20) })).error).toBeNull();

    const { cache, outbox, bridge } = freshCache();
    outbox.enqueue(inClosing(lands.applicationId));
    outbox.enqueue(inClosing(twice.applicationId));
    outbox.enqueue({
      ...inClosing(moved.applicationId),
      stage: 'did_not_close',
      expectedClosingOn: undefined,
      reason: 'Sold.',
    });
    outbox.enqueue({
      ...inClosing(closed.applicationId),
      stage: 'funded',
      expectedClosingOn: undefined,
      fundedAmount: 250_000,
      fundedOn: inDays(0),
      expectedCurrentStage: 'in_closing',
    });
    // Meanwhile the lender recorded through its link: one loan in closing, one in closing (a Did not close queued
    // on it would still follow), one that did not close.
    expect((await twice.byLender('in_closing', { expected_closing_on: inDays(31) })).error).toBeNull();
    expect((await moved.byLender('in_closing', { expected_closing_on: inDays(31) })).error).toBeNull();
    expect((await closed.byLender('did_not_close', { reason: 'The appraisal came in low.' })).error).toBeNull();

    const result = await replayOutbox(backend.client(officer), bridge, officer.id);
    expect(result).toEqual({ applied: 1, conflicts: 3, refused: 0, unreachable: false, signInNeeded: false });
    expect(outbox.list().map((entry) => [entry.state, entry.lastError])).toEqual([
      ['done', null],
      ['conflict', 'The loan’s stage was recorded meanwhile: it is In closing now'],
      ['conflict', 'The loan’s stage was recorded meanwhile: it is In closing now'],
      ['conflict', 'The loan’s stage was recorded meanwhile: it is Did not close now'],
    ]);
    const stages = async (applicationId: string) =>
      (
        await backend.service
          .from('loan_stages')
          .select('stage, recorded_via, recorded_by')
          .eq('application_id', applicationId)
          .order('created_at')
      ).data;
    expect(await stages(lands.applicationId)).toEqual([
      { stage: 'in_closing', recorded_via: 'officer', recorded_by: officer.id },
    ]);
    expect(await stages(twice.applicationId)).toEqual([
      { stage: 'in_closing', recorded_via: 'lender', recorded_by: null },
    ]);
    expect(await stages(moved.applicationId)).toEqual([
      { stage: 'in_closing', recorded_via: 'lender', recorded_by: null },
    ]);
    expect((await stages(closed.applicationId))?.map((row) => row.stage)).toEqual(['in_closing', 'did_not_close']);

    // The next sync brings the stage into the officer's copy, and its application into the Pipeline list.
    await syncCache(backend.client(officer), bridge);
    expect(cache.applicationDetail(lands.applicationId)!.related.loan_stages).toEqual([
      expect.objectContaining({ stage: 'in_closing', recorded_by: officer.id }),
    ]);
    const pipeline = cache.applicationsPage({
      list: 'pipeline',
      search: 'Replay Stage Lands',
      sort: 'newest',
      page: 0,
    });
    expect(pipeline.rows.map((row) => row.loan_stage)).toEqual(['in_closing']);
  });

  it('counts a queued loan stage that already landed (its answer lost) as sent, once; the same stage by another officer is a conflict', async () => {
    const colleague = await backend.createUser({ appRole: 'admin' });
    const { applicationId: landed } = await acceptedLoan('Replay Stage Landed');
    const { applicationId: byColleague } = await acceptedLoan('Replay Stage Colleague');
    const { outbox, bridge } = freshCache();
    outbox.enqueue(inClosing(landed));
    outbox.enqueue(inClosing(byColleague));
    // The first attempt for the officer's landed, its answer lost; the colleague recorded the other one.
    const record = (by: TestUser, applicationId: string) =>
      backend.client(by).rpc('record_loan_stage', {
        application_id: applicationId,
        stage: 'in_closing',
        expected_closing_on: inDays(30),
      });
    expect((await record(officer, landed)).error).toBeNull();
    expect((await record(colleague, byColleague)).error).toBeNull();

    const result = await replayOutbox(backend.client(officer), bridge, officer.id);
    expect(result).toEqual({ applied: 1, conflicts: 1, refused: 0, unreachable: false, signInNeeded: false });
    expect(outbox.list().map((entry) => [entry.state, entry.lastError])).toEqual([
      ['done', null],
      ['conflict', 'The loan’s stage was recorded meanwhile: it is In closing now'],
    ]);
    const { data: stages } = await backend.service
      .from('loan_stages')
      .select('application_id, recorded_by')
      .in('application_id', [landed, byColleague]);
    expect(stages).toHaveLength(2);
    expect(stages).toEqual(
      expect.arrayContaining([
        { application_id: landed, recorded_by: officer.id },
        { application_id: byColleague, recorded_by: colleague.id },
      ]),
    );
  });

  it('keeps a note that cannot reach the server pending, first in line, with why', async () => {
    const [id] = await insertApplications(1, 'Replay Unreachable');
    const { outbox, bridge } = freshCache();
    const queued = outbox.enqueue({ kind: 'note', applicationId: id!, noteId: randomUUID(), body: 'x', label: 'x' });
    // A port nothing listens on: supabase-js answers with status 0, as when the network is gone.
    const unreachable = clientWithKey('http://127.0.0.1:9', backend.server.keys.anonKey);
    const result = await replayOutbox(unreachable, bridge);
    expect(result).toEqual({ applied: 0, conflicts: 0, refused: 0, unreachable: true, signInNeeded: false });
    expect(outbox.list()).toEqual([
      expect.objectContaining({ id: queued.id, state: 'pending', attempts: 1, lastError: expect.any(String) }),
    ]);
  });

  it('keeps a decision queued when it goes out without the officer’s session (anon): never a final refusal', async () => {
    const [id] = await insertApplications(1, 'Replay Anon');
    const { outbox, bridge } = freshCache();
    const queued = outbox.enqueue({
      kind: 'decide',
      applicationId: id!,
      decision: 'rejected',
      reason: 'Offline review',
      expectedStatus: 'pending',
      label: 'Replay Anon 00',
    });
    // The session could not be renewed: supabase-js sends the anon key, and the database refuses (42501).
    const anon = clientWithKey(backend.server.url, backend.server.keys.anonKey);
    const result = await replayOutbox(anon, bridge);
    expect(result).toEqual({ applied: 0, conflicts: 0, refused: 0, unreachable: false, signInNeeded: true });
    expect(outbox.list()).toEqual([
      expect.objectContaining({ id: queued.id, state: 'pending', lastError: 'Waiting for you to sign in again.' }),
    ]);
    // Under the officer's session it lands, in their name.
    expect(await replayOutbox(backend.client(officer), bridge)).toMatchObject({ applied: 1, signInNeeded: false });
    const stored = await backend.service.from('applications').select('status, decided_by').eq('id', id!).single();
    expect(stored.data).toEqual({ status: 'rejected', decided_by: officer.id });
  });

  it('says in plain words why a decision was refused, and names a rejection as the officer does', async () => {
    const [gone, contested] = await insertApplications(2, 'Replay Words');
    const { outbox, bridge } = freshCache();
    const intent = { kind: 'decide' as const, expectedStatus: 'pending' as const, reason: '', label: 'Replay Words' };
    outbox.enqueue({ ...intent, applicationId: gone!, decision: 'approved' });
    outbox.enqueue({ ...intent, applicationId: contested!, decision: 'approved' });
    await backend.db.query('delete from public.applications where id = $1', [gone]);
    const other = await backend.createUser({ appRole: 'admin' });
    await backend.client(other).rpc('decide_application', {
      application_id: contested,
      decision: 'rejected',
      reason: 'Decided first',
      expected_status: 'pending',
    });
    await replayOutbox(backend.client(officer), bridge);
    const [refused, conflict] = outbox.list();
    expect(refused).toMatchObject({ state: 'refused', lastError: 'The application no longer exists on the server.' });
    expect(conflict!.serverState).toMatch(/^Rejected on .+ \(reason: Decided first\)$/);
  });
});
