import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../shared/brand/brand.ts';
import { LENDER_VIEW_MESSAGES, type LenderPackageView } from '../../shared/matching/lender-answers.ts';
import { applicationEventText, type ApplicationEvent } from '../../shared/status/timeline.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { collectingMail } from '../support/collecting-mail.ts';
import {
  createSendBankPackageHandler,
  SEND_PACKAGE_ERRORS,
} from '../../supabase/functions/send-bank-package/handler.ts';

/**
 * A package from consent to a lender's answer (20261124100000_lender_answers.sql and the send-bank-package and
 * lender-package functions): the lender's link opens only its package, without an account, until it expires or
 * is revoked; answers are the lender's alone; every step is one timeline event the applicant reads.
 */
let backend: TestBackend;
let officer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ appRole: 'admin' });
});
afterAll(() => backend?.close());

type Flow = {
  applicant: TestUser;
  applicationId: string;
  packageId: string;
  lender: { id: string; name: string; contact_email: string };
};

/** A file the applicant uploads for the application (through their own client), maybe replacing one or asked for. */
async function upload(
  applicant: TestUser,
  applicationId: string,
  type: string,
  fileName: string,
  filing: { replaces_id?: string; request_id?: string } = {},
) {
  const path = `${applicant.id}/${type}/${randomUUID()}.pdf`;
  const bytes = Buffer.from(pdfBytes(fileName));
  const uploaded = await backend
    .client(applicant)
    .storage.from('documents')
    .upload(path, bytes, { contentType: 'application/pdf' });
  expect(uploaded.error).toBeNull();
  const filed = await backend
    .client(applicant)
    .from('documents')
    .insert({
      user_id: applicant.id,
      application_id: applicationId,
      type,
      file_name: fileName,
      file_size: bytes.length,
      content_type: 'application/pdf',
      storage_path: path,
      ...filing,
    })
    .select('id')
    .single();
  if (filed.error) throw new Error(filed.error.message);
  return { id: String(filed.data.id), bytes };
}

/** An officer reviews a document (review_document, as the admin screens do). */
async function review(documentId: string, outcome: 'accepted' | 'needs_replacement') {
  const reviewed = await backend.client(officer).rpc('review_document', {
    document_id: documentId,
    outcome,
    reason: outcome === 'needs_replacement' ? 'Please send a complete copy.' : null,
  });
  if (reviewed.error) throw new Error(reviewed.error.message);
}

/**
 * An approved application of a signed-up applicant, with a tax return uploaded and accepted by an officer, and a
 * generated package.
 */
async function approvedWithPackage(
  returnFileName = 'return-2025.pdf',
): Promise<Omit<Flow, 'lender'> & { bytes: Buffer; returnId: string }> {
  const applicant = await backend.createUser({ email: uniqueEmail('borrower') });
  const inserted = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email }))
    .select('id')
    .single();
  if (inserted.error) throw new Error(inserted.error.message);
  const applicationId = String(inserted.data.id);
  const decided = await backend
    .client(officer)
    .rpc('decide_application', { application_id: applicationId, decision: 'approved' });
  expect(decided.error).toBeNull();
  const taxReturn = await upload(applicant, applicationId, 'taxReturns', returnFileName);
  await review(taxReturn.id, 'accepted');
  const generated = await backend
    .client(officer)
    .from('bank_packages')
    .insert({
      application_id: applicationId,
      summary: 'EXECUTIVE SUMMARY\nLopez Family Bakery',
      generated_by: officer.id,
    })
    .select('id')
    .single();
  if (generated.error) throw new Error(generated.error.message);
  return {
    applicant,
    applicationId,
    packageId: String(generated.data.id),
    bytes: taxReturn.bytes,
    returnId: taxReturn.id,
  };
}

async function latestReviewId(documentId: string) {
  const { data, error } = await backend.service
    .from('document_reviews')
    .select('id')
    .eq('document_id', documentId)
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  return String(data.id);
}

async function sampleLender(name: string) {
  const { data, error } = await backend
    .client(officer)
    .from('lenders')
    .select('id, name, contact_email')
    .eq('name', name)
    .single();
  if (error) throw new Error(error.message);
  return data as Flow['lender'];
}

/** The officer asks, the applicant approves (through their own client, as the portal does). */
async function consented(applicationId: string, applicant: TestUser, lenderId: string) {
  const asked = await backend
    .client(officer)
    .from('lender_consents')
    .insert({ application_id: applicationId, lender_id: lenderId, requested_by: officer.id })
    .select('id')
    .single();
  if (asked.error) throw new Error(asked.error.message);
  const answered = await backend
    .client(applicant)
    .rpc('answer_lender_consent', { consent_id: asked.data.id, answer: 'approved' });
  if (answered.error) throw new Error(answered.error.message);
  return String(asked.data.id);
}

async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  const response = (error as { context: Response }).context;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function sendTo(flow: Omit<Flow, 'lender'>, lender: Flow['lender']) {
  const sent = await invoke(backend.client(officer), 'send-bank-package', {
    packageId: flow.packageId,
    lenderId: lender.id,
  });
  expect(sent).toMatchObject({ status: 200, body: { success: true } });
  const [mail] = (await mailbox(backend.server, lender.contact_email)).filter((item) =>
    item.subject.includes(flow.packageId.slice(0, 8)),
  );
  const token = /\/lender#([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  if (!token) throw new Error('no link in the lender e-mail');
  return token;
}

/** A lender asks for a link to one document, as the lender's page does at each download. */
async function documentLink(token: string, documentId: unknown) {
  return invoke(backend.anon, 'lender-package', { token, action: 'document', documentId });
}

async function timeline(client: SupabaseClient, applicationId: string) {
  const { data, error } = await client
    .from('application_events')
    .select('*')
    .eq('application_id', applicationId)
    .order('id');
  if (error) throw new Error(error.message);
  return (data as ApplicationEvent[]).map((event) => ({ text: applicationEventText(event), reason: event.reason }));
}

describe('a package from consent to the lender’s answer', () => {
  it('gives the lender each document under the type it was stored as, whatever the applicant named it', async () => {
    // A PDF named to run on the lender's machine when opened ('.hta' runs under Windows' mshta).
    const flow = await approvedWithPackage('Tax returns 2025.hta');
    const lender = await sampleLender('Great Plains SBA Lending (sample)');
    await consented(flow.applicationId, flow.applicant, lender.id);
    const token = await sendTo(flow, lender);
    const link = await documentLink(token, flow.returnId);
    expect(link.status).toBe(200);
    const file = await fetch(String(link.body.url));
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Tax%20returns%202025.hta.pdf");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(flow.bytes);
  });

  it('goes to a consented lender, opens without an account with its documents, and records the answer everywhere', async () => {
    const flow = await approvedWithPackage();
    const lender = await sampleLender('Great Plains SBA Lending (sample)');
    await consented(flow.applicationId, flow.applicant, lender.id);
    const token = await sendTo(flow, lender);

    const stored = await backend.service
      .from('bank_packages')
      .select('status, lender_id, bank_name, sent_by, sent_at, answer_due_at, link_token_hash, link_expires_at')
      .eq('id', flow.packageId)
      .single();
    expect(stored.data).toMatchObject({
      status: 'sent',
      lender_id: lender.id,
      bank_name: lender.name,
      sent_by: officer.id,
    });
    // Great Plains answers in 10 days; the link lasts 30.
    const sentAt = Date.parse(stored.data!.sent_at);
    expect(Date.parse(stored.data!.answer_due_at) - sentAt).toBe(10 * 86_400_000);
    expect(Date.parse(stored.data!.link_expires_at) - sentAt).toBe(30 * 86_400_000);
    // Only the digest is stored, never the token.
    expect(stored.data!.link_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.data)).not.toContain(token);

    const viewed = await invoke(backend.anon, 'lender-package', { token, action: 'view' });
    expect(viewed.status).toBe(200);
    const view = viewed.body as unknown as LenderPackageView;
    expect(view.package).toMatchObject({ lenderName: lender.name, summary: 'EXECUTIVE SUMMARY\nLopez Family Bakery' });
    expect(view.documents).toEqual([
      { id: flow.returnId, type: 'taxReturns', label: 'Tax Returns', fileName: 'return-2025.pdf' },
    ]);
    const link = await documentLink(token, flow.returnId);
    expect(link).toMatchObject({ status: 200, body: { success: true, url: expect.any(String) } });
    const file = await fetch(String(link.body.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''return-2025.pdf");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(flow.bytes);

    const answered = await invoke(backend.anon, 'lender-package', {
      token,
      action: 'answer',
      answer: 'interested',
      note: 'We can offer a 7(a) term sheet.',
    });
    expect(answered).toEqual({ status: 200, body: { success: true, status: 'interested' } });

    const expected = [
      { text: 'Application submitted', reason: null },
      { text: 'Approved', reason: null },
      { text: 'Document accepted: return-2025.pdf', reason: null },
      { text: `Consent requested to share the package with a lender: ${lender.name}`, reason: null },
      { text: `Lender approved by the applicant: ${lender.name}`, reason: null },
      { text: `Loan package sent to a lender: ${lender.name}`, reason: null },
      { text: `The lender is interested: ${lender.name}`, reason: 'We can offer a 7(a) term sheet.' },
    ];
    expect(await timeline(backend.client(flow.applicant), flow.applicationId)).toEqual(expected);
    expect(await timeline(backend.client(officer), flow.applicationId)).toEqual(expected);

    const officerMail = await mailbox(backend.server, officer.email);
    expect(officerMail[0]!.subject).toContain(`${lender.name}: Interested (package ${flow.packageId.slice(0, 8)}`);
    expect(officerMail[0]!.text).toContain('Their note: We can offer a 7(a) term sheet.');
    const applicantSubjects = (await mailbox(backend.server, flow.applicant.email)).map((mail) => mail.subject);
    expect(applicantSubjects).toEqual(
      expect.arrayContaining([
        `${brand.productName}: Your loan package was sent to a lender`,
        `${brand.productName}: Good news, a lender is interested`,
      ]),
    );

    const audit = await backend.service
      .from('audit_log')
      .select('actor_id, action, application_id')
      .eq('record_id', flow.packageId)
      .in('action', ['bank_package.sent_to_lender', 'bank_package.interested']);
    // Both belong to the application, so its detail lists them.
    expect(audit.data).toEqual(
      expect.arrayContaining([
        { actor_id: officer.id, action: 'bank_package.sent_to_lender', application_id: flow.applicationId },
        { actor_id: null, action: 'bank_package.interested', application_id: flow.applicationId },
      ]),
    );
  });
});

describe('the documents a lender sees', () => {
  it('are the current ones an officer accepted: the others are neither listed nor handed out, checked at each download', async () => {
    const flow = await approvedWithPackage();
    const { applicant, applicationId } = flow;
    const awaiting = await upload(applicant, applicationId, 'bankStatements', 'statement-march.pdf');
    const flagged = await upload(applicant, applicationId, 'financialStatements', 'p-and-l-draft.pdf');
    await review(flagged.id, 'needs_replacement');
    const firstLicense = await upload(applicant, applicationId, 'businessLicense', 'license-old.pdf');
    await review(firstLicense.id, 'needs_replacement');
    const license = await upload(applicant, applicationId, 'businessLicense', 'license-2026.pdf', {
      replaces_id: firstLicense.id,
    });
    await review(license.id, 'accepted');
    // A requested document, accepted, is listed under its request's title.
    const asked = await backend.client(officer).rpc('request_document', {
      application_id: applicationId,
      title: 'Debt schedule',
      details: 'Every business debt.',
    });
    if (asked.error) throw new Error(asked.error.message);
    const schedule = await upload(applicant, applicationId, 'requested', 'debts.pdf', {
      request_id: String((asked.data as { id: string }).id),
    });
    await review(schedule.id, 'accepted');
    // Another application's accepted document, which this link must not hand out.
    const other = await approvedWithPackage();

    const lender = await sampleLender('Great Plains SBA Lending (sample)');
    await consented(applicationId, applicant, lender.id);
    const token = await sendTo(flow, lender);
    const view = (await invoke(backend.anon, 'lender-package', { token, action: 'view' }))
      .body as unknown as LenderPackageView;
    expect(view.documents.map((document) => [document.label, document.fileName])).toEqual([
      ['Tax Returns', 'return-2025.pdf'],
      ['Business License', 'license-2026.pdf'],
      ['Debt schedule', 'debts.pdf'],
    ]);
    expect(JSON.stringify(view)).not.toContain('storage_path');

    for (const id of [license.id, schedule.id]) {
      const link = await documentLink(token, id);
      expect(link.status).toBe(200);
      expect((await fetch(String(link.body.url))).status).toBe(200);
    }
    const refused = { status: 404, body: { success: false, error: LENDER_VIEW_MESSAGES.documentUnavailable } };
    for (const id of [awaiting.id, flagged.id, firstLicense.id, other.returnId, randomUUID(), 42]) {
      expect(await documentLink(token, id)).toEqual(refused);
    }

    // An acceptance withdrawn after the lender opened the page: the document is refused from then on.
    const withdrawn = await backend.client(officer).rpc('review_document', {
      document_id: flow.returnId,
      outcome: 'needs_replacement',
      reason: 'Page 2 is missing.',
      seen_review_id: await latestReviewId(flow.returnId),
    });
    expect(withdrawn.error).toBeNull();
    expect(await documentLink(token, flow.returnId)).toEqual(refused);
    const again = (await invoke(backend.anon, 'lender-package', { token, action: 'view' }))
      .body as unknown as LenderPackageView;
    expect(again.documents.map((document) => document.fileName)).toEqual(['license-2026.pdf', 'debts.pdf']);
    // A link no longer works once the token is wrong, whatever the document.
    expect((await documentLink(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, license.id)).status).toBe(
      404,
    );
  });
});

describe('the lender link', () => {
  it('stops working once expired, and once the applicant withdraws their approval', async () => {
    const flow = await approvedWithPackage();
    const lender = await sampleLender('Sierra Community Bank (sample)');
    const consentId = await consented(flow.applicationId, flow.applicant, lender.id);
    const token = await sendTo(flow, lender);
    expect((await invoke(backend.anon, 'lender-package', { token, action: 'view' })).status).toBe(200);

    await backend.db.query(
      `update public.bank_packages set link_expires_at = now() - interval '1 second' where id = $1`,
      [flow.packageId],
    );
    const expired = { status: 404, body: { success: false, error: LENDER_VIEW_MESSAGES.linkInvalid } };
    expect(await invoke(backend.anon, 'lender-package', { token, action: 'view' })).toEqual(expired);
    expect(await invoke(backend.anon, 'lender-package', { token, action: 'answer', answer: 'interested' })).toEqual(
      expired,
    );

    await backend.db.query(`update public.bank_packages set link_expires_at = now() + interval '1 day' where id = $1`, [
      flow.packageId,
    ]);
    expect((await invoke(backend.anon, 'lender-package', { token, action: 'view' })).status).toBe(200);
    const withdrawn = await backend
      .client(flow.applicant)
      .rpc('answer_lender_consent', { consent_id: consentId, answer: 'withdrawn' });
    expect(withdrawn.error).toBeNull();
    expect(await invoke(backend.anon, 'lender-package', { token, action: 'view' })).toEqual(expired);
  });

  it('is not sent when the applicant withdraws their approval while its e-mail goes: the officer is told, and the package can go to another lender', async () => {
    const flow = await approvedWithPackage();
    const withdrawnLender = await sampleLender('Founders First Fund (sample)');
    const otherLender = await sampleLender('Main Street Micro Loans (sample)');
    const consentId = await consented(flow.applicationId, flow.applicant, withdrawnLender.id);
    await consented(flow.applicationId, flow.applicant, otherLender.id);
    // The send-bank-package function, whose e-mail leaves while the applicant withdraws in the portal.
    const { sent, environment } = collectingMail(backend.service, async (message) => {
      sent.push(message);
      const withdrawn = await backend
        .client(flow.applicant)
        .rpc('answer_lender_consent', { consent_id: consentId, answer: 'withdrawn' });
      expect(withdrawn.error).toBeNull();
      return { id: '1' };
    });
    const send = createSendBankPackageHandler(environment);
    const answer = await send(
      new Request('http://127.0.0.1/functions/v1/send-bank-package', {
        method: 'POST',
        headers: { authorization: `Bearer ${officer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ packageId: flow.packageId, lenderId: withdrawnLender.id }),
      }),
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ success: false, error: SEND_PACKAGE_ERRORS.consentWithdrawn });
    // The e-mail went, but its link opens nothing.
    expect(sent.map((message) => message.to)).toEqual([withdrawnLender.contact_email]);
    const token = /\/lender#([A-Za-z0-9_-]+)/.exec(sent[0]!.text)?.[1];
    expect((await invoke(backend.anon, 'lender-package', { token, action: 'view' })).status).toBe(404);
    const { data: row } = await backend.service
      .from('bank_packages')
      .select('status, lender_id, link_token_hash, link_revoked_at')
      .eq('id', flow.packageId)
      .single();
    expect(row).toEqual({ status: 'generated', lender_id: null, link_token_hash: null, link_revoked_at: null });
    // Sent to another lender the applicant approved, its link opens.
    const otherToken = await sendTo(flow, otherLender);
    expect((await invoke(backend.anon, 'lender-package', { token: otherToken, action: 'view' })).status).toBe(200);
  });

  it('stops working once the lender is deleted from the network; the package keeps its name', async () => {
    const flow = await approvedWithPackage();
    const created = await backend
      .client(officer)
      .from('lenders')
      .insert({
        name: `Short-lived Capital ${randomUUID()}`,
        contact_name: 'Robin Vale',
        contact_email: uniqueEmail('short-lived-lender'),
        programs: ['sba_7a'],
        min_loan: 25_000,
        max_loan: 5_000_000,
      })
      .select('id, name, contact_email')
      .single();
    if (created.error) throw new Error(created.error.message);
    const lender = created.data as Flow['lender'];
    await consented(flow.applicationId, flow.applicant, lender.id);
    const token = await sendTo(flow, lender);
    expect((await invoke(backend.anon, 'lender-package', { token, action: 'view' })).status).toBe(200);

    const deleted = await backend.client(officer).from('lenders').delete().eq('id', lender.id);
    expect(deleted.error).toBeNull();
    const closed = { status: 404, body: { success: false, error: LENDER_VIEW_MESSAGES.linkInvalid } };
    expect(await invoke(backend.anon, 'lender-package', { token, action: 'view' })).toEqual(closed);
    expect(await invoke(backend.anon, 'lender-package', { token, action: 'answer', answer: 'interested' })).toEqual(
      closed,
    );
    const kept = await backend
      .client(officer)
      .from('bank_packages')
      .select('bank_name, lender_id, status')
      .eq('id', flow.packageId)
      .single();
    expect(kept.data).toEqual({ bank_name: lender.name, lender_id: null, status: 'sent' });
    // The consent request went with the lender; each of its audit entries still names the lender.
    const audit = await backend
      .client(officer)
      .from('audit_log')
      .select('action, lender_name')
      .eq('application_id', flow.applicationId)
      .eq('table_name', 'lender_consents')
      .order('id');
    expect(audit.data).toEqual([
      { action: 'lender_consent.created', lender_name: lender.name },
      { action: 'lender_consent.approved', lender_name: lender.name },
      { action: 'lender_consent.deleted', lender_name: lender.name },
    ]);
    // The package's entries name the lender it was for at the time: none when it was made, then the lender.
    const packageAudit = await backend
      .client(officer)
      .from('audit_log')
      .select('action, lender_name')
      .eq('record_id', flow.packageId)
      .order('id');
    expect(packageAudit.data).toEqual([
      { action: 'bank_package.created', lender_name: null },
      // Send to Bank claims the package for the lender before its e-mail goes (send-bank-package), then sends it.
      { action: 'bank_package.updated', lender_name: lender.name },
      { action: 'bank_package.sent', lender_name: lender.name },
      { action: 'bank_package.sent_to_lender', lender_name: lender.name },
      { action: 'bank_package.updated', lender_name: lender.name },
      { action: 'bank_package.updated', lender_name: lender.name },
    ]);
  });

  it('reads only its own package: another package’s link opens that one, a guessed one opens none', async () => {
    const first = await approvedWithPackage();
    const second = await approvedWithPackage();
    const lender = await sampleLender('Great Plains SBA Lending (sample)');
    await consented(first.applicationId, first.applicant, lender.id);
    await consented(second.applicationId, second.applicant, lender.id);
    const firstToken = await sendTo(first, lender);
    const secondToken = await sendTo(second, lender);
    const firstView = (await invoke(backend.anon, 'lender-package', { token: firstToken, action: 'view' })).body;
    const secondView = (await invoke(backend.anon, 'lender-package', { token: secondToken, action: 'view' })).body;
    expect((firstView as unknown as LenderPackageView).package.number).toBe(first.packageId.slice(0, 8));
    expect((secondView as unknown as LenderPackageView).package.number).toBe(second.packageId.slice(0, 8));
    const guessed = `${firstToken.slice(0, -1)}${firstToken.endsWith('A') ? 'B' : 'A'}`;
    expect((await invoke(backend.anon, 'lender-package', { token: guessed, action: 'view' })).status).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets no API role call the link functions directly: only the lender-package function does', async () => {
    for (const client of [backend.anon, backend.client(officer)]) {
      const read = await client.rpc('lender_package', { token: 'x'.repeat(43) });
      expect(read.error?.code).toBe('42501');
      const answer = await client.rpc('answer_lender_package', { token: 'x'.repeat(43), answer: 'interested' });
      expect(answer.error?.code).toBe('42501');
    }
  });

  it('refuses an officer who writes a lender’s answer or a link themselves', async () => {
    const flow = await approvedWithPackage();
    const lender = await sampleLender('Great Plains SBA Lending (sample)');
    await consented(flow.applicationId, flow.applicant, lender.id);
    await sendTo(flow, lender);
    const officers = backend.client(officer);
    const answered = await officers.from('bank_packages').update({ status: 'interested' }).eq('id', flow.packageId);
    expect(answered.error?.message).toBe('Only the lender answers a package, through its link');
    const link = await officers
      .from('bank_packages')
      .update({ link_expires_at: '2099-01-01T00:00:00Z' })
      .eq('id', flow.packageId);
    expect(link.error?.code).toBe('42501');
  });

  it('lets only an admin revoke a link, once', async () => {
    const flow = await approvedWithPackage();
    const lender = await sampleLender('Great Plains SBA Lending (sample)');
    await consented(flow.applicationId, flow.applicant, lender.id);
    const token = await sendTo(flow, lender);
    const byApplicant = await backend.client(flow.applicant).rpc('revoke_lender_link', { package_id: flow.packageId });
    expect(byApplicant.error?.message).toBe('Only admins can revoke a lender link');
    expect((await invoke(backend.anon, 'lender-package', { token, action: 'view' })).status).toBe(200);
    const revoked = await backend.client(officer).rpc('revoke_lender_link', { package_id: flow.packageId });
    expect(revoked.error).toBeNull();
    expect((await invoke(backend.anon, 'lender-package', { token, action: 'view' })).status).toBe(404);
    const again = await backend.client(officer).rpc('revoke_lender_link', { package_id: flow.packageId });
    expect(again.error?.message).toBe('This package has no active lender link');
  });
});
