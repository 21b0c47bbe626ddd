import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sampleForm } from '../../shared/testing/samples.ts';
import { latestMail, mailbox, verifyLinkIn } from '../support/auth-helpers.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { expect, test } from './fixtures.ts';
import { AdminPages, fillTermSheet } from './pages/admin-pages.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { PortalLenders } from './pages/portal-lenders.ts';
import { PortalPage } from './pages/portal-page.ts';
import { SiteShell } from './pages/site-shell.ts';

/** The administrator the server created on its first start (the e-mail and password it wrote down). */
function firstRunAdmin(): { email: string; password: string } {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'admin-credentials.txt'), 'utf8');
  const email = /e-mail:\s+(\S+)/.exec(text)?.[1];
  const password = /password:\s+(\S+)/.exec(text)?.[1];
  if (!email || !password) throw new Error(`no credentials in:\n${text}`);
  return { email, password };
}

async function openPortal(page: Page): Promise<PortalPage> {
  const portal = new PortalPage(page);
  await page.getByRole('heading', { name: 'Required Documents' }).waitFor();
  return portal;
}

test('a visitor pre-qualifies, opens an account, sends documents and information; the first-run admin takes the application to approved with a letter, a term sheet and a package sent; the applicant sees each step', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `dana.reyes.${unique}@example.com`;
  const businessName = `Reyes Bakery ${unique}`;
  const password = 'a-good-password';

  // The visitor pre-qualifies through the wizard.
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps({
    ...sampleForm,
    email,
    businessName,
    annualRevenue: '$600,000',
    monthlyDebtPayments: '$4,000',
    currentBusinessDebt: '$50,000',
  });
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();

  // ... creates an account from the result screen and confirms it from the mailbox.
  await apply.main.getByRole('link', { name: 'Create Your Account' }).click();
  const auth = new AuthPages(page);
  await expect(auth.heading()).toHaveText('Create Your Account');
  // The form starts with the e-mail the application was made with.
  await expect(auth.email()).toHaveValue(email.toLowerCase());
  await auth.signUp(email, password);
  await expect(auth.status()).toContainText('Please check your email');
  await page.goto(verifyLinkIn(await latestMail({ url: baseURL! }, email, 'Confirm your')));
  await page.waitForURL('**/portal');
  let portal = await openPortal(page);
  await expect(portal.application(businessName).getByText('Status: In review')).toBeVisible();

  // ... uploads a document and the additional information, signs out, signs back in and finds them.
  await portal.upload('Tax Returns', [
    { name: 'return-2025.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes()) },
  ]);
  await expect(portal.storedFile('Tax Returns', 'return-2025.pdf')).toBeVisible();
  await portal.fillRequiredInfo();
  await portal.submitInfoButton().click();
  await expect(page.getByText('Your information and documents have been successfully submitted.')).toBeVisible();
  await new SiteShell(page).topBarButton('Logout').click();
  await page.waitForURL(`${baseURL}/`);
  await auth.openLogin();
  await auth.signIn(email, password);
  await page.waitForURL('**/portal');
  portal = await openPortal(page);
  await expect(portal.storedFile('Tax Returns', 'return-2025.pdf')).toBeVisible();
  await expect(portal.infoField('Target Customers')).toHaveValue('Cafes and households.');

  // The first-run admin, in a browser of their own.
  const officerContext = await browser.newContext({ baseURL });
  const officerPage = await officerContext.newPage();
  const admin = new AdminPages(officerPage);
  const { email: adminEmail, password: adminPassword } = firstRunAdmin();
  await admin.signIn(adminEmail, adminPassword);
  await officerPage.waitForURL('**/admin');
  await admin.searchFor(businessName);
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail().getByRole('button', { name: 'Open return-2025.pdf' })).toBeVisible();
  await expect(admin.detail().getByText('Cafes and households.')).toBeVisible();

  const letterDownload = officerPage.waitForEvent('download');
  await admin.detail().getByRole('button', { name: 'Send Pre-Application Letter' }).click();
  const letter = officerPage.getByRole('dialog');
  await letter.getByLabel(/^Street Address/).fill('410 Sierra St');
  await letter.getByLabel(/^ZIP Code/).fill('89501');
  await letter.getByLabel(/^Loan Purpose/).fill('A second oven line');
  await letter.getByRole('button', { name: 'Generate Letter' }).click();
  expect((await letterDownload).suggestedFilename()).toMatch(/^pre-application-letter-reyes-bakery-\d+\.pdf$/);

  await admin.detail().getByRole('button', { name: 'Approve' }).click();
  const approval = officerPage.getByRole('dialog');
  await approval.getByLabel(/Reason/).fill('Strong cash flow and a clear plan.');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.detail().getByText('Reason: Strong cash flow and a clear plan.')).toBeVisible();

  const sheetDownload = officerPage.waitForEvent('download');
  await admin.detail().getByRole('button', { name: 'Accept & Generate Term Sheet' }).click();
  const sheet = officerPage.getByRole('dialog');
  await fillTermSheet(sheet, {
    bankName: 'First Sierra Bank',
    interestRate: '10.25',
    term: '120',
    monthlyPayment: '3340',
    collateral: 'Equipment',
    condition: 'Two years of tax returns',
  });
  await sheet.getByRole('button', { name: 'Generate Term Sheet' }).click();
  await sheetDownload;

  // The officer asks the applicant's consent for a matched lender; the applicant approves it in the portal.
  const sierra = 'Sierra Community Bank (sample)';
  const matches = admin.detail().getByRole('region', { name: 'Lender Matches' });
  await matches
    .getByRole('listitem', { name: `Lender ${sierra}` })
    .getByRole('button', { name: 'Ask Consent' })
    .click();
  // Asked first: the applicant is e-mailed at once.
  const ask = officerPage.getByRole('dialog', { name: `Ask the applicant’s consent for ${sierra}?` });
  await expect(ask).toContainText('Nothing goes to the lender before they approve.');
  await ask.getByRole('button', { name: 'Ask Consent' }).click();
  await expect(ask).toHaveCount(0);
  await expect(matches.getByRole('listitem', { name: `Lender ${sierra}` })).toContainText('Consent asked');
  await page.reload();
  portal = await openPortal(page);
  const lenders = new PortalLenders(page);
  await lenders.approve(sierra);
  await expect(lenders.request(sierra).getByText('Status: Approved')).toBeVisible();

  await officerPage.getByRole('button', { name: 'Refresh Data' }).click();
  const packages = admin.detail().getByRole('region', { name: 'Bank Packages' });
  await packages.getByRole('button', { name: 'Generate Bank Package' }).click();
  await packages.getByRole('button', { name: 'Send to Bank' }).click();
  const send = officerPage.getByRole('dialog');
  await send.getByLabel(/^Lender/).selectOption({ label: sierra });
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(packages.getByRole('listitem')).toContainText(`to ${sierra}`);
  await expect
    .poll(async () =>
      (await mailbox({ url: baseURL! }, 'ana.ruiz@sierra-bank.example')).some((mail) =>
        mail.text.includes(businessName),
      ),
    )
    .toBe(true);
  await officerContext.close();

  // The applicant sees the decision in the portal and in their mailbox.
  await page.reload();
  portal = await openPortal(page);
  await expect(portal.application(businessName).getByText('Status: Approved')).toBeVisible();
  await expect(portal.application(businessName).getByText('Reason: Strong cash flow and a clear plan.')).toBeVisible();
  const approved = await latestMail({ url: baseURL! }, email, 'approved');
  expect(approved.text).toContain('Strong cash flow and a clear plan.');
});
