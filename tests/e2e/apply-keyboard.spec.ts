import { expect, test } from './fixtures.ts';
import { ApplyPage, blockNotificationEmails } from './pages/apply-page.ts';
import { tabTo, typeAndTab } from './pages/keyboard.ts';

test('the wizard can be completed with the keyboard alone', async ({ page, database }) => {
  const email = `kim.lee.${Date.now()}@example.com`;
  const apply = new ApplyPage(page);
  await blockNotificationEmails(page);
  await apply.open();

  // Step 1: Tab from the top of the page to the first field, then through the step's controls in order; every
  // control on the way shows its focus, unobscured.
  await tabTo(page, apply.control('firstName'), { checkEachStop: true });
  await typeAndTab(page, 'Kim');
  await expect(apply.control('lastName')).toBeFocused();
  await typeAndTab(page, 'Lee');
  await typeAndTab(page, email);
  await typeAndTab(page, '(702) 555-0199');
  await expect(apply.control('title')).toBeFocused();
  await typeAndTab(page, 'Owner');
  await expect(apply.control('creditScore')).toBeFocused();
  await page.keyboard.press('ArrowDown'); // 750+
  await page.keyboard.press('ArrowDown'); // 700-749
  await expect(apply.control('creditScore')).toHaveValue('700-749');
  await page.keyboard.press('Tab');
  await expect(apply.control('receiveSms')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(apply.control('receiveSms')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(apply.control('receiveMarketing')).toBeFocused();
  await tabTo(page, apply.button('Next'));
  await page.keyboard.press('Enter');

  // Step 2: focus lands on the step's heading; Enter in a text field moves on, like Next.
  await expect(apply.stepHeading).toHaveText('Business Information');
  await expect(apply.stepHeading).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(apply.control('businessName')).toBeFocused();
  await typeAndTab(page, 'Lee Auto Repair');
  await typeAndTab(page, '400 Desert Inn Rd');
  await typeAndTab(page, 'Las Vegas');
  await typeAndTab(page, 'NV');
  await typeAndTab(page, 'Automotive repair');
  await expect(apply.control('yearsInBusiness')).toBeFocused();
  for (let index = 0; index < 4; index += 1) await page.keyboard.press('ArrowDown'); // 5-10 years
  await expect(apply.control('yearsInBusiness')).toHaveValue('5-10');
  await page.keyboard.press('Tab');
  await expect(apply.radioOption('profitable', 'Yes')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(apply.radioOption('profitable', 'Yes')).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(apply.radioOption('profitable', 'No')).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(apply.radioOption('profitable', 'Yes')).toBeChecked();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(apply.control('industry')).toBeFocused();
  await page.keyboard.press('Enter');

  // Step 3.
  await expect(apply.stepHeading).toHaveText('Financial Information');
  await page.keyboard.press('Tab');
  await typeAndTab(page, '$900,000');
  await typeAndTab(page, '$6,000');
  await page.keyboard.type('$80,000');
  await page.keyboard.press('Enter');

  // Step 4: a forward jump by step button is refused while the step is empty; its first field takes the focus.
  await expect(apply.stepHeading).toHaveText('Loan Request');
  await tabTo(page, apply.stepButton('Review Your Application'), { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await expect(apply.message('Loan amount is required')).toBeVisible();
  await expect(apply.control('loanAmount')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown'); // $50,000 - $100,000
  await expect(apply.control('loanAmount')).toHaveValue('50000-100000');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // Immediate
  await expect(apply.control('timeframe')).toHaveValue('immediate');
  await page.keyboard.press('Tab');
  await expect(apply.control('useOfFunds')).toBeFocused();
  await page.keyboard.type('A second service bay');
  await page.keyboard.press('Enter'); // a new line in the textarea, not a submission
  await page.keyboard.type('and a diagnostic scanner');
  await expect(apply.stepHeading).toHaveText('Loan Request');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(apply.radioOption('hasDownPayment', 'yes')).toBeChecked();
  await tabTo(page, apply.button('Next'));
  await page.keyboard.press('Enter');

  // Review, then submit with the keyboard.
  await expect(apply.stepHeading).toHaveText('Review Your Application');
  await expect(apply.reviewValue('Loan Request', 'Use of Funds')).toHaveText(
    'A second service bay\nand a diagnostic scanner',
  );
  await tabTo(page, apply.button('Submit Application'));
  await page.keyboard.press('Enter');
  await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(apply.main.getByRole('link', { name: 'Create Your Account' })).toBeFocused();

  const { data } = await database
    .from('applications')
    .select('first_name, business_name, loan_amount, status')
    .eq('email', email);
  expect(data).toEqual([
    { first_name: 'Kim', business_name: 'Lee Auto Repair', loan_amount: '50000-100000', status: 'pending' },
  ]);
});
