import type { Route } from '@playwright/test';
import { brand } from '../../shared/brand/brand.ts';
import type { PreQualificationForm } from '../../shared/catalogue/pre-qualification.ts';
import { evaluatePreQualification } from '../../shared/evaluation/evaluate.ts';
import { PHONE_MESSAGES } from '../../shared/sms/phone-format.ts';
import { SMS_CONSENT_TEXTS } from '../../shared/sms/sms-consent.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { expect, test } from './fixtures.ts';
import { startAppWhenNeeded } from './pages/app-ready.ts';
import { ApplyPage, blockNotificationEmails, mailboxMessages } from './pages/apply-page.ts';
import { createAccount, plantSession } from './pages/portal-session.ts';

/** A qualifying form (credit 700-749, 2-5 years, debt coverage 1.875, down payment yes) for one test. */
function qualifyingForm(tag: string): PreQualificationForm {
  const unique = `${tag}${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    ...sampleForm,
    email: `Dana.Reyes.${unique}@Example.com`,
    phone: '(775) 555-0142',
    businessName: `Reyes Bakery ${unique}`,
    annualRevenue: '$600,000',
    monthlyDebtPayments: '$4,000',
    currentBusinessDebt: '$50,000.50',
  };
}

/** Fails every threshold: credit below 600, under a year, debt coverage 0.75, no down payment. */
function notQualifyingForm(): PreQualificationForm {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    ...sampleForm,
    email: `sam.ortiz.${unique}@example.com`,
    businessName: `Ortiz Landscaping ${unique}`,
    creditScore: 'Below 600',
    yearsInBusiness: '0-1',
    annualRevenue: '120000',
    monthlyDebtPayments: '2000',
    currentBusinessDebt: '15000',
    hasDownPayment: 'no',
  };
}

/** Chakra's fg.error is a red: the red channel well above green and blue. */
async function expectRed(locator: ReturnType<ApplyPage['message']>) {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number);
  expect(red, color).toBeGreaterThan(150);
  expect(red - Math.max(green, blue), color).toBeGreaterThan(80);
}

test('a new visitor goes from the home page through the wizard to the qualified screen; the application and both e-mails are stored', async ({
  page,
  database,
}) => {
  const form = qualifyingForm('q');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apply Now', exact: true }).click();
  const apply = new ApplyPage(page);
  await expect(page).toHaveTitle('Pre-Qualification Form | Apply for Funding');
  // The link was followed before the home page's app ran: the wizard's page starts its own at the next input.
  await startAppWhenNeeded(page);
  await expect(apply.main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  for (const [name, href] of [
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
  ]) {
    const link = apply.main.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  const help = apply.main.getByRole('complementary', { name: 'Need Help?' });
  await expect(help.getByRole('link', { name: brand.contactPhone })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(help.getByRole('link', { name: brand.loansEmail })).toHaveAttribute(
    'href',
    `mailto:${brand.loansEmail}`,
  );

  // Step 1 shows the described placeholders and checkbox texts (docs/product.md §3); no Previous on the first step.
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await expect(apply.control('phone')).toHaveAttribute('placeholder', '(XXX) XXX-XXXX');
  await expect(apply.control('receiveSms')).toBeVisible();
  await expect(apply.control('receiveMarketing')).toBeVisible();
  await expect(apply.button('Previous')).toHaveCount(0);
  await expect(apply.button('Save for Later')).toBeVisible();
  await apply.fillFields(ApplyPage.stepValues(form, 0));
  await apply.next();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await expect(apply.button('Previous')).toBeVisible();
  await apply.fillFields(ApplyPage.stepValues(form, 1));
  await apply.next();
  await expect(apply.stepHeading).toHaveText('Financial Information');
  for (const field of ['annualRevenue', 'monthlyDebtPayments', 'currentBusinessDebt'] as const) {
    await expect(apply.control(field)).toHaveAttribute('placeholder', '$');
  }
  // A shorthand amount is accepted as docs/product.md §5 stores it (its digits); the field says how it will be read.
  await apply.fillFields({ annualRevenue: '1.2M' });
  const note = apply.message('This will be read as $1.20. Please type the amount in digits, such as 1,200,000.');
  await expect(note).toBeVisible();
  await expect(apply.control('annualRevenue')).toHaveAccessibleDescription(
    'This will be read as $1.20. Please type the amount in digits, such as 1,200,000.',
  );
  await apply.fillFields(ApplyPage.stepValues(form, 2));
  await expect(note).toHaveCount(0);
  await apply.next();
  await expect(apply.stepHeading).toHaveText('Loan Request');
  await expect(apply.control('useOfFunds')).toHaveAttribute('rows', '4');
  await apply.fillFields(ApplyPage.stepValues(form, 3));
  await apply.next();

  // The review shows every answer, read-only.
  await expect(apply.stepHeading).toHaveText('Review Your Application');
  await expect(apply.reviewValue('Personal Information', 'Name')).toHaveText('Dana Reyes');
  await expect(apply.reviewValue('Personal Information', 'Email')).toHaveText(form.email);
  await expect(apply.reviewValue('Personal Information', 'Phone')).toHaveText('(775) 555-0142');
  await expect(apply.reviewValue('Personal Information', 'Credit Score Range')).toHaveText('700-749');
  await expect(apply.reviewValue('Business Information', 'Business Name')).toHaveText(form.businessName);
  await expect(apply.reviewValue('Business Information', 'Business Address')).toHaveText('12 Main St');
  await expect(apply.reviewValue('Business Information', 'City')).toHaveText('Reno');
  await expect(apply.reviewValue('Business Information', 'State')).toHaveText('NV');
  await expect(apply.reviewValue('Business Information', 'Industry')).toHaveText('Food service');
  await expect(apply.reviewValue('Business Information', 'Years in Business')).toHaveText('2-5 years');
  await expect(apply.reviewValue('Financial Information', 'Annual Revenue')).toHaveText('$600,000');
  await expect(apply.reviewValue('Financial Information', 'Monthly Debt Payments')).toHaveText('$4,000');
  // Cents typed are shown as typed (and stored), not rounded: $50,000.50, not $50,001.
  await expect(apply.reviewValue('Financial Information', 'Current Business Debt')).toHaveText('$50,000.50');
  await expect(apply.reviewValue('Loan Request', 'Loan Amount')).toHaveText('$100,000 - $250,000');
  await expect(apply.reviewValue('Loan Request', 'Timeframe')).toHaveText('1-3 months');
  await expect(apply.reviewValue('Loan Request', 'Use of Funds')).toHaveText('A second oven');
  await expect(apply.reviewValue('Loan Request', '10% Down Payment Available')).toHaveText('Yes');
  expect(await apply.accessibilityViolations()).toEqual([]);

  // While the application is being stored, the button is disabled and reads 'Submitting...' with a spinner.
  let releaseInsert: () => void = () => {};
  const inserting = new Promise<void>((resolve) => (releaseInsert = resolve));
  await page.route('**/rest/v1/applications*', async (route: Route) => {
    await inserting;
    await route.continue();
  });
  await apply.button('Submit Application').click();
  await expect(apply.primaryButton).toBeDisabled();
  await expect(apply.primaryButton).toHaveText('Submitting...');
  await expect(apply.primaryButton.locator('.chakra-spinner')).toBeVisible();
  releaseInsert();

  // The qualified result.
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeFocused();
  await expect(apply.main.getByRole('link', { name: 'Create Your Account' })).toHaveAttribute(
    'href',
    '/portal/login?mode=signup',
  );
  const schedule = apply.main.getByRole('link', { name: 'Schedule Your Consultation' });
  await expect(schedule).toHaveAttribute('href', brand.schedulingUrl);
  await expect(schedule).toHaveAttribute('target', '_blank');
  const nextSteps = apply.resultSection('Next Steps').getByRole('listitem');
  await expect(nextSteps).toHaveText([
    'Schedule a consultation with our loan expert',
    'Prepare required financial documentation',
    'Review preliminary loan terms and conditions',
    'Begin the formal application process',
  ]);
  const expectations = apply.resultSection('What to Expect').getByRole('listitem');
  await expect(expectations).toHaveCount(5);
  for (const [index, topic] of [
    /secure upload portal/i,
    /30-minute consultation/,
    /business needs and your financing options/,
    /documentation/,
    /timeline/,
  ].entries()) {
    await expect(expectations.nth(index)).toContainText(topic);
  }
  await expect(apply.main.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  expect(await apply.accessibilityViolations()).toEqual([]);

  // Stored: status pending, e-mail lower-cased, money parsed; the saved form is gone.
  const { data, error } = await database
    .from('applications')
    .select(
      'first_name, last_name, email, phone, title, business_name, state, annual_revenue, monthly_debt_payments, current_business_debt, loan_amount, has_down_payment, status, evaluation_result',
    )
    .eq('email', form.email.toLowerCase());
  expect(error).toBeNull();
  expect(data).toEqual([
    expect.objectContaining({
      first_name: 'Dana',
      last_name: 'Reyes',
      email: form.email.toLowerCase(),
      phone: '(775) 555-0142',
      title: 'Owner',
      business_name: form.businessName,
      state: 'NV',
      annual_revenue: 600000,
      monthly_debt_payments: 4000,
      current_business_debt: 50000.5,
      loan_amount: '100000-250000',
      has_down_payment: 'yes',
      status: 'pending',
      evaluation_result: expect.objectContaining({ qualified: true, reasons: [] }),
    }),
  ]);
  expect(await apply.savedForm()).toBeNull();

  // Both notification e-mails are in the dev mailbox: the applicant's and the loan team's.
  await expect
    .poll(async () => (await mailboxMessages(page, form.email.toLowerCase())).map((message) => message.subject), {
      timeout: 15_000,
    })
    .toEqual([`You pre-qualify: next steps for ${form.businessName}`]);
  await expect
    .poll(
      async () =>
        (await mailboxMessages(page, brand.loansEmail))
          .filter((message) => message.text.includes(form.email.toLowerCase()))
          .map((message) => message.subject),
      { timeout: 15_000 },
    )
    .toEqual([`New pre-qualification: ${form.businessName} (qualified)`]);
});

test('a shorthand amount left in the wizard is shown on the Review as it will be read, with the same note', async ({
  page,
}) => {
  const apply = new ApplyPage(page);
  await apply.open();
  const form = { ...sampleForm, annualRevenue: '1.2M' };
  for (const step of [0, 1, 2, 3]) {
    await apply.fillFields(ApplyPage.stepValues(form, step));
    await apply.next();
  }
  await expect(apply.stepHeading).toHaveText('Review Your Application');
  await expect(apply.reviewValue('Financial Information', 'Annual Revenue')).toHaveText(
    '$1.20This will be read as $1.20. Please type the amount in digits, such as 1,200,000.',
  );
  // An amount typed in digits has no note.
  await expect(apply.reviewValue('Financial Information', 'Monthly Debt Payments')).not.toContainText('read as');
});

test('someone already signed in who pre-qualifies is sent to their portal, not asked to create an account', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  await plantSession(page, baseURL!, account.session);
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps({ ...qualifyingForm('signed-in'), email: account.email });
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
  await expect(apply.main.getByRole('link', { name: 'Go to Your Portal' })).toHaveAttribute('href', '/portal');
  await expect(apply.main.getByRole('link', { name: 'Create Your Account' })).toHaveCount(0);
  await expect(apply.main).toContainText('Your application is in your client portal');
  await expect(apply.main).toContainText('send tax returns, financial statements and bank statements from your portal');
  await expect(apply.main).not.toContainText('create your account');
});

test('a visitor who does not pre-qualify sees the areas to address, and the application is stored as rejected', async ({
  page,
  database,
}) => {
  const form = notQualifyingForm();
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps(form);
  await expect(apply.reviewValue('Loan Request', '10% Down Payment Available')).toHaveText('No');
  await apply.button('Submit Application').click();

  await expect(apply.resultHeading('Thank You for Your Application')).toBeVisible();
  const areas = apply.resultSection('Areas to Address');
  const evaluation = evaluatePreQualification(form);
  expect(evaluation.criteria.filter((criterion) => !criterion.passed)).toHaveLength(4);
  for (const criterion of evaluation.criteria) {
    await expect(areas.getByRole('heading', { name: criterion.label, exact: true })).toBeVisible();
    await expect(areas).toContainText(criterion.reason ?? '');
    await expect(areas).toContainText(`What to improve: ${criterion.improvement ?? ''}`);
  }
  await expect(areas).toContainText('Your credit score range (Below 600) is below our minimum of 660.');
  await expect(areas).toContainText('Your debt coverage ratio of 0.75 is below our minimum of 1.25.');
  await expect(apply.resultSection('Next Steps').getByRole('listitem').last()).toHaveText(
    'Discuss down payment options and alternatives during consultation',
  );
  await expect(apply.main.getByRole('link', { name: `Call ${brand.contactPhone}` })).toHaveAttribute('href', /^tel:/);
  await expect(apply.main.getByRole('link', { name: `Email ${brand.loansEmail}` })).toHaveAttribute(
    'href',
    `mailto:${brand.loansEmail}`,
  );
  await expect(apply.main.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  expect(await apply.accessibilityViolations()).toEqual([]);

  const { data, error } = await database
    .from('applications')
    .select('status, evaluation_result')
    .eq('email', form.email);
  expect(error).toBeNull();
  expect(data).toEqual([{ status: 'rejected', evaluation_result: expect.objectContaining({ qualified: false }) }]);
});

test('every field of the wizard shows the required message, in red under the field, on change and on Next', async ({
  page,
}) => {
  const apply = new ApplyPage(page);
  await apply.open();

  // On change: typing and clearing a field shows its message without pressing Next.
  await apply.control('firstName').fill('Dana');
  await apply.control('firstName').fill('');
  await expect(apply.message('First name is required')).toBeVisible();
  await expect(apply.control('firstName')).toHaveAccessibleErrorMessage('First name is required');
  await expect(apply.control('firstName')).toHaveAttribute('aria-invalid', 'true');
  await expectRed(apply.message('First name is required'));
  await apply.control('email').fill('dana@bakery');
  await expect(apply.message('Invalid email address')).toBeVisible();
  await apply.control('email').fill('');
  await expect(apply.message('Email is required')).toBeVisible();

  const steps: { messages: Record<string, string>; values: Partial<PreQualificationForm> }[] = [
    {
      messages: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        title: 'Title is required',
        creditScore: 'Credit score range is required',
      },
      values: ApplyPage.stepValues(sampleForm, 0),
    },
    {
      messages: {
        businessName: 'Business name is required',
        businessAddress: 'Business address is required',
        city: 'City is required',
        state: 'State is required',
        industry: 'Industry is required',
        yearsInBusiness: 'Years in business is required',
        profitable: 'This field is required',
      },
      values: ApplyPage.stepValues(sampleForm, 1),
    },
    {
      messages: {
        annualRevenue: 'Annual revenue is required',
        monthlyDebtPayments: 'Monthly debt payments are required',
        currentBusinessDebt: 'Current business debt is required',
      },
      values: ApplyPage.stepValues(sampleForm, 2),
    },
    {
      messages: {
        loanAmount: 'Loan amount is required',
        timeframe: 'Timeframe is required',
        useOfFunds: 'Use of funds is required',
        hasDownPayment: 'This field is required',
      },
      values: ApplyPage.stepValues(sampleForm, 3),
    },
  ];
  for (const [index, step] of steps.entries()) {
    const heading = await apply.stepHeading.textContent();
    await apply.next();
    await expect(apply.stepHeading).toHaveText(heading ?? '');
    for (const [field, message] of Object.entries(step.messages)) {
      // Text fields and selects point to their message with aria-errormessage, yes/no groups with aria-describedby.
      if (field === 'profitable' || field === 'hasDownPayment') {
        await expect(apply.radioGroup(field), field).toHaveAccessibleDescription(message);
      } else {
        await expect(apply.control(field as keyof PreQualificationForm), field).toHaveAccessibleErrorMessage(message);
      }
      await expectRed(apply.main.getByText(message, { exact: true }).first());
    }
    // Phone and the checkboxes are optional: no message for them.
    if (index === 0) await expect(apply.control('phone')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await apply.accessibilityViolations()).toEqual([]);
    await apply.fillFields(step.values);
    for (const message of Object.values(step.messages)) await expect(apply.message(message)).toHaveCount(0);
    await apply.next();
  }
  await expect(apply.stepHeading).toHaveText('Review Your Application');
});

test('asking for texts needs a number that can take them, checked as the Personal step is left; the consent is stored with the number in E.164', async ({
  page,
  database,
}) => {
  const form = { ...qualifyingForm('sms'), receiveSms: true, phone: '' };
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.fillFields(ApplyPage.stepValues(form, 0));
  await apply.next();
  await expect(apply.message(PHONE_MESSAGES.empty)).toBeVisible();
  await expect(apply.stepHeading).toHaveText('Personal Information');

  // A number the phone library reads as toll-free cannot take texts; one that is not a US number at all is refused
  // with the example of what is wanted. Both keep the visitor on the step, the number focused.
  for (const [typed, message] of [
    ['(800) 555-0134', PHONE_MESSAGES.cannotText],
    ['(416) 555-0134', PHONE_MESSAGES.invalid],
  ] as const) {
    await apply.control('phone').fill(typed);
    await apply.next();
    await expect(apply.message(message)).toBeVisible();
    await expect(apply.control('phone')).toHaveAccessibleErrorMessage(message);
    await expect(apply.control('phone')).toBeFocused();
    await expect(apply.stepHeading).toHaveText('Personal Information');
  }

  // Without texts the phone stays optional and unchecked.
  await apply.control('receiveSms').setChecked(false);
  await apply.next();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await apply.button('Previous').click();

  await apply.control('receiveSms').setChecked(true);
  await apply.control('phone').fill('(208) 555-0134');
  await apply.completeSteps({ ...form, phone: '(208) 555-0134' });
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();

  const { data: application } = await database
    .from('applications')
    .select('id')
    .eq('email', form.email.toLowerCase())
    .single();
  const { data: consents } = await database
    .from('sms_consents')
    .select('phone_e164, consented, consent_text, source')
    .eq('application_id', application!.id);
  expect(consents).toEqual([
    {
      phone_e164: '+12085550134',
      consented: true,
      consent_text: SMS_CONSENT_TEXTS.application_form,
      source: 'application_form',
    },
  ]);
});

test('the step buttons jump back freely and forward only from a valid step, showing its errors otherwise', async ({
  page,
}) => {
  const apply = new ApplyPage(page);
  await apply.open();
  await expect(apply.stepButton('Personal Information')).toHaveAttribute('aria-current', 'step');

  // Forward from an invalid step: blocked, the step's errors shown and its first invalid field focused.
  await apply.stepButton('Loan Request').click();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await expect(apply.message('First name is required')).toBeVisible();
  await expect(apply.message('Credit score range is required')).toBeVisible();
  await expect(apply.control('firstName')).toBeFocused();

  // Forward from a valid step: any later step, even past an unfilled one.
  await apply.fillFields(ApplyPage.stepValues(sampleForm, 0));
  await apply.stepButton('Financial Information').click();
  await expect(apply.stepHeading).toHaveText('Financial Information');
  await expect(apply.stepButton('Financial Information')).toHaveAttribute('aria-current', 'step');
  // The step left is marked done (a check instead of its number); the one jumped over, still empty, is not.
  await expect(apply.stepButton('Personal Information')).not.toContainText('1');
  await expect(apply.stepButton('Business Information')).toContainText('2');

  await apply.stepButton('Review Your Application').click();
  await expect(apply.stepHeading).toHaveText('Financial Information');
  await expect(apply.message('Annual revenue is required')).toBeVisible();

  // Back: free, whatever the current step holds.
  await apply.stepButton('Business Information').click();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await apply.button('Previous').click();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await expect(apply.control('firstName')).toHaveValue(sampleForm.firstName);

  // Reaching the review with steps left empty: the submission lists what is missing, in the product's words
  // (docs/product.md §5).
  await apply.stepButton('Review Your Application').click();
  await expect(apply.stepHeading).toHaveText('Review Your Application');
  await apply.button('Submit Application').click();
  await expect(apply.generalError).toHaveText(
    'Missing required fields: Business Name, Business Address, City, State, Industry, Years in Business, Profitable, Annual Revenue, Monthly Debt Payments, Current Business Debt, Loan Amount, Timeframe, Use of Funds, 10% Down Payment Available. Please go back and complete all required fields.',
  );
  expect(await apply.accessibilityViolations()).toEqual([]);
});

test("the browser's Back and Forward move between steps as Previous and Next do; Forward still needs a valid step", async ({
  page,
}) => {
  await page.goto('/calculator');
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.fillFields(ApplyPage.stepValues(sampleForm, 0));
  await apply.next();
  await apply.fillFields(ApplyPage.stepValues(sampleForm, 1));
  await apply.next();
  await expect(apply.stepHeading).toHaveText('Financial Information');

  await page.goBack();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await expect(apply.control('businessName')).toHaveValue(sampleForm.businessName);
  await page.goBack();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await page.goForward();
  await expect(apply.stepHeading).toHaveText('Business Information');

  // A field emptied after going back: Forward stays on the step and shows why, as Next would.
  await apply.fillFields({ businessName: '' });
  await page.goForward();
  await expect(apply.message('Business name is required')).toBeVisible();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await expect(apply.control('businessName')).toBeFocused();

  // A reload keeps the step; Back from the first step leaves the wizard for the page before it.
  await page.reload();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await page.goBack();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await page.goBack();
  await expect(page).toHaveURL(/\/calculator$/);
});

test('Back pressed at once after Next, before the next step is drawn, shows the step of the entry it went to', async ({
  page,
}) => {
  await page.goto('/calculator');
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.fillFields(ApplyPage.stepValues(sampleForm, 0));
  // A slow phone: the router's transition to the new entry is still being drawn when Back comes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await apply.next();
  await page.goBack();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await page.waitForTimeout(500);
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await page.goForward();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await page.goBack();
  await expect(apply.stepHeading).toHaveText('Personal Information');
});

test("after submitting, a reload keeps the result, the browser's Back leaves it for the page before the wizard, not for its steps, and Forward comes back to it", async ({
  page,
}) => {
  await page.goto('/calculator');
  const apply = new ApplyPage(page);
  await apply.open();
  // A step revisited on the way: its entries are skipped too.
  await apply.completeSteps(notQualifyingForm());
  await page.goBack();
  await expect(apply.stepHeading).toHaveText('Loan Request');
  await page.goForward();
  await expect(apply.stepHeading).toHaveText('Review Your Application');
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Thank You for Your Application')).toBeVisible();
  // A reload shows the result again, not an empty wizard inviting a second application.
  await page.reload();
  await expect(apply.resultHeading('Thank You for Your Application')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/calculator$/);
  await expect(apply.resultHeading('Thank You for Your Application')).toBeHidden();
  // Forward comes back to the result (with its advice), not to the steps of the form already sent; a reload of
  // that entry keeps it, and Back leaves it again.
  await page.goForward();
  await expect(apply.resultHeading('Thank You for Your Application')).toBeVisible();
  await expect(page).toHaveURL(/\/apply\?submitted$/);
  await page.reload();
  await expect(apply.resultHeading('Thank You for Your Application')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/calculator$/);
  // Opening /apply anew starts a new, empty form: the submitted one is not kept.
  await apply.open();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await expect(apply.control('firstName')).toHaveValue('');
});

test('after submitting, opening /apply anew starts a new form; Back and a reload of its entry show the result again', async ({
  page,
}) => {
  await blockNotificationEmails(page);
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.completeSteps(notQualifyingForm());
  await apply.button('Submit Application').click();
  const result = apply.resultHeading('Thank You for Your Application');
  await expect(result).toBeVisible();

  // Typing the address again: a browser reloads the entry when the address is the one it shows.
  await apply.open();
  await expect(result).toBeHidden();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await expect(apply.control('firstName')).toHaveValue('');
  await page.goBack();
  await expect(result).toBeVisible();
  await page.reload();
  await expect(result).toBeVisible();

  // The result's own way to another application.
  await apply.main.getByRole('link', { name: 'Start Another Application' }).click();
  await expect(apply.stepHeading).toHaveText('Personal Information');
  await expect(result).toBeHidden();
  await page.goBack();
  await expect(result).toBeVisible();
});

test('at 390px the step labels break only between words', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const apply = new ApplyPage(page);
  await apply.open();
  const labels = page.getByRole('navigation', { name: 'Application steps' }).getByRole('button');
  await expect(labels).toHaveCount(5);
  // Each rendered line of each label, from the positions of its characters.
  const lines = await labels.evaluateAll((buttons) =>
    buttons.map((button) => {
      const text = button.querySelector('span')?.firstChild;
      if (!text?.textContent) return [];
      const range = document.createRange();
      const rows: string[] = [];
      let top: number | undefined;
      for (let index = 0; index < text.textContent.length; index += 1) {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (top === undefined || rect.top > top + 2) rows.push('');
        top = rect.top;
        rows[rows.length - 1] += text.textContent[index];
      }
      return rows.map((row) => row.trim());
    }),
  );
  const words = [
    'Personal',
    'Information',
    'Business',
    'Financial',
    'Loan',
    'Request',
    'Review',
    'Your',
    'Application',
  ];
  for (const line of lines.flat()) {
    for (const word of line.split(' '))
      expect(words, `a line of the step labels: ${lines.join(' | ')}`).toContain(word);
  }
  for (const label of await labels.all()) {
    expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
});

test('the form is saved on every change and step change, restored after a reload, and Save for Later says so', async ({
  page,
}) => {
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.fillFields(ApplyPage.stepValues(sampleForm, 0));
  await apply.next();
  await apply.fillFields({ businessName: 'Reyes Bakery', city: 'Reno' });
  const saved = JSON.parse((await apply.savedForm()) ?? '{}');
  expect(saved).toMatchObject({
    currentStep: 'BUSINESS',
    formData: { firstName: 'Dana', email: sampleForm.email, businessName: 'Reyes Bakery', city: 'Reno' },
  });

  await page.reload();
  await expect(apply.stepHeading).toHaveText('Business Information');
  await expect(apply.control('businessName')).toHaveValue('Reyes Bakery');
  await expect(apply.control('city')).toHaveValue('Reno');
  await apply.button('Previous').click();
  await expect(apply.control('lastName')).toHaveValue(sampleForm.lastName);
  await expect(apply.control('creditScore')).toHaveValue(sampleForm.creditScore);
  await expect(apply.control('receiveMarketing')).toBeChecked();
  expect(JSON.parse((await apply.savedForm()) ?? '{}')).toMatchObject({ currentStep: 'PERSONAL' });

  expect(await apply.saveForLater()).toEqual({
    type: 'alert',
    message: 'Your application has been saved. You can return later to complete it.',
  });
});

test('Save for Later reports a failure when the browser cannot store the form', async ({ page }) => {
  const apply = new ApplyPage(page);
  await apply.open();
  await apply.fillFields({ firstName: 'Dana' });
  // Fill this origin's real local storage up to its quota, so the next write fails as it would on a full disk.
  await page.evaluate(() => {
    localStorage.removeItem('preQualificationForm');
    let size = 1 << 20;
    let index = 0;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler-${index}`, 'x'.repeat(size));
        index += 1;
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
  expect(await apply.saveForLater()).toEqual({
    type: 'alert',
    message: 'There was an error saving your application. Please try again.',
  });
  await page.evaluate(() => localStorage.clear());
});

test('a failed insert shows the required message for its kind of error, and the visitor can try again', async ({
  page,
  database,
}) => {
  const form = qualifyingForm('err');
  const apply = new ApplyPage(page);
  await blockNotificationEmails(page);
  await apply.open();
  await apply.completeSteps(form);

  // The real server would accept this row; these answers are what a database refusing it says.
  const refusals = [
    {
      status: 403,
      body: { code: '42501', message: 'permission denied for table applications', details: null, hint: null },
      shown: 'Unable to submit application due to database permissions. Please try again or contact support.',
    },
    {
      status: 400,
      body: {
        code: '23514',
        message: 'new row for relation "applications" violates check constraint',
        details: null,
        hint: null,
      },
      shown: 'Application data validation failed. Please check all required fields are completed.',
    },
    {
      status: 503,
      body: { code: 'PGRST000', message: 'Database client error', details: null, hint: null },
      shown: 'Application submission failed: Database client error',
    },
  ];
  for (const refusal of refusals) {
    await page.route('**/rest/v1/applications*', (route) =>
      route.fulfill({ status: refusal.status, contentType: 'application/json', body: JSON.stringify(refusal.body) }),
    );
    await apply.button('Submit Application').click();
    await expect(apply.generalError).toHaveText(refusal.shown);
    await expect(apply.stepHeading).toHaveText('Review Your Application');
    await expect(apply.button('Submit Application')).toBeEnabled();
    await page.unroute('**/rest/v1/applications*');
  }
  expect(await apply.accessibilityViolations()).toEqual([]);
  const { count } = await database
    .from('applications')
    .select('*', { count: 'exact', head: true })
    .eq('email', form.email.toLowerCase());
  expect(count).toBe(0);

  // Nothing refuses it any more: the same form goes through, the error box goes away.
  await apply.button('Submit Application').click();
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
  await expect(apply.generalError).toHaveCount(0);
});

test('on a phone, a required question’s mark stays on the line of its question mark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const apply = new ApplyPage(page);
  await apply.open();
  for (let index = 0; index < 3; index += 1) {
    await apply.fillFields(ApplyPage.stepValues(sampleForm, index));
    await apply.next();
  }
  await expect(apply.stepHeading).toHaveText('Loan Request');
  // Every question of the step (a fieldset's legend) ending in '?', and its '*'.
  const split = await apply.main.locator('legend').evaluateAll((legends) =>
    legends
      .filter((legend) => legend.firstChild?.textContent?.trimEnd().endsWith('?'))
      .map((legend) => {
        const text = legend.firstChild!;
        const range = document.createRange();
        range.setStart(text, text.textContent!.trimEnd().length - 1);
        range.setEnd(text, text.textContent!.trimEnd().length);
        const mark = legend.lastElementChild!.getBoundingClientRect();
        return Math.abs(range.getBoundingClientRect().top - mark.top) > 4 ? legend.textContent : null;
      }),
  );
  expect(split.length).toBeGreaterThan(0);
  expect(split.filter(Boolean)).toEqual([]);
});
