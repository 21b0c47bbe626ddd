import { describe, expect, it } from 'vitest';
import { evaluatePreQualification } from '../evaluation/evaluate.ts';
import { sampleApplicationRow, sampleForm } from '../testing/samples.ts';
import { cachedTables, ipcChannels, type IpcChannel } from './channels.ts';
import { applicationRowSchema, ipcRequestSchemas } from './schemas.ts';

const id = '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c';
const row = { ...sampleApplicationRow, evaluation_result: evaluatePreQualification(sampleForm) };
const record = { table: 'documents', id, applicationId: id, data: { file_name: 'returns.pdf' } };

const valid: { [C in IpcChannel]: unknown[] } = {
  'app:get-info': [undefined],
  'cache:list-applications': [{}, { status: 'pending' }, { status: 'approved' }],
  'cache:get-application': [{ id }],
  'cache:list-records': [{ table: 'bank_packages' }, { table: 'documents', applicationId: id }],
  'cache:store-snapshot': [
    { syncedAt: '2026-03-02T15:04:05.123Z', applications: [row], records: [record] },
    { syncedAt: '2026-03-02T15:04:05+00:00', applications: [], records: [] },
  ],
  'cache:get-status': [undefined],
  'outbox:enqueue': [
    { operation: 'update', target: 'applications', rowId: id, values: { status: 'approved' } },
    { operation: 'insert', target: 'term_sheets', rowId: null, values: { bank_name: 'First Example Bank' } },
    { operation: 'rpc', target: 'decide_application', rowId: null, values: { application_id: id } },
    { operation: 'delete', target: 'documents', rowId: id, values: {} },
  ],
  'outbox:list-pending': [undefined],
  'outbox:mark-done': [{ id: 1 }],
  'outbox:mark-failed': [{ id: 7, error: 'Failed to send bank package' }],
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
  'cache:list-applications': [undefined, { status: 'archived' }],
  'cache:get-application': [{}, { id: 'not-a-uuid' }],
  'cache:list-records': [{ table: 'auth.users' }, { table: 'documents', applicationId: 5 }],
  'cache:store-snapshot': [
    { syncedAt: 'yesterday', applications: [], records: [] },
    { syncedAt: '2026-03-02T15:04:05Z', applications: [{ ...row, annual_revenue: '600000' }], records: [] },
    { syncedAt: '2026-03-02T15:04:05Z', applications: [{ ...row, status: 'archived' }], records: [] },
    { syncedAt: '2026-03-02T15:04:05Z', applications: [], records: [{ ...record, table: 'audit_log' }] },
  ],
  'cache:get-status': [null],
  'outbox:enqueue': [
    { operation: 'update', target: 'applications', rowId: null, values: {} },
    { operation: 'insert', target: 'applications', rowId: id, values: {} },
    { operation: 'update', target: 'applications; drop table x', rowId: id, values: {} },
    { operation: 'upsert', target: 'applications', rowId: null, values: {} },
  ],
  'outbox:list-pending': [{}],
  'outbox:mark-done': [{ id: 0 }, { id: 1.5 }, { id: '1' }],
  'outbox:mark-failed': [{ id: 1 }],
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

  it('caches the product tables beside applications, never auth or the audit log', () => {
    expect(cachedTables).toHaveLength(7);
    expect(cachedTables).toContain('bank_packages');
    expect(cachedTables).not.toContain('audit_log');
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
