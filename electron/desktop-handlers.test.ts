import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ipcChannels, type IpcChannel } from '../shared/ipc/channels.ts';
import { openCacheDatabase, type CacheDatabase } from './cache/cache-database.ts';
import { CacheStore } from './cache/cache-store.ts';
import { Outbox } from './cache/outbox.ts';
import { applicationRow } from './cache/test-rows.ts';
import { desktopDataHandlers } from './desktop-handlers.ts';
import { dispatch, IpcValidationError, type IpcHandlers } from './ipc-handlers.ts';
import { ConnectionStore } from './settings.ts';

let folder: string;
let db: CacheDatabase;
let handlers: IpcHandlers;
/** How many times the copies of documents opened in the viewer were removed. */
let shownDocumentsForgotten: number;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'loan-match-desktop-'));
  db = openCacheDatabase(path.join(folder, 'cache.sqlite'));
  shownDocumentsForgotten = 0;
  handlers = desktopDataHandlers({
    cache: new CacheStore(db),
    outbox: new Outbox(db),
    connection: new ConnectionStore(path.join(folder, 'connection.json')),
    forgetShownDocuments: () => (shownDocumentsForgotten += 1),
  });
});
afterEach(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

const connection = { supabaseUrl: 'http://localhost:3000', anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.key' };

describe('desktop data handlers (main process, real SQLite)', () => {
  it('refuses a malformed payload on every channel with a clear error, changing nothing', async () => {
    const malformed = { unexpected: '<script>' };
    for (const channel of ipcChannels.filter((name) => !name.startsWith('dialog:') && name !== 'app:get-info')) {
      await expect(dispatch(handlers, channel as IpcChannel, malformed), channel).rejects.toThrow(
        new RegExp(`^Invalid payload for ${channel}: `),
      );
    }
    await expect(dispatch(handlers, 'cache:store-changes', { table: 'auth.users', rows: [] })).rejects.toBeInstanceOf(
      IpcValidationError,
    );
    const status = await dispatch(handlers, 'cache:get-status', undefined);
    expect(status).toEqual({
      lastSyncedAt: null,
      applications: 0,
      cursors: {},
      documentBytes: 0,
      owner: null,
      othersQueued: 0,
    });
    expect(await dispatch(handlers, 'outbox:list', undefined)).toEqual([]);
  });

  it('remembers the server on first start, owner-readable, keeps it, and forgets the cache when its key changes', async () => {
    expect((await dispatch(handlers, 'settings:get', undefined)).connection).toBeNull();
    await dispatch(handlers, 'settings:save-connection', connection);
    expect(statSync(path.join(folder, 'connection.json')).mode & 0o777).toBe(0o600);
    await dispatch(handlers, 'cache:store-changes', { table: 'applications', rows: [applicationRow(1)] });
    // The same server again keeps the cache.
    await dispatch(handlers, 'settings:save-connection', connection);
    expect((await dispatch(handlers, 'cache:get-status', undefined)).applications).toBe(1);
    // The window cannot move the app to another server (a hostile page would take the officer's session there).
    await expect(
      dispatch(handlers, 'settings:save-connection', { ...connection, supabaseUrl: 'https://loans.attacker.example' }),
    ).rejects.toThrow('This app is connected to http://localhost:3000 and stays connected to it');
    expect((await dispatch(handlers, 'settings:get', undefined)).connection).toEqual(connection);
    expect((await dispatch(handlers, 'cache:get-status', undefined)).applications).toBe(1);
    expect(shownDocumentsForgotten).toBe(0);
    // Another key for the same server is another project: its copy goes, with the documents opened from it.
    const rekeyed = await dispatch(handlers, 'settings:save-connection', {
      ...connection,
      anonKey: 'eyJhbGciOiJIUzI1NiJ9.another.key',
    });
    expect(rekeyed.connection?.anonKey).toBe('eyJhbGciOiJIUzI1NiJ9.another.key');
    expect((await dispatch(handlers, 'cache:get-status', undefined)).applications).toBe(0);
    expect(shownDocumentsForgotten).toBe(1);
  });

  it('answers the admin list and detail from the cache, and changes the document budget in megabytes', async () => {
    const row = applicationRow(7, { business_name: 'Reyes Bakery' });
    await dispatch(handlers, 'cache:store-changes', { table: 'applications', rows: [row] });
    const page = await dispatch(handlers, 'cache:applications-page', {
      list: 'pending',
      search: 'reyes',
      sort: 'newest',
      page: 0,
    });
    expect(page).toEqual({ rows: [row], total: 1 });
    expect(await dispatch(handlers, 'cache:application-list-counts', undefined)).toEqual({
      pending: 1,
      approved: 0,
      pipeline: 0,
      notQualified: 0,
      rejected: 0,
    });
    expect((await dispatch(handlers, 'cache:application-detail', { id: row.id }))?.application).toEqual(row);
    expect((await dispatch(handlers, 'settings:get', undefined)).documentBudgetMb).toBe(200);
    expect((await dispatch(handlers, 'settings:set-document-budget', { megabytes: 50 })).documentBudgetMb).toBe(50);
  });

  it('logging out wipes the cache and the outbox', async () => {
    await dispatch(handlers, 'cache:claim', { userId: '20000000-0000-4000-8000-000000000001' });
    await dispatch(handlers, 'cache:store-changes', { table: 'applications', rows: [applicationRow(1)] });
    await dispatch(handlers, 'outbox:enqueue', {
      kind: 'decide',
      applicationId: applicationRow(1).id,
      decision: 'approved',
      reason: '',
      expectedStatus: 'pending',
      label: 'Business 00001',
    });
    expect(shownDocumentsForgotten).toBe(1);
    await dispatch(handlers, 'cache:clear', undefined);
    expect((await dispatch(handlers, 'cache:get-status', undefined)).applications).toBe(0);
    expect(await dispatch(handlers, 'outbox:list', undefined)).toEqual([]);
    // Nor do the copies of the documents the officer opened stay on the machine.
    expect(shownDocumentsForgotten).toBe(2);
  });

  it('removes the documents an officer opened when another one signs in, not when the same one does again', async () => {
    await dispatch(handlers, 'cache:claim', { userId: '20000000-0000-4000-8000-000000000001' });
    expect(shownDocumentsForgotten).toBe(1);
    await dispatch(handlers, 'cache:claim', { userId: '20000000-0000-4000-8000-000000000001' });
    expect(shownDocumentsForgotten).toBe(1);
    await dispatch(handlers, 'cache:claim', { userId: '20000000-0000-4000-8000-000000000002' });
    expect(shownDocumentsForgotten).toBe(2);
  });
});
