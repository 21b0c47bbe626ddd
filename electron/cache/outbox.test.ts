import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxIntent } from '../../shared/ipc/channels.ts';
import { migrateCache, openCacheDatabase } from './cache-database.ts';
import { CacheStore } from './cache-store.ts';
import { cacheMigrations } from './migrations.ts';
import { Outbox } from './outbox.ts';
import { sampleReviewIntent } from '../../shared/testing/samples.ts';
import { applicationRow } from './test-rows.ts';

const decision = (label: string, decision: 'approved' | 'rejected' = 'approved'): OutboxIntent => ({
  kind: 'decide',
  applicationId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
  decision,
  reason: '',
  expectedStatus: 'pending',
  label,
});

const officerOne = '20000000-0000-4000-8000-000000000001';
const officerTwo = '20000000-0000-4000-8000-000000000002';

let cache: CacheStore;
let outbox: Outbox;
beforeEach(() => {
  const db = new Database(':memory:');
  migrateCache(db);
  cache = new CacheStore(db);
  cache.claim(officerOne);
  outbox = new Outbox(db);
});

describe('desktop outbox', () => {
  it('keeps decisions in the order they were made, pending until replayed', () => {
    outbox.enqueue(decision('first'), '2026-11-23T01:00:00Z');
    outbox.enqueue(decision('second', 'rejected'), '2026-11-23T01:00:01Z');
    expect(
      outbox
        .list()
        .map((entry) => [entry.label, entry.kind === 'decide' && entry.decision, entry.state, entry.attempts]),
    ).toEqual([
      ['first', 'approved', 'pending', 0],
      ['second', 'rejected', 'pending', 0],
    ]);
  });

  it('keeps notes in line with decisions, with the id made when the note was written, as they were queued', () => {
    outbox.enqueue(decision('Reyes Bakery'));
    const note = outbox.enqueue({
      kind: 'note',
      applicationId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
      noteId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
      body: 'Called the owner:\ntax returns next week.',
      label: 'Reyes Bakery',
    });
    outbox.enqueue(decision('Harbor Cafe', 'rejected'));
    expect(outbox.list().map((entry) => [entry.id, entry.kind])).toEqual([
      [1, 'decide'],
      [note.id, 'note'],
      [3, 'decide'],
    ]);
    expect(outbox.list()[1]).toMatchObject({
      kind: 'note',
      noteId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
      body: 'Called the owner:\ntax returns next week.',
      state: 'pending',
    });
    const refused = outbox.settle({
      id: note.id,
      outcome: 'refused',
      message: 'insert or update on table "application_notes" violates foreign key constraint',
      serverState: null,
    });
    expect(refused).toMatchObject({
      kind: 'note',
      state: 'refused',
      lastError: expect.stringContaining('foreign key'),
    });
  });

  it('keeps a review as the officer saw the document, in line, and settles it with the server’s words', () => {
    outbox.enqueue(decision('Reyes Bakery'));
    const intent = sampleReviewIntent;
    const review = outbox.enqueue(intent, '2026-11-23T01:00:00Z');
    expect(outbox.list()[1]).toEqual({
      ...intent,
      id: review.id,
      createdAt: '2026-11-23T01:00:00Z',
      state: 'pending',
      attempts: 0,
      lastError: null,
      serverState: null,
      settledAt: null,
    });
    const conflict = outbox.settle({
      id: review.id,
      outcome: 'conflict',
      message: 'The applicant replaced this document meanwhile: review the new one',
      serverState: null,
    });
    expect(conflict).toMatchObject({ kind: 'review', state: 'conflict', lastError: expect.stringMatching(/replaced/) });
  });

  it('retries later what could not reach the server, keeping its place and counting attempts', () => {
    const entry = outbox.enqueue(decision('first'));
    outbox.enqueue(decision('second'));
    const postponed = outbox.postpone(entry.id, 'Failed to fetch');
    expect(postponed).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Failed to fetch' });
    expect(outbox.list()[0]!.id).toBe(entry.id);
  });

  it('records a conflict with what the server holds now, and keeps it listed until dismissed', () => {
    const entry = outbox.enqueue(decision('Reyes Bakery'));
    const settled = outbox.settle({
      id: entry.id,
      outcome: 'conflict',
      message: 'This application is no longer pending: it was changed meanwhile',
      serverState: 'Rejected on 11/23/2026',
    });
    expect(settled).toMatchObject({ state: 'conflict', serverState: 'Rejected on 11/23/2026', attempts: 1 });
    expect(settled.settledAt).not.toBeNull();
    expect(outbox.list()).toHaveLength(1);
    expect(outbox.dismiss(entry.id)).toEqual([]);
  });

  it('settles an entry once, and never dismisses a pending one', () => {
    const entry = outbox.enqueue(decision('first'));
    expect(() => outbox.dismiss(entry.id)).toThrow(/pending/);
    outbox.settle({ id: entry.id, outcome: 'done', message: null, serverState: null });
    expect(() => outbox.settle({ id: entry.id, outcome: 'refused', message: 'x', serverState: null })).toThrow(
      /not pending/,
    );
  });

  it('belongs to the account that queued it: another account signing in neither lists, sends nor settles it', () => {
    cache.storeChanges({ table: 'applications', rows: [applicationRow(1)] });
    const first = outbox.enqueue(decision('Hazel Hardware', 'rejected'));
    // A colleague signs in on this computer: the first officer's copy goes, their queued change stays theirs.
    expect(cache.claim(officerTwo)).toMatchObject({ applications: 0, owner: officerTwo, othersQueued: 1 });
    expect(outbox.list()).toEqual([]);
    expect(() => outbox.settle({ id: first.id, outcome: 'done', message: null, serverState: null })).toThrow();
    expect(() => outbox.postpone(first.id, 'x')).toThrow();
    const second = outbox.enqueue(decision('Cedar Clinic'));
    expect(outbox.list().map((entry) => entry.label)).toEqual(['Cedar Clinic']);
    // Officer two logs out, losing their own queued change only.
    expect(cache.clear()).toMatchObject({ owner: null, othersQueued: 1 });
    expect(() => outbox.enqueue(decision('nobody'))).toThrow(/No account/);
    // The first officer signs in again: their change is theirs to send, as it was queued.
    expect(cache.claim(officerOne)).toMatchObject({ owner: officerOne, othersQueued: 0 });
    expect(outbox.list()).toEqual([
      expect.objectContaining({ id: first.id, label: 'Hazel Hardware', state: 'pending' }),
    ]);
    expect(second.id).not.toBe(first.id);
  });

  it('gives a change queued before owners were recorded to the first account that signs in', () => {
    const db = new Database(':memory:');
    migrateCache(db, cacheMigrations.slice(0, 4));
    db.prepare("insert into outbox (intent, created_at) values (?, '2026-11-23T01:00:00Z')").run(
      JSON.stringify(decision('Reyes Bakery')),
    );
    migrateCache(db);
    new CacheStore(db).claim(officerTwo);
    expect(new Outbox(db).list().map((entry) => entry.label)).toEqual(['Reyes Bakery']);
  });

  it('loses no acknowledged decision when the app is killed mid-queue (kill -9 of a writing process)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-outbox-'));
    const file = path.join(folder, 'cache.sqlite');
    try {
      openCacheDatabase(file).close();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'outbox-writer.fixture.ts'), file],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const acknowledged: number[] = [];
      let buffered = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the writer acknowledged too little in 20 s')), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          acknowledged.push(...lines.map(Number));
          if (acknowledged.length >= 200 && !child.killed) {
            child.kill('SIGKILL');
            clearTimeout(timer);
          }
        });
        child.on('exit', () => resolve());
      });
      const reopened = openCacheDatabase(file);
      const ids = new Outbox(reopened).list().map((entry) => entry.id);
      // Every id the writer printed is there, in order, with nothing missing in between.
      expect(ids.slice(0, acknowledged.length)).toEqual(acknowledged);
      expect(ids).toEqual(ids.map((_id, index) => index + 1));
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      reopened.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
