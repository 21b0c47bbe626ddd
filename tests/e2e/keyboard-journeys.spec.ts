import type { Locator } from '@playwright/test';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { latestMail, uniqueEmail, verifyLinkIn } from '../support/auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { openWhenReady } from './pages/app-ready.ts';
import { AuthPages } from './pages/auth-pages.ts';
import { focusShownAndUnobscured, hasFocusWithin, tabTo } from './pages/keyboard.ts';
import { PortalPage } from './pages/portal-page.ts';
import { createAccount } from './pages/portal-session.ts';

/**
 * Two of the three journeys of the accessibility pass (docs/accessibility.md) done with the keyboard alone, as
 * someone who cannot use a mouse does them: every control reached by Tab shows its focus, unobscured, and every
 * step is taken with Enter, Space or typing. The third, pre-qualifying, is apply-keyboard.spec.ts.
 */

test('an applicant signs up and uploads a document with the keyboard alone', async ({ page, baseURL, database }) => {
  const email = uniqueEmail('keyboard');
  const application = qualifiedApplicationRow({ email });
  expect((await database.from('applications').insert(application)).error).toBeNull();

  const auth = new AuthPages(page);
  await auth.openLogin('?mode=signup');
  await tabTo(page, auth.email(), { checkEachStop: true });
  await page.keyboard.type(email);
  await tabTo(page, auth.password(), { checkEachStop: true });
  await page.keyboard.type('a-good-password');
  await page.keyboard.press('Enter');
  await expect(auth.status()).toHaveText(
    'Please check your email and click the confirmation link to complete your registration.',
  );

  // The confirmation link is followed from the mail, as a click in a mail program does.
  await page.goto(verifyLinkIn(await latestMail({ url: baseURL! }, email, 'Confirm your')));
  await page.waitForURL('**/portal');
  const portal = new PortalPage(page);
  await expect(portal.heading()).toBeVisible();

  // The browser's own file input takes Space and opens the file dialog; the file chosen is uploaded and said so.
  // The chooser is awaited from before the tabbing: Playwright turns its interception on without waiting for the
  // browser, so a Space pressed at once could open a chooser that is not intercepted, and no event would come.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, portal.fileInput('Tax Returns'), { checkEachStop: true, limit: 80 });
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({ name: '2025-return.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%keyboard\n') });
  await expect(portal.storedFile('Tax Returns', '2025-return.pdf')).toBeVisible();
  // The focus stays where it was, so the next document is one Tab away.
  await expect(portal.fileInput('Tax Returns')).toBeFocused();
});

/**
 * A dialog takes the focus a frame after it shows: a key pressed before then still acts on the page behind it (a
 * Tab there went to the row's next button, under the dialog, in one run). A person sees the dialog first.
 */
async function dialogHasTheFocus(dialog: Locator): Promise<void> {
  await expect.poll(() => hasFocusWithin(dialog)).toBe(true);
}

test('an officer signs in, reads an application and decides it with the keyboard alone', async ({
  page,
  baseURL,
  database,
}) => {
  const businessName = `Keyboard Deli ${Date.now()}`;
  const inserted = await database
    .from('applications')
    .insert(qualifiedApplicationRow({ email: uniqueEmail('deli'), business_name: businessName }))
    .select('id')
    .single();
  expect(inserted.error).toBeNull();
  const officer = await createAccount(database, baseURL!, { admin: true });

  await openWhenReady(page, '/admin/login');
  await tabTo(page, page.getByLabel(/^Email/), { checkEachStop: true });
  await page.keyboard.type(officer.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(officer.password);
  await page.keyboard.press('Enter');
  const admin = new AdminPages(page);
  await expect(admin.list('Pending Applications')).toHaveAttribute('aria-busy', 'false');

  // Find it by searching, open it, and read its detail.
  await tabTo(page, admin.search(), { checkEachStop: true });
  await page.keyboard.type(businessName);
  await expect(admin.list('Pending Applications').locator('tbody tr')).toHaveCount(1);
  const view = admin.row(businessName).getByRole('button', { name: /View/ });
  await tabTo(page, view, { checkEachStop: true });
  await page.keyboard.press('Enter');
  await expect(admin.detail().getByRole('heading', { level: 2, name: businessName })).toBeVisible();

  // A dialog keeps the focus inside while open and gives it back when closed with Escape: no trap, no loss.
  const approve = admin.row(businessName).getByRole('button', { name: 'Approve' });
  await tabTo(page, approve, { key: 'Shift+Tab', checkEachStop: true, limit: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Approve ${businessName}` });
  await expect(dialog).toBeVisible();
  await dialogHasTheFocus(dialog);
  for (let presses = 0; presses < 6; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await hasFocusWithin(dialog)).toBe(true);
    expect(await focusShownAndUnobscured(page)).toBe('ok');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(approve).toBeFocused();

  // Decide: the reason typed, the dialog's button pressed with Enter.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialogHasTheFocus(dialog);
  await tabTo(page, dialog.getByLabel(/Reason/), { checkEachStop: true });
  await page.keyboard.type('Steady revenue for the amount asked.');
  await tabTo(page, dialog.getByRole('button', { name: 'Approve' }), { checkEachStop: true });
  await page.keyboard.press('Enter');
  await expect(admin.row(businessName)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Pending Applications' })).toBeFocused();
  await expect(page.locator('[data-announcer]')).toHaveText(`${businessName} approved.`);
  await expect(admin.detail().getByText(/Approved — .* by you/)).toBeVisible();
});
