import { brand, telHref } from '../../shared/brand/brand.ts';
import { expect, test } from './fixtures.ts';
import { ContentPage } from './pages/content-page.ts';

test.describe('home', () => {
  test('the hero leads to the form and to the How It Works section on the page', async ({ page, baseURL }) => {
    const home = new ContentPage(page);
    await home.open('/');
    const hero = home.region('SBA funding for your small business, matched in minutes');
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/apply');
    await expect(hero).toContainText('not a lender');
    await hero.getByRole('link', { name: 'See How It Works' }).click();
    await expect(page).toHaveURL(`${baseURL}/#how-it-works`);
    await expect(home.heading('How It Works', 2)).toBeInViewport();
  });

  test('the stats strip shows the required claims', async ({ page }) => {
    const home = new ContentPage(page);
    await home.open('/');
    const stats = home.region('Our track record');
    for (const claim of ['Up to $5,000,000', '$250M+', '500+', '50+', '3x', 'Since 2020']) {
      await expect(stats.getByText(claim, { exact: true })).toBeVisible();
    }
  });

  test('it shows the 3-step process, six benefits, three sample testimonials and a call to action', async ({
    page,
  }) => {
    const home = new ContentPage(page);
    await home.open('/');
    const steps = home.region('How It Works').getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Step 1: Quick Match Form',
      'Step 2: Expert Review',
      'Step 3: Connect & Fund',
    ]);
    const benefits = home.region(`Why Business Owners Choose ${brand.productName}`).getByRole('heading', { level: 3 });
    await expect(benefits).toHaveCount(6);
    const testimonials = home.region('What Business Owners Say');
    await expect(testimonials.getByRole('figure')).toHaveCount(3);
    await expect(testimonials.getByText('Sample', { exact: true })).toHaveCount(3);
    await expect(testimonials).toContainText('Sample testimonials');
    const cta = home.region('Ready to find the right lender for your business?');
    await expect(cta.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/apply');
    await expect(cta).toContainText('not a loan application');
  });
});

test('how it works explains the three steps, what lenders check and the documents', async ({ page }) => {
  const view = new ContentPage(page);
  await view.open('/how-it-works');
  await expect(view.pageHeading).toHaveText('How It Works');
  for (const step of ['Quick Match Form', 'Expert Review', 'Connect & Fund']) {
    await expect(view.heading(step, 2)).toBeVisible();
  }
  await expect(view.region('What Lenders Look For')).toContainText('660');
  await expect(view.region('What Lenders Look For')).toContainText('1.25');
  await expect(view.region('Documents You Will Need Later')).toContainText('last 3 years');
  await expect(view.main).toContainText(`${brand.productName} is not a lender`);
  await expect(view.link('Get Started Now')).toHaveAttribute('href', '/apply');
});

test('the FAQ answers the key questions and gives contact details', async ({ page }) => {
  const view = new ContentPage(page);
  await view.open('/faq');
  await expect(view.pageHeading).toHaveText('Frequently Asked Questions');
  const lender = view.main.getByRole('term').filter({ hasText: `Is ${brand.productName} a lender?` });
  await expect(lender).toBeVisible();
  await expect(view.main.getByRole('definition').first()).toContainText(`${brand.productName} is not a lender`);
  await expect(view.main).toContainText('free to borrowers');
  await expect(view.main).toContainText('initial screening');
  await expect(view.main).toContainText('aged 18 or over');
  await expect(view.link(brand.contactPhone)).toHaveAttribute('href', telHref(brand.contactPhone));
  await expect(view.link(brand.contactEmail)).toHaveAttribute('href', `mailto:${brand.contactEmail}`);
});

test('about describes the service, how it is paid and how to reach us', async ({ page }) => {
  const view = new ContentPage(page);
  await view.open('/about');
  await expect(view.pageHeading).toHaveText(`About ${brand.productName}`);
  await expect(view.region('What We Do').getByRole('heading', { level: 3 })).toHaveText([
    'Pre-qualification assessment',
    'Lender matching',
    'Consultation',
    'Document management and submission help',
  ]);
  await expect(view.region('How We Are Paid')).toContainText('free to borrowers');
  await expect(view.region('How We Are Paid')).toContainText(`${brand.productName} is not a lender`);
  await expect(view.main).toContainText('since 2020');
  // The claim once, as the home page makes it ('more than $250M+' said it twice).
  await expect(view.main).toContainText('helped hundreds of businesses secure $250M+ in financing');
  await expect(view.region('Talk to Us').getByRole('link', { name: brand.loansEmail })).toHaveAttribute(
    'href',
    `mailto:${brand.loansEmail}`,
  );
});

test('loans shows the three options linking to /apply, Why Choose and Apply Now', async ({ page }) => {
  const view = new ContentPage(page);
  await view.open('/loans');
  await expect(view.pageHeading).toHaveText('Loan Options');
  const cards = view.main.getByRole('article');
  await expect(cards).toHaveCount(3);
  const sba = view.main.getByRole('article', { name: 'SBA 7(a) Loans' });
  await expect(sba).toContainText('up to $5,000,000');
  await expect(sba).toContainText('terms up to 25 years');
  await expect(view.main.getByRole('article', { name: 'Term Loans' })).toContainText('fixed monthly payments');
  const line = view.main.getByRole('article', { name: 'Line of Credit' });
  await expect(line).toContainText('Revolving');
  await expect(line).toContainText('interest only on the funds you use');
  for (const card of await cards.all()) {
    await expect(card.getByRole('link')).toHaveAttribute('href', '/apply');
  }
  await expect(view.heading(`Why Choose ${brand.productName}`, 2)).toBeVisible();
  await expect(view.link('Apply Now')).toHaveAttribute('href', '/apply');
});

test('loans: the check marks stay icon-sized, so the option texts keep their width', async ({ page }) => {
  const view = new ContentPage(page);
  await view.open('/loans');
  const icons = view.main.getByRole('article').getByRole('listitem').locator('svg');
  await expect(icons).toHaveCount(12);
  for (const icon of await icons.all()) {
    const box = await icon.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(24);
    expect(box?.height).toBeLessThanOrEqual(24);
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(4000);
});

test('booking success confirms, links the scheduler in a new tab and lists what to expect', async ({
  page,
  baseURL,
}) => {
  const view = new ContentPage(page);
  await view.open('/booking-success');
  await expect(view.pageHeading).toHaveText('Application Received!');
  const book = view.link('Book Your Call Now');
  await expect(book).toHaveAttribute('href', brand.schedulingUrl);
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAttribute('rel', /noopener/);
  const expectations = view.region('What to Expect').getByRole('listitem');
  await expect(expectations).toHaveCount(4);
  await expect(expectations.nth(0)).toContainText('30-minute consultation');
  await expect(expectations.nth(1)).toContainText('review of your business needs');
  await expect(expectations.nth(2)).toContainText('discussion of your options');
  await expect(expectations.nth(3)).toContainText('Next steps and a timeline');
  await expect(view.link(brand.contactPhone)).toHaveAttribute('href', telHref(brand.contactPhone));
  await expect(view.link(brand.contactEmail)).toHaveAttribute('href', `mailto:${brand.contactEmail}`);
  await view.link('Return to Homepage').click();
  await expect(page).toHaveURL(`${baseURL}/`);
});
