import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../shared/brand/brand.ts';
import { evaluatePreQualification } from '../../shared/evaluation/evaluate.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

const server = serverForThisFile({ env: { AUTOCONFIRM: 'true' } });
let adminClient: SupabaseClient;
const applicantEmail = uniqueEmail('client');
const password = 'correct horse battery';

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = anonClient(server);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(error.message);
  return client;
}

async function errorBody(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const adminEmail = uniqueEmail('officer');
  const created = await serviceClient(server).auth.admin.createUser({
    email: adminEmail,
    password,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (created.error) throw new Error(created.error.message);
  adminClient = await signedIn(adminEmail);
  const signUp = await anonClient(server).auth.signUp({
    email: applicantEmail,
    password,
    options: { data: { role: 'applicant' } },
  });
  if (signUp.error) throw new Error(signUp.error.message);
});

describe('send-emails', () => {
  const recipient = uniqueEmail('owner');
  const payload = {
    applicantEmail: recipient.toUpperCase(),
    businessName: 'Harbor Cafe',
    firstName: 'Jordan',
    lastName: 'Reyes',
    evaluation: evaluatePreQualification(sampleForm),
    formData: { ...sampleForm, email: recipient, businessName: 'Harbor Cafe' },
  };

  it('sends the applicant confirmation and the team notification', async () => {
    const { data, error } = await anonClient(server).functions.invoke('send-emails', { body: payload });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true });
    const toApplicant = await mailbox(server, recipient);
    expect(toApplicant).toHaveLength(1);
    expect(toApplicant[0]!.subject).toContain('Harbor Cafe');
    expect(toApplicant[0]!.text).toContain('Hi Jordan,');
    const toTeam = (await mailbox(server, brand.loansEmail)).filter((message) => message.text.includes(recipient));
    expect(toTeam).toHaveLength(1);
    expect(toTeam[0]!.subject).toBe('New pre-qualification: Harbor Cafe (qualified)');
    expect(toTeam[0]!.text).toContain('Business Name: Harbor Cafe');
  });

  it('answers the spec message when required data is missing, and sends nothing', async () => {
    const before = (await mailbox(server)).length;
    const { data, error } = await anonClient(server).functions.invoke('send-emails', {
      body: { ...payload, businessName: ' ' },
    });
    expect(data).toBeNull();
    expect(await errorBody(error)).toEqual({
      status: 400,
      body: { success: false, error: 'Missing required data for email notifications' },
    });
    expect((await mailbox(server)).length).toBe(before);
  });

  it('limits how many e-mails one recipient can be sent', async () => {
    const target = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const { error } = await anonClient(server).functions.invoke('send-emails', {
        body: { ...payload, applicantEmail: target },
      });
      statuses.push(error ? (await errorBody(error)).status : 200);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailbox(server, target)).toHaveLength(5);
  });
});

describe('admin functions', () => {
  // Who may call them: admin-functions-security.test.ts.
  it('lists clients with their real e-mail, confirmation and last sign-in', async () => {
    const { data, error } = await adminClient.functions.invoke('admin-clients', { body: {} });
    expect(error).toBeNull();
    const client = (data.clients as Record<string, unknown>[]).find((row) => row.email === applicantEmail);
    expect(client).toMatchObject({ profile: { role: 'applicant' } });
    expect(client?.email_confirmed_at).toEqual(expect.any(String));
    expect(client?.last_sign_in_at).toEqual(expect.any(String));
    expect(
      (data.clients as Record<string, unknown>[]).every(
        (row) => (row.profile as { role: string }).role === 'applicant',
      ),
    ).toBe(true);

    const searched = await adminClient.functions.invoke('admin-clients', { body: { search: 'no-such-client' } });
    expect(searched.data).toEqual({ clients: [] });
  });

  it('sends a client the password-reset e-mail and records it', async () => {
    const { data: list } = await adminClient.functions.invoke('admin-clients', { body: { search: applicantEmail } });
    const userId = (list.clients as { id: string }[])[0]!.id;

    const { data, error } = await adminClient.functions.invoke('admin-reset-password', { body: { userId } });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, email: applicantEmail });
    const reset = (await mailbox(server, applicantEmail)).find((message) => /reset/i.test(message.subject));
    expect(reset?.text).toContain('/auth/v1/verify?');
    expect(reset?.text).toContain(encodeURIComponent('/portal/reset-password'));

    const audit = await serviceClient(server).from('audit_log').select('action, record_id').eq('record_id', userId);
    expect(audit.data).toEqual([{ action: 'client.password_reset_sent', record_id: userId }]);
  });
});
