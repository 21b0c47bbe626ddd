import { usStates } from '../../shared/catalogue/us-states.ts';
import { expect, test } from './fixtures.ts';
import { RegisterPages, type Registration } from './pages/register-pages.ts';

function registration(): Registration {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    contactName: 'Maria Elena Gomez',
    contactEmail: `maria.${unique}@gomezfloral.com`,
    contactMobile: '(602) 555-0117',
    legalBusinessName: `Gomez Floral Design LLC ${unique}`,
    websiteUrl: 'www.gomezfloral.com',
    address: '2201 E Camelback Rd',
    suite: 'Suite 104',
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85016-4310',
    businessStartDate: '2019-03-15',
  };
}

test('every field of the registration form shows the required message', async ({ page }) => {
  const register = new RegisterPages(page);
  await register.openForm();
  await expect(register.main).toContainText('Step 2 of 3');
  await expect(register.main).toContainText('Enter exactly as it appears on your most recent business tax return');

  await register.next();
  const messages = {
    'Full Legal Name': 'Full legal name is required',
    Email: 'Email is required',
    'Mobile Phone': 'Mobile phone is required',
    'Legal Business Name': 'Business name is required',
    'Website URL': 'Website URL is required',
    Address: 'Address is required',
    City: 'City is required',
    'ZIP Code': 'ZIP code is required',
  };
  for (const [label, message] of Object.entries(messages)) {
    await expect(register.textbox(label), label).toHaveAccessibleErrorMessage(message);
  }
  await expect(register.state).toHaveAccessibleErrorMessage('State is required');
  await expect(register.startDate).toHaveAccessibleErrorMessage('Business start date is required');
  await expect(register.agreeToTerms).toHaveAccessibleDescription('You must agree to the terms');
  await expect(page).toHaveURL(/\/register$/);
  expect(await register.accessibilityViolations()).toEqual([]);

  // Malformed values.
  await register.textbox('Website URL').fill('not a website');
  await expect(register.message('Please enter a valid URL')).toBeVisible();
  await register.textbox('ZIP Code').fill('8501');
  await expect(register.message('Please enter a valid ZIP code')).toBeVisible();
  await register.textbox('ZIP Code').fill('85016-43');
  await expect(register.message('Please enter a valid ZIP code')).toBeVisible();
  await register.textbox('Email').fill('maria@gomezfloral');
  await expect(register.message('Invalid email address')).toBeVisible();
  await register.textbox('Mobile Phone').fill('555-01');
  await expect(register.message('Please enter a valid mobile phone number')).toBeVisible();

  // Good values clear them; 'no website' makes the URL optional and disabled.
  await register.textbox('Website URL').fill('https://gomezfloral.com/shop');
  await expect(register.message('Please enter a valid URL')).toHaveCount(0);
  await register.textbox('Website URL').fill('');
  await expect(register.message('Website URL is required')).toBeVisible();
  await register.noWebsite.check();
  await expect(register.textbox('Website URL')).toBeDisabled();
  await expect(register.message('Website URL is required')).toHaveCount(0);
  await register.textbox('ZIP Code').fill('85016');
  await expect(register.message('Please enter a valid ZIP code')).toHaveCount(0);
  await register.agreeToTerms.check();
  await expect(register.message('You must agree to the terms')).toHaveCount(0);
});

test('the state drop-down lists the 50 state codes', async ({ page }) => {
  const register = new RegisterPages(page);
  await register.openForm();
  const codes = await register.state.locator('option:not([value=""])').allTextContents();
  expect(codes).toHaveLength(50);
  expect(codes).toEqual(usStates.map((state) => state.value));
  expect(codes).not.toContain('DC');
});

test('a registration is entered, reviewed, edited, stored, and the success page names the business', async ({
  page,
  database,
}) => {
  const entered = registration();
  const register = new RegisterPages(page);
  await register.openForm();
  await register.fill(entered);
  await register.next();

  // The review shows what was entered (docs/architecture.md, Departure 5).
  await expect(page).toHaveURL(/\/register\/review$/);
  await expect(register.heading('Review Your Registration')).toBeVisible();
  await expect(register.main).toContainText('Step 3 of 3');
  await expect(register.reviewValue('Primary Contact', 'Full Legal Name')).toHaveText(entered.contactName);
  await expect(register.reviewValue('Primary Contact', 'Email')).toHaveText(entered.contactEmail);
  await expect(register.reviewValue('Primary Contact', 'Mobile Phone')).toHaveText(entered.contactMobile);
  await expect(register.reviewValue('Business Overview', 'Business Name')).toHaveText(entered.legalBusinessName);
  await expect(register.reviewValue('Business Overview', 'Website')).toHaveText('www.gomezfloral.com');
  await expect(register.reviewValue('Business Overview', 'Address')).toHaveText(
    '2201 E Camelback Rd, Suite 104\nPhoenix, AZ 85016-4310',
  );
  await expect(register.reviewValue('Business Overview', 'Business Start Date')).toHaveText('March 15, 2019');
  expect(await register.accessibilityViolations()).toEqual([]);

  // A reload keeps it (session storage).
  await page.reload();
  await expect(register.reviewValue('Primary Contact', 'Full Legal Name')).toHaveText(entered.contactName);

  // Edit the contact: back on /register with everything still filled in.
  await register.section('Primary Contact').getByRole('link', { name: 'Edit Primary Contact' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(register.textbox('Legal Business Name')).toHaveValue(entered.legalBusinessName);
  await register.textbox('Mobile Phone').fill('602-555-0199');
  await register.next();
  await expect(register.reviewValue('Primary Contact', 'Mobile Phone')).toHaveText('602-555-0199');

  // Edit the business: /register/business opens the business step.
  await register.section('Business Overview').getByRole('link', { name: 'Edit Business Overview' }).click();
  await expect(page).toHaveURL(/\/register\/business$/);
  await expect(register.textbox('Legal Business Name')).toBeFocused();
  await register.noWebsite.check();
  await register.next();
  await expect(register.reviewValue('Business Overview', 'Website')).toHaveText('No website');

  // Browser back from the review returns to the form, still filled in.
  await page.goBack();
  await expect(register.textbox('City')).toHaveValue(entered.city);
  await page.goForward();
  await expect(register.heading('Review Your Registration')).toBeVisible();

  // Add Secondary User explains how another person is added.
  const secondary = register.button('Add Secondary User');
  await expect(secondary).toHaveAttribute('aria-expanded', 'false');
  await secondary.click();
  await expect(secondary).toHaveAttribute('aria-expanded', 'true');
  await expect(register.main).toContainText('Submit this registration first');

  // Submitting shows 'Submitting...' while it stores the registration.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/business_registrations*', async (route) => {
    await held;
    await route.continue();
  });
  await register.button('Submit Registration').click();
  const submitting = register.main.getByRole('button', { name: 'Submitting...' });
  await expect(submitting).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/register\/success$/);
  await expect(register.heading(`Congratulations, ${entered.legalBusinessName}!`)).toBeVisible();
  await expect(register.main).toContainText('Your business registration is complete.');
  await expect(register.main.getByRole('link', { name: 'Continue to Loan Application' })).toHaveAttribute(
    'href',
    '/apply',
  );
  await expect(register.main.getByRole('link', { name: 'Go to Home Screen' })).toHaveAttribute('href', '/');
  expect(await register.accessibilityViolations()).toEqual([]);

  const { data, error } = await database
    .from('business_registrations')
    .select(
      'contact_name, contact_email, contact_mobile, legal_business_name, website_url, no_website, address, suite, city, state, zip_code, business_start_date, agree_to_terms',
    )
    .eq('legal_business_name', entered.legalBusinessName);
  expect(error).toBeNull();
  expect(data).toEqual([
    {
      contact_name: entered.contactName,
      contact_email: entered.contactEmail,
      contact_mobile: '602-555-0199', // as edited on the way
      legal_business_name: entered.legalBusinessName,
      website_url: '',
      no_website: true,
      address: '2201 E Camelback Rd',
      suite: 'Suite 104',
      city: 'Phoenix',
      state: 'AZ',
      zip_code: '85016-4310',
      business_start_date: '2019-03-15',
      agree_to_terms: true,
    },
  ]);

  // The draft is gone once stored: a new registration starts empty.
  await register.main.getByRole('link', { name: 'Continue to Loan Application' }).click();
  await expect(page).toHaveURL(/\/apply$/);
  await register.openForm();
  await expect(register.textbox('Legal Business Name')).toHaveValue('');
});

test('a failed submit shows a clear error and keeps the visitor on the review', async ({ page, database }) => {
  const entered = registration();
  const register = new RegisterPages(page);
  await register.openForm();
  await register.fill(entered);
  await register.next();
  await expect(register.heading('Review Your Registration')).toBeVisible();

  // What the API answers when the database is unavailable.
  await page.route('**/rest/v1/business_registrations*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PGRST000', message: 'Database client error' }),
    }),
  );
  await register.button('Submit Registration').click();
  await expect(register.main.getByRole('alert')).toHaveText(
    'There was an error submitting your registration. Please try again or contact us if the problem persists.',
  );
  await expect(page).toHaveURL(/\/register\/review$/);
  await expect(register.button('Submit Registration')).toBeEnabled();
  expect(await register.accessibilityViolations()).toEqual([]);
  const { count } = await database
    .from('business_registrations')
    .select('*', { count: 'exact', head: true })
    .eq('legal_business_name', entered.legalBusinessName);
  expect(count).toBe(0);
});

test('Back on the form goes one page back', async ({ page }) => {
  const register = new RegisterPages(page);
  await page.goto('/calculator');
  await register.openForm();
  await register.button('Back').click();
  await expect(page).toHaveURL(/\/calculator$/);
});

test('the review without a complete registration sends the visitor to the form', async ({ page }) => {
  const register = new RegisterPages(page);
  await page.goto('/register/review');
  await expect(register.main).toContainText('There is nothing to review yet');
  await register.main.getByRole('link', { name: 'Go to Registration' }).click();
  await expect(page).toHaveURL(/\/register$/);
});
