import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { documentId, officerApi } from './pages/officer-api.ts';
import { createAccount, plantSession, type PortalAccount } from './pages/portal-session.ts';

/** A file the applicant uploaded for the application (stored, and its row filed with it), maybe replacing one. */
async function uploaded(
  database: SupabaseClient,
  owner: PortalAccount,
  applicationId: string,
  type: string,
  replaces: string | null = null,
  requestId: string | null = null,
) {
  const fileName = `${type}-${crypto.randomUUID().slice(0, 6)}.pdf`;
  const storagePath = `${owner.id}/${type}/${crypto.randomUUID()}.pdf`;
  const bytes = pdfBytes();
  const stored = await database.storage
    .from('documents')
    .upload(storagePath, Buffer.from(bytes), { contentType: 'application/pdf' });
  if (stored.error) throw new Error(stored.error.message);
  const { error } = await database.from('documents').insert({
    user_id: owner.id,
    application_id: applicationId,
    type,
    file_name: fileName,
    file_size: bytes.length,
    content_type: 'application/pdf',
    storage_path: storagePath,
    replaces_id: replaces,
    request_id: requestId,
  });
  if (error) throw new Error(error.message);
  return fileName;
}

/** An officer, and an applicant's application with a tax return and a business license uploaded, unreviewed. */
async function withTwoDocuments(database: SupabaseClient, baseURL: string) {
  const officer = await createAccount(database, baseURL, { admin: true });
  const applicant = await createAccount(database, baseURL);
  const { data, error } = await database
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email }))
    .select('id, business_name')
    .single();
  if (error) throw new Error(error.message);
  const applicationId = String(data.id);
  return {
    officer,
    applicant,
    applicationId,
    businessName: String(data.business_name),
    returns: await uploaded(database, applicant, applicationId, 'taxReturns'),
    license: await uploaded(database, applicant, applicationId, 'businessLicense'),
  };
}

test('an officer opens a file of the checklist on a signed link; when the link cannot be signed, the detail says so', async ({
  page,
  baseURL,
  database,
}) => {
  const { officer, businessName, returns } = await withTwoDocuments(database, baseURL!);
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await admin.openDashboard();
  await admin.searchFor(businessName);
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  const open = admin.detail().getByRole('button', { name: `Open ${returns}` });

  const popup = page.waitForEvent('popup');
  await open.click();
  const tab = await popup;
  await tab.waitForURL(/\/storage\/v1\/object\/sign\/documents\/.+\?token=/);
  expect(Buffer.from(await (await page.request.get(tab.url())).body())).toEqual(Buffer.from(pdfBytes()));
  await tab.close();

  const signing = '**/storage/v1/object/sign/**';
  await page.route(signing, (route) => route.abort('internetdisconnected'));
  await open.click();
  await expect(admin.detail().getByRole('alert')).toHaveText('The document could not be opened. Please try again.');
  await expect.poll(() => page.context().pages().length).toBe(1);
});

test('an officer reviews documents, sends one back with a reason, asks for another and marks one not needed; the list says where the documents stand', async ({
  page,
  baseURL,
  database,
}) => {
  const { officer, applicant, businessName, returns, license } = await withTwoDocuments(database, baseURL!);

  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await admin.openDashboard();
  await admin.searchFor(businessName);
  await expect(admin.row(businessName)).toContainText('Waiting on applicant');
  await expect(admin.row(businessName)).toContainText('0 of 6 accepted, 2 awaiting review, 4 missing');
  // Files waiting for the officer, while documents are missing too: found under 'Files to review'.
  const documentsFilter = page.getByRole('combobox', { name: 'Documents' });
  await documentsFilter.selectOption({ label: 'Ready for review' });
  await expect(admin.list('Pending Applications')).toHaveAttribute('aria-busy', 'false');
  await expect(admin.row(businessName)).toHaveCount(0);
  await documentsFilter.selectOption({ label: 'Files to review' });
  await expect(admin.row(businessName)).toHaveCount(1);
  await documentsFilter.selectOption({ label: 'All documents' });
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  const documents = admin.detail().getByRole('region', { name: 'Documents' });
  const item = (title: string) => documents.getByRole('listitem', { name: title });
  await expect(documents.getByTestId('checklist-reminder')).toHaveText('No reminder e-mailed yet.');

  // A file's buttons name the file and its item (the same file name may be under two items).
  await expect(
    item('Tax Returns').getByRole('button', { name: `Open ${returns} (Tax Returns)`, exact: true }),
  ).toBeVisible();
  await item('Tax Returns')
    .getByRole('button', { name: `Accept ${returns} (Tax Returns)`, exact: true })
    .click();
  await expect(item('Tax Returns')).toContainText('Accepted');
  await expect(item('Tax Returns').getByRole('list', { name: `Reviews of ${returns}` })).toContainText('Accepted on');

  await item('Business License')
    .getByRole('button', { name: `Needs Replacement ${license} (Business License)`, exact: true })
    .click();
  const sendBack = page.getByRole('dialog', { name: `Needs replacement: ${license}` });
  await sendBack.getByRole('button', { name: 'Send Back' }).click();
  await expect(sendBack).toContainText('Say what needs to change: the applicant reads the reason');
  // The keyboard is put in the field the message is about: what is typed next goes there.
  await expect(sendBack.getByLabel(/What needs to change/)).toBeFocused();
  await page.keyboard.type('This license expired in 2024: please send the current one.');
  await sendBack.getByRole('button', { name: 'Send Back' }).click();
  await expect(sendBack).toBeHidden();
  await expect(item('Business License')).toContainText('Needs replacement on');
  await expect(item('Business License')).toContainText('This license expired in 2024: please send the current one.');

  await documents.getByRole('button', { name: 'Request a Document' }).click();
  const request = page.getByRole('dialog', { name: `Request a document from ${businessName}` });
  await request.getByLabel('Title').fill('Debt schedule');
  await request.getByLabel(/What exactly is needed/).fill('Every business debt with its lender, balance and payment.');
  await request.getByLabel('Due date').fill('2020-01-01');
  await request.getByRole('button', { name: 'Send Request' }).click();
  await expect(request).toContainText('The due date is in the past');
  await request.getByLabel('Due date').fill('');
  // Enter in a field sends it, as the button does.
  await request.getByLabel('Title').press('Enter');
  await expect(request).toBeHidden();
  await expect(item('Debt schedule')).toContainText('Missing');
  await expect(item('Debt schedule')).toContainText('Every business debt with its lender, balance and payment.');
  // Asked again (a colleague did not see it) while it waits for the file: refused in words, the dialog kept.
  await documents.getByRole('button', { name: 'Request a Document' }).click();
  await request.getByLabel('Title').fill('debt schedule');
  await request.getByLabel(/What exactly is needed/).fill('Every debt.');
  await request.getByRole('button', { name: 'Send Request' }).click();
  await expect(request).toContainText('A request titled “debt schedule” already waits for the applicant’s file');
  await request.getByRole('button', { name: 'Cancel' }).click();
  await expect(request).toBeHidden();
  // Opening the cancellation and thinking better of it keeps the request ('Keep Request', not a second 'Cancel').
  await item('Debt schedule').getByRole('button', { name: 'Cancel Request (Debt schedule)' }).click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel the request: Debt schedule' });
  await cancelling.getByRole('button', { name: 'Keep Request' }).click();
  await expect(cancelling).toBeHidden();
  await expect(item('Debt schedule')).toContainText('Missing');

  // From the keyboard: the focus stays on the button pressed, which now offers the way back.
  await item('Lease Agreement').getByRole('button', { name: 'Not Needed (Lease Agreement)' }).press('Enter');
  await expect(item('Lease Agreement')).toContainText('Not needed for this application');
  await expect(
    item('Lease Agreement').getByRole('button', { name: 'Needed After All (Lease Agreement)' }),
  ).toBeFocused();

  await expect(documents.getByTestId('checklist-summary')).toHaveText(
    'Waiting on applicant · 1 of 6 accepted, 1 needs replacement, 4 missing',
  );
  // On the timeline and in the audit log.
  await expect(admin.detail()).toContainText(`Document accepted: ${returns}`);
  await expect(admin.detail()).toContainText('Document requested: Debt schedule');
  // The audit log names the file reviewed and what was decided.
  await expect(admin.detail()).toContainText(`Document reviewed (${returns}: accepted)`);
  expect(await seriousAccessibilityViolations(page, ['section[aria-label="Application detail"]'])).toEqual([]);

  // The list: its column, and its filter.
  await page.getByRole('button', { name: 'Close detail' }).click();
  await expect(admin.row(businessName)).toContainText('1 of 6 accepted, 1 needs replacement, 4 missing');
  await page.getByRole('combobox', { name: 'Documents' }).selectOption({ label: 'Complete' });
  await expect(admin.list('Pending Applications')).toHaveAttribute('aria-busy', 'false');
  await expect(admin.row(businessName)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Documents' }).selectOption({ label: 'Waiting on applicant' });
  await expect(admin.row(businessName)).toHaveCount(1);
  // Both reviewed: no file left to review.
  await page.getByRole('combobox', { name: 'Documents' }).selectOption({ label: 'Files to review' });
  await expect(admin.list('Pending Applications')).toHaveAttribute('aria-busy', 'false');
  await expect(admin.row(businessName)).toHaveCount(0);

  // The applicant hears of both reviews and of the request once the officer has been done for a while: in one
  // e-mail, or in two when the officer took longer than the batch's quiet time between the reviews and the request.
  const toldSoFar = async () =>
    (await mailbox({ url: baseURL! }, applicant.email))
      .filter((mail) => /: Your loan officer (reviewed your documents|has news about|asked for)/.test(mail.subject))
      .map((mail) => mail.text)
      .join('\n');
  await expect.poll(toldSoFar, { timeout: 90_000 }).toContain('• Debt schedule.');
  const told = await toldSoFar();
  expect(told.match(/• Tax Returns \(/g)).toHaveLength(1);
  expect(told).toContain(`• Tax Returns (${returns}): accepted.`);
  expect(told).toContain(
    `• Business License (${license}): needs replacement. Your loan officer's note: This license expired in 2024: please send the current one.`,
  );
});

test('the bank package lists every checklist item with its state; Send to Bank names the items not accepted and sends all the same, and warns of nothing once all are accepted', async ({
  page,
  baseURL,
  database,
}) => {
  test.setTimeout(90_000);
  const { officer, applicant, applicationId, returns, license } = await withTwoDocuments(database, baseURL!);
  const call = await officerApi(baseURL!, officer);
  await call('review_document', {
    document_id: await documentId(database, applicationId, returns),
    outcome: 'accepted',
  });
  const licenseId = await documentId(database, applicationId, license);
  await call('review_document', { document_id: licenseId, outcome: 'needs_replacement', reason: 'It expired.' });
  const debt = await call('request_document', {
    application_id: applicationId,
    title: 'Debt schedule',
    details: 'Every business debt with its lender, balance and payment.',
    due_date: null,
  });
  await call('set_document_not_needed', { application_id: applicationId, type: 'leaseAgreement', not_needed: true });
  // Approved, with a lender the applicant approved (through the service role, as the system would).
  const approved = await database.from('applications').update({ status: 'approved' }).eq('id', applicationId);
  expect(approved.error).toBeNull();
  const { data: lender } = await database
    .from('lenders')
    .select('id, name')
    .eq('name', 'Harbor Express Capital (sample)')
    .single();
  const consent = await database
    .from('lender_consents')
    .insert({ application_id: applicationId, lender_id: lender!.id, status: 'approved' });
  expect(consent.error).toBeNull();

  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await page.goto(`/admin?list=approved&application=${applicationId}`);
  const packages = admin.detail().getByRole('region', { name: 'Bank Packages' });
  const packagePdf = async (item: ReturnType<typeof packages.getByRole>) => {
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Download PDF' }).click();
    return pdfText(await readFile((await (await download).path())!));
  };
  const sendDialog = async (item: ReturnType<typeof packages.getByRole>) => {
    await item.getByRole('button', { name: 'Send to Bank' }).click();
    const send = page.getByRole('dialog');
    // The lender list has been read: the dialog shows what it will show.
    await expect(send.getByLabel(/^Lender/)).toHaveValue(lender!.id);
    return send;
  };

  // From the keyboard: the focus stays on the button once the package is made.
  await packages.getByRole('button', { name: 'Generate Bank Package' }).press('Enter');
  const first = packages.getByRole('listitem');
  await expect(first).toHaveCount(1);
  await expect(packages.getByRole('button', { name: 'Generate Bank Package' })).toBeFocused();
  expect(await packagePdf(first)).toContain(
    'Document Checklist Document State Tax Returns Accepted Financial Statements Missing Bank Statements Missing ' +
      'Business License Needs replacement Lease Agreement Not needed for this application ID Document Missing ' +
      'Debt schedule Missing 1 of 6 accepted, 1 needs replacement, 4 missing',
  );
  let send = await sendDialog(first);
  await expect(send.getByRole('status', { name: 'Documents not accepted' })).toHaveText(
    'Not every document is accepted: Financial Statements — Missing; Bank Statements — Missing; ' +
      'Business License — Needs replacement; ID Document — Missing; Debt schedule — Missing. ' +
      'The lender will only see accepted documents.',
  );
  // A warning, not a refusal.
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send).toBeHidden();
  await expect(first).toContainText(`to ${lender!.name}`);

  // The applicant replaces the license, the officer accepts it, cancels the request and marks the rest not needed.
  const replacement = await uploaded(database, applicant, applicationId, 'businessLicense', licenseId);
  await call('review_document', {
    document_id: await documentId(database, applicationId, replacement),
    outcome: 'accepted',
  });
  await call('cancel_document_request', { request_id: debt!.id, reason: 'The tax returns show it.' });
  for (const type of ['financialStatements', 'bankStatements', 'idDocument']) {
    await call('set_document_not_needed', { application_id: applicationId, type, not_needed: true });
  }
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(admin.detail().getByTestId('checklist-summary')).toHaveText('Complete · 2 of 2 accepted');
  await packages.getByRole('button', { name: 'Generate Bank Package' }).click();
  await expect(packages.getByRole('listitem')).toHaveCount(2);
  const second = packages.getByRole('listitem').filter({ hasText: 'generated' });
  const pdf = await packagePdf(second);
  expect(pdf).toContain('Tax Returns Accepted Financial Statements Not needed for this application');
  expect(pdf).toContain('Business License Accepted');
  expect(pdf).toContain('2 of 2 accepted');
  // A cancelled request is no longer part of the application.
  expect(pdf).not.toContain('Debt schedule');
  send = await sendDialog(second);
  await expect(send.getByRole('status', { name: 'Documents not accepted' })).toHaveCount(0);
  await expect(send).not.toContainText('Not every document is accepted');
});

test('a request the applicant answered while the officer’s page showed it missing is not cancelled: the officer is told of the file, which can then be reviewed', async ({
  page,
  baseURL,
  database,
}) => {
  const { officer, applicant, applicationId, businessName } = await withTwoDocuments(database, baseURL!);
  const call = await officerApi(baseURL!, officer);
  const projection = (await call('request_document', {
    application_id: applicationId,
    title: 'Profit projection',
    details: 'Next year, month by month.',
    due_date: null,
  })) as { id: string };
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await admin.openDashboard();
  await admin.searchFor(businessName);
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  const item = admin
    .detail()
    .getByRole('region', { name: 'Documents' })
    .getByRole('listitem', { name: 'Profit projection' });
  await expect(item).toContainText('Missing');
  // Meanwhile the applicant uploads it.
  const fileName = await uploaded(database, applicant, applicationId, 'requested', null, projection.id);
  await item.getByRole('button', { name: 'Cancel Request (Profit projection)' }).click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel the request: Profit projection' });
  await cancelling.getByLabel(/Why it is no longer needed/).fill('The forecast is in the business plan.');
  await cancelling.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(cancelling).toContainText(
    `The applicant uploaded ${fileName} for this request: review it first, then cancel the request if it is still not needed`,
  );
  await cancelling.getByRole('button', { name: 'Keep Request' }).click();
  await expect(item.getByRole('button', { name: `Accept ${fileName}` })).toBeVisible();
});
