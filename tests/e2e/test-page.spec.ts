import { brand } from '../../shared/brand/brand.ts';
import { expect, test } from './fixtures.ts';
import { mailboxMessages } from './pages/apply-page.ts';
import { TestEdgeFunctionPage } from './pages/test-edge-function-page.ts';

// The e2e server runs in local mode (no SMTP_URL), where the page is on (docs/architecture.md, Departure 9).

test('all four fields are required, the e-mail typed as email, and nothing is sent until they are filled', async ({
  page,
}) => {
  const testPage = new TestEdgeFunctionPage(page);
  await testPage.open();
  await expect(testPage.response).toContainText('No response yet');
  await expect(testPage.field('Applicant Email')).toHaveAttribute('type', 'email');
  for (const label of ['Applicant Email', 'Business Name', 'First Name', 'Last Name'] as const) {
    await expect(testPage.field(label)).toHaveAttribute('required', '');
  }
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/send-emails')) requests += 1;
  });
  await testPage.send();
  expect(await testPage.isValid('Applicant Email')).toBe(false);
  await testPage.fill({
    applicantEmail: 'not-an-address',
    businessName: 'Harbor Cafe',
    firstName: 'Jordan',
    lastName: 'Reyes',
  });
  await testPage.send();
  expect(await testPage.isValid('Applicant Email')).toBe(false);
  expect(await testPage.isValid('Business Name')).toBe(true);
  await expect(testPage.response).toContainText('No response yet');
  expect(requests).toBe(0);
  expect(await testPage.accessibilityViolations()).toEqual([]);
});

test('the page sends the e-mails, shows "Sending request..." meanwhile, then the raw response as JSON', async ({
  page,
}) => {
  const applicantEmail = `jordan.${Date.now()}@harborcafe.com`;
  const testPage = new TestEdgeFunctionPage(page);
  await testPage.open();
  await testPage.fill({ applicantEmail, businessName: 'Harbor Cafe', firstName: 'Jordan', lastName: 'Reyes' });

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent = page.waitForRequest('**/functions/v1/send-emails');
  await page.route('**/functions/v1/send-emails', async (route) => {
    await held;
    await route.continue();
  });
  await testPage.send();
  const body = (await sent).postDataJSON();
  expect(body).toEqual({
    applicantEmail,
    businessName: 'Harbor Cafe',
    firstName: 'Jordan',
    lastName: 'Reyes',
    evaluation: expect.objectContaining({ qualified: true, reasons: [], suggestedNextSteps: expect.any(Array) }),
  });
  await expect(testPage.response).toContainText('Sending request...');
  release();

  await expect(testPage.response.locator('pre')).toHaveText(JSON.stringify({ success: true }, null, 2));
  expect(await testPage.accessibilityViolations()).toEqual([]);
  await expect
    .poll(async () => (await mailboxMessages(page, applicantEmail)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  await expect
    .poll(
      async () =>
        (await mailboxMessages(page, brand.loansEmail)).filter((message) => message.text.includes(applicantEmail))
          .length,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(1);
});

test('a failing call shows "Error: " and the function’s message', async ({ page }) => {
  const testPage = new TestEdgeFunctionPage(page);
  await testPage.open();
  await testPage.fill({
    applicantEmail: 'lee@parkdesign.com',
    businessName: 'Park Design',
    firstName: 'Lee',
    lastName: 'Park',
  });
  // What the function answers when it fails (for instance its mail relay is down).
  await page.route('**/functions/v1/send-emails', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Failed to send emails' }),
    }),
  );
  await testPage.send();
  // The function's own message, which tells the developer what went wrong.
  await expect(testPage.response).toHaveText(/^ResponseError: Failed to send emails$/);
  expect(await testPage.accessibilityViolations()).toEqual([]);
});
