import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { sqlStateOf, startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

/**
 * The audit log keeps what happened: no role the API exposes (visitor, applicant, admin, service role) can
 * change or delete an entry through the REST API, and only the service role (the server-side functions,
 * which record their own actions) can add one. Every attempt is made against real entries written by real
 * admin actions, and the whole log is read back afterwards with a direct database connection.
 */

type Entry = Record<string, unknown>;

let backend: TestBackend;
let applicant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  applicant = await backend.createUser({ email: uniqueEmail('applicant') });
  admin = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });

  // Entries as the product writes them: an officer's decision (trigger), an impersonation (function), and
  // an edge function's own record (service role).
  const application = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ email: applicant.email }))
    .select('id')
    .single();
  if (application.error) throw new Error(application.error.message);
  const officer = backend.client(admin);
  const decided = await officer.rpc('decide_application', {
    application_id: application.data.id,
    decision: 'approved',
    reason: 'Strong cash flow.',
  });
  if (decided.error) throw new Error(decided.error.message);
  const impersonated = await officer.rpc('log_impersonation', { client_id: applicant.id });
  if (impersonated.error) throw new Error(impersonated.error.message);
  const recorded = await backend.service.from('audit_log').insert({
    actor_id: admin.id,
    action: 'client.password_reset_sent',
    table_name: 'auth.users',
    record_id: applicant.id,
    details: { email: applicant.email },
  });
  if (recorded.error) throw new Error(recorded.error.message);
});

afterAll(async () => {
  await backend?.close();
});

/** Every entry, every column, as stored (read as the database owner, not through the API). */
async function wholeLog(): Promise<Entry[]> {
  const { rows } = await backend.db.query<Entry>(
    `select id, actor_id, action, table_name, record_id, details, to_json(created_at)#>>'{}' as created_at
       from public.audit_log order by id`,
  );
  return rows;
}

const callers = {
  'a visitor (anon)': () => backend.anon,
  'an applicant': () => backend.client(applicant),
  'an admin': () => backend.client(admin),
  'the service role': () => backend.service,
} satisfies Record<string, () => SupabaseClient>;

type CallerName = keyof typeof callers;

/** What each caller tries, each one through supabase-js as a client would. */
const attempts: { what: string; run: (client: SupabaseClient, target: Entry) => PromiseLike<{ error: unknown }> }[] = [
  {
    what: 'rewrite one entry’s action',
    run: (client, target) => client.from('audit_log').update({ action: 'application.rejected' }).eq('id', target.id),
  },
  {
    what: 'reassign one entry to another actor',
    run: (client, target) => client.from('audit_log').update({ actor_id: applicant.id }).eq('id', target.id),
  },
  {
    what: 'empty the details of every entry',
    run: (client) => client.from('audit_log').update({ details: {} }).gte('id', 0),
  },
  {
    what: 'back-date every entry',
    run: (client) => client.from('audit_log').update({ created_at: '2000-01-01T00:00:00Z' }).gte('id', 0),
  },
  {
    what: 'delete one entry',
    run: (client, target) => client.from('audit_log').delete().eq('id', target.id),
  },
  {
    what: 'delete every entry',
    run: (client) => client.from('audit_log').delete().gte('id', 0),
  },
  {
    what: 'overwrite an entry by upserting its id',
    run: (client, target) =>
      client
        .from('audit_log')
        .upsert({ id: target.id, action: 'application.rejected', table_name: 'applications' }, { onConflict: 'id' }),
  },
];

describe.each(Object.keys(callers) as CallerName[])('%s', (callerName) => {
  it.each(attempts)('cannot $what', async ({ run }) => {
    const before = await wholeLog();
    expect(before.length).toBeGreaterThanOrEqual(3);
    for (const target of before) {
      const { error } = await run(callers[callerName](), target);
      // Refused outright: no privilege (42501), or an id nobody may write (generated always).
      expect(error, JSON.stringify(target)).toMatchObject({ code: expect.stringMatching(/^(42501|428C9)$/) });
    }
    expect(await wholeLog()).toEqual(before);
  });
});

describe('adding entries', () => {
  it.each(['a visitor (anon)', 'an applicant', 'an admin'] as const)(
    '%s cannot forge one, not even in their own name',
    async (callerName) => {
      const before = await wholeLog();
      const { error } = await callers[callerName]()
        .from('audit_log')
        .insert({
          actor_id: callerName === 'an admin' ? admin.id : applicant.id,
          action: 'application.approved',
          table_name: 'applications',
          details: { forged: true },
        });
      expect(error).toMatchObject({ code: '42501' });
      expect(await wholeLog()).toEqual(before);
    },
  );

  it('the service role can add one (edge functions record their actions) but not choose its id', async () => {
    const before = await wholeLog();
    const forgedId = await backend.service
      .from('audit_log')
      .insert({ id: 1, action: 'application.approved', table_name: 'applications' });
    expect(forgedId.error).toMatchObject({ code: '428C9' });
    const added = await backend.service
      .from('audit_log')
      .insert({ actor_id: admin.id, action: 'bank_package.sent_to_bank', table_name: 'bank_packages' });
    expect(added.error).toBeNull();
    const after = await wholeLog();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      expect.objectContaining({ actor_id: admin.id, action: 'bank_package.sent_to_bank' }),
    ]);
  });
});

describe('below the API', () => {
  it('refuses even the table’s owner (and so any SECURITY DEFINER function) an update or a delete', async () => {
    const before = await wholeLog();
    const target = before[0]!;
    expect(
      await sqlStateOf(backend.db.query(`update public.audit_log set action = 'x' where id = $1`, [target.id])),
    ).toBe('42501');
    expect(await sqlStateOf(backend.db.query('delete from public.audit_log where id = $1', [target.id]))).toBe('42501');
    expect(await wholeLog()).toEqual(before);
  });
});
