import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { sampleForm } from '../../shared/testing/samples.ts';
import { fileDocument } from '../support/filed-documents.ts';
import { expect, test } from './fixtures.ts';
import { buttonNames, seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { openWhenReady } from './pages/app-ready.ts';
import { ApplyPage, blockNotificationEmails } from './pages/apply-page.ts';
import { tabTo } from './pages/keyboard.ts';
import { unreadableText, widenTextSpacing } from './pages/layout.ts';
import { applicationFor, createAccount, plantSession, signedInPortal } from './pages/portal-session.ts';

/**
 * Checks of the accessibility pass (docs/accessibility.md) that the keyboard runs and axe do not make: the three
 * journeys' screens at 320 CSS px, as text is read at 400% zoom, with and without a reader's wider text spacing;
 * and where the keyboard and a screen reader are left once an officer's review has removed the button pressed.
 */

const stepNames = 'nav[aria-label="Application steps"] button span';

/** An officer on the dashboard (their session planted), the list searched for the application's business. */
async function officerFinds(page: Page, database: SupabaseClient, baseURL: string, businessName: string) {
  const officer = await createAccount(database, baseURL, { admin: true });
  const admin = new AdminPages(page);
  await plantSession(page, baseURL, officer.session);
  await admin.openDashboard();
  await admin.searchFor(businessName);
  return admin;
}

test.describe('at 320 CSS px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the wizard, its review and its result read whole, also with wider text spacing', async ({ page }) => {
    const apply = new ApplyPage(page);
    await blockNotificationEmails(page);
    await apply.open();
    expect(await unreadableText(page, stepNames)).toEqual([]);
    await widenTextSpacing(page);
    expect(await unreadableText(page, stepNames)).toEqual([]);
    await apply.completeSteps({ ...sampleForm, email: `dana.${Date.now()}@example.com` });
    await expect(apply.stepHeading).toHaveText('Review Your Application');
    expect(await unreadableText(page, stepNames)).toEqual([]);
    await apply.button('Submit Application').click();
    await expect(apply.resultHeading('Congratulations! You Pre-Qualify')).toBeVisible();
    expect(await unreadableText(page)).toEqual([]);
  });

  test('signing up and the portal read whole, also with wider text spacing', async ({ page, baseURL, database }) => {
    await openWhenReady(page, '/portal/login?mode=signup');
    await widenTextSpacing(page);
    expect(await unreadableText(page)).toEqual([]);

    const account = await createAccount(database, baseURL!);
    await applicationFor(database, account, { user_id: account.id });
    const portal = await signedInPortal(page, baseURL!, account);
    await expect(page.getByRole('button', { name: 'Submit Additional Information' })).toBeVisible();
    expect(await unreadableText(page)).toEqual([]);
    await widenTextSpacing(page);
    expect(await unreadableText(page)).toEqual([]);
    await expect(portal.heading()).toBeVisible();
  });

  test("the officer's sign-in, list and detail read whole, also with wider text spacing", async ({
    page,
    baseURL,
    database,
  }) => {
    await openWhenReady(page, '/admin/login');
    await widenTextSpacing(page);
    expect(await unreadableText(page)).toEqual([]);

    const { businessName } = await applicationFor(database, await createAccount(database, baseURL!));
    const admin = await officerFinds(page, database, baseURL!, businessName);
    await admin.row(businessName).getByRole('button', { name: /View/ }).click();
    await expect(admin.detail().getByRole('heading', { level: 2, name: businessName })).toBeVisible();
    expect(await unreadableText(page)).toEqual([]);
    await widenTextSpacing(page);
    expect(await unreadableText(page)).toEqual([]);
  });
});

test("an officer's document review leaves the keyboard beside the file and says what was done", async ({
  page,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const { id, businessName } = await applicationFor(database, applicant, { user_id: applicant.id });
  const { result } = await fileDocument(database, applicant, id, 'taxReturns');
  const fileName = result.data!.file_name;

  const admin = await officerFinds(page, database, baseURL!, businessName);
  // The live region for decisions and reviews is on the page, empty, before the first one (a screen reader may
  // ignore a region it had not seen before it changed).
  await expect(page.locator('[data-announcer][role="status"]')).toHaveText('');
  // What the search found is said, as a status message.
  await expect(page.getByRole('status').filter({ hasText: 'Page 1 of 1 · 1 application' })).toBeVisible();
  await admin.row(businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail().getByRole('heading', { level: 2, name: businessName })).toBeVisible();
  // No two buttons of the detail share a name (a screen reader reads them one by one, each without its row): the
  // lender matches' Ask Consent buttons each name their lender.
  await expect(
    admin
      .detail()
      .getByRole('button', { name: /^Ask Consent/ })
      .first(),
  ).toBeVisible();
  const buttons = await buttonNames(admin.detail());
  expect(buttons.filter((name, index) => buttons.indexOf(name) !== index)).toEqual([]);

  const documents = admin.detail().getByRole('region', { name: 'Documents' });
  const reviews = documents.getByRole('list', { name: `Reviews of ${fileName}` });
  const openFile = documents.getByRole('button', { name: `Open ${fileName}` });

  // Accept goes away once pressed: the focus is put on the file's Open button, not lost to the page.
  await tabTo(page, documents.getByRole('button', { name: `Accept ${fileName}` }), { limit: 120 });
  await page.keyboard.press('Enter');
  await expect(reviews).toContainText('Accepted on');
  await expect(openFile).toBeFocused();
  await expect(page.locator('[data-announcer]')).toHaveText(`${fileName}: Accepted.`);

  // Needs Replacement, through its dialog, goes away too: the focus comes back to the same place.
  await page.keyboard.press('Tab');
  await expect(documents.getByRole('button', { name: `Needs Replacement ${fileName}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Needs replacement: ${fileName}` });
  await tabTo(page, dialog.getByLabel(/What needs to change/));
  await page.keyboard.type('Please send all pages of the 2025 return.');
  await tabTo(page, dialog.getByRole('button', { name: 'Send Back' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(reviews).toContainText('Needs replacement on');
  await expect(openFile).toBeFocused();
  await expect(page.locator('[data-announcer]')).toHaveText(`${fileName}: Needs replacement.`);
});

test('the decision dialogs pass axe once open, their buttons’ words in contrast among them', async ({
  page,
  baseURL,
  database,
}) => {
  const { businessName } = await applicationFor(database, await createAccount(database, baseURL!));
  const admin = await officerFinds(page, database, baseURL!, businessName);
  for (const verb of ['Approve', 'Reject'] as const) {
    await admin.row(businessName).getByRole('button', { name: verb }).click();
    const dialog = page.getByRole('dialog', { name: `${verb} ${businessName}` });
    await expect(dialog).toBeVisible();
    // Read once its opening animation has ended: halfway, its colours are not yet its own.
    await dialog.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    expect(await seriousAccessibilityViolations(page, ['[role="dialog"]'])).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});
