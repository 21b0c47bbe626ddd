import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { migrateCache } from './cache-database.ts';
import { CacheStore } from './cache-store.ts';
import { applicationRow, documentRow } from './test-rows.ts';
import { applicationListIds, type DocumentsFilter } from '../../shared/admin/application-lists.ts';
import type { SyncedTable, SyncPage } from '../../shared/ipc/channels.ts';

/** A page whose rows carry only the columns the cache reads (the API sends whole rows). */
const partial = (page: { table: SyncedTable; rows: object[] }) => page as SyncPage;

let store: CacheStore;
let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  migrateCache(db);
  store = new CacheStore(db);
});

const officer = '20000000-0000-4000-8000-000000000001';
const colleague = '20000000-0000-4000-8000-000000000002';

const a = applicationRow(1, { business_name: 'Reyes Bakery', first_name: 'Dana', email: 'dana@example.com' });
const b = applicationRow(2, {
  first_name: 'Lee',
  business_name: 'Alder Auto',
  status: 'approved',
  decided_at: '2026-11-02T00:00:00+00:00',
});
const c = applicationRow(3, { business_name: 'Cobalt Cafe', status: 'rejected' });
const d = applicationRow(4, {
  business_name: 'Delta Dental',
  status: 'rejected',
  decided_at: '2026-11-03T00:00:00+00:00',
});

describe('desktop cache: sync', () => {
  it('stores a first sync and moves each table cursor to its last row', () => {
    const status = store.storeChanges({ table: 'applications', rows: [a, b, c, d] });
    expect(status.applications).toBe(4);
    expect(status.cursors.applications).toEqual({ at: d.updated_at, id: d.id });
    expect(status.lastSyncedAt).toBeNull();
    expect(store.finishSync('2026-11-23T10:00:00.000Z').lastSyncedAt).toBe('2026-11-23T10:00:00.000Z');
  });

  it('applies an incremental sync: a changed row replaces the cached one and moves lists', () => {
    store.storeChanges({ table: 'applications', rows: [a, b] });
    const approved = {
      ...a,
      status: 'approved' as const,
      decided_at: '2026-11-23T09:00:00+00:00',
      updated_at: '2026-11-23T09:00:00+00:00',
    };
    const status = store.storeChanges({ table: 'applications', rows: [approved] });
    expect(status.applications).toBe(2);
    expect(status.cursors.applications).toEqual({ at: approved.updated_at, id: a.id });
    expect(store.applicationsPage({ list: 'pending', search: '', sort: 'newest', page: 0 }).total).toBe(0);
    expect(
      store.applicationsPage({ list: 'approved', search: '', sort: 'newest', page: 0 }).rows.map((row) => row.id),
    ).toEqual([b.id, a.id]);
  });

  it('never moves a cursor back when a page repeats older rows (the sync overlaps its last window)', () => {
    store.storeChanges({ table: 'applications', rows: [a, b, c] });
    expect(store.storeChanges({ table: 'applications', rows: [a] }).cursors.applications?.id).toBe(c.id);
  });

  it('applies deletions: a deleted document goes, a deleted application takes its rows and kept files along', () => {
    store.storeChanges({ table: 'applications', rows: [a, b] });
    const first = documentRow(1, a.id, a.updated_at);
    const second = documentRow(2, a.id, a.updated_at);
    store.storeChanges({ table: 'documents', rows: [first, second, documentRow(3, b.id, b.updated_at)] });
    store.keepDocument(second.id, new Uint8Array([1, 2, 3]));
    store.storeChanges({
      table: 'deleted_rows',
      rows: [{ id: 1, table_name: 'documents', row_id: first.id, deleted_at: '2026-11-23T09:00:00+00:00' }],
    });
    expect(store.applicationDetail(a.id)?.related.documents.map((row) => row.id)).toEqual([second.id]);

    const status = store.storeChanges({
      table: 'deleted_rows',
      rows: [{ id: 2, table_name: 'applications', row_id: a.id, deleted_at: '2026-11-23T09:01:00+00:00' }],
    });
    expect(store.applicationDetail(a.id)).toBeNull();
    expect(store.readDocument(second.id)).toBeNull();
    expect(status.documentBytes).toBe(0);
    expect(status.applications).toBe(1);
    expect(status.cursors.deleted_rows).toEqual({ at: '2026-11-23T09:01:00+00:00', id: '2' });
    expect(store.applicationDetail(b.id)?.related.documents).toHaveLength(1);
  });

  it('orders rows changed at the same moment by their ids as numbers: the cursor ends on 10, not 9', () => {
    const at = '2026-11-23T09:01:00+00:00';
    const deleted = (id: number) => ({ id, table_name: 'applications', row_id: `gone-${id}`, deleted_at: at });
    const status = store.storeChanges({ table: 'deleted_rows', rows: [deleted(10), deleted(9)] });
    expect(status.cursors.deleted_rows).toEqual({ at, id: '10' });
  });

  it('stores 10,000 applications in pages and answers the first page of each list', () => {
    const rows = Array.from({ length: 10_000 }, (_value, index) =>
      applicationRow(index + 1, { status: index % 4 === 0 ? 'approved' : 'pending' }),
    );
    for (let start = 0; start < rows.length; start += 1000) {
      store.storeChanges({ table: 'applications', rows: rows.slice(start, start + 1000) });
    }
    const status = store.status();
    expect(status.applications).toBe(10_000);
    expect(status.cursors.applications?.id).toBe(rows[9_999]!.id);
    const pending = store.applicationsPage({ list: 'pending', search: '', sort: 'newest', page: 0 });
    expect(pending.total).toBe(7_500);
    expect(pending.rows).toHaveLength(25);
    expect(pending.rows[0]!.id).toBe(rows[9_999]!.id);
    expect(store.applicationListCounts()).toEqual({
      pending: 7_500,
      approved: 2_500,
      pipeline: 0,
      notQualified: 0,
      rejected: 0,
    });
  });

  it('keeps the lender network for every application, and the consents with their application', () => {
    store.storeChanges({ table: 'applications', rows: [a, b] });
    const lender = (id: string, name: string) => ({ id, name, updated_at: '2026-11-23T08:00:00+00:00' });
    store.storeChanges(
      partial({ table: 'lenders', rows: [lender('l2', 'Zephyr Bank'), lender('l1', 'Alder Credit')] }),
    );
    const consent = { id: 'c1', application_id: a.id, lender_id: 'l1', status: 'approved', updated_at: 'x' };
    store.storeChanges(partial({ table: 'lender_consents', rows: [consent] }));
    expect(store.applicationDetail(a.id)!.lenders.map((row) => row.name)).toEqual(['Alder Credit', 'Zephyr Bank']);
    expect(store.applicationDetail(b.id)!.lenders).toHaveLength(2);
    expect(store.applicationDetail(a.id)!.related.lender_consents).toEqual([consent]);
    expect(store.applicationDetail(b.id)!.related.lender_consents).toEqual([]);
    store.storeChanges({
      table: 'deleted_rows',
      rows: [{ id: 9, table_name: 'lenders', row_id: 'l2', deleted_at: 'y' }],
    });
    expect(store.applicationDetail(a.id)!.lenders.map((row) => row.name)).toEqual(['Alder Credit']);
  });

  it('lists the lender network by name for the Lenders tab, paused lenders too, with no application cached', () => {
    const lender = (id: string, name: string, active: boolean) => ({ id, name, active, updated_at: 'x' });
    const paused = lender('l2', 'Birch Lending', false);
    store.storeChanges(partial({ table: 'lenders', rows: [lender('l3', 'Cedar Bank', true), paused] }));
    expect(store.lenders()).toEqual([paused, lender('l3', 'Cedar Bank', true)]);
  });

  it('keeps the index values for every application, the latest entered first, and forgets them on logout', () => {
    const value = (id: string, rateIndex: string, percent: string, createdAt: string) => ({
      id,
      rate_index: rateIndex,
      percent,
      as_of: createdAt.slice(0, 10),
      entered_by: officer,
      created_at: createdAt,
    });
    const first = value('v1', 'prime', '7.500', '2026-11-20T09:00:00+00:00');
    const sofr = value('v2', 'sofr_30_day', '5.300', '2026-11-21T09:00:00+00:00');
    store.storeChanges(partial({ table: 'rate_index_values', rows: [first, sofr] }));
    const later = value('v3', 'prime', '7.250', '2026-11-27T09:00:00+00:00');
    store.storeChanges(partial({ table: 'rate_index_values', rows: [later] }));
    expect(store.rateIndexValues()).toEqual([later, sofr, first]);
    // They belong to no application: no detail carries them, and no list counts them.
    expect(store.status().applications).toBe(0);
    store.clear();
    expect(store.rateIndexValues()).toEqual([]);
  });

  it('gives every acceptance and stage for the Pipeline’s figures, in order, and drops a deleted application’s', () => {
    store.storeChanges({ table: 'applications', rows: [a, b] });
    const accepted = (id: string, applicationId: string, at: string) => ({
      id,
      application_id: applicationId,
      accepted_at: at,
      full_name: 'Maria Lopez',
    });
    const stage = (id: string, applicationId: string, name: string, at: string) => ({
      id,
      application_id: applicationId,
      stage: name,
      created_at: at,
      recorded_via: 'officer',
    });
    store.storeChanges(
      partial({
        table: 'offer_acceptances',
        rows: [accepted('x2', b.id, '2026-11-05T10:00:00+00:00'), accepted('x1', a.id, '2026-11-01T10:00:00+00:00')],
      }),
    );
    store.storeChanges(
      partial({
        table: 'loan_stages',
        rows: [
          stage('s1', a.id, 'in_closing', '2026-11-03T10:00:00+00:00'),
          stage('s2', a.id, 'funded', '2026-11-09T10:00:00+00:00'),
          stage('s3', b.id, 'did_not_close', '2026-11-06T10:00:00+00:00'),
        ],
      }),
    );
    expect(store.pipelineHistory()).toEqual({
      acceptances: [
        { application_id: a.id, accepted_at: '2026-11-01T10:00:00+00:00' },
        { application_id: b.id, accepted_at: '2026-11-05T10:00:00+00:00' },
      ],
      stages: [
        { application_id: a.id, stage: 'in_closing', created_at: '2026-11-03T10:00:00+00:00' },
        { application_id: b.id, stage: 'did_not_close', created_at: '2026-11-06T10:00:00+00:00' },
        { application_id: a.id, stage: 'funded', created_at: '2026-11-09T10:00:00+00:00' },
      ],
    });
    store.storeChanges({
      table: 'deleted_rows',
      rows: [{ id: 10, table_name: 'applications', row_id: b.id, deleted_at: 'y' }],
    });
    expect(store.pipelineHistory().acceptances.map((row) => row.application_id)).toEqual([a.id]);
    expect(store.pipelineHistory().stages.map((row) => row.application_id)).toEqual([a.id, a.id]);
  });

  it('keeps notes with their application in the order they landed, and drops one by its tombstone', () => {
    store.storeChanges({ table: 'applications', rows: [a] });
    const note = (id: string, createdAt: string) => ({
      id,
      application_id: a.id,
      author_id: null,
      body: `Note ${id}`,
      created_at: createdAt,
    });
    const status = store.storeChanges({
      table: 'application_notes',
      rows: [note('n1', '2026-11-23T09:00:00+00:00'), note('n2', '2026-11-23T10:00:00+00:00')],
    });
    expect(status.cursors.application_notes).toEqual({ at: '2026-11-23T10:00:00+00:00', id: 'n2' });
    expect(store.applicationDetail(a.id)!.related.application_notes.map((row) => row.id)).toEqual(['n1', 'n2']);
    store.storeChanges(
      partial({ table: 'deleted_rows', rows: [{ id: 1, table_name: 'application_notes', row_id: 'n1' }] }),
    );
    expect(store.applicationDetail(a.id)!.related.application_notes.map((row) => row.id)).toEqual(['n2']);
  });

  it('keeps audit entries of cached applications only, with those of their letters, notes and other rows', () => {
    store.storeChanges({ table: 'applications', rows: [a] });
    const entry = (id: number, table: string, recordId: string, applicationId: string | null) => ({
      id,
      actor_id: null,
      action: table === 'applications' ? 'application.approved' : 'term_sheet.created',
      table_name: table,
      record_id: recordId,
      application_id: applicationId,
      created_at: '2026-11-23T09:00:00+00:00',
    });
    store.storeChanges(
      partial({
        table: 'audit_log',
        rows: [
          entry(1, 'applications', a.id, a.id),
          entry(2, 'term_sheets', 'term-sheet-of-a', a.id),
          entry(3, 'applications', b.id, b.id),
          entry(4, 'profiles', 'some-client', null),
        ],
      }),
    );
    expect(store.applicationDetail(a.id)?.related.audit_log.map((row) => row.id)).toEqual([1, 2]);
  });
});

describe('desktop cache: the admin lists, as the database answers them', () => {
  beforeEach(() => {
    store.storeChanges({ table: 'applications', rows: [a, b, c, d] });
  });

  it('puts each application in its list: pending, approved, not qualified (never decided), rejected', () => {
    const ids = (list: 'pending' | 'approved' | 'notQualified' | 'rejected') =>
      store.applicationsPage({ list, search: '', sort: 'newest', page: 0 }).rows.map((row) => row.id);
    expect(ids('pending')).toEqual([a.id]);
    expect(ids('approved')).toEqual([b.id]);
    expect(ids('notQualified')).toEqual([c.id]);
    expect(ids('rejected')).toEqual([d.id]);
  });

  it('counts each list as its pages do (an accepted offer moves one to the Pipeline), from the lists’ index', () => {
    expect(store.applicationListCounts()).toEqual({
      pending: 1,
      approved: 1,
      pipeline: 0,
      notQualified: 1,
      rejected: 1,
    });
    const accepted = { ...b, loan_stage: 'in_closing' as const, updated_at: '2026-11-23T09:00:00+00:00' };
    store.storeChanges({ table: 'applications', rows: [accepted] });
    const counts = store.applicationListCounts();
    expect(counts).toEqual({ pending: 1, approved: 0, pipeline: 1, notQualified: 1, rejected: 1 });
    for (const list of applicationListIds) {
      expect(store.applicationsPage({ list, search: '', sort: 'newest', page: 0 }).total).toBe(counts[list]);
    }
    // Counted in the index of the lists, never by reading the rows' JSON.
    const plan = db.prepare('explain query plan select list, count(*) from applications group by list').all();
    expect(plan).toContainEqual(expect.objectContaining({ detail: expect.stringMatching(/USING COVERING INDEX/) }));
  });

  it('filters a list by where its documents stand, as the server does; a row without a checklist matches none', () => {
    const counts = { accepted: 6, awaiting_review: 0, needs_replacement: 0, missing: 0, total: 6 };
    store.storeChanges({
      table: 'applications',
      rows: [
        applicationRow(11, { checklist_state: 'complete', checklist_counts: counts }),
        applicationRow(12, {
          checklist_state: 'ready_for_review',
          checklist_counts: { ...counts, accepted: 5, awaiting_review: 1 },
        }),
        // A file to review, and a document still missing: waiting on the applicant, and on the officer too.
        applicationRow(13, {
          checklist_state: 'waiting_on_applicant',
          checklist_counts: { ...counts, accepted: 3, awaiting_review: 2, missing: 1 },
        }),
      ],
    });
    const ids = (documents?: DocumentsFilter) =>
      store
        .applicationsPage({ list: 'pending', search: '', sort: 'newest', page: 0, documents })
        .rows.map((row) => row.business_name)
        .sort();
    expect(ids('complete')).toEqual(['Business 00011']);
    expect(ids('ready_for_review')).toEqual(['Business 00012']);
    expect(ids('waiting_on_applicant')).toEqual(['Business 00013']);
    expect(ids('files_to_review')).toEqual(['Business 00012', 'Business 00013']);
    expect(ids()).toHaveLength(4);
  });

  it('searches business, name and e-mail without regard to case, taking % and _ literally', () => {
    store.storeChanges({
      table: 'applications',
      rows: [
        applicationRow(5, {
          business_name: '100% Organic_Farm',
          first_name: 'Sam',
          last_name: 'O’Dea',
          email: 'sam@example.com',
        }),
      ],
    });
    const search = (text: string) =>
      store.applicationsPage({ list: 'pending', search: text, sort: 'newest', page: 0 }).total;
    expect(search('REYES')).toBe(1);
    expect(search('dana')).toBe(1);
    expect(search('dana@example')).toBe(1);
    expect(search('100%')).toBe(1);
    expect(search('%')).toBe(1);
    expect(search('c_fe')).toBe(0);
    expect(search('nobody')).toBe(0);
    // Every word, each in any of the columns: a full name, words out of order, with a comma.
    expect(search('Sam O’Dea')).toBe(1);
    expect(search('o’dea, 100%')).toBe(1);
    expect(search('Sam Reyes')).toBe(0);
    // An apostrophe finds either kind, and the punctuation around a word is left off.
    expect(search("o'dea.")).toBe(1);
    expect(search('(Sam)')).toBe(1);
  });

  it('sorts newest, oldest and by business name, and pages by 25', () => {
    const many = Array.from({ length: 30 }, (_value, index) =>
      applicationRow(100 + index, { business_name: `Shop ${String(30 - index).padStart(2, '0')}` }),
    );
    store.storeChanges({ table: 'applications', rows: many });
    const page = (sort: 'newest' | 'oldest' | 'business', number: number) =>
      store.applicationsPage({ list: 'pending', search: '', sort, page: number });
    expect(page('newest', 0).rows[0]!.id).toBe(many[29]!.id);
    expect(page('oldest', 0).rows[0]!.id).toBe(a.id);
    expect(page('business', 0).rows[0]!.business_name).toBe('Reyes Bakery');
    expect(page('business', 0).rows[1]!.business_name).toBe('Shop 01');
    // As the web's lists do (applications.business_name_key): a name in small letters comes with its letter.
    store.storeChanges({ table: 'applications', rows: [applicationRow(200, { business_name: 'acme bakery' })] });
    expect(page('business', 0).rows[0]!.business_name).toBe('acme bakery');
    expect(page('business', 0).rows[1]!.business_name).toBe('Reyes Bakery');
    expect(page('newest', 1).rows).toHaveLength(7);
    expect(page('newest', 1).total).toBe(32);
  });

  it('returns an application with every related row by table, oldest first', () => {
    store.storeChanges(
      partial({
        table: 'application_events',
        rows: [
          {
            id: 2,
            application_id: a.id,
            kind: 'approved',
            reason: null,
            actor_id: null,
            created_at: '2026-11-23T09:00:00+00:00',
          },
          { id: 1, application_id: a.id, kind: 'submitted', reason: null, actor_id: null, created_at: a.created_at },
        ],
      }),
    );
    store.storeChanges(
      partial({
        table: 'additional_info',
        rows: [{ id: 'i1', application_id: a.id, updated_at: a.updated_at }],
      }),
    );
    const detail = store.applicationDetail(a.id)!;
    expect(detail.application).toEqual(a);
    expect(detail.related.application_events.map((row) => row.kind)).toEqual(['submitted', 'approved']);
    expect(detail.related.additional_info).toHaveLength(1);
    expect(detail.related.term_sheets).toEqual([]);
    expect(store.applicationDetail('00000000-0000-4000-8000-999999999999')).toBeNull();
  });

  it('gives the same applicant’s other applications with the detail: same e-mail or same account, not others', () => {
    const account = '20000000-0000-4000-8000-000000000001';
    const sameEmail = applicationRow(5, { business_name: 'Reyes Bakery Two', email: a.email });
    const sameAccount = applicationRow(6, { business_name: 'Reyes Catering', user_id: account });
    const withAccount = { ...a, user_id: account };
    const stranger = applicationRow(7, { user_id: '20000000-0000-4000-8000-000000000002' });
    store.storeChanges({ table: 'applications', rows: [withAccount, b, sameEmail, sameAccount, stranger] });
    const names = (id: string) => store.applicationDetail(id)!.otherApplications.map((row) => row.business_name);
    expect(names(a.id).sort()).toEqual(['Reyes Bakery Two', 'Reyes Catering']);
    expect(names(sameEmail.id)).toEqual(['Reyes Bakery']);
    // No account on either side: an application without one is no one's other application by that.
    expect(names(b.id)).toEqual([]);
    expect(names(stranger.id)).toEqual([]);
  });

  it('forgets everything on logout: rows, cursors, kept files and whose cache it was', () => {
    store.claim(officer);
    store.storeChanges({ table: 'applications', rows: [a] });
    store.keepDocument('doc', new Uint8Array(10));
    store.finishSync('2026-11-23T10:00:00.000Z');
    expect(store.clear()).toEqual({
      lastSyncedAt: null,
      applications: 0,
      cursors: {},
      documentBytes: 0,
      owner: null,
      othersQueued: 0,
    });
  });

  it('belongs to the account signed in: another account finds nothing of the previous one’s copy', () => {
    expect(store.claim(officer)).toMatchObject({ owner: officer, applications: 0 });
    store.storeChanges({ table: 'applications', rows: [a, b] });
    store.keepDocument('doc', new Uint8Array(10));
    store.finishSync('2026-11-23T10:00:00.000Z');
    // The same officer again (a restart, a new session): the copy stays.
    expect(store.claim(officer)).toMatchObject({ owner: officer, applications: 2 });
    expect(store.claim(colleague)).toEqual({
      lastSyncedAt: null,
      applications: 0,
      cursors: {},
      documentBytes: 0,
      owner: colleague,
      othersQueued: 0,
    });
    expect(store.applicationDetail(a.id)).toBeNull();
  });

  it('removes a copy made before owners were recorded when an account claims it (whose it was is unknown)', () => {
    store.storeChanges({ table: 'applications', rows: [a] });
    expect(store.claim(officer).applications).toBe(0);
  });
});

describe('desktop cache: document files kept for offline reading', () => {
  it('keeps files within the budget, making room by dropping the least recently read', () => {
    store.setDocumentBudget(10);
    expect(store.keepDocument('one', new Uint8Array(4), '2026-11-23T01:00:00Z').kept).toBe(true);
    expect(store.keepDocument('two', new Uint8Array(4), '2026-11-23T02:00:00Z').kept).toBe(true);
    store.readDocument('one', '2026-11-23T03:00:00Z');
    const third = store.keepDocument('three', new Uint8Array(4), '2026-11-23T04:00:00Z');
    expect(third).toEqual({ kept: true, documentBytes: 8 });
    expect(store.readDocument('two')).toBeNull();
    expect(store.readDocument('one')?.data).toEqual(new Uint8Array(4));
  });

  it('does not keep a file larger than the whole budget, and a smaller budget evicts at once', () => {
    store.setDocumentBudget(10);
    expect(store.keepDocument('big', new Uint8Array(11)).kept).toBe(false);
    store.keepDocument('a', new Uint8Array([7, 8, 9]));
    store.setDocumentBudget(2);
    expect(store.status().documentBytes).toBe(0);
    expect(store.documentBudgetBytes()).toBe(2);
  });

  it("names an application's kept documents in its detail", () => {
    const row = applicationRow(9);
    store.storeChanges({ table: 'applications', rows: [row] });
    const kept = documentRow(91, row.id, row.updated_at);
    store.storeChanges({ table: 'documents', rows: [kept, documentRow(92, row.id, row.updated_at)] });
    store.keepDocument(kept.id, new Uint8Array([1]));
    expect(store.applicationDetail(row.id)?.keptDocumentIds).toEqual([kept.id]);
  });

  it('returns the bytes it kept, unchanged', () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    store.keepDocument('doc', bytes);
    expect(store.readDocument('doc')?.data).toEqual(bytes);
  });
});
