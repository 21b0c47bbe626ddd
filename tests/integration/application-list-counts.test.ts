import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationListOf, type ApplicationListId } from '../../shared/admin/application-lists.ts';
import type { ApplicationRow } from '../../shared/db/applications.ts';
import { insertedApplication } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

let backend: TestBackend;
let officer: TestUser;
let applicant: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
  applicant = await backend.createUser({ email: uniqueEmail('applicant') });
});

afterAll(async () => {
  await backend?.close();
});

const submitted = (overrides: Record<string, unknown> = {}) => insertedApplication(backend.service, overrides);

async function decided(decision: 'approved' | 'rejected'): Promise<void> {
  const id = await submitted();
  const { error } = await backend.client(officer).rpc('decide_application', { application_id: id, decision });
  if (error) throw new Error(error.message);
}

/** The counts as the tabs read them: { list: number } from the function's rows. */
function byList(rows: { list: string; applications: number | string }[] | null) {
  return Object.fromEntries((rows ?? []).map((row) => [row.list, Number(row.applications)]));
}

describe('application_list_counts', () => {
  it('counts each list of the Applications tab as applicationListOf sorts the applications', async () => {
    await Promise.all([submitted(), submitted(), submitted({ email: applicant.email, user_id: applicant.id })]);
    await decided('approved');
    await decided('rejected');
    await decided('rejected');
    const counted = await backend.client(officer).rpc('application_list_counts');
    expect(counted.error).toBeNull();

    const all = await backend.service.from('applications').select('status, decided_at, loan_stage');
    const expected: Partial<Record<ApplicationListId, number>> = {};
    for (const row of (all.data ?? []) as Pick<ApplicationRow, 'status' | 'decided_at' | 'loan_stage'>[]) {
      const list = applicationListOf(row);
      expected[list] = (expected[list] ?? 0) + 1;
    }
    expect(byList(counted.data)).toEqual(expected);
    expect(expected).toMatchObject({ pending: 3, approved: 1, rejected: 2 });
  });

  it('counts for an applicant only what they may read (their own), and nothing for a visitor', async () => {
    const own = await backend.client(applicant).rpc('application_list_counts');
    expect(own.error).toBeNull();
    expect(byList(own.data)).toEqual({ pending: 1 });
    const visitor = await backend.anon.rpc('application_list_counts');
    expect(visitor.error?.code).toBe('42501');
  });
});
