import { describe, expect, it } from 'vitest';
import { formatLoadReport, loadServerEnv, runMixedLoad } from '../load/mixed-load.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * The shortened load of `npm run test:load`: 1,000 submissions from 100 concurrent clients with
 * uploads and admin reads mixed in, on this pass's database (PGlite, or Postgres in the second pass).
 */
const server = serverForThisFile({ env: loadServerEnv });

describe('under load', () => {
  it('answers 1,000 submissions from 100 clients with uploads and admin reads: no 5xx, no lost acknowledged write', async () => {
    const report = await runMixedLoad(server, { submissions: 1_000, concurrency: 100, maxSeconds: 120 });
    console.log(formatLoadReport(report).join('\n'));
    expect(report.serverErrors).toBe(0);
    expect(report.otherErrors).toEqual([]);
    expect(report.acknowledged).toBe(1_000);
    expect(report.missing).toBe(0);
    expect(report.byKind.upload.requests).toBeGreaterThan(50);
    expect(report.byKind['admin read'].requests).toBeGreaterThan(50);
  }, 180_000);
});
