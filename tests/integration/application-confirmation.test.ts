import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeAdditionalInfoRow, qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { signedIn, testPassword } from '../support/function-behaviour.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';
import { storeTestFile } from '../support/filed-documents.ts';

// An application made signed out is linked to the account of its e-mail, so a stranger can make one in
// someone's name. Nothing of the account holder's goes to it until they say it is theirs
// (20261204100000_applicants_confirm_linked_applications.sql).
// Many visitor inserts from loopback: the per-address submission limit is tested on its own.
const server = serverForThisFile({ env: { RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0' } });
let service: SupabaseClient;
beforeAll(() => {
  service = serviceClient(server);
});

type Applicant = { id: string; email: string; client: SupabaseClient };

async function confirmedApplicant(name: string): Promise<Applicant> {
  const email = uniqueEmail(name);
  const created = await service.auth.admin.createUser({ email, password: testPassword, email_confirm: true });
  if (created.error) throw new Error(created.error.message);
  return { id: created.data.user.id, email, client: await signedIn(server, email) };
}

/** An application a visitor submits signed out in `email`'s name, as the wizard does; its id. */
async function visitorApplication(email: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const { error } = await anonClient(server)
    .from('applications')
    .insert(qualifiedApplicationRow({ id, email, ...overrides }));
  expect(error).toBeNull();
  return id;
}

async function stored(id: string) {
  const { data, error } = await service
    .from('applications')
    .select('user_id, confirmed_by_applicant_at, disowned_at')
    .eq('id', id)
    .single();
  expect(error).toBeNull();
  return data as { user_id: string | null; confirmed_by_applicant_at: string | null; disowned_at: string | null };
}

async function auditActions(id: string) {
  const { data } = await service.from('audit_log').select('action, actor_id').eq('record_id', id).order('id');
  return data;
}

/** What the applicant can link to the application: a document row and the additional information. */
async function linkAttempts(applicant: Applicant, applicationId: string) {
  const document = await applicant.client.from('documents').insert({
    user_id: applicant.id,
    application_id: applicationId,
    type: 'taxReturns',
    file_name: 'return.pdf',
    file_size: 1000,
    content_type: 'application/pdf',
    storage_path: await storeTestFile(applicant.client, `${applicant.id}/taxReturns/${randomUUID()}.pdf`),
  });
  const info = await applicant.client
    .from('additional_info')
    .insert({ ...completeAdditionalInfoRow(applicationId), user_id: applicant.id });
  return { document: document.error?.code ?? null, info: info.error?.code ?? null };
}

describe("an application made signed out in an account holder's e-mail", () => {
  it('is linked unconfirmed: readable, but no document, information or lender answer goes to it', async () => {
    const holder = await confirmedApplicant('holder');
    const id = await visitorApplication(holder.email);
    expect(await stored(id)).toEqual({ user_id: holder.id, confirmed_by_applicant_at: null, disowned_at: null });

    const read = await holder.client.from('applications').select('id, confirmed_by_applicant_at').eq('id', id);
    expect(read.data).toEqual([{ id, confirmed_by_applicant_at: null }]);
    expect(await linkAttempts(holder, id)).toEqual({ document: '42501', info: '42501' });

    const lender = await service.from('lenders').select('id').limit(1).single();
    const consent = await service
      .from('lender_consents')
      .insert({ application_id: id, lender_id: lender.data!.id })
      .select('id')
      .single();
    expect(consent.error).toBeNull();
    expect((await holder.client.rpc('consent_lenders')).data).toEqual([]);
    const answer = await holder.client.rpc('answer_lender_consent', {
      consent_id: consent.data!.id,
      answer: 'approved',
    });
    expect(answer.error?.code).toBe('P0002');
  });

  it('confirmed by its applicant: documents, information and answers go to it; the audit log says who confirmed', async () => {
    const holder = await confirmedApplicant('confirms');
    const id = await visitorApplication(holder.email);
    expect((await holder.client.rpc('confirm_application_is_mine', { application_id: id })).error).toBeNull();
    const confirmed = await stored(id);
    expect(confirmed.user_id).toBe(holder.id);
    expect(confirmed.confirmed_by_applicant_at).not.toBeNull();
    expect(await linkAttempts(holder, id)).toEqual({ document: null, info: null });
    // Asking again changes nothing; disowning a confirmed application is refused.
    expect((await holder.client.rpc('confirm_application_is_mine', { application_id: id })).error).toBeNull();
    expect((await stored(id)).confirmed_by_applicant_at).toBe(confirmed.confirmed_by_applicant_at);
    expect((await holder.client.rpc('disown_application', { application_id: id })).error?.code).toBe('P0002');
    expect(await auditActions(id)).toContainEqual({
      action: 'application.confirmed_by_applicant',
      actor_id: holder.id,
    });
  });

  it('disowned: it leaves the portal for good, has no account, and the officers can see why', async () => {
    const holder = await confirmedApplicant('disowns');
    const id = await visitorApplication(holder.email);
    expect((await holder.client.rpc('disown_application', { application_id: id })).error).toBeNull();
    const disowned = await stored(id);
    expect(disowned).toMatchObject({ user_id: null, confirmed_by_applicant_at: null });
    expect(disowned.disowned_at).not.toBeNull();
    expect((await holder.client.from('applications').select('id').eq('id', id)).data).toEqual([]);
    expect((await holder.client.rpc('confirm_application_is_mine', { application_id: id })).error?.code).toBe('P0002');
    expect(await auditActions(id)).toContainEqual({
      action: 'application.disowned_by_email_holder',
      actor_id: holder.id,
    });

    // A later change of the account's e-mail (away and back, confirmed) does not link it again.
    const away = uniqueEmail('elsewhere');
    for (const email of [away, holder.email]) {
      const changed = await service.auth.admin.updateUserById(holder.id, { email, email_confirm: true });
      expect(changed.error).toBeNull();
    }
    expect((await stored(id)).user_id).toBeNull();
  });

  it('another applicant can neither confirm nor disown it', async () => {
    const holder = await confirmedApplicant('owner');
    const other = await confirmedApplicant('stranger');
    const id = await visitorApplication(holder.email);
    expect((await other.client.rpc('confirm_application_is_mine', { application_id: id })).error?.code).toBe('P0002');
    expect((await other.client.rpc('disown_application', { application_id: id })).error?.code).toBe('P0002');
    expect(await stored(id)).toEqual({ user_id: holder.id, confirmed_by_applicant_at: null, disowned_at: null });
  });

  it('a visitor cannot write the confirmation or the disowning themselves', async () => {
    const holder = await confirmedApplicant('forged');
    for (const column of ['confirmed_by_applicant_at', 'disowned_at']) {
      const { error } = await anonClient(server)
        .from('applications')
        .insert(qualifiedApplicationRow({ email: holder.email, [column]: '2026-01-01T00:00:00Z' }));
      expect(error?.code).toBe('42501');
    }
  });
});

describe('applications confirmed as they are made', () => {
  it("a signed-in applicant's own is confirmed, even in another's e-mail, and stays out of that one's portal", async () => {
    const applicant = await confirmedApplicant('signed-in');
    const holder = await confirmedApplicant('someone-else');
    for (const email of [applicant.email, holder.email]) {
      const id = randomUUID();
      expect(
        (await applicant.client.from('applications').insert(qualifiedApplicationRow({ id, email }))).error,
      ).toBeNull();
      expect(await stored(id)).toMatchObject({ user_id: applicant.id, disowned_at: null });
      expect((await stored(id)).confirmed_by_applicant_at).not.toBeNull();
      const seenByHolder = await holder.client.from('applications').select('id').eq('id', id);
      expect(seenByHolder.data).toEqual([]);
      expect(await linkAttempts(holder, id)).toEqual({ document: '42501', info: '42501' });
    }
  });

  it('a row the service role writes is confirmed', async () => {
    const inserted = await service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
    expect(inserted.error).toBeNull();
    expect((await stored(String(inserted.data!.id))).confirmed_by_applicant_at).not.toBeNull();
  });
});
