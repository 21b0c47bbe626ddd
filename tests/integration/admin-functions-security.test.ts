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
  /** An application whose applicant accepted an offer of the sent package's lender (its stages can be recorded). */
  acceptedApplicationId: string;
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
    name: 'record_loan_stage',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'record_loan_stage', {
        application_id: fixture.acceptedApplicationId,
        stage: 'in_closing',
        expected_closing_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      }),
    effects: () => rowsWhere('loan_stages', 'application_id', fixture.acceptedApplicationId),
    effectsOfOneCall: 1,
  },
  {
    name: 'set_rate_index_value',
    kind: 'SQL function',
    call: (caller) =>
      rpc(caller, 'set_rate_index_value', {
        rate_index: 'treasury_5_year',
        percent: 4.1,
        as_of: new Date().toISOString().slice(0, 10),
      }),
    effects: () => rowsWhere('rate_index_values', 'rate_index', 'treasury_5_year'),
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
    testEmails: true,
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
  // The sent package's lender made an offer and its applicant accepted it (set up as the service role).
  const sent = await backend.service
    .from('bank_packages')
    .select('application_id')
    .eq('id', fixture.sentPackageId)
    .single();
  if (sent.error) throw new Error(sent.error.message);
  const offer = await backend.service
    .from('loan_offers')
    .insert({
      package_id: fixture.sentPackageId,
      application_id: sent.data.application_id,
      revision: 1,
      amount: 250_000,
      rate_kind: 'fixed',
      fixed_rate: 9.5,
      term_months: 120,
      lender_fees: 0,
      collateral: '',
      conditions: [],
      expires_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    })
    .select('id')
    .single();
  if (offer.error) throw new Error(offer.error.message);
  const accepted = await backend.service.from('offer_acceptances').insert({
    application_id: sent.data.application_id,
    offer_id: offer.data.id,
    package_id: fixture.sentPackageId,
    full_name: 'Maria Lopez',
    statement: 'I accept',
    offer_sha256: 'a'.repeat(64),
    client_address: '203.0.113.9',
    user_agent: 'test',
  });
  if (accepted.error) throw new Error(accepted.error.message);
  fixture.acceptedApplicationId = String(sent.data.application_id);
  Object.assign(callers, await adminCallers(target));
});

afterAll(async () => {
  await backend?.close();
});

/**
 * Functions that let an officer read what the caller's own rows let them read too (an applicant their own
 * application's checklist, their offers), rather than refusing everyone else: their wrong callers are tried in
 * document-checklist.test.ts and loan-offers.test.ts.
 */
const readableByOwners = [
  'applicant_offers',
  'document_checklist_of',
  'document_checklists_of',
  'document_is_reviewed',
];

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
