import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

let backend: TestBackend;
let officer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
});

afterAll(async () => {
  await backend?.close();
});

async function pendingApplication(email = uniqueEmail('applicant')): Promise<string> {
  const { data, error } = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return String(data.id);
}

describe('decide_application', () => {
  it('approves a pending application with the officer’s reason: stamped, audited, on the timeline', async () => {
    const id = await pendingApplication();
    const { data, error } = await backend
      .client(officer)
      .rpc('decide_application', { application_id: id, decision: 'approved', reason: '  Strong cash flow.  ' });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ id, status: 'approved', decision_reason: 'Strong cash flow.', decided_by: officer.id }),
    ]);
    const audit = await backend.service.from('audit_log').select('actor_id, action').eq('record_id', id);
    expect(audit.data).toEqual([{ actor_id: officer.id, action: 'application.approved' }]);
    const events = await backend.service
      .from('application_events')
      .select('kind, reason, actor_id')
      .eq('application_id', id)
      .order('id');
    expect(events.data).toEqual([
      { kind: 'submitted', reason: null, actor_id: null },
      { kind: 'approved', reason: 'Strong cash flow.', actor_id: officer.id },
    ]);
  });

  it('takes a reason of only spaces and line breaks as no reason, and keeps the line breaks inside one', async () => {
    const blank = await pendingApplication();
    const officers = backend.client(officer);
    const decided = await officers.rpc('decide_application', {
      application_id: blank,
      decision: 'approved',
      reason: '   \n \t \r\n  ',
    });
    expect(decided.error).toBeNull();
    expect(decided.data).toEqual([expect.objectContaining({ decision_reason: null })]);
    const events = await backend.service
      .from('application_events')
      .select('reason')
      .eq('application_id', blank)
      .eq('kind', 'approved');
    expect(events.data).toEqual([{ reason: null }]);

    const twoLines = await pendingApplication();
    const kept = await officers.rpc('decide_application', {
      application_id: twoLines,
      decision: 'rejected',
      reason: '\n  Revenue too low.\nApply again next year.  \n',
    });
    expect(kept.data).toEqual([
      expect.objectContaining({ decision_reason: 'Revenue too low.\nApply again next year.' }),
    ]);
  });

  it('refuses a decision on an application that changed meanwhile, an unknown decision and an unknown id', async () => {
    const id = await pendingApplication();
    const officers = backend.client(officer);
    expect((await officers.rpc('decide_application', { application_id: id, decision: 'rejected' })).error).toBeNull();
    // A second officer who still saw it pending: a conflict, and the first decision stands.
    const late = await officers.rpc('decide_application', { application_id: id, decision: 'approved' });
    // A deliberate check, answered 409 Conflict (not a server failure).
    expect(late.status).toBe(409);
    expect(late.error?.code).toBe('PT409');
    expect(late.error?.message).toBe('This application is no longer pending: it was changed meanwhile');
    const stored = await backend.service.from('applications').select('status').eq('id', id).single();
    expect(stored.data?.status).toBe('rejected');

    const other = await pendingApplication();
    const odd = await officers.rpc('decide_application', { application_id: other, decision: 'archived' });
    expect(odd.error?.code).toBe('22023');
    const missing = await officers.rpc('decide_application', { application_id: randomUUID(), decision: 'approved' });
    expect(missing.error?.code).toBe('P0002');
  });
});

describe('notify-applicant', () => {
  it('e-mails the applicant each decision once, with the officer’s reason and the portal link', async () => {
    const email = uniqueEmail('notified');
    const id = await pendingApplication(email);
    const officers = backend.client(officer);
    await officers.rpc('decide_application', {
      application_id: id,
      decision: 'approved',
      reason: 'Fits the SBA 7(a).',
    });

    const first = await officers.functions.invoke('notify-applicant', { body: { applicationId: id } });
    expect(first.data).toEqual({ success: true, sent: 1 });
    const again = await officers.functions.invoke('notify-applicant', { body: { applicationId: id } });
    expect(again.data).toEqual({ success: true, sent: 0 });

    const mails = await mailbox(backend.server, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('your application has been approved');
    expect(mails[0]!.text).toContain("Your loan officer's note: Fits the SBA 7(a).");
    expect(mails[0]!.text).toMatch(/\/portal/);
  });

  it('asks an applicant to create an account only when the application is in none', async () => {
    const applicant = await backend.createUser({ email: uniqueEmail('has-account') });
    const linked = await backend.service
      .from('applications')
      .insert({ ...qualifiedApplicationRow({ email: applicant.email }), user_id: applicant.id })
      .select('id')
      .single();
    const unlinkedEmail = uniqueEmail('no-account');
    const unlinked = await pendingApplication(unlinkedEmail);
    const officers = backend.client(officer);
    for (const id of [String(linked.data?.id), unlinked]) {
      await officers.rpc('decide_application', { application_id: id, decision: 'approved' });
      await officers.functions.invoke('notify-applicant', { body: { applicationId: id } });
    }
    const [withAccount] = await mailbox(backend.server, applicant.email);
    expect(withAccount?.text).toMatch(/You can follow every step in your client portal: http\S+\/portal/);
    const [withoutAccount] = await mailbox(backend.server, unlinkedEmail);
    expect(withoutAccount?.text).toContain('(if you have no account yet, create it there with this e-mail address)');
  });

  it('answers 400 without an application id and 404 for an unknown one', async () => {
    const officers = backend.client(officer);
    const bad = await officers.functions.invoke('notify-applicant', { body: { applicationId: 'x' } });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);
    const unknown = await officers.functions.invoke('notify-applicant', { body: { applicationId: randomUUID() } });
    expect((unknown.error as { context?: Response }).context?.status).toBe(404);
  });
});
