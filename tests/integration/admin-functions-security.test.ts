import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/keys.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { claimsOf, mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend } from '../support/database-actors.ts';
import { anonClient, clientWithKey } from '../support/server-process.ts';

/**
 * Every function that checks for an admin, called by everyone who is not one: a visitor, an applicant, an
 * applicant who wrote role = admin into their own user_metadata (through updateUser, then a fresh token),
 * and a forged token claiming app_metadata.role = admin (signed with another secret). Each gets 401 or 403
 * and nothing happens; then the admin's call succeeds and does what it should.
 *
 * "Every function": the edge functions under supabase/functions whose handler calls adminCaller, and the
 * SQL functions in public that call is_admin() and that signed-in users may execute. A new one without an
 * entry below fails the first tests.
 */

const password = 'correct horse battery';
const refusedCallers = ['visitor', 'applicant', 'metadata admin', 'forged admin token'] as const;
type CallerName = (typeof refusedCallers)[number] | 'admin';

let backend: TestBackend;
const callers = {} as Record<CallerName, SupabaseClient>;

type Outcome = { status: number; body: unknown };

/** A call and what it leaves behind: the evidence that it happened (mail sent, rows written, data returned). */
type AdminCall = {
  name: string;
  kind: 'edge function' | 'SQL function';
  call(client: SupabaseClient): Promise<Outcome>;
  /** What calls have done so far (e.g. the audit entries written), including what the last outcome returned. */
  effects(lastOutcome: Outcome): Promise<unknown[]>;
  /** How many effects one admin call leaves. */
  effectsOfOneCall: number;
};

async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>): Promise<Outcome> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}

async function rpc(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<Outcome> {
  const { data, error, status } = await client.rpc(name, args);
  return { status, body: error ?? data };
}

async function auditEntries(action: string, recordId: string): Promise<unknown[]> {
  const { data, error } = await backend.service
    .from('audit_log')
    .select('action, actor_id')
    .eq('action', action)
    .eq('record_id', recordId);
  if (error) throw new Error(error.message);
  return data;
}

/** A client account signed up and signed in through the auth API. */
async function signedUp(name: string): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const email = uniqueEmail(name);
  const client = anonClient(backend.server);
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { role: 'applicant' } } });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, id: data.user.id, email };
}

let client: { id: string; email: string };
let pendingApplicationId: string;
let decidedApplicationId: string;
let decidedApplicant: string;
let packageId: string;

const adminCalls: AdminCall[] = [
  {
    name: 'admin-clients',
    kind: 'edge function',
    call: (caller) => invoke(caller, 'admin-clients', { search: client.email }),
    async effects({ body }) {
      const clients = (body as { clients?: { id: string }[] }).clients;
      return (clients ?? []).filter((row) => row.id === client.id);
    },
    effectsOfOneCall: 1,
  },
  {
    name: 'admin-reset-password',
    kind: 'edge function',
    call: (caller) => invoke(caller, 'admin-reset-password', { userId: client.id }),
    async effects() {
      const resets = (await mailbox(backend.server, client.email)).filter((mail) => /reset/i.test(mail.subject));
      return [...resets, ...(await auditEntries('client.password_reset_sent', client.id))];
    },
    // the e-mail and its audit entry
    effectsOfOneCall: 2,
  },
  {
    name: 'decide_application',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'decide_application', { application_id: pendingApplicationId, decision: 'approved', reason: 'Fits' }),
    effects: () => auditEntries('application.approved', pendingApplicationId),
    effectsOfOneCall: 1,
  },
  {
    name: 'notify-applicant',
    kind: 'edge function',
    call: (caller) => invoke(caller, 'notify-applicant', { applicationId: decidedApplicationId }),
    effects: async () =>
      (await mailbox(backend.server, decidedApplicant)).filter((mail) => /declined|update/i.test(mail.subject)),
    effectsOfOneCall: 1,
  },
  {
    name: 'send-bank-package',
    kind: 'edge function',
    call: (caller) =>
      invoke(caller, 'send-bank-package', {
        packageId,
        bankName: 'First Sierra Bank',
        bankEmail: 'loans@firstsierra.example',
      }),
    effects: async () =>
      (await mailbox(backend.server, 'loans@firstsierra.example')).filter((mail) =>
        mail.subject.includes(packageId.slice(0, 8)),
      ),
    effectsOfOneCall: 1,
  },
  {
    name: 'log_impersonation',
    kind: 'SQL function',
    call: (caller) => rpc(caller, 'log_impersonation', { client_id: client.id, phase: 'start' }),
    effects: () => auditEntries('impersonation.start', client.id),
    effectsOfOneCall: 1,
  },
];

beforeAll(async () => {
  backend = await startTestBackend({ AUTOCONFIRM: 'true' });
  client = await signedUp('client');
  const pending = await backend.service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
  if (pending.error) throw new Error(pending.error.message);
  pendingApplicationId = String(pending.data.id);
  // A declined application whose applicant has not been e-mailed about it yet.
  decidedApplicant = uniqueEmail('declined');
  const decided = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ email: decidedApplicant }))
    .select('id')
    .single();
  if (decided.error) throw new Error(decided.error.message);
  decidedApplicationId = String(decided.data.id);
  const declined = await backend.service
    .from('applications')
    .update({ status: 'rejected', decision_reason: 'Too early' })
    .eq('id', decidedApplicationId);
  if (declined.error) throw new Error(declined.error.message);
  // A generated bank package of an approved application.
  const approved = await backend.service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
  if (approved.error) throw new Error(approved.error.message);
  await backend.service.from('applications').update({ status: 'approved' }).eq('id', approved.data.id);
  const generated = await backend.service
    .from('bank_packages')
    .insert({ application_id: approved.data.id, summary: 'Executive summary' })
    .select('id')
    .single();
  if (generated.error) throw new Error(generated.error.message);
  packageId = String(generated.data.id);

  callers.visitor = anonClient(backend.server);
  callers.applicant = (await signedUp('applicant')).client;

  const climber = (await signedUp('climber')).client;
  const updated = await climber.auth.updateUser({ data: { role: 'admin' } });
  if (updated.error) throw new Error(updated.error.message);
  const refreshed = await climber.auth.refreshSession();
  if (refreshed.error || !refreshed.data.session) throw new Error(`refresh failed: ${refreshed.error?.message}`);
  // The fresh token really carries the claim: the check must not rely on it being absent.
  expect(claimsOf(refreshed.data.session.access_token).user_metadata).toMatchObject({ role: 'admin' });
  callers['metadata admin'] = climber;

  const officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
  const forged = await signToken(randomBytes(48).toString('base64url'), officer.claims, 3600);
  callers['forged admin token'] = clientWithKey(backend.server.url, backend.server.keys.anonKey, {
    accessToken: async () => forged,
  });

  const adminEmail = uniqueEmail('admin');
  const created = await backend.service.auth.admin.createUser({
    email: adminEmail,
    password,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (created.error) throw new Error(created.error.message);
  callers.admin = anonClient(backend.server);
  const signIn = await callers.admin.auth.signInWithPassword({ email: adminEmail, password });
  if (signIn.error) throw new Error(signIn.error.message);
});

afterAll(async () => {
  await backend?.close();
});

describe('the list of admin functions', () => {
  it('names every edge function whose handler checks for an admin', () => {
    const functionsDir = path.resolve(import.meta.dirname, '../../supabase/functions');
    const checking = readdirSync(functionsDir)
      .filter((name) => !name.startsWith('_'))
      .filter((name) => readFileSync(path.join(functionsDir, name, 'handler.ts'), 'utf8').includes('adminCaller('));
    const listed = adminCalls.filter((call) => call.kind === 'edge function').map((call) => call.name);
    expect(listed.sort()).toEqual(checking.sort());
  });

  it('names every SQL function signed-in users may call that checks is_admin()', async () => {
    const { rows } = await backend.db.query<{ name: string }>(
      `select p.proname as name
         from pg_proc as p
        where p.pronamespace = 'public'::regnamespace
          and p.proname <> 'is_admin'
          and p.prosrc like '%is_admin()%'
          and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1`,
    );
    const listed = adminCalls.filter((call) => call.kind === 'SQL function').map((call) => call.name);
    expect(listed.sort()).toEqual(rows.map((row) => row.name));
  });
});

describe.each(adminCalls)('$kind $name', (adminCall) => {
  const nothingYet: Outcome = { status: 0, body: {} };

  it.each(refusedCallers)('refuses the %s, and nothing happens', async (caller) => {
    const before = await adminCall.effects(nothingYet);
    const outcome = await adminCall.call(callers[caller]);
    expect([401, 403]).toContain(outcome.status);
    expect(await adminCall.effects(outcome)).toEqual(before);
  });

  it('lets the admin through, and it happens once', async () => {
    const before = await adminCall.effects(nothingYet);
    const outcome = await adminCall.call(callers.admin);
    expect(outcome.status).toBeLessThan(300);
    expect(await adminCall.effects(outcome)).toHaveLength(before.length + adminCall.effectsOfOneCall);
  });
});
