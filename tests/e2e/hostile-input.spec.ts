import type { Page } from '@playwright/test';
import { allHostileInputs, hostileInputs, PWNED_FLAG } from '../../shared/testing/hostile-input.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { expect, test } from './fixtures.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { applicationFor, createAccount, plantSession, signedInPortal } from './pages/portal-session.ts';
import { RegisterPages } from './pages/register-pages.ts';

/**
 * Hostile input on screen (issue 14, part 6): script, HTML, markdown links, formulas, a right-to-left override
 * and a 10,000-character value, typed into the wizard and stored in an application, then shown in the wizard's
 * review, the admin list and detail, the applicant's portal and a lender's page. Nothing runs, nothing becomes
 * markup, and nothing pushes the page wider than the window.
 */

const LONG = hostileInputs.find((input) => input.name === '10,000 characters')!.value;

/** Fails the test on any dialog a payload could open (alert, confirm...). */
function refuseDialogs(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a payload opened a ${dialog.type()} dialog: ${dialog.message()}`);
  });
}

/** Nothing ran, nothing became an element or a link, and the page is no wider than the window. */
async function expectInert(page: Page) {
  const state = await page.evaluate((flag) => {
    const main = document.querySelector('main') ?? document.body;
    return {
      pwned: (window as unknown as Record<string, unknown>)[flag] ?? null,
      images: main.querySelectorAll('img[onerror], img[src="x"]').length,
      scripts: main.querySelectorAll('script').length,
      javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      // A dialog sits outside the page's flow: nothing in it may reach past the window either.
      dialogOverflow: [...document.querySelectorAll('[role="dialog"] *')].filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
      ).length,
    };
  }, PWNED_FLAG);
  expect(state).toEqual({ pwned: null, images: 0, scripts: 0, javascriptLinks: 0, overflow: 0, dialogOverflow: 0 });
}

test('the wizard takes hostile text and shows it back as text in its review', async ({ page, database }) => {
  refuseDialogs(page);
  const email = `hostile.${Date.now()}@harborcafe.com`;
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps({ ...sampleForm, email, businessName: allHostileInputs });
  await expect(page.getByText(allHostileInputs)).toBeVisible();
  await expectInert(page);
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
  await expectInert(page);
  const { data } = await database.from('applications').select('business_name').eq('email', email).single();
  expect(data).toEqual({ business_name: allHostileInputs });
});

test('stored hostile values are shown as text in the portal, the admin detail and a lender’s page', async ({
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

  refuseDialogs(page);
  await signedInPortal(page, baseURL!, applicant);
  await expect(page.getByText(application.businessName).first()).toBeVisible();
  await expectInert(page);

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
  refuseDialogs(officerPage);
  await plantSession(officerPage, baseURL!, officer.session);
  await officerPage.goto(`/admin?list=pending&application=${application.id}`);
  const detail = officerPage.getByRole('region', { name: 'Application detail' });
  await expect(detail.getByRole('heading', { name: application.businessName })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Term Sheets' })).toContainText(allHostileInputs);
  // A dialog titled with the name (dialogs sit outside <main>) wraps it too.
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(officerPage.getByRole('dialog')).toBeVisible();
  await expectInert(officerPage);
  await officerPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(detail.getByText(allHostileInputs).first()).toBeVisible();
  await expectInert(officerPage);

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
  refuseDialogs(lender);
  await lender.goto(`/lender#${token}`);
  await expect(lender.getByRole('region', { name: 'Executive summary' })).toContainText(allHostileInputs);
  await expect(lender.getByText(`Your note: ${allHostileInputs}`)).toBeVisible();
  await expectInert(lender);
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
  refuseDialogs(page);
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
  await expectInert(page);
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
  refuseDialogs(officerPage);
  await plantSession(officerPage, baseURL!, officer.session);
  await officerPage.goto(`/admin?list=pending&application=${application.id}`);
  const detail = officerPage.getByRole('region', { name: 'Application detail' });
  await expect(detail.getByText(LONG)).toBeVisible();
  await expect(detail.getByText(allHostileInputs).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: `Open ${fileName}` })).toBeVisible();
  await expectInert(officerPage);
});

test('registration, sign-in and the Lenders tab take hostile text and show it inert', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  refuseDialogs(page);
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
  await expectInert(page);
  await register.button('Submit Registration').click();
  await expect(page).toHaveURL(/\/register\/success$/);
  await expectInert(page);
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
  await expectInert(page);

  // Lender fields typed by an officer, shown in the Lenders tab and the matches of an application.
  const officer = await createAccount(database, baseURL!, { admin: true });
  const officerPage = await (await browser.newContext()).newPage();
  refuseDialogs(officerPage);
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
    await expectInert(officerPage);
  } finally {
    await database.from('lenders').delete().eq('id', lender.data!.id);
  }
});
