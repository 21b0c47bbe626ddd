import { expect, test } from './fixtures.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { SiteShell } from './pages/site-shell.ts';

test('the home page shows the top bar and footer links of the spec', async ({ page }) => {
  await page.goto('/');
  const shell = new SiteShell(page);
  for (const name of ['Calculator', 'How It Works', 'FAQ', 'About', 'Client Portal', 'Apply Now']) {
    await expect(shell.topBarLink(name)).toBeVisible();
  }
  for (const name of ['SBA 7(a) Loans', 'Term Loans', 'Line of Credit']) {
    await expect(shell.footerLink(name)).toHaveAttribute('href', '/loans');
  }
  await expect(shell.footerLink('Terms of Use')).toHaveAttribute('href', '/terms');
  await expect(shell.footerLink('Privacy Policy')).toHaveAttribute('href', '/privacy');
  await expect(shell.footer).toContainText('is not a lender');
});

test('an application submitted from the form is stored in the database', async ({ page, database }) => {
  const email = `owner-${Date.now()}@harborcafe.com`;
  const form = new ApplyPage(page);
  await form.open();
  await form.fill({ firstName: 'Jordan', lastName: 'Reyes', email: email.toUpperCase(), businessName: 'Harbor Cafe' });
  await form.submit();
  await expect(page.getByText('Application received.')).toBeVisible();

  const { data, error } = await database
    .from('applications')
    .select('first_name, business_name, email, status')
    .eq('email', email);
  expect(error).toBeNull();
  expect(data).toEqual([{ first_name: 'Jordan', business_name: 'Harbor Cafe', email, status: 'pending' }]);
});

test('the form shows the spec message for a malformed e-mail and stores nothing', async ({ page, database }) => {
  const form = new ApplyPage(page);
  await form.open();
  await form.fill({ firstName: 'Lee', lastName: 'Park', email: 'lee@parkdesign', businessName: 'Park Design' });
  await form.submit();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  const { count } = await database
    .from('applications')
    .select('*', { count: 'exact', head: true })
    .eq('business_name', 'Park Design');
  expect(count).toBe(0);
});
