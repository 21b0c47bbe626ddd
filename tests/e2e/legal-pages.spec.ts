import { brand } from '../../shared/brand/brand.ts';
import { expect, test } from './fixtures.ts';
import { LegalPage } from './pages/legal-page.ts';

test('the Terms of Use have 18 numbered sections, the date, and every required topic', async ({ page }) => {
  const terms = new LegalPage(page);
  await terms.open('/terms');
  await expect(terms.pageHeading).toHaveText('Terms of Use');
  await expect(terms.main).toContainText('Last updated: January 13, 2025');
  await expect(terms.sectionHeadings).toHaveCount(18);
  const titles = await terms.sectionHeadings.allTextContents();
  titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. \\S`)));

  const eligibility = terms.section('3. Eligibility');
  await expect(eligibility).toContainText('at least 18 years old');
  await expect(eligibility).toContainText('legal authority');
  await expect(eligibility).toContainText('legitimate business');
  await expect(eligibility).toContainText('planned business');
  await expect(eligibility).toContainText('accurate');
  await expect(terms.section('11. Prohibited Uses').getByRole('listitem')).not.toHaveCount(0);
  await expect(terms.section('7. No Guarantee of Approval')).toContainText('do not guarantee');
  await expect(terms.section('8. Fees')).toContainText('no fees to borrowers');
  await expect(terms.section('17. Governing Law and Disputes')).toContainText('laws of the State of Nevada');
  await expect(terms.section('18. Changes to These Terms and Contact')).toContainText('at least 30 days’ notice');
  await expect(terms.section('2. Our Service')).toContainText(`${brand.productName} is not a lender`);
  await expect(terms.section('2. Our Service')).toContainText('not the official loan application');
});

test('the Privacy Policy has 14 numbered sections, the date, and every required topic', async ({ page }) => {
  const privacy = new LegalPage(page);
  await privacy.open('/privacy');
  await expect(privacy.pageHeading).toHaveText('Privacy Policy');
  await expect(privacy.main).toContainText('Last updated: January 13, 2025');
  await expect(privacy.sectionHeadings).toHaveCount(14);
  const titles = await privacy.sectionHeadings.allTextContents();
  titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. \\S`)));

  const collected = privacy.section('2. Information We Collect');
  await expect(collected).toContainText('Social Security number (SSN)');
  await expect(collected).toContainText('taxpayer identification number');
  await expect(collected).toContainText('bank statements');
  await expect(collected).toContainText('government-issued ID documents');
  const sharing = privacy.section('5. How We Share Your Information');
  await expect(sharing).toContainText('lenders in our partner network');
  await expect(sharing).toContainText('service providers');
  await expect(sharing).toContainText('We do not sell your personal information');
  await expect(privacy.section('10. Your California Privacy Rights (CCPA)')).toContainText(
    'California Consumer Privacy Act',
  );
  await expect(privacy.section('11. Children’s Privacy')).toContainText('under 18');
  await expect(privacy.section('12. Use in the United States Only')).toContainText(
    'only for businesses located in the United States',
  );
  const contact = privacy.section('14. Contact Us');
  await expect(contact).toContainText('Monday-Friday 9-5 EST');
  await expect(contact.getByRole('link', { name: brand.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${brand.contactEmail}`,
  );
});

test('the contents list jumps to a section', async ({ page, baseURL }) => {
  const terms = new LegalPage(page);
  await terms.open('/terms');
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: 'Governing Law and Disputes' })
    .click();
  await expect(page).toHaveURL(`${baseURL}/terms#governing-law`);
  await expect(terms.section('17. Governing Law and Disputes')).toBeInViewport();
});
