import { expect, test } from './fixtures.ts';
import { SiteShell } from './pages/site-shell.ts';

test('the home page shows the top bar and footer links of docs/product.md', async ({ page }) => {
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
