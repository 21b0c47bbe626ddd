import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { registerHealth } from './health.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'loan-match-health-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('GET /health', () => {
  it('reports the database up while it answers, and 503 once it does not', async () => {
    const db = await openPglite(dataDir);
    const app = Fastify();
    registerHealth(app, db);

    const up = await app.inject({ method: 'GET', url: '/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', db: 'ok' });

    await db.close();
    const down = await app.inject({ method: 'GET', url: '/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'error', db: 'error' });
    await app.close();
  }, 60_000);
});

describe('GET /health while a backup copies the embedded database', () => {
  it('waits for the copy and reports the database up, rather than down after its usual wait', async () => {
    const copied = mkdtempSync(path.join(tmpdir(), 'loan-match-health-copy-'));
    const db = await openPglite(copied);
    const app = Fastify();
    registerHealth(app, db);
    let copyStarted!: () => void;
    const started = new Promise<void>((resolve) => (copyStarted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const copy = db.snapshotDataDir!(async () => {
      copyStarted();
      await held;
    });
    await started;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const response = app.inject({ method: 'GET', url: '/health' });
      // The check's own wait runs out while the copy holds the database.
      while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
      vi.runOnlyPendingTimers();
      release();
      const answered = await response;
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toEqual({ status: 'ok', db: 'ok' });
    } finally {
      vi.useRealTimers();
      release();
      await copy;
      await app.close();
      await db.close();
      rmSync(copied, { recursive: true, force: true });
    }
  }, 60_000);
});
