import { sampleForm } from '../../shared/testing/samples.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { anonClient, removeDataDir, startServerProcess, temporaryDataDir } from '../support/server-process.ts';
import { expect, test } from './fixtures.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { RegisterPages } from './pages/register-pages.ts';

const tooMany =
  'Too many submissions came from your network in a short time. Please wait a few minutes and try again; what you entered is kept.';

test('a visitor over the submission limit is told to try again in a few minutes and keeps what they typed (a server allowing one submission)', async ({
  page,
}) => {
  // A server of its own: the suite's server has the limit off, since every browser of the run calls from
  // 127.0.0.1. Here this machine's address may submit one row, which the test uses up first.
  const dataDir = temporaryDataDir('loan-match-e2e-submission-limit-');
  const server = await startServerProcess({
    dataDir,
    env: { RATE_LIMIT_SUBMISSION_BURST: '1', RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '1' },
  });
  try {
    expect((await anonClient(server).from('applications').insert(qualifiedApplicationRow())).error).toBeNull();

    const form = { ...sampleForm, email: `dana.limit.${Date.now()}@example.com`, businessName: 'Reyes Limit Bakery' };
    const apply = new ApplyPage(page);
    await apply.open(`${server.url}/apply`);
    await apply.completeSteps(form);
    // Pressed from the keyboard: refused, the button has the focus again beside the message.
    await apply.button('Submit Application').focus();
    await page.keyboard.press('Enter');
    await expect(apply.generalError).toHaveText(`Application submission failed: ${tooMany}`);
    await expect(apply.stepHeading).toHaveText('Review Your Application');
    await expect(apply.button('Submit Application')).toBeEnabled();
    await expect(apply.button('Submit Application')).toBeFocused();
    expect(await apply.accessibilityViolations()).toEqual([]);
    // Every answer is still in the form, and in the browser's copy that a reload restores.
    await apply.stepButton('Business Information').click();
    await expect(apply.control('businessName')).toHaveValue(form.businessName);
    await page.reload();
    await expect(apply.control('businessName')).toHaveValue(form.businessName);
    await apply.stepButton('Personal Information').click();
    await expect(apply.control('email')).toHaveValue(form.email);

    const register = new RegisterPages(page);
    await register.openForm(`${server.url}/register`);
    await register.fill({
      contactName: 'Maria Elena Gomez',
      contactEmail: 'maria@gomezfloral.com',
      contactMobile: '(602) 555-0117',
      legalBusinessName: 'Gomez Floral Design LLC',
      websiteUrl: 'www.gomezfloral.com',
      address: '2201 E Camelback Rd',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85016-4310',
      businessStartDate: '2019-03-15',
    });
    await register.next();
    await register.button('Submit Registration').click();
    await expect(register.main.getByRole('alert')).toHaveText(tooMany);
    await expect(page).toHaveURL(/\/register\/review$/);
    await page.reload();
    await expect(register.reviewValue('Business Overview', 'Business Name')).toHaveText('Gomez Floral Design LLC');
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
});
