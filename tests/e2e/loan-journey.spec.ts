import { brand } from '../../shared/brand/brand.ts';
import { formatLongDate } from '../../shared/format/dates.ts';
import { formatUsdInput } from '../../shared/format/money.ts';
import { LENDER_VIEW_MESSAGES } from '../../shared/matching/lender-answers.ts';
import { offerCost } from '../../shared/offers/offer-cost.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { inDays, sentLenderLink } from '../support/lender-links.ts';
import { expect, test } from './fixtures.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { lenderPage, sendOffer } from './pages/lender-page.ts';
import { applicationFor, createAccount, plantSession, signedInPortal } from './pages/portal-session.ts';

/**
 * A loan from two offers to its funding (docs/product.md §11), every step taken on its own screen: two lenders
 * answer the approved application's package with offers through their pages; the officer sees the nearer expiry
 * flagged in the Approved list; the applicant compares the offers in the portal and accepts one with their name;
 * the other lender's page then says the applicant chose another lender; the officer records the closing and the
 * funding; the applicant reads each step on the application's timeline and is e-mailed each.
 */
test('two lenders offer, the applicant accepts one, the other is told, and the officer takes the loan to funded; each step on the applicant’s timeline', async ({
  browser,
  page,
  baseURL,
  database,
}) => {
  test.setTimeout(120_000);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const applicant = await createAccount(database, baseURL!);
  const application = await applicationFor(database, applicant, { user_id: applicant.id, status: 'approved' });
  const businessName = application.businessName;
  const harbor = await sentLenderLink(database, application.id, 'Harbor Bank');
  const summit = await sentLenderLink(database, application.id, 'Summit Credit Union');

  // Each lender answers through its own page.
  const harborPage = await lenderPage(browser, `${baseURL}/lender#${harbor.token}`);
  await sendOffer(harborPage, {
    amount: '250000',
    fixedRate: '9.5',
    termMonths: '120',
    fees: '2500',
    collateral: 'Business assets',
    conditions: 'Personal guarantee',
    expiresOn: inDays(14),
  });
  const summitPage = await lenderPage(browser, `${baseURL}/lender#${summit.token}`);
  await sendOffer(summitPage, {
    amount: '240000',
    fixedRate: '8.75',
    termMonths: '84',
    fees: '1500',
    collateral: 'Equipment',
    conditions: 'Life insurance on the owner',
    expiresOn: inDays(2),
  });

  // The officer sees the offer that expires soonest flagged in the Approved list.
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await admin.openDashboard();
  await page.getByRole('tab', { name: 'Approved Applications' }).click();
  await admin.searchFor(businessName);
  await expect(admin.row(businessName)).toContainText('Offer expires in 2 days');

  // The applicant compares the two, each at offerCost's figures, and accepts Summit's with their name.
  const applicantContext = await browser.newContext();
  const portalPage = await applicantContext.newPage();
  await signedInPortal(portalPage, baseURL!, applicant);
  const offers = portalPage.getByRole('region', { name: 'Offers' });
  const harborCard = offers.getByRole('article', { name: `Offer from ${harbor.name}` });
  const summitCard = offers.getByRole('article', { name: `Offer from ${summit.name}` });
  const summitCost = offerCost(
    {
      amount: 240_000,
      rate: { kind: 'fixed', percent: 8.75 },
      termMonths: 84,
      lenderFees: 1_500,
      sbaGuarantyFee: null,
    },
    {},
  )!;
  await expect(harborCard).toContainText('9.50% fixed');
  await expect(summitCard).toContainText(formatUsdInput(summitCost.monthlyPayment));
  await expect(summitCard).toContainText(formatUsdInput(summitCost.totalCost));
  await summitCard.getByRole('button', { name: `Accept this offer from ${summit.name}` }).click();
  const accepting = portalPage.getByRole('dialog', { name: `Accept the offer from ${summit.name}?` });
  await accepting.getByRole('textbox', { name: 'Full name' }).fill('Maria Lopez');
  await accepting.getByRole('checkbox', { name: 'I accept this offer’s terms as shown above.' }).check();
  await accepting.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(accepting).toBeHidden();
  await expect(summitCard).toContainText('Accepted by Maria Lopez.');
  await expect(harborCard).toHaveCount(0);

  // Harbor's page says another lender was chosen, without naming it, and takes no answer; Summit's shows its win.
  await harborPage.reload();
  await expect(harborPage.getByText(LENDER_VIEW_MESSAGES.choseAnotherLender)).toBeVisible();
  await expect(harborPage.getByRole('radio')).toHaveCount(0);
  await expect(harborPage.getByRole('main')).not.toContainText(summit.name);
  await summitPage.reload();
  await expect(summitPage.getByRole('region', { name: 'Accepted offer' })).toContainText('$240,000');

  // The application left the Approved list for the Pipeline; the officer records the closing, then the funding.
  // (A reload keeps the list and the search the officer had open.)
  await page.reload();
  await expect(admin.list('Approved Applications')).toHaveAttribute('aria-busy', 'false');
  await admin.searchFor(businessName);
  await expect(admin.row(businessName)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(admin.list('Pipeline')).toHaveAttribute('aria-busy', 'false');
  await expect(admin.row(businessName)).toContainText('Offer accepted');
  await expect(admin.row(businessName)).not.toContainText('Offer expires');
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  const loan = admin.detail().getByRole('region', { name: 'Offers and funding' });
  await expect(loan.getByRole('listitem', { name: summit.name })).toContainText('Accepted');
  await loan.getByRole('button', { name: 'Record In closing' }).click();
  const closing = page.getByRole('dialog', { name: 'Record: In closing' });
  await closing.getByLabel('Expected closing date').fill(inDays(20));
  await closing.getByRole('button', { name: 'Record In closing' }).click();
  await expect(closing).toBeHidden();
  await loan.getByRole('button', { name: 'Record Funded' }).click();
  const funded = page.getByRole('dialog', { name: 'Record: Funded' });
  await funded.getByLabel('Funded amount ($)').fill('240000');
  await funded.getByLabel('Funding date').fill(inDays(0));
  await funded.getByRole('button', { name: 'Record Funded' }).click();
  await expect(funded).toBeHidden();
  await expect(loan.getByRole('list', { name: 'Loan stages' })).toContainText('Funded · $240,000');

  // The applicant reads where the loan stands above the accepted offer (which no longer expires), every step on
  // the application's timeline, and was e-mailed each.
  await portalPage.reload();
  await expect(portalPage.getByTestId('loan-status')).toHaveText(
    `Your loan was funded: $240,000 on ${formatLongDate(`${inDays(0)}T12:00:00Z`, 'UTC')}.`,
  );
  await expect(summitCard).not.toContainText('Offer expires');
  const card = portalPage.getByRole('article', { name: `Application for ${businessName}` });
  // The application's status says so too, at the top of its card.
  await expect(card.getByText('Status: Approved · Loan funded')).toBeVisible();
  const timeline = card.getByRole('listitem');
  for (const step of [
    `Offer received: ${harbor.name}`,
    `Offer received: ${summit.name}`,
    `Offer accepted: ${summit.name}`,
    'Loan in closing',
    'Loan funded',
  ]) {
    await expect(timeline.filter({ hasText: step })).toHaveCount(1);
  }
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, applicant.email)).map((mail) => mail.subject))
    .toEqual(
      expect.arrayContaining([
        `${brand.productName}: Your loan is in closing`,
        `${brand.productName}: Your loan is funded`,
      ]),
    );
  await applicantContext.close();
});
