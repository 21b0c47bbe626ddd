import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
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
