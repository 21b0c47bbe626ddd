import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { pdfBytes } from '../support/sample-files.ts';
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

  it('refuses a decision on an application that changed meanwhile, an unknown decision and an unknown id', async () => {
    const id = await pendingApplication();
    const officers = backend.client(officer);
    expect((await officers.rpc('decide_application', { application_id: id, decision: 'rejected' })).error).toBeNull();
    // A second officer who still saw it pending: a conflict, and the first decision stands.
    const late = await officers.rpc('decide_application', { application_id: id, decision: 'approved' });
    expect(late.error?.code).toBe('40001');
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
    expect(mails[0]!.text).toContain("Our loan officer's note: Fits the SBA 7(a).");
    expect(mails[0]!.text).toMatch(/\/portal/);
  });

  it('answers 400 without an application id and 404 for an unknown one', async () => {
    const officers = backend.client(officer);
    const bad = await officers.functions.invoke('notify-applicant', { body: { applicationId: 'x' } });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);
    const unknown = await officers.functions.invoke('notify-applicant', { body: { applicationId: randomUUID() } });
    expect((unknown.error as { context?: Response }).context?.status).toBe(404);
  });
});

describe('send-bank-package', () => {
  it('e-mails the bank the summary with expiring links to the documents, marks the package sent, and refuses a second send', async () => {
    const applicant = await backend.createUser({ email: uniqueEmail('borrower') });
    const id = await pendingApplication(applicant.email);
    await backend.service.from('applications').update({ status: 'approved' }).eq('id', id);
    const path = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
    const bytes = Buffer.from(pdfBytes('tax return 2025'));
    expect(
      (await backend.service.storage.from('documents').upload(path, bytes, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    await backend.service.from('documents').insert({
      user_id: applicant.id,
      uploaded_by: applicant.id,
      application_id: id,
      type: 'taxReturns',
      file_name: 'return-2025.pdf',
      file_size: bytes.length,
      content_type: 'application/pdf',
      storage_path: path,
    });
    const officers = backend.client(officer);
    const generated = await officers
      .from('bank_packages')
      .insert({ application_id: id, summary: 'EXECUTIVE SUMMARY\nLopez Family Bakery', generated_by: officer.id })
      .select('id')
      .single();
    expect(generated.error).toBeNull();
    const packageId = String(generated.data!.id);

    const invalid = await officers.functions.invoke('send-bank-package', {
      body: { packageId, bankName: 'X', bankEmail: 'nope' },
    });
    expect((invalid.error as { context?: Response }).context?.status).toBe(400);

    const bankEmail = uniqueEmail('bank');
    const sent = await officers.functions.invoke('send-bank-package', {
      body: { packageId, bankName: 'First Sierra Bank', bankEmail },
    });
    expect(sent.data).toMatchObject({ success: true });
    const stored = await backend.service
      .from('bank_packages')
      .select('status, bank_name, bank_email, sent_at')
      .eq('id', packageId)
      .single();
    expect(stored.data).toMatchObject({ status: 'sent', bank_name: 'First Sierra Bank', bank_email: bankEmail });
    expect(stored.data?.sent_at).not.toBeNull();

    const [mail] = await mailbox(backend.server, bankEmail);
    expect(mail!.subject).toContain(packageId.slice(0, 8));
    expect(mail!.text).toContain('EXECUTIVE SUMMARY');
    expect(mail!.text).toContain('Tax Returns: return-2025.pdf');
    const link = /https?:\/\/\S+\/storage\/v1\/object\/sign\/documents\/\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const file = await fetch(link!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);

    const again = await officers.functions.invoke('send-bank-package', {
      body: { packageId, bankName: 'Second Bank', bankEmail: uniqueEmail('other-bank') },
    });
    expect((again.error as { context?: Response }).context?.status).toBe(409);
    const audit = await backend.service
      .from('audit_log')
      .select('actor_id')
      .eq('record_id', packageId)
      .eq('action', 'bank_package.sent_to_bank');
    expect(audit.data).toEqual([{ actor_id: officer.id }]);
  });
});
