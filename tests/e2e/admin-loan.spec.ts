import { brand } from '../../shared/brand/brand.ts';
import { formatLongDate } from '../../shared/format/dates.ts';
import { formatUsdInput } from '../../shared/format/money.ts';
import { offerCost } from '../../shared/offers/offer-cost.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { acceptOffer, inDays, offerTerms, sentLenderLink } from '../support/lender-links.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { createAccount, plantSession } from './pages/portal-session.ts';

test('an accepted offer moves the application to the Pipeline, where the officer sees the offers and the acceptance and records the loan in closing then funded; the applicant is told each', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const applicant = await createAccount(database, baseURL!);
  const { data, error } = await database
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email, status: 'approved' }))
    .select('id, business_name')
    .single();
  if (error) throw new Error(error.message);
  const applicationId = String(data.id);
  const businessName = String(data.business_name);
  const chosen = await sentLenderLink(database, applicationId, 'Chosen Bank');
  const other = await sentLenderLink(database, applicationId, 'Other Bank');
  const made = await database.rpc('make_loan_offer', { token: chosen.token, ...offerTerms() });
  if (made.error) throw new Error(made.error.message);
  const otherOffer = await database.rpc('make_loan_offer', {
    token: other.token,
    // 30-day SOFR: no other test enters its value, so it is entered here first.
    ...offerTerms({
      rate_kind: 'variable',
      fixed_rate: null,
      rate_index: 'sofr_30_day',
      spread: 2.75,
      sba_guaranty_fee: 3_281.25,
    }),
  });
  if (otherOffer.error) throw new Error(otherOffer.error.message);
  const accepted = await acceptOffer(database, applicant.id, (made.data as { id: string }).id);
  if (accepted.error) throw new Error(accepted.error.message);

  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await admin.openDashboard();
  // Once its applicant accepted an offer, an application leaves the Approved list for the Pipeline.
  await page.getByRole('tab', { name: 'Approved Applications' }).click();
  await admin.searchFor(businessName);
  await expect(admin.row(businessName)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(admin.list('Pipeline')).toHaveAttribute('aria-busy', 'false');
  await expect(admin.row(businessName)).toContainText('Offer accepted');
  await expect(admin.row(businessName)).toContainText('0 days in this stage');
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  const loan = admin.detail().getByRole('region', { name: 'Offers and funding' });
  // The audit log names the lender of each offer, and its revision.
  await expect(admin.detail()).toContainText(`Loan offer created (${chosen.name}, revision 1)`);
  await expect(admin.detail()).toContainText(`Loan offer created (${other.name}, revision 1)`);
  const monthly = offerCost(
    {
      amount: 250_000,
      rate: { kind: 'fixed', percent: 9.5 },
      termMonths: 120,
      lenderFees: 2_500,
      sbaGuarantyFee: 5_000,
    },
    {},
  )!.monthlyPayment;
  const chosenOffer = loan.getByRole('listitem', { name: chosen.name });
  await expect(chosenOffer).toContainText('Accepted');
  await expect(chosenOffer).toContainText(
    `$250,000 at 9.50% fixed for 120 months · ${formatUsdInput(monthly)} a month`,
  );
  const variableOffer = loan.getByRole('listitem', { name: other.name });
  await expect(variableOffer).toContainText('30-day SOFR + 2.75%');
  await expect(variableOffer).toContainText('monthly payment once the index value is entered');
  // Dollars and cents as the lender made the offer and the applicant reads it.
  await expect(variableOffer).toContainText('SBA guaranty fee $3,281.25');
  await expect(loan.getByTestId('offer-acceptance')).toContainText('Accepted by Maria Lopez');
  await expect(loan.getByTestId('offer-acceptance')).toContainText('from 203.0.113.9');
  await expect(loan.getByRole('button', { name: 'Record Funded' })).toHaveCount(0);

  // In closing: the date is required, said beside the field.
  await loan.getByRole('button', { name: 'Record In closing' }).click();
  const closing = page.getByRole('dialog', { name: 'Record: In closing' });
  await closing.getByRole('button', { name: 'Record In closing' }).click();
  await expect(closing).toContainText('Please enter the expected closing date');
  await closing.getByLabel('Expected closing date').fill(inDays(20));
  // Meanwhile the lender records it in closing through its page: the officer's is refused, and said so in the
  // section (the dialog goes: In closing is no longer a stage to record).
  const byLender = await database.functions.invoke('lender-package', {
    body: { token: chosen.token, action: 'stage', stage: 'in_closing', expectedClosingOn: inDays(25) },
  });
  expect(byLender.error).toBeNull();
  await closing.getByRole('button', { name: 'Record In closing' }).click();
  await expect(closing).toBeHidden();
  await expect(loan.getByRole('alert')).toHaveText('The loan’s stage was recorded meanwhile: it is In closing now');
  await expect(loan.getByRole('list', { name: 'Loan stages' })).toContainText('In closing');
  await expect(loan.getByRole('list', { name: 'Loan stages' })).toContainText('by the lender');

  await loan.getByRole('button', { name: 'Record Funded' }).click();
  const funded = page.getByRole('dialog', { name: 'Record: Funded' });
  // The amount starts at the accepted offer's, said beside it.
  await expect(funded.getByLabel('Funded amount ($)')).toHaveValue('250000');
  await expect(funded).toContainText(
    'Filled in from the accepted offer ($250,000): change it if the lender funded another amount.',
  );
  await funded.getByLabel('Funded amount ($)').fill('0');
  await funded.getByLabel('Funding date').fill(inDays(0));
  await funded.getByRole('button', { name: 'Record Funded' }).click();
  await expect(funded).toContainText('The amount must be above $0');
  await funded.getByLabel('Funded amount ($)').fill('250000');
  await funded.getByRole('button', { name: 'Record Funded' }).click();
  await expect(funded).toBeHidden();
  await expect(loan.getByRole('alert')).toHaveCount(0);
  await expect(loan.getByRole('list', { name: 'Loan stages' })).toContainText('Funded · $250,000');
  // Its Record buttons are gone: the keyboard is on the stage just recorded, not on the page.
  await expect(loan.getByRole('list', { name: 'Loan stages' }).getByRole('listitem').last()).toBeFocused();
  // Nothing comes after funded.
  await expect(loan.getByRole('button', { name: /^Record / })).toHaveCount(0);
  await expect(admin.detail()).toContainText('Loan funded');
  expect(await seriousAccessibilityViolations(page, ['section[aria-label="Application detail"]'])).toEqual([]);

  // The officer enters 30-day SOFR's value (told first what is missing); the variable offer's payment then shows,
  // computed at it.
  await page.getByRole('tab', { name: 'Lenders' }).click();
  await page.getByRole('button', { name: 'Enter an Index Value' }).click();
  const entering = page.getByRole('dialog', { name: 'Enter an index value' });
  await entering.getByRole('button', { name: 'Save Value' }).click();
  await expect(entering).toContainText('Please choose the index');
  await expect(entering).toContainText('Please enter the value in percent');
  await entering.getByRole('combobox', { name: /^Index/ }).selectOption({ label: '30-day SOFR' });
  await entering.getByLabel('Value (%)').fill('5.3');
  await entering.getByRole('button', { name: 'Save Value' }).click();
  await expect(entering).toBeHidden();
  const today = formatLongDate(`${inDays(0)}T12:00:00`);
  await expect(
    page.getByRole('table', { name: 'Index values' }).getByRole('row', { name: /30-day SOFR/ }),
  ).toContainText(`5.30%${today}`);
  await page.getByRole('tab', { name: 'Applications', exact: true }).click();
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  const variable = offerCost(
    {
      amount: 250_000,
      rate: { kind: 'variable', index: 'sofr_30_day', spreadPercent: 2.75 },
      termMonths: 120,
      lenderFees: 2_500,
      sbaGuarantyFee: 5_000,
    },
    { sofr_30_day: { percent: 5.3, asOf: inDays(0) } },
  )!;
  await expect(loan.getByRole('listitem', { name: other.name })).toContainText(
    `${formatUsdInput(variable.monthlyPayment)} a month (at 8.05%: the index at 5.30% on ${today})`,
  );
  await page.getByRole('button', { name: 'Close detail' }).click();

  // The Pipeline row follows the stage, and the Pipeline's figures count the funded loan (other tests of this
  // run may have funded some too).
  await expect(admin.row(businessName)).toContainText('Funded');
  await expect(admin.row(businessName)).not.toContainText('in this stage');
  const figures = page.getByRole('region', { name: 'Pipeline figures' });
  await expect(figures.getByRole('definition').nth(2)).toHaveText(/^[1-9]\d*$/);
  await expect(figures.getByRole('term').nth(2)).toHaveText('Funded');
  await expect(figures).toContainText('Median, in closing to funded');
  await expect(figures).toContainText('a funded loan counts under In closing too');

  // A link written while the application was approved (an e-mail of the time) opens it over the list it is in now.
  await page.goto(`/admin?list=approved&application=${applicationId}`);
  await expect(page.getByRole('tab', { name: 'Pipeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.detail().getByRole('region', { name: 'Offers and funding' })).toBeVisible();
  await expect(page).toHaveURL(/list=pipeline/);

  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, applicant.email)).map((mail) => mail.subject))
    .toEqual(
      expect.arrayContaining([
        `${brand.productName}: Your loan is in closing`,
        `${brand.productName}: Your loan is funded`,
      ]),
    );
});
