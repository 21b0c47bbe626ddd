import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { additionalInfoFields, type AdditionalInfoForm } from '../../shared/catalogue/additional-info.ts';
import { documentStoragePath, DOCUMENTS_BUCKET } from '../../shared/catalogue/documents.ts';
import { additionalInfoSectionsFromForm } from '../../shared/db/additional-info.ts';
import { allHostileInputs, hostileInputs } from '../../shared/testing/hostile-input.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { buildRenderer, DesktopMain, serveFolder } from '../support/desktop-harness.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { expect, test } from './fixtures.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { HostileChecks } from './pages/hostile-checks.ts';
import { applicationFor, createAccount, plantSession, signedInPortal } from './pages/portal-session.ts';
import { RegisterPages } from './pages/register-pages.ts';

/**
 * Hostile input on screen: script, HTML, markdown links, formulas, a right-to-left override and a 10,000-character
 * value, typed into the wizard and stored in an application, then shown in the wizard's review, the admin list and
 * detail, the applicant's portal and a lender's page. Nothing runs, nothing becomes markup, and nothing pushes the page
 * wider than the window.
 */

const LONG = hostileInputs.find((input) => input.name === '10,000 characters')!.value;

/** Checks on a page for anything a payload could do, watching it (dialogs, CSP refusals) from its first load. */
async function watched(page: Page): Promise<HostileChecks> {
  const checks = new HostileChecks(page);
  await checks.watch();
  return checks;
}

test('the wizard takes hostile text and shows it back as text in its review', async ({ page, database }) => {
  const checks = await watched(page);
  const email = `hostile.${Date.now()}@harborcafe.com`;
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps({ ...sampleForm, email, businessName: allHostileInputs });
  await expect(page.getByText(allHostileInputs)).toBeVisible();
  await checks.expectInert();
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
  await checks.expectInert();
  const { data } = await database.from('applications').select('business_name').eq('email', email).single();
  expect(data).toEqual({ business_name: allHostileInputs });
});

test('stored hostile values are shown as text in the portal, the admin detail (and a note typed there) and a lender’s page', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, applicant, {
    business_name: `${LONG} ${Date.now()}`,
    first_name: allHostileInputs,
    city: allHostileInputs,
    industry: allHostileInputs,
  });

  const checks = await watched(page);
  await signedInPortal(page, baseURL!, applicant);
  await expect(page.getByText(application.businessName).first()).toBeVisible();
  await checks.expectInert();

  // A letter and a term sheet written with the same text, listed on the application.
  const letter = await database.from('pre_application_letters').insert({
    application_id: application.id,
    first_name: allHostileInputs,
    last_name: allHostileInputs,
    business_name: application.businessName,
    address: allHostileInputs,
    city: allHostileInputs,
    state: 'NV',
    zip_code: '89501',
    loan_amount: 250_000,
    loan_purpose: LONG,
    rate: allHostileInputs,
    term_years: 10,
    estimated_payment: 2_868,
  });
  expect(letter.error).toBeNull();
  const sheet = await database.from('term_sheets').insert({
    application_id: application.id,
    bank_name: allHostileInputs,
    loan_amount: 240_000,
    interest_rate: 7.25,
    term_months: 120,
    monthly_payment: 2_817,
    collateral: LONG,
    conditions: [allHostileInputs],
  });
  expect(sheet.error).toBeNull();

  const officerPage = await (await browser.newContext()).newPage();
  const officerChecks = await watched(officerPage);
  await plantSession(officerPage, baseURL!, officer.session);
  await officerPage.goto(`/admin?list=pending&application=${application.id}`);
  const detail = officerPage.getByRole('region', { name: 'Application detail' });
  await expect(detail.getByRole('heading', { name: application.businessName })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Term Sheets' })).toContainText(allHostileInputs);
  // A dialog titled with the name (dialogs sit outside <main>) wraps it too.
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(officerPage.getByRole('dialog')).toBeVisible();
  await officerChecks.expectInert();
  await officerPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(detail.getByText(allHostileInputs).first()).toBeVisible();
  await officerChecks.expectInert();
  // A note typed with the same text is kept whole and shown as text.
  const notes = detail.getByRole('region', { name: 'Notes' });
  await notes.getByRole('textbox', { name: 'Add a note' }).fill(allHostileInputs);
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await officerChecks.expectSafe(notes.getByRole('list', { name: 'Notes on this application' }), [allHostileInputs]);
  const stored = await database.from('application_notes').select('body').eq('application_id', application.id);
  expect(stored.data).toEqual([{ body: allHostileInputs }]);

  // A lender's page showing a package written from those answers, with a note in the lender's answer.
  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  const token = newLenderToken();
  const sent = await database
    .from('bank_packages')
    .insert({ application_id: application.id, summary: `${LONG}\n${allHostileInputs}` })
    .select('id')
    .single();
  const sending = await database
    .from('bank_packages')
    .update({
      status: 'sent',
      sent_at: new Date().toISOString(),
      bank_name: allHostileInputs,
      link_token_hash: await lenderTokenHash(token),
      link_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .eq('id', sent.data!.id);
  expect(sending.error).toBeNull();
  const answering = await database
    .from('bank_packages')
    .update({ status: 'need_more_info', answer_note: allHostileInputs, answered_at: new Date().toISOString() })
    .eq('id', sent.data!.id);
  expect(answering.error).toBeNull();
  const lender = await (await browser.newContext()).newPage();
  const lenderChecks = await watched(lender);
  await lender.goto(`/lender#${token}`);
  await expect(lender.getByRole('region', { name: 'Executive summary' })).toContainText(allHostileInputs);
  await expect(lender.getByText(`Your note: ${allHostileInputs}`)).toBeVisible();
  await lenderChecks.expectInert();
});

test('additional information and a file name typed with hostile text are kept exactly and shown inert to the officer', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, applicant);
  const checks = await watched(page);
  const portal = await signedInPortal(page, baseURL!, applicant);
  const fileName = `${hostileInputs[0].value}.pdf`;
  await portal.upload('Tax Returns', [
    { name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes()) },
  ]);
  await expect(portal.storedFile('Tax Returns', fileName)).toBeVisible();

  const typed: Record<string, string> = {
    'Project Description': LONG,
    'Company History': allHostileInputs,
    'Business Operations': allHostileInputs,
    'Business Hours': allHostileInputs,
    'Physical Location': allHostileInputs,
    'Property Details': allHostileInputs,
    'Target Customers': allHostileInputs,
    'Geographic Reach': allHostileInputs,
    Education: allHostileInputs,
    'Work History': allHostileInputs,
    'Industry Experience': allHostileInputs,
  };
  await portal.infoField('Borrower Injection (%)').fill('10');
  await portal.infoField('Bank Funding (%)').fill('90');
  for (const [label, value] of Object.entries(typed)) await portal.infoField(label).fill(value);
  await portal.infoField('Import / Export').selectOption('none');
  await portal.infoField('Property Ownership').selectOption('leased');
  await portal.submitInfoButton().click();
  await expect(page.getByText('Your information and documents have been successfully submitted.')).toBeVisible();
  await checks.expectInert();
  const { data: stored } = await database
    .from('additional_info')
    .select('loan_purpose, business_history')
    .eq('application_id', application.id)
    .single();
  expect(stored?.loan_purpose).toMatchObject({ projectDescription: LONG });
  expect(stored?.business_history).toMatchObject({ companyHistory: allHostileInputs });
  const { data: document } = await database
    .from('documents')
    .select('file_name')
    .eq('application_id', application.id)
    .single();
  expect(document).toEqual({ file_name: fileName });

  const officerPage = await (await browser.newContext()).newPage();
  const officerChecks = await watched(officerPage);
  await plantSession(officerPage, baseURL!, officer.session);
  await officerPage.goto(`/admin?list=pending&application=${application.id}`);
  const detail = officerPage.getByRole('region', { name: 'Application detail' });
  await expect(detail.getByText(LONG)).toBeVisible();
  await expect(detail.getByText(allHostileInputs).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: `Open ${fileName}` })).toBeVisible();
  await officerChecks.expectInert();
});

test('registration, sign-in and the Lenders tab take hostile text and show it inert', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const checks = await watched(page);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const register = new RegisterPages(page);
  await register.openForm();
  await register.fill({
    contactName: allHostileInputs,
    contactEmail: `hostile.${unique}@gomezfloral.com`,
    contactMobile: '(602) 555-0117',
    legalBusinessName: `${LONG} ${unique}`,
    noWebsite: true,
    address: allHostileInputs,
    suite: allHostileInputs,
    city: allHostileInputs,
    state: 'AZ',
    zipCode: '85016',
    businessStartDate: '2019-03-15',
  });
  await register.next();
  await expect(register.reviewValue('Primary Contact', 'Full Legal Name')).toHaveText(allHostileInputs);
  await checks.expectInert();
  await register.button('Submit Registration').click();
  await expect(page).toHaveURL(/\/register\/success$/);
  await checks.expectInert();
  const { data: stored } = await database
    .from('business_registrations')
    .select('legal_business_name, address, city')
    .eq('legal_business_name', `${LONG} ${unique}`)
    .single();
  expect(stored).toEqual({
    legal_business_name: `${LONG} ${unique}`,
    address: allHostileInputs,
    city: allHostileInputs,
  });

  // The sign-in form: a hostile e-mail is refused with the form's message, never echoed as markup.
  const auth = new AuthPages(page);
  await auth.openLogin();
  await auth.email().fill(hostileInputs[0].value);
  await auth.password().fill('a-good-password');
  await auth.submit('Sign In').click();
  await checks.expectInert();

  // Lender fields typed by an officer, shown in the Lenders tab and the matches of an application.
  const officer = await createAccount(database, baseURL!, { admin: true });
  const officerPage = await (await browser.newContext()).newPage();
  const officerChecks = await watched(officerPage);
  await plantSession(officerPage, baseURL!, officer.session);
  const name = `${allHostileInputs} ${unique}`;
  const lender = await database
    .from('lenders')
    .insert({
      name,
      contact_name: allHostileInputs,
      contact_email: `hostile.${unique}@lender.example`,
      programs: ['sba_7a'],
      min_loan: 0,
      max_loan: 1_000_000,
      industries_excluded: [LONG],
      // Paused: the other tests count the active network.
      active: false,
    })
    .select('id')
    .single();
  try {
    await officerPage.goto('/admin');
    await officerPage.getByRole('tab', { name: 'Lenders' }).click();
    await expect(officerPage.getByRole('table', { name: 'Lenders' }).getByText(name).first()).toBeVisible();
    await officerChecks.expectInert();
  } finally {
    await database.from('lenders').delete().eq('id', lender.data!.id);
  }
});

/** One payload by its name in shared/testing/hostile-input.ts. */
function payload(name: (typeof hostileInputs)[number]['name']): string {
  return hostileInputs.find((input) => input.name === name)!.value;
}

/** The wizard's text answers of a stored application, each holding one payload (the business name the longest). */
const storedAnswers = {
  first_name: payload('image with onerror'),
  last_name: payload('script element'),
  phone: payload('quotes and entities'),
  title: payload('javascript: URL'),
  business_name: LONG,
  business_address: payload('markdown link'),
  city: payload('spreadsheet formula'),
  state: payload('DDE formula'),
  industry: payload('right-to-left override'),
  use_of_funds: allHostileInputs,
};

/** Additional information answered in full: each free-text answer a payload in turn, the first one 10,000 characters. */
function hostileAdditionalInfo(): AdditionalInfoForm {
  const free = hostileInputs.map((input) => input.value).reverse();
  return Object.fromEntries(
    additionalInfoFields.map((field, index) => {
      if (field.kind === 'number' || field.kind === 'money') return [field.name, '20'];
      if (field.kind === 'date') return [field.name, '2020-05-01'];
      if (field.kind === 'select') return [field.name, field.options[0]!.value];
      return [field.name, free[index % free.length]!];
    }),
  ) as AdditionalInfoForm;
}

/**
 * An application stored with the hostile answers under a fresh e-mail, with additional information answered
 * with payloads and a document whose file name is markup.
 */
async function hostileApplication(database: SupabaseClient, baseURL: string) {
  const email = `hostile-${randomUUID().slice(0, 8)}@harborcafe.com`;
  const inserted = await database
    .from('applications')
    .insert(qualifiedApplicationRow({ ...storedAnswers, email }))
    .select('id')
    .single();
  if (inserted.error) throw new Error(inserted.error.message);
  const id = String(inserted.data.id);
  const owner = await createAccount(database, baseURL, { email });
  const info = hostileAdditionalInfo();
  const answered = await database
    .from('additional_info')
    .insert({ ...additionalInfoSectionsFromForm(info), user_id: owner.id, application_id: id });
  if (answered.error) throw new Error(answered.error.message);
  const fileName = `${payload('image with onerror')}.pdf`;
  const path = documentStoragePath(owner.id, 'bankStatements', randomUUID(), 'pdf');
  const bytes = pdfBytes();
  const upload = await database.storage.from(DOCUMENTS_BUCKET).upload(path, bytes, { contentType: 'application/pdf' });
  if (upload.error) throw new Error(upload.error.message);
  const document = await database.from('documents').insert({
    user_id: owner.id,
    application_id: id,
    type: 'bankStatements',
    file_name: fileName,
    file_size: bytes.length,
    content_type: 'application/pdf',
    storage_path: path,
  });
  if (document.error) throw new Error(document.error.message);
  return { id, email, fileName, info };
}

test('the desktop renderer (no Content-Security-Policy behind it) shows hostile values from its offline copy as text, and a queued decision’s label too', async ({
  page,
  baseURL,
  database,
}) => {
  test.setTimeout(180_000);
  const checks = await watched(page);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await hostileApplication(database, baseURL!);
  const folder = await buildRenderer();
  const renderer = await serveFolder(folder);
  const main = new DesktopMain();
  try {
    await main.attach(page);
    await page.goto(renderer.url);
    await page.getByLabel('Server address').fill(baseURL!);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByLabel(/^Email/).fill(officer.email);
    await page.getByLabel(/^Password/).fill(officer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');

    // The list and the detail, read from the SQLite cache the sync filled.
    const admin = new AdminPages(page);
    await admin.search().fill(application.email);
    const row = admin.row(application.email);
    await checks.expectSafe(row, [storedAnswers.business_name, storedAnswers.first_name]);
    await row.getByRole('button', { name: `View ${storedAnswers.business_name}` }).click();
    await checks.expectSafe(admin.detail(), [
      ...Object.values(storedAnswers),
      ...additionalInfoFields
        .filter((field) => field.kind === 'textarea' || field.kind === 'text')
        .map((field) => application.info[field.name]),
      `Open ${application.fileName}`,
    ]);
    await page.getByRole('button', { name: 'Close detail' }).click();

    // Offline: a decision with a markup reason is queued under the application's name.
    await page.route(`${baseURL}/**`, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await checks.expectWrapped(dialog);
    await dialog.getByLabel(/Reason/).fill(payload('script element'));
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('outbox-count')).toHaveText('1 decision queued');
    await checks.expectSafe(page.getByRole('list', { name: 'Queued changes' }), [
      `Approve ${storedAnswers.business_name} (queued`,
    ]);
    const [queued] = await main.call('outbox:list', undefined);
    expect(queued).toMatchObject({ label: storedAnswers.business_name, reason: payload('script element') });

    // Meanwhile another officer rejected it with the longest reason a decision keeps: the conflict shows both.
    const otherReason = `${allHostileInputs} ${'W'.repeat(2_000)}`.slice(0, 2_000);
    const rejected = await database
      .from('applications')
      .update({ status: 'rejected', decided_at: new Date().toISOString(), decision_reason: otherReason })
      .eq('id', application.id);
    expect(rejected.error).toBeNull();
    await page.unroute(`${baseURL}/**`);
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
    // How it ended is one button of the status bar, opening the results in a dialog.
    await page.getByRole('button', { name: '1 change not applied' }).click();
    const conflict = page.getByRole('dialog', { name: 'Queued changes sent' }).getByTestId('outbox-settled');
    await checks.expectSafe(conflict, [
      `Approve ${storedAnswers.business_name} was not applied: the application was changed meanwhile.`,
      `(reason: ${otherReason})`,
    ]);
  } finally {
    main.close();
    await renderer.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
