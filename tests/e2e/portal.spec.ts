import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createApiKeys, loadJwtSecret } from '../../server/keys.ts';
import { IMPERSONATION_STORAGE_KEYS } from '../../shared/catalogue/accounts.ts';
import { documentTypes } from '../../shared/catalogue/documents.ts';
import { PORTAL_MESSAGES } from '../../shared/messages/portal-admin.ts';
import { completeAdditionalInfoRow } from '../support/application-rows.ts';
import { largePdf, pdfBytes, pngBytes, sampleFileFor } from '../support/sample-files.ts';
import { clientWithKey } from '../support/server-process.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { documentId, officerApi } from './pages/officer-api.ts';
import { applicationFor, createAccount, plantImpersonation, signedInPortal } from './pages/portal-session.ts';
import { PortalPage, requiredInfoAnswers } from './pages/portal-page.ts';
import { holdRequests } from './pages/held-requests.ts';
import { SiteShell } from './pages/site-shell.ts';

/** A signed-in applicant with one pending application, on their portal. */
async function applicantOnPortal(page: Page, baseURL: string, database: SupabaseClient) {
  const account = await createAccount(database, baseURL);
  const application = await applicationFor(database, account);
  const portal = await signedInPortal(page, baseURL, account);
  return { account, application, portal };
}

/** An applicant on their portal, and a second account with an application of its own, not yet signed in. */
async function secondApplicantAfterFirst(page: Page, baseURL: string, database: SupabaseClient) {
  const { application: first, portal } = await applicantOnPortal(page, baseURL, database);
  await expect(portal.application(first.businessName)).toBeVisible();
  const second = await createAccount(database, baseURL);
  const secondApplication = await applicationFor(database, second);
  return { first, portal, second, secondApplication };
}

function file(name: string, bytes: Uint8Array, mimeType = 'application/octet-stream') {
  return { name, mimeType, buffer: Buffer.from(bytes) };
}

/**
 * A large file written to the test's output folder, given to the file input by its path: the browser reads it from
 * the disk, where a file given by its bytes crosses to the browser in the protocol (a 25 MB one took a minute on a
 * busy machine).
 */
async function fileOnDisk(name: string, bytes: Uint8Array): Promise<string> {
  const path = test.info().outputPath(name);
  await writeFile(path, bytes);
  return path;
}

/** The requests that put a document's file in storage (held by the tests of uploads still on their way). */
const storageUploads = '**/storage/v1/object/documents/**';

/** Storage upload requests the page sends (to prove a refused file never left the browser). */
function watchUploads(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/documents/'))
      sent.push(request.url());
  });
  return sent;
}

/**
 * Records, in the page, each use of the browser's locale machinery (Intl's objects, localeCompare, toLocaleString):
 * the first costs a page its ICU data, which the portal's first screen does without (shared/format).
 */
const RECORD_LOCALE_USES = `(() => {
  const uses = (window.__localeUses = []);
  const note = (what) => uses.push(what + ' ' + (new Error().stack ?? '').split('\\n').slice(2, 5).join(' < '));
  for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat',
    'Segmenter', 'DisplayNames']) {
    const Original = Intl[name];
    Intl[name] = new Proxy(Original, {
      construct: (target, args) => (note('Intl.' + name), Reflect.construct(target, args)),
      apply: (target, self, args) => (note('Intl.' + name), Reflect.apply(target, self, args)),
    });
  }
  for (const [proto, name] of [[String.prototype, 'localeCompare'], [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString']]) {
    const original = proto[name];
    proto[name] = function (...args) { note(name); return original.apply(this, args); };
  }
})()`;

test('the portal’s first screen (dates, amounts, documents in order) uses none of the browser’s locale machinery', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const application = await applicationFor(database, account);
  for (const name of ['march.pdf', 'april.pdf']) {
    const row = await database.from('documents').insert({
      user_id: account.id,
      uploaded_by: account.id,
      application_id: application.id,
      type: 'bankStatements',
      file_name: name,
      file_size: 2048,
      content_type: 'application/pdf',
      storage_path: `${account.id}/bankStatements/${crypto.randomUUID()}.pdf`,
    });
    expect(row.error).toBeNull();
  }
  const info = await database
    .from('additional_info')
    .insert({ user_id: account.id, ...completeAdditionalInfoRow(application.id, 'Oven line') });
  expect(info.error).toBeNull();
  await page.addInitScript(RECORD_LOCALE_USES);
  const portal = await signedInPortal(page, baseURL!, account);
  await expect(portal.application(application.businessName)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open april\.pdf/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Additional Information' })).toBeVisible();
  // The page did show dates and amounts meanwhile.
  await expect(page.getByText(/Uploaded · 2 KB · [A-Z][a-z]+ \d{1,2}, \d{4}/).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __localeUses: string[] }).__localeUses)).toEqual([]);
});

test('the portal shows the application made earlier with the same e-mail, its status and its timeline', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const earlier = await applicationFor(database, account);
  const declined = await applicationFor(database, account, {
    status: 'rejected',
    evaluation_result: { qualified: false, reasons: ['Your credit score is below 660.'], suggestedNextSteps: [] },
  });
  const decided = await applicationFor(database, account);
  const decision = await database
    .from('applications')
    .update({ status: 'rejected', decision_reason: 'Monthly revenue does not cover the payment.' })
    .eq('id', decided.id);
  expect(decision.error).toBeNull();

  const portal = await signedInPortal(page, baseURL!, account);
  await expect(portal.heading()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  const pending = portal.application(earlier.businessName);
  await expect(pending.getByText('Status: In review')).toBeVisible();
  // The bracket as the wizard shows it, not its stored code '250000-500000'.
  await expect(pending).toContainText('Loan amount $250,000 - $500,000 · submitted');
  await expect(pending.getByRole('listitem')).toHaveText([/^Application submitted — \w+ \d{1,2}, \d{4}$/]);

  const notQualified = portal.application(declined.businessName);
  await expect(notQualified.getByText('Status: Not qualified')).toBeVisible();
  await expect(notQualified.getByRole('listitem').nth(1)).toContainText('Not qualified at pre-qualification');
  await expect(notQualified.getByText('Reason: Your credit score is below 660.')).toBeVisible();

  const officerDeclined = portal.application(decided.businessName);
  await expect(officerDeclined.getByText('Status: Declined')).toBeVisible();
  await expect(officerDeclined.getByText('Reason: Monthly revenue does not cover the payment.')).toBeVisible();
});

test('an applicant without an application is shown the way to /apply', async ({ page, baseURL, database }) => {
  const account = await createAccount(database, baseURL!);
  await signedInPortal(page, baseURL!, account);
  await expect(page.getByRole('link', { name: 'Start your application' })).toHaveAttribute('href', '/apply');
  await expect(page.getByText('The additional-information form opens once')).toBeVisible();
});

test('documents uploaded before there is an application go to the application once there is one, where the officer sees them', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const portal = await signedInPortal(page, baseURL!, account);
  await portal.upload('Tax Returns', [file('early-return.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'early-return.pdf')).toBeVisible();
  const linkedTo = async () =>
    (await database.from('documents').select('application_id').eq('user_id', account.id)).data;
  expect(await linkedTo()).toEqual([{ application_id: null }]);

  const application = await applicationFor(database, account);
  await page.reload();
  await expect(portal.application(application.businessName)).toBeVisible();
  await expect(portal.storedFile('Tax Returns', 'early-return.pdf')).toBeVisible();
  expect(await linkedTo()).toEqual([{ application_id: application.id }]);
});

test('documents: one file of every accepted type is uploaded with progress, kept after a reload, opened through a signed link, deleted', async ({
  page,
  baseURL,
  database,
}) => {
  const { account, application, portal } = await applicantOnPortal(page, baseURL!, database);
  await expect(page.getByText('up to 25 MB per file')).toBeVisible();
  for (const label of ['Tax Returns', 'Financial Statements', 'Bank Statements'] as const) {
    await expect(portal.documentCard(label).getByText('Missing')).toBeVisible();
  }

  // A large file on a slow uplink (Chromium's network throttling, 2 MB/s) shows its progress as it goes.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  const uplink = (uploadThroughput: number) =>
    network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await uplink(2 * 1024 * 1024);
  await portal.fileInput('Tax Returns').setInputFiles(await fileOnDisk('2025-return.pdf', largePdf(8 * 1024 * 1024)));
  const progress = portal.documentCard('Tax Returns').getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(portal.storedFile('Tax Returns', '2025-return.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  await uplink(-1);

  const uploads = [
    ['Financial Statements', 'profit-and-loss.docx'],
    ['Financial Statements', 'balance-sheet.xlsx'],
    ['Bank Statements', 'statements-2025.xls'],
    ['Business License', 'license.doc'],
    ['Lease Agreement', 'lease-scan.jpg'],
    ['Lease Agreement', 'lease-page-2.jpeg'],
    ['ID Document', 'drivers-license.png'],
  ] as const;
  for (const [label, name] of uploads) {
    const extension = name.slice(name.lastIndexOf('.') + 1) as Parameters<typeof sampleFileFor>[0];
    await portal.upload(label, [file(name, sampleFileFor(extension))]);
    await expect(portal.storedFile(label, name)).toBeVisible();
  }

  await page.reload();
  await portal.page.getByRole('heading', { name: 'Required Documents' }).waitFor();
  for (const [label, name] of [['Tax Returns', '2025-return.pdf'], ...uploads] as const) {
    await expect(portal.storedFile(label, name)).toBeVisible();
  }
  await expect(portal.documentCard('Financial Statements').getByText('2 uploaded')).toBeVisible();

  const { data: rows } = await database
    .from('documents')
    .select('type, file_name, storage_path, application_id')
    .eq('user_id', account.id);
  expect(rows).toHaveLength(8);
  for (const row of rows ?? []) {
    expect(row.application_id).toBe(application.id);
    expect(row.storage_path).toMatch(
      new RegExp(`^${account.id}/${row.type}/[0-9a-f-]{36}\\.(pdf|doc|docx|xls|xlsx|jpg|jpeg|png)$`),
    );
  }

  // Each file's buttons name the file and its item: the same file name may be under two items.
  await expect(
    portal
      .storedFile('ID Document', 'drivers-license.png')
      .getByRole('button', { name: 'Open drivers-license.png (ID Document)', exact: true }),
  ).toBeVisible();
  await expect(
    portal
      .storedFile('Business License', 'license.doc')
      .getByRole('button', { name: 'Delete license.doc (Business License)', exact: true }),
  ).toBeVisible();

  // Open: a new tab on a short-lived signed link that serves the file.
  const popup = page.waitForEvent('popup');
  await portal.storedFile('ID Document', 'drivers-license.png').getByRole('button', { name: /Open/ }).click();
  const tab = await popup;
  await tab.waitForURL(/\/storage\/v1\/object\/sign\/documents\/.+\?token=/);
  const served = await page.request.get(tab.url());
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body())).toEqual(Buffer.from(sampleFileFor('png')));
  await tab.close();
  // A Word or Excel file, which a browser cannot show, downloads under the name it was uploaded with.
  const download = page.waitForEvent('download');
  await portal.storedFile('Financial Statements', 'profit-and-loss.docx').getByRole('button', { name: /Open/ }).click();
  expect((await download).suggestedFilename()).toBe('profit-and-loss.docx');
  expect(page.context().pages()).toHaveLength(1);
  // When its link cannot be signed (offline, signed out), the tab opened for it closes and the row says so; the next
  // Open that works takes the message away.
  const signing = '**/storage/v1/object/sign/**';
  await page.route(signing, (route) => route.abort('internetdisconnected'));
  const idDocument = portal.storedFile('ID Document', 'drivers-license.png');
  await idDocument.getByRole('button', { name: /Open/ }).click();
  await expect(idDocument.getByRole('alert')).toHaveText('The document could not be opened. Please try again.');
  await expect.poll(() => page.context().pages().length).toBe(1);
  await page.unroute(signing);
  const reopened = page.waitForEvent('popup');
  await idDocument.getByRole('button', { name: /Open/ }).click();
  await (await reopened).close();
  await expect(idDocument.getByRole('alert')).toHaveCount(0);

  // Delete asks first; Cancel keeps the file, Delete removes it.
  const license = portal.storedFile('Business License', 'license.doc');
  await license.getByRole('button', { name: /Delete/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(license).toBeVisible();
  await license.getByRole('button', { name: /Delete/ }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(license).toHaveCount(0);
  await expect(portal.documentCard('Business License').getByText('Missing')).toBeVisible();
  const { data: remaining } = await database.from('documents').select('id').eq('user_id', account.id);
  expect(remaining).toHaveLength(7);
  const { data: files } = await database.storage.from('documents').list(`${account.id}/businessLicense`);
  expect(files ?? []).toHaveLength(0);
});

test('leaving the page while a document uploads asks first; staying lets it finish, and then leaving asks nothing', async ({
  page,
  baseURL,
  database,
}) => {
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  // The storage upload is held until the test lets it go.
  const release = await holdRequests(page, storageUploads);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });

  // Chosen through the file dialog, as a person does (browsers may ask before leaving only a page someone used).
  const chooser = page.waitForEvent('filechooser');
  await portal.fileInput('Tax Returns').click();
  await (await chooser).setFiles([file('return-2025.pdf', pdfBytes(), 'application/pdf')]);
  const uploading = portal.documentCard('Tax Returns').getByText('Uploading return-2025.pdf…');
  await expect(uploading).toBeVisible();

  // A reload asks; the person stays (the dialog is dismissed), and the upload goes on. The reload waits for a
  // load, which comes with the next reload.
  const asked = page.waitForEvent('dialog', { timeout: 10_000 });
  const firstReload = page.reload();
  expect((await asked).type()).toBe('beforeunload');
  await expect(uploading).toBeVisible();

  release();
  await expect(portal.storedFile('Tax Returns', 'return-2025.pdf')).toBeVisible();
  await Promise.all([firstReload, page.reload()]);
  await expect(portal.storedFile('Tax Returns', 'return-2025.pdf')).toBeVisible();
  expect(dialogs).toEqual(['beforeunload']);
});

test('an upload that ends after the applicant went to another page of the app is listed when they come back', async ({
  page,
  baseURL,
  database,
}) => {
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  const release = await holdRequests(page, storageUploads);

  await portal.upload('Tax Returns', [file('return-2024.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.documentCard('Tax Returns').getByText('Uploading return-2024.pdf…')).toBeVisible();
  // A link inside the app keeps the page, and the upload goes on while the home page shows.
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await page.waitForURL(`${baseURL}/`);
  // The portal's data is read again once the file is filed, although the portal is no longer on screen.
  const readAgain = page.waitForResponse(
    (response) => response.request().method() === 'GET' && response.url().includes('/rest/v1/documents'),
  );
  release();
  await readAgain;
  await page.goBack();
  await expect(portal.storedFile('Tax Returns', 'return-2024.pdf')).toBeVisible();
});

test('a wrong type, an oversize file and an overlong name are refused before any byte is sent, and again by the server', async ({
  page,
  baseURL,
  database,
}) => {
  const { account, portal } = await applicantOnPortal(page, baseURL!, database);
  const sent = watchUploads(page);

  await portal.upload('Bank Statements', [file('notes.txt', new TextEncoder().encode('hello'), 'text/plain')]);
  await expect(portal.uploadErrors('Bank Statements')).toContainText(
    '"notes.txt" is not an accepted file type. Please upload a PDF, Word, Excel, JPG or PNG file.',
  );
  await portal.fileInput('Bank Statements').setInputFiles(await fileOnDisk('huge.pdf', largePdf(25 * 1024 * 1024 + 1)));
  await expect(portal.uploadErrors('Bank Statements').nth(1)).toContainText(
    '"huge.pdf" is larger than the 25 MB limit per file.',
  );
  // A name longer than a documents row keeps is refused in words, never cut.
  await portal.upload('Bank Statements', [file(`${'W'.repeat(252)}.pdf`, pdfBytes(), 'application/pdf')]);
  await expect(portal.uploadErrors('Bank Statements').nth(2)).toContainText(
    `"${'W'.repeat(40)}…" has a name longer than 255 characters. Please rename the file and upload it again.`,
  );
  expect(sent).toEqual([]);

  // The browser's checks bypassed: a text file named .pdf reaches the server, which refuses it by content.
  await portal.upload('Bank Statements', [file('statement.pdf', new TextEncoder().encode('<html>not a pdf</html>'))]);
  // The server's message does not name the file; its row does (several files may fail at once).
  await expect(portal.uploadErrors('Bank Statements').nth(3)).toContainText(
    "statement.pdf: The file's content does not match its .pdf extension. Please upload the original file, with the extension of its real type.",
  );
  expect(sent).toHaveLength(1);
  await portal
    .uploadErrors('Bank Statements')
    .first()
    .getByRole('button', { name: /Dismiss/ })
    .click();
  await expect(portal.uploadErrors('Bank Statements')).toHaveCount(3);
  const { data: rows } = await database.from('documents').select('id').eq('user_id', account.id);
  expect(rows).toEqual([]);

  // The same file chosen twice is sent once: the second time, the portal says it is already there.
  const statement = file('statement-march.pdf', pdfBytes(), 'application/pdf');
  await portal.upload('Bank Statements', [statement]);
  await expect(portal.storedFile('Bank Statements', 'statement-march.pdf')).toBeVisible();
  await portal.upload('Bank Statements', [statement]);
  await expect(portal.uploadErrors('Bank Statements').nth(3)).toContainText(
    '"statement-march.pdf" is already uploaded here, so it was not sent again.',
  );
  expect(sent).toHaveLength(2);
  const { data: filed } = await database.from('documents').select('id').eq('user_id', account.id);
  expect(filed).toHaveLength(1);
});

test('the document checklist: the officer’s reviews, requests and reasons show; the applicant replaces and uploads what was asked, cannot delete what was reviewed, and the checklist ends complete', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  // Two people's steps, a dozen uploads and reviews, on a busy machine.
  test.setTimeout(120_000);
  const keys = await createApiKeys(loadJwtSecret(process.env.E2E_DATA_DIR!, undefined));
  const { account, application, portal } = await applicantOnPortal(page, baseURL!, database);
  await expect(portal.readiness()).toHaveText(['Some documents are missing.', '0 of 6 accepted, 6 missing']);
  const uploads = [
    ['Tax Returns', 'returns.pdf'],
    ['Financial Statements', 'profit-and-loss.pdf'],
    ['Bank Statements', 'statements.pdf'],
    ['Business License', 'license.pdf'],
    ['ID Document', 'id.png'],
  ] as const;
  for (const [label, name] of uploads) {
    const bytes = name.endsWith('.png') ? pngBytes() : pdfBytes();
    await portal.upload(label, [file(name, bytes, name.endsWith('.png') ? 'image/png' : 'application/pdf')]);
    await expect(portal.storedFile(label, name)).toBeVisible();
  }
  await expect(portal.readiness()).toHaveText([
    'Some documents are missing.',
    '0 of 6 accepted, 5 awaiting review, 1 missing',
  ]);
  const { data: rows } = await database.from('documents').select('id, file_name').eq('user_id', account.id);
  const idOf = (name: string) => String(rows!.find((row) => row.file_name === name)!.id);

  // The loan officer, through the functions the admin screens call.
  const officer = await createAccount(database, baseURL!, { admin: true, keys });
  const asOfficer = clientWithKey(baseURL!, keys.anonKey, { accessToken: async () => officer.session.access_token });
  const call = async (name: string, args: Record<string, unknown>) => {
    const { data, error } = await asOfficer.rpc(name, args);
    expect(error, name).toBeNull();
    return data as { id: string } | null;
  };
  const review = (documentId: string, outcome: 'accepted' | 'needs_replacement', reason: string | null = null) =>
    call('review_document', { document_id: documentId, outcome, reason });
  const dueDay = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const debt = await call('request_document', {
    application_id: application.id,
    title: 'Debt schedule',
    details: 'Every business debt: lender, balance, monthly payment.',
    due_date: dueDay,
  });
  const franchise = await call('request_document', {
    application_id: application.id,
    title: 'Franchise agreement',
    details: 'The signed franchise agreement.',
  });
  await call('set_document_not_needed', { application_id: application.id, type: 'leaseAgreement', not_needed: true });

  // The applicant is about to delete a file when the officer accepts it: the server refuses, in the applicant's
  // words, and the portal then shows what the officer did.
  const statements = portal.storedFile('Bank Statements', 'statements.pdf');
  await statements.getByRole('button', { name: /Delete/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await expect(dialog).toBeVisible();
  for (const name of ['returns.pdf', 'profit-and-loss.pdf', 'statements.pdf', 'id.png']) {
    await review(idOf(name), 'accepted');
  }
  const reason = 'This license expired in 2024. Please upload the current one.';
  await review(idOf('license.pdf'), 'needs_replacement', reason);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(statements.getByRole('alert')).toHaveText(
    'Your loan officer accepted this document, so it cannot be deleted or moved. Please ask your loan officer if it needs to change.',
  );
  await expect(statements.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(portal.documentCard('Bank Statements').getByRole('heading', { name: 'Bank Statements' })).toBeFocused();
  expect((await database.from('documents').select('id').eq('id', idOf('statements.pdf'))).data).toHaveLength(1);

  // Where everything stands, and each item's state.
  await expect(portal.readiness()).toHaveText([
    'Some documents are missing and some need replacing.',
    '4 of 7 accepted, 1 needs replacement, 2 missing',
  ]);
  const returns = portal.storedFile('Tax Returns', 'returns.pdf');
  await expect(portal.documentCard('Tax Returns').getByText('Accepted', { exact: true })).toBeVisible();
  await expect(returns).toContainText('Your loan officer accepted this file, so it stays with your application');
  await expect(returns.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(returns.getByRole('button', { name: 'Open returns.pdf' })).toBeVisible();

  const license = portal.storedFile('Business License', 'license.pdf');
  await expect(portal.documentCard('Business License').getByText('Needs replacement', { exact: true })).toBeVisible();
  await expect(license).toContainText(`Your loan officer’s reason: ${reason}`);
  await expect(license).toContainText('upload a replacement for it instead');
  await expect(license.getByRole('button', { name: /Delete/ })).toHaveCount(0);

  const lease = portal.documentCard('Lease Agreement');
  await expect(lease.getByText('Not needed for this application', { exact: true })).toBeVisible();
  await expect(lease).toContainText('Your loan officer does not need this document for this application');
  await expect(portal.fileInput('Lease Agreement')).toHaveCount(0);

  const schedule = portal.checklistItem('Debt schedule');
  const due = new Date(`${dueDay}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(schedule).toContainText('Every business debt: lender, balance, monthly payment.');
  await expect(schedule).toContainText(`Requested by your loan officer · Due ${due}`);
  await expect(schedule.getByText('Missing', { exact: true })).toBeVisible();
  // The six first, in their order, then what the officer asked for.
  await expect(page.getByRole('region', { name: 'Required Documents' }).getByRole('heading', { level: 3 })).toHaveText([
    'Tax Returns',
    'Financial Statements',
    'Bank Statements',
    'Business License',
    'Lease Agreement',
    'ID Document',
    'Debt schedule',
    'Franchise agreement',
  ]);

  // A request cancelled while the applicant's screen still offered it: the server refuses the upload in words,
  // the portal shows the cancellation, and no upload is offered for it any more.
  await call('cancel_document_request', {
    request_id: franchise!.id,
    reason: 'You told us you own the business outright.',
  });
  await portal.page
    .getByLabel('Upload Franchise agreement')
    .setInputFiles([file('franchise.pdf', pdfBytes(), 'application/pdf')]);
  const cancelled = portal.checklistItem('Franchise agreement');
  await expect(cancelled.locator('li[data-status="error"]')).toContainText(
    'franchise.pdf: Your loan officer cancelled this request, so it needs no upload any more',
  );
  await expect(cancelled.getByText('Request cancelled', { exact: true })).toBeVisible();
  await expect(cancelled).toContainText('Their reason: You told us you own the business outright.');
  await expect(page.getByLabel('Upload Franchise agreement')).toHaveCount(0);
  const { data: requestedFiles } = await database.storage.from('documents').list(`${account.id}/requested`);
  expect(requestedFiles ?? []).toHaveLength(0);
  await expect(portal.readiness()).toHaveText([
    'Some documents are missing and some need replacing.',
    '4 of 6 accepted, 1 needs replacement, 1 missing',
  ]);
  // The applicant reads 'your loan officer', never who.
  await expect(page.locator('body')).not.toContainText(officer.email);
  await expect(page.locator('body')).not.toContainText(officer.id);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The replacement, through the button by the flagged file, and the requested document.
  const chooser = page.waitForEvent('filechooser');
  await license.getByRole('button', { name: 'Upload replacement for license.pdf (Business License)' }).click();
  await (await chooser).setFiles([file('license-2026.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Business License', 'license-2026.pdf')).toBeVisible();
  await expect(license).toHaveCount(0);
  // The button is gone with the file it replaced: the focus is on the item, not left on the page.
  await expect(
    portal.documentCard('Business License').getByRole('heading', { name: 'Business License' }),
  ).toBeFocused();
  await expect(
    portal.documentCard('Business License').getByText('Uploaded, awaiting review', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Upload Debt schedule').setInputFiles([file('debts.xlsx', sampleFileFor('xlsx'))]);
  await expect(portal.itemFile('Debt schedule', 'debts.xlsx')).toBeVisible();
  await expect(portal.readiness()).toHaveText([
    'Everything is in: your loan officer is reviewing it.',
    '4 of 6 accepted, 2 awaiting review',
  ]);
  const { data: filed } = await database
    .from('documents')
    .select('id, file_name, type, request_id, replaces_id, storage_path')
    .eq('user_id', account.id)
    .in('file_name', ['license-2026.pdf', 'debts.xlsx']);
  const replacement = filed!.find((row) => row.file_name === 'license-2026.pdf')!;
  const requested = filed!.find((row) => row.file_name === 'debts.xlsx')!;
  expect(replacement).toMatchObject({ type: 'businessLicense', request_id: null, replaces_id: idOf('license.pdf') });
  expect(requested).toMatchObject({ type: 'requested', request_id: debt!.id, replaces_id: null });
  expect(requested.storage_path).toMatch(new RegExp(`^${account.id}/requested/[0-9a-f-]{36}\\.xlsx$`));

  // The officer accepts both: the checklist is complete.
  await review(String(replacement.id), 'accepted');
  await review(String(requested.id), 'accepted');
  await page.reload();
  await expect(portal.readiness()).toHaveText(['All your documents are accepted.', '6 of 6 accepted']);
  await expect(schedule.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(portal.itemFile('Debt schedule', 'debts.xlsx').getByRole('button', { name: /Delete/ })).toHaveCount(0);
  const { data: stored } = await database
    .from('applications')
    .select('checklist_state')
    .eq('id', application.id)
    .single();
  expect(stored).toEqual({ checklist_state: 'complete' });

  // The officer viewing the client's portal reads the same checklist, and can change nothing there.
  const officerTab = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await plantImpersonation(officerTab, account.id, new Date().toISOString());
  const viewed = await signedInPortal(officerTab, baseURL!, officer);
  await expect(viewed.readiness()).toHaveText(['All your documents are accepted.', '6 of 6 accepted']);
  await expect(
    viewed.checklistItem('Franchise agreement').getByText('Request cancelled', { exact: true }),
  ).toBeVisible();
  await expect(officerTab.getByLabel(/^Upload /)).toHaveCount(0);
  await officerTab.context().close();
});

test('a file uploaded for an item the officer flagged replaces the flagged file, said before the upload', async ({
  page,
  baseURL,
  database,
}) => {
  const { account, application, portal } = await applicantOnPortal(page, baseURL!, database);
  await portal.upload('Business License', [file('license-2023.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Business License', 'license-2023.pdf')).toBeVisible();
  const officer = await createAccount(database, baseURL!, { admin: true });
  const call = await officerApi(baseURL!, officer);
  await call('review_document', {
    document_id: await documentId(database, application.id, 'license-2023.pdf'),
    outcome: 'needs_replacement',
    reason: 'This license expired in 2024.',
  });
  await page.reload();
  const card = portal.documentCard('Business License');
  await expect(card).toContainText(
    'A file you upload here replaces license-2023.pdf, which your loan officer asked you to replace.',
  );

  // The item's own upload, not the button beside the flagged file: it replaces it all the same.
  await portal.upload('Business License', [file('license-2026.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Business License', 'license-2026.pdf')).toBeVisible();
  await expect(portal.storedFile('Business License', 'license-2023.pdf')).toHaveCount(0);
  await expect(card.getByText('Uploaded, awaiting review', { exact: true })).toBeVisible();
  const { data } = await database
    .from('documents')
    .select('replaces_id')
    .eq('user_id', account.id)
    .eq('file_name', 'license-2026.pdf')
    .single();
  expect(data).toEqual({ replaces_id: await documentId(database, application.id, 'license-2023.pdf') });
  await expect(card).not.toContainText('A file you upload here replaces');
});

test('additional information: required fields, money formatting, stored, shown again, edited, a draft survives a reload', async ({
  page,
  baseURL,
  database,
}) => {
  const { application, portal } = await applicantOnPortal(page, baseURL!, database);

  // A form only looked at keeps no draft: after a reload nothing claims to be restored.
  await expect(portal.submitInfoButton()).toBeVisible();
  await page.reload();
  await expect(portal.submitInfoButton()).toBeVisible();
  await expect(page.getByText('Your unsaved answers')).toHaveCount(0);

  await portal.submitInfoButton().click();
  const required = page.getByText('This field is required');
  await expect(required).toHaveCount(15);

  for (const [label, value] of Object.entries(requiredInfoAnswers)) await portal.infoField(label).fill(value);
  await portal.infoField('Import / Export').selectOption('none');
  await portal.infoField('Property Ownership').selectOption('leased');
  // Amounts are written in dollars once typed; text that is not an amount stays as typed, with a message.
  await portal.infoField('Soft Costs').fill('50k');
  await portal.infoField('Soft Costs').blur();
  await expect(portal.infoField('Soft Costs')).toHaveValue('$50,000');
  await portal.infoField('Equipment Purchase').fill('eighty-five thousand');
  await portal.infoField('Equipment Purchase').blur();
  await expect(portal.infoField('Equipment Purchase')).toHaveValue('eighty-five thousand');
  await portal.submitInfoButton().click();
  const notAnAmount = page.getByText('Enter an amount in dollars, such as 85,000');
  await expect(notAnAmount).toBeVisible();
  await portal.infoField('Equipment Purchase').fill('85000.50');
  await portal.infoField('Equipment Purchase').blur();
  await expect(portal.infoField('Equipment Purchase')).toHaveValue('$85,000.50');
  // Checked again as it changes, once the form was sent: the field's message goes as soon as it is right.
  await expect(notAnAmount).toHaveCount(0);
  await expect(portal.infoField('Equipment Purchase')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(required).toHaveCount(0);

  // A negative percentage, which the server's check refuses, is refused by the form before anything is sent;
  // so is one over 100.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/additional_info') && request.method() !== 'GET') sent.push(request.url());
  });
  await portal.infoField('Bank Funding (%)').fill('-5');
  await portal.submitInfoButton().click();
  const unsigned = page.getByText('Enter a percentage from 0 to 100, such as 20 or 12.5');
  await expect(unsigned).toBeVisible();
  await expect(portal.infoField('Bank Funding (%)')).toHaveAttribute('aria-invalid', 'true');
  await portal.infoField('Bank Funding (%)').fill('150');
  await portal.submitInfoButton().click();
  await expect(unsigned).toBeVisible();
  expect(sent).toEqual([]);
  await portal.infoField('Bank Funding (%)').fill('90');
  await expect(unsigned).toHaveCount(0);

  // A draft typed but not submitted survives a reload.
  await page.reload();
  await expect(portal.infoField('Project Description')).toHaveValue('A second oven line for wholesale orders.');
  await expect(page.getByText('Your unsaved answers from your last visit have been restored.')).toBeVisible();

  await portal.submitInfoButton().click();
  await expect(
    page.getByText(
      'Your information and documents have been successfully submitted. Our team will review them and contact you shortly.',
    ),
  ).toBeVisible();
  const { data: stored } = await database
    .from('additional_info')
    .select('loan_purpose, business_history')
    .eq('application_id', application.id)
    .single();
  expect(stored?.loan_purpose).toMatchObject({
    equipmentPurchase: '$85,000.50',
    softCosts: '$50,000',
    borrowerInjectionPercent: '10',
  });
  expect(stored?.business_history).toMatchObject({ propertyOwnership: 'leased' });

  await page.reload();
  await expect(portal.infoField('Equipment Purchase')).toHaveValue('$85,000.50');
  await expect(portal.infoField('Target Customers')).toHaveValue('Cafes and households.');
  await expect(page.getByText('Your unsaved answers')).toHaveCount(0);

  // Submitted from the keyboard: the focus is on the button again once the answers went, and the message under the
  // long form is scrolled into the window.
  await portal.infoField('Target Customers').fill('Cafes, hotels and households.');
  await portal.submitInfoButton().focus();
  await page.keyboard.press('Enter');
  const submitted = page.getByText('Your information and documents have been successfully submitted.');
  await expect(submitted).toBeInViewport();
  await expect(portal.submitInfoButton()).toBeFocused();
  await page.reload();
  await expect(portal.infoField('Target Customers')).toHaveValue('Cafes, hotels and households.');

  // Once an officer decides, the information stays visible and can no longer be changed.
  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  await page.reload();
  await expect(portal.infoField('Target Customers')).toBeDisabled();
  await expect(portal.submitInfoButton()).toHaveCount(0);
});

test('the form’s rules are fetched once the applicant starts on it; if they cannot be, the submission says so and keeps what was typed', async ({
  page,
  baseURL,
  database,
}) => {
  const rulesRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/additional-info-rules-')) rulesRequests.push(request.url());
  });
  // The network drops just as the applicant starts on the form.
  await page.route('**/additional-info-rules-*', (route) => route.abort('internetdisconnected'));
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await page.waitForLoadState('networkidle');
  expect(rulesRequests).toEqual([]);

  await portal.infoField('Project Description').fill('A second oven line for wholesale orders.');
  await expect.poll(() => rulesRequests.length).toBeGreaterThan(0);
  await portal.submitInfoButton().click();
  await expect(page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.additionalInfoFailed })).toBeVisible();
  await expect(portal.submitInfoButton()).toHaveText('Submit Additional Information');
  await expect(portal.infoField('Project Description')).toHaveValue('A second oven line for wholesale orders.');

  // Back online, the next submission checks the form.
  await page.unroute('**/additional-info-rules-*');
  await portal.submitInfoButton().click();
  await expect(page.getByText('This field is required')).toHaveCount(14);
});

test('what the applicant types while the answers are on their way is kept once they are stored', async ({
  page,
  baseURL,
  database,
}) => {
  const { application, portal } = await applicantOnPortal(page, baseURL!, database);
  const release = await holdRequests(page, '**/rest/v1/additional_info*');
  await portal.fillRequiredInfo();
  await portal.infoField('Target Customers').fill('Submitted.');
  const saveSent = page.waitForRequest(
    (request) => request.url().includes('/rest/v1/additional_info') && request.method() !== 'GET',
  );
  await portal.submitInfoButton().click();
  await saveSent;
  await portal.infoField('Target Customers').fill('Typed while it was saved.');
  release();
  await expect(page.getByRole('status').filter({ hasText: PORTAL_MESSAGES.additionalInfoSubmitted })).toBeVisible();
  await expect(portal.infoField('Target Customers')).toHaveValue('Typed while it was saved.');
  const { data } = await database
    .from('additional_info')
    .select('market_analysis')
    .eq('application_id', application.id)
    .single();
  expect((data?.market_analysis as { targetCustomers?: string }).targetCustomers).toBe('Submitted.');
  await page.unrouteAll({ behavior: 'wait' });
});

test('answers submitted from two tabs: the later one from a stale form is refused with a clear message and keeps what was typed; submitting again replaces them', async ({
  page,
  baseURL,
  database,
}) => {
  const { account, application, portal } = await applicantOnPortal(page, baseURL!, database);
  const storedTargetCustomers = async () => {
    const { data } = await database
      .from('additional_info')
      .select('market_analysis')
      .eq('application_id', application.id)
      .single();
    return (data?.market_analysis as { targetCustomers?: string } | undefined)?.targetCustomers;
  };

  // The first answers: this tab's form is empty when another stores its own first.
  await portal.fillRequiredInfo();
  await portal.infoField('Target Customers').fill('Answered in the first tab.');
  const { error } = await database
    .from('additional_info')
    .insert({ user_id: account.id, ...completeAdditionalInfoRow(application.id) });
  expect(error).toBeNull();
  await portal.submitInfoButton().click();
  await expect(
    page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.additionalInfoChangedElsewhere }),
  ).toBeVisible();
  await expect(portal.infoField('Target Customers')).toHaveValue('Answered in the first tab.');
  expect(await storedTargetCustomers()).toBe('Cafes');
  // Submitting again, knowingly, replaces the answers stored meanwhile.
  await portal.submitInfoButton().click();
  await expect(page.getByRole('status').filter({ hasText: PORTAL_MESSAGES.additionalInfoSubmitted })).toBeVisible();
  expect(await storedTargetCustomers()).toBe('Answered in the first tab.');

  // A change: a second tab of the same account submits after this one opened its form.
  const secondTab = await page.context().newPage();
  const second = new PortalPage(secondTab);
  await second.open();
  await second.infoField('Target Customers').fill('Answered in the second tab.');
  await second.submitInfoButton().click();
  await expect(secondTab.getByText(PORTAL_MESSAGES.additionalInfoSubmitted)).toBeVisible();
  await secondTab.close();

  // The portal's reading of the answers after the refusal is held back: submitting again at once still
  // replaces them, based on the version the refusal found.
  await page.route('**/rest/v1/additional_info?*', async (route) => {
    if (route.request().method() === 'GET' && !route.request().url().includes('select=updated_at')) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    await route.fallback();
  });
  await portal.infoField('Target Customers').fill('Changed in the first tab.');
  await portal.submitInfoButton().click();
  await expect(
    page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.additionalInfoChangedElsewhere }),
  ).toBeVisible();
  await expect(portal.infoField('Target Customers')).toHaveValue('Changed in the first tab.');
  await portal.submitInfoButton().click();
  await expect(page.getByRole('status').filter({ hasText: PORTAL_MESSAGES.additionalInfoSubmitted })).toBeVisible();
  expect(await storedTargetCustomers()).toBe('Changed in the first tab.');
  await page.unrouteAll({ behavior: 'wait' });

  // Two submissions in a row from the same tab, the second before the portal has read the first back (held
  // here), are not taken for a change made elsewhere.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/additional_info?*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await portal.infoField('Target Customers').fill('Changed once more.');
  await portal.submitInfoButton().click();
  await expect.poll(storedTargetCustomers).toBe('Changed once more.');
  await portal.infoField('Target Customers').fill('Changed twice more.');
  await portal.submitInfoButton().click();
  await expect.poll(storedTargetCustomers).toBe('Changed twice more.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();
  await page.unrouteAll({ behavior: 'wait' });
});

test('an officer who decides while the applicant edits: the submission is refused with a message saying why, and the form locks', async ({
  page,
  baseURL,
  database,
}) => {
  const { account, application, portal } = await applicantOnPortal(page, baseURL!, database);
  await database.from('additional_info').insert({ user_id: account.id, ...completeAdditionalInfoRow(application.id) });
  await portal.open();
  await expect(portal.infoField('Target Customers')).toHaveValue('Cafes');
  await portal.infoField('Target Customers').fill('Typed while the officer decided.');

  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  await portal.submitInfoButton().click();
  await expect(
    page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.additionalInfoDecidedMeanwhile }),
  ).toBeVisible();
  await expect(portal.submitInfoButton()).toHaveCount(0);
  await expect(portal.infoField('Target Customers')).toBeDisabled();
  await expect(portal.infoField('Target Customers')).toHaveValue('Typed while the officer decided.');
  const { data } = await database
    .from('additional_info')
    .select('market_analysis')
    .eq('application_id', application.id)
    .single();
  expect(data?.market_analysis).toMatchObject({ targetCustomers: 'Cafes' });
});

test('answers started and not sent before the officer decides are still shown, said not sent; with none started the form gives way to a sentence', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const { account, application, portal } = await applicantOnPortal(page, baseURL!, database);
  // While the form can be sent, the applicant is told until when.
  await expect(page.getByText(PORTAL_MESSAGES.additionalInfoBeforeDecision)).toBeVisible();
  await portal.infoField('Project Description').fill('A second oven line for wholesale orders.');
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(localStorage)), { timeout: 10_000 })
    .toContain('A second oven line for wholesale orders.');

  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  await page.reload();
  await expect(page.getByText(PORTAL_MESSAGES.additionalInfoDraftNotSent)).toBeVisible();
  await expect(portal.infoField('Project Description')).toHaveValue('A second oven line for wholesale orders.');
  await expect(portal.infoField('Project Description')).toBeDisabled();
  await expect(portal.submitInfoButton()).toHaveCount(0);
  await expect(page.getByText(PORTAL_MESSAGES.additionalInfoBeforeDecision)).toHaveCount(0);
  const { data: stored } = await database.from('additional_info').select('id').eq('user_id', account.id);
  expect(stored).toEqual([]);

  // In another browser, where nothing was started: no empty form that reads as sent.
  const elsewhere = await browser.newContext({ baseURL: baseURL! });
  try {
    const other = await elsewhere.newPage();
    await signedInPortal(other, baseURL!, account);
    await expect(other.getByText(PORTAL_MESSAGES.additionalInfoNoneSent)).toBeVisible();
    await expect(other.getByRole('form', { name: 'Additional information' })).toHaveCount(0);
  } finally {
    await elsewhere.close();
  }
});

test('an admin viewing a client’s portal sees it read-only with the banner, recorded in the audit log; Exit goes to /admin', async ({
  page,
  baseURL,
  database,
}) => {
  const client = await createAccount(database, baseURL!);
  const clientApplication = await applicationFor(database, client);
  const clientDocument = `${client.id}/taxReturns/${crypto.randomUUID()}.pdf`;
  const stored = await database.storage.from('documents').upload(clientDocument, Buffer.from(pdfBytes()), {
    contentType: 'application/pdf',
  });
  expect(stored.error).toBeNull();
  await database.from('documents').insert({
    user_id: client.id,
    uploaded_by: client.id,
    application_id: clientApplication.id,
    type: 'taxReturns',
    file_name: 'client-return.pdf',
    file_size: pdfBytes().length,
    content_type: 'application/pdf',
    storage_path: clientDocument,
  });
  const admin = await createAccount(database, baseURL!, { admin: true });
  const startedAt = new Date('2026-11-20T15:30:00Z').toISOString();
  await plantImpersonation(page, client.id, startedAt);
  const portal = await signedInPortal(page, baseURL!, admin);

  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('Started: Nov 20, 2026');
  await expect(portal.application(clientApplication.businessName)).toBeVisible();
  await expect(portal.storedFile('Tax Returns', 'client-return.pdf')).toBeVisible();
  await expect(page.getByLabel(/^Upload /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(portal.submitInfoButton()).toHaveCount(0);
  const { data: audit } = await database
    .from('audit_log')
    .select('actor_id, action')
    .eq('record_id', client.id)
    .eq('action', 'impersonation.start');
  expect(audit).toEqual([{ actor_id: admin.id, action: 'impersonation.start' }]);

  await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
  await page.waitForURL('**/admin');
  expect(
    await page.evaluate(
      (keys) => [sessionStorage.getItem(keys.clientId), sessionStorage.getItem(keys.startedAt)],
      IMPERSONATION_STORAGE_KEYS,
    ),
  ).toEqual([null, null]);
  await expect
    .poll(
      async () =>
        (await database.from('audit_log').select('id').eq('record_id', client.id).eq('action', 'impersonation.end'))
          .data?.length,
    )
    .toBe(1);
});

test('an applicant who sets the impersonation flags by hand sees their own portal and nothing of anyone else', async ({
  page,
  baseURL,
  database,
}) => {
  const victim = await createAccount(database, baseURL!);
  const victimApplication = await applicationFor(database, victim);
  const intruder = await createAccount(database, baseURL!);
  const intruderApplication = await applicationFor(database, intruder);
  await page.addInitScript(
    ([keys, clientId]) => {
      sessionStorage.setItem(keys.clientId, clientId);
      sessionStorage.setItem(keys.startedAt, 'not a date');
    },
    [IMPERSONATION_STORAGE_KEYS, victim.id] as const,
  );
  const portal = await signedInPortal(page, baseURL!, intruder);
  await expect(portal.application(intruderApplication.businessName)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  await expect(portal.errorAlert()).toHaveCount(0);
  await expect(page.getByText(victimApplication.businessName)).toHaveCount(0);
});

test('an officer who logs out while viewing a client’s portal ends the impersonation; the next person in the tab sees their own portal', async ({
  page,
  baseURL,
  database,
}) => {
  const client = await createAccount(database, baseURL!);
  const clientApplication = await applicationFor(database, client);
  const admin = await createAccount(database, baseURL!, { admin: true });
  await plantImpersonation(page, client.id, new Date().toISOString());
  const portal = await signedInPortal(page, baseURL!, admin);
  await expect(portal.application(clientApplication.businessName)).toBeVisible();

  // Busy until the sign-out is done (it ends the impersonation first).
  const loggingOut = await holdRequests(page, '**/auth/v1/logout*');
  const logout = new SiteShell(page).topBarButton('Logout');
  await logout.click();
  await expect(logout).toBeDisabled();
  loggingOut();
  await page.waitForURL((url) => url.pathname === '/');
  expect(
    await page.evaluate(
      (keys) => [sessionStorage.getItem(keys.clientId), sessionStorage.getItem(keys.startedAt)],
      IMPERSONATION_STORAGE_KEYS,
    ),
  ).toEqual([null, null]);
  const { data: ended } = await database
    .from('audit_log')
    .select('actor_id')
    .eq('record_id', client.id)
    .eq('action', 'impersonation.end');
  expect(ended).toEqual([{ actor_id: admin.id }]);

  const applicant = await createAccount(database, baseURL!);
  const applicantApplication = await applicationFor(database, applicant);
  const login = new AuthPages(page);
  await login.openLogin();
  await login.signIn(applicant.email, applicant.password);
  await page.waitForURL('**/portal');
  await expect(portal.application(applicantApplication.businessName)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  await expect(portal.errorAlert()).toHaveCount(0);
  await expect(page.getByText(clientApplication.businessName)).toHaveCount(0);
});

test('the next applicant who signs in in the same tab sees only their own portal, never the one before', async ({
  page,
  baseURL,
  database,
}) => {
  const { first, portal, second, secondApplication } = await secondApplicantAfterFirst(page, baseURL!, database);

  // Within the app, without a reload: Logout, Client Portal, sign in.
  const shell = new SiteShell(page);
  await shell.topBarButton('Logout').click();
  await page.waitForURL((url) => url.pathname === '/');
  await shell.topBarLink('Client Portal').click();
  const login = new AuthPages(page);
  await login.signIn(second.email, second.password);
  await page.waitForURL('**/portal');
  await expect(portal.application(secondApplication.businessName)).toBeVisible();
  await expect(page.getByText(first.businessName)).toHaveCount(0);
});

test('a portal left open in another tab shows the account signed in later in that browser, not the one before', async ({
  page,
  baseURL,
  database,
}) => {
  const { first, portal, second, secondApplication } = await secondApplicantAfterFirst(page, baseURL!, database);

  const otherTab = await page.context().newPage();
  const login = new AuthPages(otherTab);
  await new PortalPage(otherTab).open();
  await new SiteShell(otherTab).topBarButton('Logout').click();
  await otherTab.waitForURL((url) => url.pathname === '/');
  await login.openLogin();
  await login.signIn(second.email, second.password);
  await otherTab.waitForURL('**/portal');
  await expect(new PortalPage(otherTab).application(secondApplication.businessName)).toBeVisible();

  // The first tab, untouched, follows the browser's session: the second account's portal, nothing of the first.
  await page.bringToFront();
  await expect(portal.application(secondApplication.businessName)).toBeVisible();
  await expect(page.getByText(first.businessName)).toHaveCount(0);
});

test('with a newer application that was not qualified, documents and additional information go to the open one, and the portal says which', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const open = await applicationFor(database, account);
  const stored = await database
    .from('additional_info')
    .insert({ user_id: account.id, ...completeAdditionalInfoRow(open.id, 'A second oven line.') });
  expect(stored.error).toBeNull();
  const notQualified = await applicationFor(database, account, {
    status: 'rejected',
    evaluation_result: { qualified: false, reasons: ['Your credit score is below 660.'], suggestedNextSteps: [] },
  });
  const portal = await signedInPortal(page, baseURL!, account);
  await expect(portal.application(notQualified.businessName).getByText('Status: Not qualified')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'My Applications' })).toBeVisible();

  // Both were submitted today: the time tells them apart.
  const forOpen = new RegExp(
    `^For your application for ${open.businessName}, submitted \\w+ \\d{1,2}, \\d{4} at \\d{1,2}:\\d{2}\\s[AP]M\\.$`,
  );
  const documentsSection = page.getByRole('region', { name: 'Required Documents' });
  await expect(documentsSection.getByText(forOpen)).toBeVisible();
  const infoSection = page.getByRole('region', { name: 'Additional Information' });
  await expect(infoSection.getByText(forOpen)).toBeVisible();
  await expect(portal.infoField('Project Description')).toHaveValue('A second oven line.');

  await portal.upload('Tax Returns', [file('return.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toBeVisible();
  const uploaded = await database.from('documents').select('application_id').eq('user_id', account.id);
  expect(uploaded.data).toEqual([{ application_id: open.id }]);
});

test('with two open applications the applicant chooses which one the documents and information are for; each keeps its own', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const business = `Twin Oaks Bakery ${crypto.randomUUID().slice(0, 6)}`;
  const older = await applicationFor(database, account, { business_name: business, loan_amount: '100000-250000' });
  const stored = await database
    .from('additional_info')
    .insert({ user_id: account.id, ...completeAdditionalInfoRow(older.id, 'A second oven line.') });
  expect(stored.error).toBeNull();
  const portal = await signedInPortal(page, baseURL!, account);
  await portal.upload('Tax Returns', [file('return.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toBeVisible();
  // The same business applies again, for more: the new application is the one shown first.
  const newer = await applicationFor(database, account, { business_name: business, loan_amount: '500000+' });
  await page.reload();
  const chooser = page.getByLabel('Documents and information for');
  await expect(chooser).toHaveValue(newer.id);
  await expect(chooser.getByRole('option')).toHaveText([
    new RegExp(
      `^${business} · \\$500,000\\+ · submitted \\w+ \\d{1,2}, \\d{4} at \\d{1,2}:\\d{2}\\s[AP]M · In review$`,
    ),
    new RegExp(`^${business} · \\$100,000 - \\$250,000 · submitted .+ at .+ · In review$`),
  ]);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toHaveCount(0);
  await expect(portal.infoField('Project Description')).toHaveValue('');

  await chooser.selectOption(older.id);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await expect(portal.infoField('Project Description')).toHaveValue('A second oven line.');
  // The choice is in the address: a reload keeps it.
  await page.reload();
  await expect(chooser).toHaveValue(older.id);
  await expect(portal.infoField('Project Description')).toHaveValue('A second oven line.');

  await chooser.selectOption(newer.id);
  // A refusal stays with the application it was for.
  await portal.upload('Tax Returns', [file('notes.txt', new TextEncoder().encode('hello'), 'text/plain')]);
  await expect(portal.uploadErrors('Tax Returns')).toContainText('"notes.txt" is not an accepted file type.');
  await chooser.selectOption(older.id);
  await expect(portal.uploadErrors('Tax Returns')).toHaveCount(0);
  await chooser.selectOption(newer.id);
  await expect(portal.uploadErrors('Tax Returns')).toContainText('"notes.txt" is not an accepted file type.');
  await portal.upload('Tax Returns', [file('statement.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'statement.pdf')).toBeVisible();
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toHaveCount(0);
  const uploaded = await database
    .from('documents')
    .select('file_name, application_id')
    .eq('user_id', account.id)
    .order('created_at');
  expect(uploaded.data).toEqual([
    { file_name: 'return.pdf', application_id: older.id },
    { file_name: 'statement.pdf', application_id: newer.id },
  ]);
});

test('with one application the portal does not repeat which one the documents are for', async ({
  page,
  baseURL,
  database,
}) => {
  await applicantOnPortal(page, baseURL!, database);
  await expect(page.getByRole('region', { name: 'Required Documents' })).toBeVisible();
  await expect(page.getByText(/^For your application for/)).toHaveCount(0);
  await expect(page.getByLabel('Documents and information for')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'My Application', exact: true })).toBeVisible();
});

test('nothing on the portal moves while it loads: the footer stays below and the lender matches come with the rest', async ({
  page,
  baseURL,
  database,
}) => {
  // A phone's screen, as Lighthouse's mobile settings use: there the footer fits on the first screen.
  await page.setViewportSize({ width: 412, height: 823 });
  // The lender criteria answer last here (held back 600 ms), which once let the matches push the page down.
  await page.route('**/rest/v1/rpc/lender_criteria', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await expect(page.getByText('Fit your application now:')).toBeVisible();
  await expect(portal.submitInfoButton()).toBeVisible();
  // Chromium's layout-shift entries since the page began (the input-caused ones excluded, as CLS does).
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );
  // 0.1 is the bound of a good Cumulative Layout Shift (web.dev); the portal's was 0.87 on a phone.
  expect(shift).toBeLessThan(0.1);
});

test('the portal asks for the offers and the checklists with the rest of its data, not once the rest has come', async ({
  page,
  baseURL,
  database,
}) => {
  // The applications are held back: the offers and the checklists must be asked for meanwhile, not after them.
  const release = await holdRequests(page, '**/rest/v1/applications?*');
  const offersAsked = page.waitForRequest('**/rest/v1/rpc/applicant_offers');
  const checklistsAsked = page.waitForRequest('**/rest/v1/rpc/document_checklists_of');
  const opened = applicantOnPortal(page, baseURL!, database);
  await Promise.all([offersAsked, checklistsAsked]);
  release();
  const { application, portal } = await opened;
  await expect(portal.application(application.businessName)).toBeVisible();
});

test('the portal asks for the text settings once its applications are in, before its sections show', async ({
  page,
  baseURL,
  database,
}) => {
  // The lender matches are held back, so the portal's sections cannot show yet: the text settings must be asked
  // for meanwhile, not by their section once it shows.
  const release = await holdRequests(page, '**/rest/v1/rpc/lender_criteria');
  const smsAsked = page.waitForRequest('**/rest/v1/sms_consents?*');
  const opened = applicantOnPortal(page, baseURL!, database);
  await smsAsked;
  await expect(page.getByRole('heading', { name: 'Text Messages' })).toBeHidden();
  release();
  const { application, portal } = await opened;
  await expect(portal.application(application.businessName)).toBeVisible();
  await expect(page.getByTestId('sms-status')).toBeVisible();
});

test('the portal has no serious or critical accessibility violation, with files, errors and the form filled', async ({
  page,
  baseURL,
  database,
}) => {
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await portal.upload('Tax Returns', [file('return.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toBeVisible();
  await portal.upload('Tax Returns', [file('notes.txt', new TextEncoder().encode('x'), 'text/plain')]);
  await portal.submitInfoButton().click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('each file input’s button is dressed as the site’s outline buttons, not the browser’s grey one', async ({
  page,
  baseURL,
  database,
}) => {
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await portal.fileInput('Tax Returns').setInputFiles([file('return.pdf', pdfBytes(), 'application/pdf')]);
  const open = page.getByRole('button', { name: 'Open return.pdf' });
  await expect(open).toBeVisible();
  const look = (element: Element, pseudo?: string) => {
    const style = getComputedStyle(element, pseudo);
    return {
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      radius: style.borderTopLeftRadius,
      color: style.color,
    };
  };
  const fileButton = await portal.fileInput('Tax Returns').evaluate(look, '::file-selector-button');
  expect(fileButton).toEqual(await open.evaluate(look));
});

test('on a phone, each document type’s badge sits at the end of its title row, whatever its description or count', async ({
  page,
  baseURL,
  database,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await portal.fileInput('ID Document').setInputFiles([file('id.png', pngBytes(), 'image/png')]);
  await expect(portal.documentCard('ID Document').getByText('1 uploaded')).toBeVisible();
  for (const type of documentTypes) {
    const card = portal.documentCard(type.label);
    const title = (await card.getByRole('heading', { level: 3 }).boundingBox())!;
    const badge = (await card.getByText(/^(Missing|\d+ uploaded)$/).boundingBox())!;
    // Beside the title (its top within the title's line), at the card's right, not under the description.
    expect(badge.y, type.label).toBeLessThan(title.y + title.height);
    expect(badge.x, type.label).toBeGreaterThan(title.x + title.width);
  }
});

test('the portal works with the keyboard alone, including the file inputs', async ({ page, baseURL, database }) => {
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  // Tab from the top of the page to the first file input, then open its file chooser with the keyboard. The chooser
  // is awaited from before the tabbing (as in keyboard-journeys.spec.ts: Playwright's interception is turned on
  // without waiting for the browser).
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('link', { name: 'Back to Home' }).focus();
  const input = portal.fileInput('Tax Returns');
  for (
    let presses = 0;
    presses < 20 && !(await input.evaluate((element) => element === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  await page.keyboard.press('Space');
  await (await chooser).setFiles([file('return.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toBeVisible();

  // Delete by keyboard: the confirmation opens with Enter and its Delete button is reachable by Tab.
  await portal
    .storedFile('Tax Returns', 'return.pdf')
    .getByRole('button', { name: /Delete/ })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toHaveCount(0);
  // The Delete button is gone with its file: the keyboard continues from the document type, not the page top.
  await expect(portal.documentCard('Tax Returns').getByRole('heading', { name: 'Tax Returns' })).toBeFocused();
});

test('a dialog’s code is not in the portal’s first load: it comes at the first touch, so a dialog opens offline', async ({
  page,
  baseURL,
  database,
}) => {
  const dialogCode = /\/assets\/action-dialog-window-[\w-]+\.js$/;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await portal.upload('Tax Returns', [file('return.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.storedFile('Tax Returns', 'return.pdf')).toBeVisible();
  expect(requested.filter((path) => dialogCode.test(path))).toEqual([]);

  const loaded = page.waitForResponse((response) => dialogCode.test(new URL(response.url()).pathname));
  await page.getByRole('heading', { level: 1, name: 'Secure Client Portal' }).click();
  await loaded;
  await page.context().setOffline(true);
  await portal
    .storedFile('Tax Returns', 'return.pdf')
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this document?' })).toBeVisible();
  await page.context().setOffline(false);
});

test('on a phone, every action of the portal is a target of at least 44 by 44 pixels', async ({
  page,
  baseURL,
  database,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { portal } = await applicantOnPortal(page, baseURL!, database);
  await portal.upload('Tax Returns', [file('returns-2025.pdf', pdfBytes(), 'application/pdf')]);
  await expect(portal.documentCard('Tax Returns').getByRole('button', { name: /^Delete/ })).toBeVisible();
  const actions = page.getByRole('main').locator('button, a[href], input[type="file"]');
  const small: string[] = [];
  for (const action of await actions.all()) {
    if (!(await action.isVisible())) continue;
    const box = (await action.boundingBox())!;
    if (box.width < 44 || box.height < 44) {
      const name = (await action.getAttribute('aria-label')) ?? (await action.innerText());
      small.push(`${name.trim()}: ${Math.round(box.width)} x ${Math.round(box.height)}`);
    }
  }
  expect(await actions.count()).toBeGreaterThan(5);
  expect(small).toEqual([]);
});
