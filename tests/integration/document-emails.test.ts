import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/app.ts';
import { notifyApplicantOfEvents } from '../../supabase/functions/_shared/applicant-events.ts';
import { formatLongDate } from '../../shared/format/dates.ts';
import {
  sendDocumentReminders,
  sendDocumentUpdateEmails,
  type DocumentEmailPolicy,
} from '../../supabase/functions/_shared/document-emails.ts';
import type { MailMessage, SendMail } from '../../supabase/functions/_shared/mail.ts';
import { sendOfficerUploadEmails } from '../../supabase/functions/_shared/officer-document-emails.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { collectingMail } from '../support/collecting-mail.ts';
import { fileDocument, storeTestFile, type Filing } from '../support/filed-documents.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { clientWithKey, removeDataDir, temporaryDataDir, testDatabaseUrl } from '../support/server-process.ts';

/**
 * What the applicant is e-mailed about their documents with nobody writing an e-mail by hand: the officers'
 * reviews, a batch at a time, and reminders of what is outstanding, each at most once even when two servers run
 * on one database. The rules are tried by calling the server's work directly on a server whose own timer waits an
 * hour, with the e-mails collected; one test lets a server's timer do it.
 */

let backend: TestBackend;
let applicant: TestUser;
let officer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend({ REVIEW_EMAIL_BATCH_SECONDS: '3600' });
  applicant = await backend.createUser({ email: uniqueEmail('applicant') });
  officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
});

afterAll(async () => {
  await backend?.close();
});

const policy: DocumentEmailPolicy = { reviewBatchSeconds: 120, reminderDays: 3, reminderLimit: 3 };

/** The server's work with its e-mails collected (or failing, when `sendMail` says so). */
const collecting = (sendMail?: SendMail) => collectingMail(backend.service, sendMail);

/** An application of the applicant's, with its own e-mail address so that each test reads only its e-mails. */
async function applicationFor(email: string, daysAgo = 0): Promise<string> {
  const { data, error } = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: applicant.id, email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const id = String(data.id);
  if (daysAgo > 0) await backdate(id, daysAgo);
  return id;
}

/** Everything that happened on an application's documents (and the application itself) `days` earlier. */
async function backdate(applicationId: string, days: number): Promise<void> {
  for (const table of ['applications', 'documents', 'document_requests', 'document_reviews']) {
    const key = table === 'applications' ? 'id' : 'application_id';
    await backend.db.query(
      `update public.${table} set created_at = created_at - make_interval(days => $2) where ${key} = $1`,
      [applicationId, days],
    );
  }
  await backend.db.query(
    `update public.document_reminders set sent_at = sent_at - make_interval(days => $2) where application_id = $1`,
    [applicationId, days],
  );
}

async function upload(applicationId: string, type: string): Promise<string> {
  const { id, result } = await fileDocument(backend.client(applicant), applicant, applicationId, type);
  if (result.error) throw new Error(result.error.message);
  return id;
}

/** An officer's review of the document as they see it now (its latest review, if any). */
async function review(documentId: string, outcome: 'accepted' | 'needs_replacement', reason: string | null = null) {
  const { data: seen } = await backend.service
    .from('document_reviews')
    .select('id')
    .eq('document_id', documentId)
    .order('created_at', { ascending: false })
    .limit(1);
  const { error } = await backend
    .client(officer)
    .rpc('review_document', { document_id: documentId, outcome, reason, seen_review_id: seen?.[0]?.id ?? null });
  if (error) throw new Error(error.message);
}

const to = (sent: MailMessage[], email: string) => sent.filter((message) => message.to === email);

describe('the review e-mail', () => {
  it('waits while the officer reviews, then tells every review of the batch in one e-mail, once', async () => {
    const email = uniqueEmail('reviewed');
    const id = await applicationFor(email);
    const taxes = await upload(id, 'taxReturns');
    const bank = await upload(id, 'bankStatements');
    await review(taxes, 'accepted');
    await review(bank, 'needs_replacement', 'These statements stop in March; please send April to June.');

    const { sent, environment } = collecting();
    await sendDocumentUpdateEmails(environment, policy);
    expect(to(sent, email)).toEqual([]);

    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    const [mail, ...more] = to(sent, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Loan Match: Your loan officer reviewed your documents');
    expect(mail?.text).toContain('Your loan officer reviewed 2 documents of');
    // Each file with the item it is filed under.
    expect(mail?.text).toMatch(/• Tax Returns \(taxReturns-\w{6}\.pdf\): accepted\./);
    expect(mail?.text).toMatch(
      /• Bank Statements \(bankStatements-\w{6}\.pdf\): needs replacement\. Your loan officer's note: These statements stop in March; please send April to June\./,
    );

    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    expect(to(sent, email)).toHaveLength(1);
  });

  it('tells a document reviewed twice in the batch once, as its latest review has it', async () => {
    const email = uniqueEmail('second-thoughts');
    const id = await applicationFor(email);
    const taxes = await upload(id, 'taxReturns');
    const license = await upload(id, 'businessLicense');
    await review(taxes, 'needs_replacement', 'This is the 2021 return.');
    await review(license, 'accepted');
    await review(taxes, 'accepted');
    const { sent, environment } = collecting();
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    const [mail] = to(sent, email);
    expect(mail?.text).toContain('Your loan officer reviewed 2 documents of');
    expect(mail?.text.split('\n').filter((line) => line.startsWith('• '))).toEqual([
      expect.stringMatching(/^• Business License \(businessLicense-\w{6}\.pdf\): accepted\.$/),
      expect.stringMatching(/^• Tax Returns \(taxReturns-\w{6}\.pdf\): accepted\.$/),
    ]);
    expect(mail?.text).not.toContain('Please upload a replacement');
  });

  it('does not ask again for a file the applicant replaced before the e-mail went, whatever its name', async () => {
    const email = uniqueEmail('quick-replacer');
    const id = await applicationFor(email);
    const license = await upload(id, 'businessLicense');
    const bank = await upload(id, 'bankStatements');
    await review(license, 'needs_replacement', 'It expired.');
    await review(bank, 'needs_replacement', 'Page 2 is missing.');
    // Replaced under the same name, before the officer is done.
    const { data: flagged } = await backend.service.from('documents').select('file_name').eq('id', license).single();
    const again = await backend
      .client(applicant)
      .from('documents')
      .insert({
        user_id: applicant.id,
        application_id: id,
        type: 'businessLicense',
        replaces_id: license,
        file_name: flagged!.file_name,
        file_size: 1_000,
        content_type: 'application/pdf',
        storage_path: await storeTestFile(
          backend.client(applicant),
          `${applicant.id}/businessLicense/${randomUUID()}.pdf`,
        ),
      });
    expect(again.error).toBeNull();
    const { sent, environment } = collecting();
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    const [mail] = to(sent, email);
    expect(mail?.text.split('\n').filter((line) => line.startsWith('• '))).toEqual([
      `• Business License (${String(flagged!.file_name)}): needed replacing, and you have uploaded its replacement since.`,
      expect.stringMatching(
        /^• Bank Statements \(bankStatements-\w{6}\.pdf\): needs replacement\. Your loan officer's note: Page 2 is missing\.$/,
      ),
    ]);
    expect(mail?.text).toContain('Please upload a replacement for the document that needs it, in your client portal.');
  });

  it('gives the reviews back when the e-mail fails, so that the next run sends them', async () => {
    const email = uniqueEmail('smtp-down');
    const id = await applicationFor(email);
    await review(await upload(id, 'idDocument'), 'accepted');
    const down = collecting(async () => {
      throw new Error('SMTP relay unreachable');
    });
    await expect(sendDocumentUpdateEmails(down.environment, { ...policy, reviewBatchSeconds: 0 })).rejects.toThrow(
      'SMTP relay unreachable',
    );
    const { sent, environment } = collecting();
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    expect(to(sent, email)).toHaveLength(1);
  });

  it('is sent by the server on its own a little after the last review', async () => {
    const timed = await startTestBackend({ REVIEW_EMAIL_BATCH_SECONDS: '1' });
    try {
      const owner = await timed.createUser({ email: uniqueEmail('timed-applicant') });
      const reviewer = await timed.createUser({ email: uniqueEmail('timed-officer'), appRole: 'admin' });
      const email = uniqueEmail('timed');
      const { data } = await timed.service
        .from('applications')
        .insert(qualifiedApplicationRow({ user_id: owner.id, email }))
        .select('id')
        .single();
      const { id: documentId, result: filed } = await fileDocument(
        timed.client(owner),
        owner,
        String(data?.id),
        'businessLicense',
      );
      expect(filed.error).toBeNull();
      const reviewed = await timed.client(reviewer).rpc('review_document', {
        document_id: documentId,
        outcome: 'accepted',
        reason: null,
        seen_review_id: null,
      });
      expect(reviewed.error).toBeNull();
      await expect
        .poll(async () => (await mailbox(timed.server, email)).map((mail) => mail.subject), { timeout: 20_000 })
        .toEqual(['Loan Match: Your loan officer reviewed your document']);
    } finally {
      await timed.close();
    }
  });
});

describe('the e-mail of the officer’s requests', () => {
  async function ask(applicationId: string, title: string, dueDate?: string): Promise<string> {
    const { data, error } = await backend.client(officer).rpc('request_document', {
      application_id: applicationId,
      title,
      details: `${title}, please`,
      due_date: dueDate,
    });
    if (error) throw new Error(error.message);
    return (data as { id: string }).id;
  }

  async function cancel(requestId: string, reason: string) {
    const { error } = await backend.client(officer).rpc('cancel_document_request', { request_id: requestId, reason });
    if (error) throw new Error(error.message);
  }

  const listed = (mail: MailMessage | undefined) => mail?.text.split('\n').filter((line) => line.startsWith('• '));

  it('goes with the reviews of the same batch, not at once: one e-mail, each request with its due day', async () => {
    const email = uniqueEmail('asked');
    const id = await applicationFor(email);
    const due = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await ask(id, 'Debt schedule', due);
    await ask(id, 'Franchise agreement');
    await review(await upload(id, 'taxReturns'), 'accepted');
    const { sent, environment } = collecting();
    // Not on the officer's own call after the request, nor while the officer is still at work.
    expect(await notifyApplicantOfEvents(environment, id)).toBe(0);
    await sendDocumentUpdateEmails(environment, policy);
    expect(to(sent, email)).toEqual([]);

    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    const [mail, ...more] = to(sent, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Loan Match: Your loan officer has news about your documents');
    expect(mail?.text).toContain('Your loan officer asked for 2 documents for Lopez Family Bakery');
    expect(listed(mail)).toEqual([
      `• Debt schedule, due ${formatLongDate(due, 'UTC')}.`,
      '• Franchise agreement.',
      expect.stringMatching(/^• Tax Returns \(taxReturns-\w{6}\.pdf\): accepted\.$/),
    ]);
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    expect(to(sent, email)).toHaveLength(1);
  });

  it('tells nothing of a request cancelled in the batch that asked for it, and an earlier one’s cancellation with its reason', async () => {
    const email = uniqueEmail('cancelled');
    const id = await applicationFor(email);
    const lease = await ask(id, 'Lease');
    const { sent, environment } = collecting();
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    expect(to(sent, email).map((mail) => mail.subject)).toEqual(['Loan Match: Your loan officer asked for a document']);

    const mistake = await ask(id, 'Franchise agreement');
    await cancel(mistake, 'Asked by mistake.');
    await cancel(lease, 'You own the building.');
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    const [, mail, ...more] = to(sent, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Loan Match: Your loan officer cancelled a document request');
    expect(listed(mail)).toEqual([
      "• Lease: no longer needed, there is nothing to upload for it. Your loan officer's note: You own the building.",
    ]);

    // A batch with nothing left to tell sends nothing, and is not told later either.
    await cancel(await ask(id, 'Insurance'), 'Asked by mistake.');
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    expect(to(sent, email)).toHaveLength(2);
  });

  it('does not ask for a file the applicant uploaded for the request before the e-mail went', async () => {
    const email = uniqueEmail('quick-answer');
    const id = await applicationFor(email);
    const requestId = await ask(id, 'Debt schedule');
    const { result } = await fileDocument(backend.client(applicant), applicant, id, 'requested', { requestId });
    expect(result.error).toBeNull();
    const { sent, environment } = collecting();
    await sendDocumentUpdateEmails(environment, { ...policy, reviewBatchSeconds: 0 });
    expect(listed(to(sent, email)[0])).toEqual(['• Debt schedule: you have uploaded a file for it since.']);
  });
});

describe('the officer’s e-mail of the files that answer them', () => {
  /** The officer's e-mails about one application (the link names it). */
  const aboutApplication = (sent: MailMessage[], applicationId: string) =>
    to(sent, officer.email).filter((message) => message.text.includes(`application=${applicationId}`));

  async function requestDocument(applicationId: string, title: string): Promise<string> {
    const { data, error } = await backend.client(officer).rpc('request_document', {
      application_id: applicationId,
      title,
      details: `${title}, as discussed`,
    });
    if (error) throw new Error(error.message);
    return (data as { id: string }).id;
  }

  async function answer(applicationId: string, type: string, filing: Filing) {
    const { result } = await fileDocument(backend.client(applicant), applicant, applicationId, type, filing);
    if (result.error) throw new Error(result.error.message);
    return result.data;
  }

  it('waits while the applicant uploads, then tells the officer every file that answers them in one e-mail, once', async () => {
    const id = await applicationFor(uniqueEmail('answering'));
    const debts = await requestDocument(id, 'Debt schedule');
    const license = await upload(id, 'businessLicense');
    await review(license, 'needs_replacement', 'It expired in March.');
    // Not an answer: the first upload of a required document.
    await upload(id, 'taxReturns');
    const schedule = await answer(id, 'requested', { requestId: debts });
    const renewed = await answer(id, 'businessLicense', { replaces: license });
    const { data: sentBack } = await backend.service.from('documents').select('file_name').eq('id', license).single();

    const { sent, environment } = collecting();
    await sendOfficerUploadEmails(environment, { reviewBatchSeconds: 120 });
    expect(aboutApplication(sent, id)).toEqual([]);

    expect(await sendOfficerUploadEmails(environment, { reviewBatchSeconds: 0 })).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = aboutApplication(sent, id);
    expect(more).toEqual([]);
    const { data: row } = await backend.service.from('applications').select('business_name').eq('id', id).single();
    expect(mail?.subject).toBe(`${String(row!.business_name)}: the applicant uploaded 2 documents`);
    expect(mail?.text.split('\n').filter((line) => line.startsWith('• '))).toEqual([
      `• Debt schedule (${schedule.file_name}): the document you asked for.`,
      `• Business License (${renewed.file_name}): the replacement of ${sentBack!.file_name}, which you sent back.`,
    ]);
    expect(mail?.text).toContain(`Review them on the application: https://loans.example/admin?application=${id}`);

    await sendOfficerUploadEmails(environment, { reviewBatchSeconds: 0 });
    expect(aboutApplication(sent, id)).toHaveLength(1);

    // A second page for the request, later: a new file to review, told as such.
    const second = await answer(id, 'requested', { requestId: debts });
    await sendOfficerUploadEmails(environment, { reviewBatchSeconds: 0 });
    const [, next] = aboutApplication(sent, id);
    expect(next?.subject).toBe(`${String(row!.business_name)}: the applicant uploaded Debt schedule`);
    expect(next?.text).toContain(`• Debt schedule (${second.file_name}): another file for the document you asked for.`);
  });

  it('lets neither the applicant nor the officer read or mark which files were told', async () => {
    for (const caller of [applicant, officer]) {
      const untold = await backend
        .client(caller)
        .rpc('untold_answer_uploads', { since: new Date(0).toISOString(), at_most: 10 });
      expect(untold.error?.message).toMatch(/permission denied/);
      const notices = await backend.client(caller).from('document_officer_notices').select('document_id');
      expect(notices.error?.message).toMatch(/permission denied/);
    }
  });

  it('gives the files back when the e-mail fails, and tells them on the next run', async () => {
    const id = await applicationFor(uniqueEmail('answer-retried'));
    const lease = await requestDocument(id, 'Signed lease');
    const uploaded = await answer(id, 'requested', { requestId: lease });
    const failing = collecting(async () => {
      throw new Error('The relay is down');
    });
    await expect(sendOfficerUploadEmails(failing.environment, { reviewBatchSeconds: 0 })).rejects.toThrow(
      'The relay is down',
    );
    const { count } = await backend.service
      .from('document_officer_notices')
      .select('document_id', { count: 'exact', head: true })
      .eq('document_id', uploaded.id);
    expect(count).toBe(0);

    const { sent, environment } = collecting();
    await sendOfficerUploadEmails(environment, { reviewBatchSeconds: 0 });
    const [mail] = aboutApplication(sent, id);
    expect(mail?.subject).toMatch(/: the applicant uploaded Signed lease$/);
    expect(mail?.text).toContain(`• Signed lease (${uploaded.file_name}): the document you asked for.`);
    expect(mail?.text).toContain('Review it on the application:');
  });
});

describe('the reminder of outstanding documents', () => {
  it('goes after the days without activity, lists exactly what is outstanding, and is on the timeline', async () => {
    const email = uniqueEmail('reminded');
    const id = await applicationFor(email);
    for (const type of ['taxReturns', 'financialStatements', 'businessLicense', 'leaseAgreement']) {
      await review(await upload(id, type), 'accepted');
    }
    await review(await upload(id, 'bankStatements'), 'needs_replacement', 'Page 2 is missing.');
    const { sent, environment } = collecting();

    await backdate(id, 2);
    await sendDocumentReminders(environment, policy);
    expect(to(sent, email)).toEqual([]);

    await backdate(id, 1);
    await sendDocumentReminders(environment, policy);
    const [mail, ...more] = to(sent, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Loan Match: A reminder: documents are still needed');
    const listed = mail?.text.split('\n').filter((line) => line.startsWith('• '));
    expect(listed).toEqual([
      "• Bank Statements: needs replacement. Your loan officer's note: Page 2 is missing.",
      '• ID Document: missing.',
    ]);

    const { data: timeline } = await backend
      .client(officer)
      .from('application_events')
      .select('kind')
      .eq('application_id', id)
      .eq('kind', 'document_reminder_sent');
    expect(timeline).toHaveLength(1);
    const { data: reminders } = await backend
      .client(officer)
      .from('document_reminders')
      .select('number')
      .eq('application_id', id);
    expect(reminders).toEqual([{ number: 1 }]);
  });

  it('goes at most every N days and at most K times', async () => {
    const email = uniqueEmail('at-most');
    const id = await applicationFor(email, 4);
    const { sent, environment } = collecting();
    await sendDocumentReminders(environment, { ...policy, reminderLimit: 2 });
    await sendDocumentReminders(environment, { ...policy, reminderLimit: 2 });
    expect(to(sent, email)).toHaveLength(1);
    await backdate(id, 2);
    await sendDocumentReminders(environment, { ...policy, reminderLimit: 2 });
    expect(to(sent, email)).toHaveLength(1);
    await backdate(id, 1);
    await sendDocumentReminders(environment, { ...policy, reminderLimit: 2 });
    expect(to(sent, email)).toHaveLength(2);
    await backdate(id, 30);
    await sendDocumentReminders(environment, { ...policy, reminderLimit: 2 });
    expect(to(sent, email)).toHaveLength(2);
    // Turned off: no reminder at all.
    const off = uniqueEmail('turned-off');
    await applicationFor(off, 10);
    await sendDocumentReminders(environment, { ...policy, reminderLimit: 0 });
    expect(to(sent, off)).toEqual([]);
  });

  it('never goes after a decision, nor while the application waits on the officer, nor after a recent upload', async () => {
    const decided = uniqueEmail('decided');
    const decidedId = await applicationFor(decided);
    const decision = await backend
      .client(officer)
      .rpc('decide_application', { application_id: decidedId, decision: 'approved', reason: 'Strong cash flow.' });
    expect(decision.error).toBeNull();
    await backdate(decidedId, 10);

    const waiting = uniqueEmail('all-uploaded');
    const waitingId = await applicationFor(waiting);
    for (const type of ['taxReturns', 'financialStatements', 'bankStatements', 'businessLicense', 'leaseAgreement'])
      await upload(waitingId, type);
    await upload(waitingId, 'idDocument');
    await backdate(waitingId, 10);

    const recent = uniqueEmail('uploaded-yesterday');
    const recentId = await applicationFor(recent, 10);
    await upload(recentId, 'taxReturns');
    await backdate(recentId, 1);

    const { sent, environment } = collecting();
    await sendDocumentReminders(environment, policy);
    expect([...to(sent, decided), ...to(sent, waiting), ...to(sent, recent)]).toEqual([]);
  });

  it('gives the reminder back when its e-mail fails, so that the next run sends it', async () => {
    const email = uniqueEmail('reminder-smtp-down');
    const id = await applicationFor(email, 4);
    const down = collecting(async () => {
      throw new Error('SMTP relay unreachable');
    });
    await expect(sendDocumentReminders(down.environment, policy)).rejects.toThrow('SMTP relay unreachable');
    const { rows } = await backend.db.query(
      `select (select count(*) from public.document_reminders where application_id = $1)::int as reminders,
              (select count(*) from public.application_events
                where application_id = $1 and kind = 'document_reminder_sent')::int as events`,
      [id],
    );
    expect(rows).toEqual([{ reminders: 0, events: 0 }]);
    const { sent, environment } = collecting();
    await sendDocumentReminders(environment, policy);
    expect(to(sent, email)).toHaveLength(1);
  });

  it('goes once when two servers on one database find it due at the same time', async () => {
    const email = uniqueEmail('two-servers');
    await applicationFor(email, 4);
    // On Postgres, a second server on the same database; PGlite is one process's own, so there the two runs
    // share the one server (the claim is the database's either way).
    let second: RunningServer | undefined;
    const secondDir = temporaryDataDir('loan-match-second-server-');
    const databaseUrl = await testDatabaseUrl(backend.dataDir);
    if (databaseUrl) {
      second = await startServer(
        loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: secondDir,
          DATABASE_URL: databaseUrl,
          REVIEW_EMAIL_BATCH_SECONDS: '3600',
        }),
      );
    }
    try {
      const first = collecting();
      const other = collecting();
      if (second) other.environment.service = clientWithKey(second.url, second.keys.serviceRoleKey);
      await Promise.all([
        sendDocumentReminders(first.environment, policy),
        sendDocumentReminders(other.environment, policy),
      ]);
      expect([...to(first.sent, email), ...to(other.sent, email)]).toHaveLength(1);
    } finally {
      await second?.close();
      await removeDataDir(secondDir).catch(() => undefined);
    }
  });
});

describe('who may send reminders', () => {
  it('refuses the applicant and the officer the claim and the release, and the applicant the reminders', async () => {
    for (const caller of [applicant, officer]) {
      const claim = await backend.client(caller).rpc('claim_due_document_reminders', { every_days: 1, at_most: 3 });
      expect(claim.error?.message).toMatch(/permission denied/);
      const release = await backend.client(caller).rpc('release_document_reminder', { reminder_id: randomUUID() });
      expect(release.error?.message).toMatch(/permission denied/);
    }
    const email = uniqueEmail('not-for-applicant');
    const id = await applicationFor(email, 4);
    await sendDocumentReminders(collecting().environment, policy);
    const mine = await backend.client(applicant).from('document_reminders').select('id').eq('application_id', id);
    expect(mine.data).toEqual([]);
    const timeline = await backend
      .client(applicant)
      .from('application_events')
      .select('kind')
      .eq('application_id', id)
      .eq('kind', 'document_reminder_sent');
    expect(timeline.data).toHaveLength(1);
  });

  it('refuses a claim without sensible numbers', async () => {
    const claim = await backend.service.rpc('claim_due_document_reminders', { every_days: 0, at_most: 3 });
    expect(claim.error?.message).toBe(
      'Reminders need a number of days (1 or more) and a number of reminders (1 or more)',
    );
  });
});
