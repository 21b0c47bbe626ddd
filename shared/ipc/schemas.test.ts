import { describe, expect, it } from 'vitest';
import { evaluatePreQualification } from '../evaluation/evaluate.ts';
import { isoDay } from '../format/dates.ts';
import { sampleApplicationRow, sampleForm, sampleReviewIntent, sampleStageIntent } from '../testing/samples.ts';
import { ipcChannels, syncedTableNames, type IpcChannel } from './channels.ts';
import { applicationRowSchema, ipcRequestSchemas } from './schemas.ts';

const id = '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c';
const row = { ...sampleApplicationRow, evaluation_result: evaluatePreQualification(sampleForm) };
const decision = {
  kind: 'decide',
  applicationId: id,
  decision: 'approved',
  reason: 'Strong cash flow',
  expectedStatus: 'pending',
  label: 'Reyes Bakery',
};
const note = {
  kind: 'note',
  applicationId: id,
  noteId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  body: 'Called the owner: tax returns next week.',
  label: 'Reyes Bakery',
};
const review = sampleReviewIntent;
const sendBack = {
  ...review,
  outcome: 'needs_replacement',
  reason: 'This return is for 2023: please send the 2025 one.',
  seenReviewId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};
const inClosing = sampleStageIntent;
const today = isoDay(new Date());
const tomorrow = isoDay(new Date(Date.now() + 86_400_000));
const funded = {
  kind: 'stage',
  applicationId: id,
  stage: 'funded',
  fundedAmount: 245_000.5,
  fundedOn: today,
  expectedCurrentStage: 'in_closing',
  label: 'Reyes Bakery',
};
const didNotClose = {
  kind: 'stage',
  applicationId: id,
  stage: 'did_not_close',
  reason: 'The applicant sold the business.',
  expectedCurrentStage: 'accepted',
  label: 'Reyes Bakery',
};
const pageArgs = { list: 'pending', search: 'reyes', sort: 'newest', page: 0 };

const valid: { [C in IpcChannel]: unknown[] } = {
  'app:get-info': [undefined],
  'settings:get': [undefined],
  'settings:save-connection': [
    { supabaseUrl: 'http://localhost:3000', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: 'https://abcd.supabase.co', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: 'http://192.168.1.20:3000' },
    { supabaseUrl: 'http://[::1]:3000' },
    { supabaseUrl: 'http://loan-server:3000' },
  ],
  'settings:set-document-budget': [{ megabytes: 0 }, { megabytes: 500 }],
  'cache:get-status': [undefined],
  'cache:store-changes': [
    { table: 'applications', rows: [row] },
    { table: 'documents', rows: [{ id, application_id: id, updated_at: '2026-03-02T15:04:05+00:00' }] },
    { table: 'audit_log', rows: [{ id: 42, record_id: id }] },
    {
      table: 'application_notes',
      rows: [{ id, application_id: id, body: 'Called', created_at: '2026-03-02T15:04:05+00:00' }],
    },
    { table: 'deleted_rows', rows: [] },
  ],
  'cache:finish-sync': [{ syncedAt: '2026-03-02T15:04:05.123Z' }],
  'cache:applications-page': [pageArgs, { list: 'notQualified', search: '', sort: 'business', page: 3 }],
  'cache:application-list-counts': [undefined],
  'cache:application-detail': [{ id }],
  'cache:lenders': [undefined],
  'cache:pipeline-history': [undefined],
  'cache:rate-index-values': [undefined],
  'cache:claim': [{ userId: id }],
  'cache:clear': [undefined],
  'documents:keep': [{ documentId: id, data: new Uint8Array([37, 80, 68, 70]) }],
  'documents:read': [{ documentId: id }],
  'documents:show': [{ documentId: id, fileName: 'tax-return-2025.pdf' }],
  'outbox:enqueue': [
    decision,
    { ...decision, decision: 'rejected', reason: '' },
    note,
    { ...note, body: `  ${'x'.repeat(5000)}\n` },
    { ...decision, label: 'W'.repeat(1_000) },
    { ...note, label: 'W'.repeat(1_000) },
    review,
    sendBack,
    { ...sendBack, reason: `  ${'x'.repeat(2_000)}\n` },
    inClosing,
    funded,
    { ...funded, fundedAmount: 50_000_000 },
    didNotClose,
    { ...didNotClose, expectedCurrentStage: 'in_closing', reason: `  ${'x'.repeat(2_000)}\n` },
  ],
  'outbox:list': [undefined],
  'outbox:settle': [
    { id: 1, outcome: 'done', message: null, serverState: null },
    { id: 2, outcome: 'conflict', message: 'changed meanwhile', serverState: 'Rejected on 11/23/2026' },
    {
      id: 3,
      outcome: 'conflict',
      message: 'changed meanwhile',
      serverState: `Rejected (reason: ${'x'.repeat(2_000)})`,
    },
  ],
  'outbox:postpone': [{ id: 1, error: 'Failed to fetch' }],
  'outbox:dismiss': [{ id: 1 }],
  'dialog:save-file': [
    { suggestedName: 'loan-package-3f2b8c1e.txt', data: 'EXECUTIVE SUMMARY' },
    {
      suggestedName: 'pre-application-letter-reyes-bakery.pdf',
      data: new Uint8Array([37, 80, 68, 70]),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    },
  ],
  'dialog:open-file': [
    {},
    { title: 'Choose a document', filters: [{ name: 'Documents', extensions: ['pdf', 'png'] }] },
  ],
};

const invalid: { [C in IpcChannel]: unknown[] } = {
  'app:get-info': [{ unexpected: true }],
  'settings:get': [{}],
  'settings:save-connection': [
    { supabaseUrl: 'file:///etc/passwd', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: 'javascript:alert(1)', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: 'http://user:secret@localhost:3000', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    // A wildcard or a quote would widen the window's Content-Security-Policy to other servers.
    { supabaseUrl: 'https://*', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: 'https://*.example.com', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: "https://a'self'", anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' },
    { supabaseUrl: 'http://localhost:3000', anonKey: '' },
  ],
  'settings:set-document-budget': [{ megabytes: -1 }, { megabytes: 1.5 }, { megabytes: '100' }],
  'cache:get-status': [null],
  'cache:store-changes': [
    { table: 'auth.users', rows: [] },
    { table: 'profiles', rows: [] },
    { table: 'applications', rows: [{ ...row, annual_revenue: '600000' }] },
    { table: 'applications', rows: [{ ...row, status: 'archived' }] },
    { table: 'documents', rows: [{ file_name: 'no id.pdf' }] },
    { table: 'documents', rows: Array.from({ length: 5_001 }, (_value, index) => ({ id: index + 1 })) },
  ],
  'cache:finish-sync': [{ syncedAt: 'yesterday' }],
  'cache:applications-page': [
    { ...pageArgs, list: 'archived' },
    { ...pageArgs, sort: 'random' },
    { ...pageArgs, page: -1 },
    { ...pageArgs, search: 'x'.repeat(201) },
  ],
  'cache:application-list-counts': [{ list: 'pending' }],
  'cache:application-detail': [{}, { id: 'not-a-uuid' }],
  'cache:lenders': [{ active: true }],
  'cache:pipeline-history': [{ since: '2026-01-01' }],
  'cache:rate-index-values': [{ rateIndex: 'prime' }],
  'cache:claim': [undefined, { userId: 'officer' }],
  'cache:clear': [{ everything: true }],
  'documents:keep': [
    { documentId: id, data: [1, 2, 3] },
    { documentId: '../x', data: new Uint8Array(1) },
  ],
  'documents:read': [{ documentId: 5 }],
  'documents:show': [
    { documentId: id, fileName: '../../.bashrc' },
    { documentId: id, fileName: '' },
  ],
  'outbox:enqueue': [
    { ...decision, kind: 'sql' },
    { ...decision, decision: 'pending' },
    { ...decision, applicationId: 'x' },
    { ...decision, expectedStatus: 'archived' },
    { ...decision, reason: 'x'.repeat(2_001) },
    { ...note, kind: 'decide' },
    { ...note, noteId: 'x' },
    { ...note, noteId: undefined },
    { ...note, applicationId: '../x' },
    { ...note, body: ' \n ' },
    { ...note, body: 'x'.repeat(5_001) },
    { ...note, body: 5 },
    { ...note, label: 5 },
    // A review is checked as the database's review_document checks it: a reason only, and then always, for a
    // document that needs replacement (trimmed, at most 2,000 characters).
    { ...sendBack, reason: null },
    { ...sendBack, reason: ' \n\t ' },
    { ...sendBack, reason: 'x'.repeat(2_001) },
    { ...review, reason: 'Looks fine' },
    { ...review, outcome: 'approved' },
    { ...review, documentId: '../x' },
    { ...review, expectedUploadedAt: 'yesterday' },
    { ...review, expectedUploadedAt: undefined },
    { ...review, seenReviewId: 'x' },
    { ...review, fileName: undefined },
    { ...review, kind: 'note' },
    // A loan stage is checked as the officer's stage form checks it (loanStageFormSchema), with its own fields only,
    // after the stage it follows.
    { ...inClosing, expectedClosingOn: undefined },
    { ...inClosing, expectedClosingOn: 'next week' },
    { ...inClosing, fundedAmount: 1_000 },
    { ...inClosing, expectedCurrentStage: 'in_closing' },
    { ...inClosing, expectedCurrentStage: 'funded' },
    { ...inClosing, stage: 'accepted' },
    { ...inClosing, label: undefined },
    { ...funded, fundedAmount: undefined },
    { ...funded, fundedAmount: 0 },
    { ...funded, fundedAmount: 50_000_000.01 },
    { ...funded, fundedAmount: 10.005 },
    { ...funded, fundedOn: tomorrow },
    { ...funded, fundedOn: undefined },
    { ...funded, expectedCurrentStage: 'accepted' },
    { ...funded, reason: 'x' },
    { ...didNotClose, reason: undefined },
    { ...didNotClose, reason: ' \n\t ' },
    { ...didNotClose, reason: 'x'.repeat(2_001) },
    { ...didNotClose, expectedClosingOn: '2026-12-15' },
    { ...didNotClose, applicationId: '../x' },
  ],
  'outbox:list': [{}],
  'outbox:settle': [
    { id: 1, outcome: 'pending', message: null, serverState: null },
    { id: 0, outcome: 'done', message: null, serverState: null },
    { id: 1, outcome: 'done' },
  ],
  'outbox:postpone': [{ id: 1.5, error: 'x' }, { id: 1 }],
  'outbox:dismiss': [{ id: '1' }],
  'dialog:save-file': [
    { suggestedName: '../../etc/passwd', data: 'x' },
    { suggestedName: 'a\\b.txt', data: 'x' },
    { suggestedName: '..', data: 'x' },
    { suggestedName: 'a.pdf', data: [1, 2, 3] },
    { suggestedName: 'a.pdf', data: 'x', filters: [{ name: 'PDF', extensions: ['.pdf'] }] },
  ],
  'dialog:open-file': [undefined, { title: 5 }],
};

describe('desktop IPC contract', () => {
  it('keeps app:get-info and has one schema per channel', () => {
    expect(ipcChannels).toContain('app:get-info');
    expect(Object.keys(ipcRequestSchemas).sort()).toEqual([...ipcChannels].sort());
    expect(Object.keys(valid).sort()).toEqual([...ipcChannels].sort());
  });

  it('syncs the tables of the offline admin, never accounts or profiles', () => {
    expect(syncedTableNames).toContain('applications');
    expect(syncedTableNames).toContain('deleted_rows');
    expect(syncedTableNames).not.toContain('profiles');
  });

  it.each(ipcChannels.flatMap((channel) => valid[channel].map((payload) => [channel, payload] as const)))(
    '%s accepts %j',
    (channel, payload) => {
      expect(ipcRequestSchemas[channel].safeParse(payload).error).toBeUndefined();
    },
  );

  it.each(ipcChannels.flatMap((channel) => invalid[channel].map((payload) => [channel, payload] as const)))(
    '%s refuses %j',
    (channel, payload) => {
      expect(ipcRequestSchemas[channel].safeParse(payload).success).toBe(false);
    },
  );

  it('validates an application row as the API returns it', () => {
    expect(applicationRowSchema.parse(row)).toEqual(row);
    expect(applicationRowSchema.safeParse({ ...row, consultation_date: '2026-03-09T14:00:00+00:00' }).success).toBe(
      true,
    );
  });
});

describe('a review queued offline', () => {
  it('keeps the reason the applicant reads trimmed, as the form and the database do', () => {
    expect(ipcRequestSchemas['outbox:enqueue'].parse({ ...sendBack, reason: '  Send the 2025 return.\n' })).toEqual({
      ...sendBack,
      reason: 'Send the 2025 return.',
    });
  });
});
