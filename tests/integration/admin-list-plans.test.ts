import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/database-actors.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.close();
});

/**
 * The plan of a page of an admin list in its order (created_at, then id), with scans that read the whole table
 * ruled out: the plan a table of thousands gets. A sort in it means every application sharing the first row's
 * instant (a batch stored in one statement) is read and sorted for each page.
 */
async function pagePlan(where: string): Promise<string> {
  return backend.db.transaction(async (tx) => {
    await tx.exec('set local enable_seqscan = off; set local enable_bitmapscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      `explain (costs off) select id from public.applications where ${where} order by created_at desc, id limit 25`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the admin lists’ pages', () => {
  it('are read in their order from an index, with no sort, by status and in the Pipeline', async () => {
    const pending = await pagePlan(`status = 'pending' and loan_stage is null`);
    expect(pending).toContain('applications_status_created_at_idx');
    expect(pending).not.toContain('Sort');
    const pipeline = await pagePlan('loan_stage is not null');
    expect(pipeline).toContain('applications_pipeline_idx');
    expect(pipeline).not.toContain('Sort');
  });
});

describe('the officer’s search', () => {
  it('is one ILIKE per word on the searched columns, the search_text function inlined', async () => {
    const { rows } = await backend.db.query<{ 'QUERY PLAN': string }>(
      `explain (verbose, costs off)
       select id from public.applications as _t
        where public.search_text(_t) ilike '%reyes%' and public.search_text(_t) ilike '%dana%'`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).not.toContain('search_text');
    expect(plan.match(/~~\*/g)).toHaveLength(2);
    expect(plan).toMatch(/business_name.*first_name.*last_name.*email/s);
  });
});
