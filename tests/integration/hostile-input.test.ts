import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileInputs } from '../../shared/testing/hostile-input.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { sendEmailsPayload, submitApplicationFor } from '../support/function-behaviour.ts';
import { shownName } from '../../supabase/functions/send-emails/templates.ts';
import { storeTestFile } from '../support/filed-documents.ts';

/**
 * Hostile input stored and e-mailed: every payload typed into the fields people fill in is
 * stored exactly as typed (no truncation, no "cleaning"), and every e-mail that repeats it carries it as escaped
 * text in its HTML part. How the screens show the same values: tests/e2e/hostile-input.spec.ts; PDFs:
 * shared/pdf/documents.test.ts.
 */
let backend: TestBackend;
let officer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ appRole: 'admin' });
});
afterAll(() => backend?.close());

/** No element or attribute of the payload survives in an HTML body: tags and quotes are escaped. */
function expectEscaped(html: string, value: string) {
  expect(html).not.toContain('<img');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('onerror="');
  if (/[<>&"]/.test(value)) expect(html).not.toContain(value);
}

/** The business name and phone of the profile of the account with this e-mail (none: no account). */
async function profileOf(email: string) {
  const { rows } = await backend.db.query(
    `select p.business_name, p.phone from public.profiles p join auth.users u on u.id = p.user_id where u.email = $1`,
    [email],
  );
  return rows;
}

describe.each(hostileInputs)('$name', ({ value }) => {
  it('is stored exactly as typed in an application, a letter, a term sheet, a note, a lender and a document name', async () => {
    const email = uniqueEmail('hostile');
    const typed = {
      first_name: value,
      last_name: value,
      business_name: value,
      business_address: value,
      city: value,
      industry: value,
      title: value,
    };
    const submitted = await backend.anon.from('applications').insert(qualifiedApplicationRow({ email, ...typed }));
    expect(submitted.error).toBeNull();
    const application = await backend.service.from('applications').select('*').eq('email', email).single();
    expect(application.data).toMatchObject(typed);
    const applicationId = String(application.data!.id);
    await backend.service.from('applications').update({ status: 'approved' }).eq('id', applicationId);

    const officers = backend.client(officer);
    const letter = {
      application_id: applicationId,
      first_name: value,
      last_name: value,
      business_name: value,
      address: value,
      city: value,
      state: 'NV',
      zip_code: '89501',
      loan_amount: 250_000,
      loan_purpose: value,
      rate: value,
      term_years: 10,
      estimated_payment: 2_868,
    };
    const storedLetter = await officers.from('pre_application_letters').insert(letter).select('*').single();
    expect(storedLetter.error).toBeNull();
    expect(storedLetter.data).toMatchObject({ ...letter, estimated_payment: expect.anything() });

    const sheet = {
      application_id: applicationId,
      bank_name: value,
      loan_amount: 240_000,
      interest_rate: 7.25,
      term_months: 120,
      monthly_payment: 2_817,
      collateral: value,
      conditions: [value, value],
    };
    const storedSheet = await officers.from('term_sheets').insert(sheet).select('*').single();
    expect(storedSheet.error).toBeNull();
    expect(storedSheet.data).toMatchObject({ bank_name: value, collateral: value, conditions: [value, value] });

    // A loan officer's note: kept as typed up to its 5,000 characters; a longer one is refused, never cut.
    const note = await officers
      .from('application_notes')
      .insert({ application_id: applicationId, body: value })
      .select('body')
      .single();
    if (value.trim().length <= 5_000) {
      expect(note.error).toBeNull();
      expect(note.data).toEqual({ body: value });
    } else {
      expect(note.error?.message).toContain('application_notes_body_is_short');
      const notes = await backend.service.from('application_notes').select('id').eq('application_id', applicationId);
      expect(notes.data).toEqual([]);
    }

    const lender = {
      name: value,
      contact_name: value,
      contact_email: `${randomUUID().slice(0, 8)}@lender.example`,
      programs: ['sba_7a'],
      min_loan: 0,
      max_loan: 1_000_000,
      industries_served: [value],
      industries_excluded: [value],
      active: false,
    };
    const storedLender = await officers.from('lenders').insert(lender).select('*').single();
    expect(storedLender.error).toBeNull();
    expect(storedLender.data).toMatchObject(lender);
    await officers.from('lenders').delete().eq('id', storedLender.data!.id);

    // A file name: up to the 255 characters a file system allows, kept as typed; longer ones are refused clearly.
    const applicant = await backend.createUser();
    const path = await storeTestFile(backend.client(applicant), `${applicant.id}/taxReturns/${randomUUID()}.pdf`);
    const document = {
      user_id: applicant.id,
      type: 'taxReturns',
      file_name: value,
      file_size: 10,
      content_type: 'application/pdf',
      storage_path: path,
    };
    const filed = await backend.client(applicant).from('documents').insert(document).select('file_name').single();
    if (value.length <= 255) {
      expect(filed.error).toBeNull();
      expect(filed.data).toEqual({ file_name: value });
    } else {
      expect(filed.error?.message).toContain('documents_file_name_is_given');
    }
  });

  it('is kept in full in the profile a sign-up creates', async () => {
    const email = uniqueEmail('hostile-signup');
    const signedUp = await backend.anon.auth.signUp({
      email,
      password: 'a-good-password',
      options: { data: { role: 'applicant', business_name: value, phone: value } },
    });
    expect(signedUp.error).toBeNull();
    expect(await profileOf(email)).toEqual([{ business_name: value, phone: value }]);
  });

  it('reaches e-mails as escaped text: the pre-qualification e-mails and a decision with its reason', async () => {
    const recipient = uniqueEmail('hostile-mail');
    await submitApplicationFor(backend.server, recipient, { businessName: value, firstName: value });
    const payload = sendEmailsPayload(recipient);
    const sent = await backend.anon.functions.invoke('send-emails', {
      body: {
        ...payload,
        businessName: value,
        firstName: value,
        formData: { ...(payload.formData as object), businessName: value, firstName: value },
      },
    });
    expect(sent.error).toBeNull();
    const [confirmation] = await mailbox(backend.server, recipient);
    // On one line and cut at NAME_SHOWN_MAX characters (the 10,000-character value), else whole.
    expect(confirmation!.text).toContain(shownName(value));
    expectEscaped(confirmation!.html, shownName(value));

    const inserted = await backend.service
      .from('applications')
      .insert(qualifiedApplicationRow({ email: recipient, business_name: value, first_name: value }))
      .select('id')
      .single();
    const decided = await backend
      .client(officer)
      .rpc('decide_application', { application_id: inserted.data!.id, decision: 'rejected', reason: value });
    if (value.length > 2000) {
      // A reason is at most 2,000 characters (the dialog's limit): a longer one is refused, never cut.
      expect(decided.error?.message).toContain('applications_decision_reason_is_short');
      return;
    }
    expect(decided.error).toBeNull();
    const notified = await backend.client(officer).functions.invoke('notify-applicant', {
      body: { applicationId: inserted.data!.id },
    });
    expect(notified.error).toBeNull();
    const decision = (await mailbox(backend.server, recipient)).find((mail) => mail.text.includes('loan officer'))!;
    expect(decision.text).toContain(`Your loan officer's note: ${value}`);
    expectEscaped(decision.html, value);
  });
});

it('refuses, in words and creating nothing, a sign-up whose business name is longer than a profile keeps', async () => {
  const email = uniqueEmail('hostile-signup');
  const signedUp = await backend.anon.auth.signUp({
    email,
    password: 'a-good-password',
    options: { data: { role: 'applicant', business_name: 'W'.repeat(10_001) } },
  });
  expect(signedUp.error).toMatchObject({
    status: 422,
    message: 'The business name can be at most 10,000 characters.',
  });
  const { rows } = await backend.db.query('select id from auth.users where email = $1', [email]);
  expect(rows).toEqual([]);
});
