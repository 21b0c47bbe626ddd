import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { ContentPage } from './pages/content-page.ts';
import { SiteShell } from './pages/site-shell.ts';

const pages = [
  '/',
  '/how-it-works',
  '/faq',
  '/about',
  '/loans',
  '/booking-success',
  '/terms',
  '/privacy',
  '/blog',
  '/blog/understanding-sba-loans',
  '/blog/business-plan-tips',
  '/blog/commercial-real-estate',
  '/blog/no-such-article',
  '/no-such-page',
];

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: viewport.size });

    for (const path of pages) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        const view = new ContentPage(page);
        await view.open(path);
        await page.waitForLoadState('networkidle');
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('axe with the drawer open', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open mobile drawer has no serious or critical violation', async ({ page }) => {
    await page.goto('/');
    const shell = new SiteShell(page);
    await shell.openDrawer();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

test('the newsletter box with an error and with a result has no serious or critical violation', async ({ page }) => {
  const view = new ContentPage(page);
  await view.open('/blog');
  const newsletter = view.region('Get new articles by e-mail');
  await newsletter.getByLabel('Email address').fill('not-an-address');
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(newsletter.getByText('Invalid email address')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
