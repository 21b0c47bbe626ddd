import { describe, expect, it } from 'vitest';
import { formatLoadReport, loadServerEnv, runMixedLoad } from '../load/mixed-load.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
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

  /**
   * Submissions that arrive while others are being written go to the database together (server/db/script-groups.ts):
   * a visitor whose form breaks a rule must get that rule's answer, and every other visitor's submission must be kept.
   */
  it('answers each of 40 submissions sent at once for itself when two of them break a rule', async () => {
    const rows = Array.from({ length: 40 }, (_, index) =>
      qualifiedApplicationRow({ email: `burst-${index}@example.com`, business_name: `Burst ${index}` }),
    );
    rows[7] = { ...rows[7]!, status: 'approved' }; // the insert policy refuses a status that does not follow
    rows[31] = { ...rows[31]!, email: 'not-an-email' }; // the e-mail's check constraint
    const answers = await Promise.all(rows.map((row) => anonClient(server).from('applications').insert(row)));
    answers.forEach((answer, index) => {
      if (index === 7) expect(answer.error?.code).toBe('42501');
      else if (index === 31) expect(answer.error?.code).toBe('23514');
      else expect(answer).toMatchObject({ error: null, status: 201 });
    });
    const { count } = await serviceClient(server)
      .from('applications')
      .select('*', { count: 'exact', head: true })
      .like('email', 'burst-%');
    expect(count).toBe(38);
  });
});
