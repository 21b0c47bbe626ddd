import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCallers,
  adminCallFixture,
  adminEdgeFunctionCalls,
  auditEntries,
  describeAdminCalls,
  type AdminCall,
  type AdminCallFixture,
  type Callers,
} from '../support/admin-function-calls.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend } from '../support/database-actors.ts';
import type { FunctionsTarget, Outcome } from '../support/function-behaviour.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';

/**
 * Every function that checks for an admin, called by everyone who is not one (tests/support/admin-function-calls.ts
 * says who). "Every function": the edge functions under supabase/functions whose handler calls adminCaller, and
 * the SQL functions in public that call is_admin() and that signed-in users may execute. A new one without an
 * entry below fails the first tests. The edge functions run in server/ here; functions-deno.test.ts calls their
 * Deno entries the same way.
 */

let backend: TestBackend;
const target = {} as FunctionsTarget;
const fixture = {} as AdminCallFixture & {
  pendingApplicationId: string;
  /** A document of the client's, filed with the pending application, and an open request of that application. */
  documentId: string;
  openRequestId: string;
};
const callers = {} as Callers;

async function rpc(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<Outcome> {
  const { data, error, status } = await client.rpc(name, args);
  return { status, body: error ?? data };
}

/** The rows of a table where `column` is `value` (what a document checklist function leaves). */
async function rowsWhere(table: string, column: string, value: string, more: Record<string, string> = {}) {
  let query = backend.service.from(table).select('id').eq(column, value);
  for (const [key, wanted] of Object.entries(more)) query = query.eq(key, wanted);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

const adminCalls: AdminCall[] = [
  ...adminEdgeFunctionCalls(target, fixture),
  {
    name: 'decide_application',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'decide_application', {
        application_id: fixture.pendingApplicationId,
        decision: 'approved',
        reason: 'Fits',
      }),
    effects: () => auditEntries(target, 'application.approved', fixture.pendingApplicationId),
    effectsOfOneCall: 1,
  },
  {
    name: 'revoke_lender_link',
    kind: 'SQL function',
    call: (caller) => rpc(caller, 'revoke_lender_link', { package_id: fixture.sentPackageId }),
    effects: () => auditEntries(target, 'bank_package.updated', fixture.sentPackageId),
    effectsOfOneCall: 1,
  },
  {
    name: 'review_document',
    kind: 'SQL function',
    call: (caller) => rpc(caller, 'review_document', { document_id: fixture.documentId, outcome: 'accepted' }),
    effects: () => rowsWhere('document_reviews', 'document_id', fixture.documentId),
    effectsOfOneCall: 1,
  },
  {
    name: 'request_document',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'request_document', {
        application_id: fixture.pendingApplicationId,
        title: 'Debt schedule',
        details: 'Every business debt.',
      }),
    effects: () => rowsWhere('document_requests', 'title', 'Debt schedule'),
    effectsOfOneCall: 1,
  },
  {
    name: 'cancel_document_request',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'cancel_document_request', { request_id: fixture.openRequestId, reason: 'Not needed.' }),
    effects: () => rowsWhere('document_requests', 'id', fixture.openRequestId, { status: 'cancelled' }),
    effectsOfOneCall: 1,
  },
  {
    name: 'set_document_not_needed',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'set_document_not_needed', {
        application_id: fixture.pendingApplicationId,
        type: 'leaseAgreement',
        not_needed: true,
      }),
    effects: () => rowsWhere('documents_not_needed', 'application_id', fixture.pendingApplicationId),
    effectsOfOneCall: 1,
  },
  {
    name: 'log_impersonation',
    kind: 'SQL function',
    call: (caller) => rpc(caller, 'log_impersonation', { client_id: fixture.client.id, phase: 'start' }),
    effects: () => auditEntries(target, 'impersonation.start', fixture.client.id),
    effectsOfOneCall: 1,
  },
];

beforeAll(async () => {
  backend = await startTestBackend({ AUTOCONFIRM: 'true' });
  Object.assign(target, {
    api: backend.server,
    server: backend.server,
    siteUrl: backend.server.url,
    functionMail: (to: string) => mailbox(backend.server, to),
  } satisfies FunctionsTarget);
  const pending = await backend.service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
  if (pending.error) throw new Error(pending.error.message);
  Object.assign(fixture, await adminCallFixture(target), { pendingApplicationId: String(pending.data.id) });
  const documentId = crypto.randomUUID();
  const filed = await backend.service.from('documents').insert({
    id: documentId,
    user_id: fixture.client.id,
    application_id: fixture.pendingApplicationId,
    type: 'taxReturns',
    file_name: 'returns-2025.pdf',
    file_size: 48_213,
    content_type: 'application/pdf',
    storage_path: `${fixture.client.id}/taxReturns/${documentId}.pdf`,
  });
  if (filed.error) throw new Error(filed.error.message);
  const openRequest = await backend.service
    .from('document_requests')
    .insert({ application_id: fixture.pendingApplicationId, title: 'Franchise agreement', details: 'The signed one.' })
    .select('id')
    .single();
  if (openRequest.error) throw new Error(openRequest.error.message);
  Object.assign(fixture, { documentId, openRequestId: String(openRequest.data.id) });
  Object.assign(callers, await adminCallers(target));
});

afterAll(async () => {
  await backend?.close();
});

/**
 * Functions that let an officer read what the caller's own rows let them read too (an applicant their own
 * application's checklist), rather than refusing everyone else: their wrong callers are tried in
 * document-checklist.test.ts.
 */
const readableByOwners = ['document_checklist_of', 'document_is_reviewed'];

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
    expect([...listed, ...readableByOwners].sort()).toEqual(rows.map((row) => row.name));
  });
});

describeAdminCalls(adminCalls, callers);
