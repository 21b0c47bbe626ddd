import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { brand } from '../../shared/brand/brand.ts';
import { SEARCH_MAX_LENGTH } from '../../shared/admin/application-search.ts';
import {
  applicationListCounts,
  applicationLists,
  type ApplicationListCounts,
} from '../../shared/admin/application-lists.ts';
import { pdfText } from '../support/pdf-text.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { expect, test } from './fixtures.ts';
import { buttonNames, seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages, fillTermSheet } from './pages/admin-pages.ts';
import { IMPERSONATION_STORAGE_KEYS } from '../../shared/catalogue/accounts.ts';
import { holdRequests } from './pages/held-requests.ts';
import { textsBrokenInsideAWord } from './pages/layout.ts';
import { createAccount, plantImpersonation, plantSession } from './pages/portal-session.ts';

/** Makes every request matching the pattern fail with a 500, as a broken server would. */
function fail500(page: Page, pattern: string) {
  return page.route(pattern, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"forced failure"}' }),
  );
}

async function submitted(database: SupabaseClient, overrides: Record<string, unknown> = {}) {
  const { data, error } = await database
    .from('applications')
    .insert(qualifiedApplicationRow(overrides))
    .select('id, business_name, email')
    .single();
  if (error) throw new Error(error.message);
  return { id: String(data.id), businessName: String(data.business_name), email: String(data.email) };
}

/** Approves an application as the system would (through the service role), so it is in the Approved list. */
async function approve(database: SupabaseClient, applicationId: string) {
  const { error } = await database.from('applications').update({ status: 'approved' }).eq('id', applicationId);
  if (error) throw new Error(error.message);
}

/** A fresh application, approved. */
async function approvedApplication(database: SupabaseClient, overrides: Record<string, unknown> = {}) {
  const application = await submitted(database, overrides);
  await approve(database, application.id);
  return application;
}

/** An officer whose session is planted in the page, and a fresh pending application. */
async function officerWithNewApplication(page: Page, baseURL: string, database: SupabaseClient) {
  const officer = await createAccount(database, baseURL, { admin: true });
  const application = await submitted(database);
  await plantSession(page, baseURL, officer.session);
  return { officer, application, admin: new AdminPages(page) };
}

/** The same, on /admin with the application found in the list by its name. */
async function officerFindsNewApplication(page: Page, baseURL: string, database: SupabaseClient) {
  const found = await officerWithNewApplication(page, baseURL, database);
  await page.goto('/admin');
  await found.admin.searchFor(found.application.businessName);
  return found;
}

test('admin login: required fields, the provider message on a wrong password, a non-admin sent to /portal', async ({
  page,
  baseURL,
  database,
}) => {
  const admin = new AdminPages(page);
  const officer = await createAccount(database, baseURL!, { admin: true });
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await admin.signIn(officer.email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  // A try the form refuses itself: the wrong password's message is gone, the field's own stands alone.
  await page.getByLabel(/^Password/).fill('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Invalid login credentials')).toHaveCount(0);

  const applicant = await createAccount(database, baseURL!);
  await admin.signIn(applicant.email, applicant.password);
  await page.waitForURL('**/portal');
});

test('the route guard sends a signed-out visitor of /admin to /admin/login and back after sign-in', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  await page.goto('/admin?list=approved');
  await page.waitForURL('**/admin/login');
  await page.getByLabel(/^Email/).fill(officer.email);
  await page.getByLabel(/^Password/).fill(officer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin?list=approved');
  await expect(page.getByRole('heading', { name: 'Approved Applications' })).toBeVisible();

  // Already signed in, /admin/login itself goes on to /admin (docs/product.md §2, Admin login).
  await page.goto('/admin/login');
  await page.waitForURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test('an officer finds an application, reads its detail, approves one and rejects another with reasons', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const family = `Lopez${crypto.randomUUID().slice(0, 8)}`;
  // One word each (a search matches every word of its term in any column, and the sample rows share others).
  const first = await submitted(database, { business_name: `${family}Bakery` });
  const second = await submitted(database, { business_name: `${family}Garage` });
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // No two buttons of the list share a name: each row's actions name its application (a screen reader reads the
  // buttons one by one, each without its row).
  await admin.searchFor(family);
  await expect(admin.list('Pending Applications').getByRole('row')).toHaveCount(3);
  const buttons = await buttonNames(admin.list('Pending Applications'));
  expect(buttons).toContain(`Approve ${second.businessName}`);
  expect(buttons.filter((name, index) => buttons.indexOf(name) !== index)).toEqual([]);

  // A search that finds nothing says which search.
  await admin.searchFor('No Such Business Anywhere');
  await expect(page.getByText('No applications here match “No Such Business Anywhere”.')).toBeVisible();
  await admin.searchFor(first.businessName);
  await expect(admin.list('Pending Applications').getByRole('row')).toHaveCount(2);
  await expect(admin.row(first.businessName)).toContainText(first.email);
  await expect(admin.row(first.businessName)).toContainText('Not scheduled');
  // In a narrow window the one-word column headers stay whole words (typed values may still wrap anywhere).
  await page.setViewportSize({ width: 800, height: 800 });
  const headerLines = await admin
    .list('Pending Applications')
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.map((header) => {
        const range = document.createRange();
        range.selectNodeContents(header);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return `${header.textContent}: ${lines.size}`;
      }),
    );
  for (const word of ['Business', 'Submitted', 'Consultation', 'Actions']) {
    expect(headerLines).toContain(`${word}: 1`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await admin.row(first.businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail().getByText('Credit Score Range', { exact: true })).toBeVisible();
  await expect(admin.detail().getByText('Annual Revenue', { exact: true })).toBeVisible();
  await expect(admin.detail().getByText('$1,200,000')).toBeVisible();
  await expect(admin.detail().getByText('Tax Returns').getByText('Missing')).toBeVisible();
  await expect(admin.detail().getByText('The applicant has not submitted additional information yet.')).toBeVisible();
  // The sample application: revenue 1,200,000 a year, 5,000 a month of debt payments (DSCR 20.00, good).
  const analysis = admin.detail().getByRole('region', { name: 'Financial Analysis' });
  await expect(analysis.getByRole('group', { name: 'Debt Service Coverage' })).toContainText('20.00');
  await expect(analysis.getByRole('group', { name: 'Debt Service Coverage' })).toContainText('Good');
  await expect(analysis).toContainText('Sample assumptions used for:');
  // Two debt coverage figures of docs/product.md §9 on one screen: the card says how they differ.
  await expect(analysis).toContainText(
    "Debt Service Coverage here is annual revenue over annual debt payments. The evaluation's debt coverage ratio counts only 15% of revenue as available for debt, so it reads lower.",
  );
  await expect(
    analysis.getByRole('listitem', {
      name: /^Debt Service Coverage: 20\.00, good at 1\.25 or above, warning at 1 or above$/,
    }),
  ).toBeVisible();
  await expect(analysis.getByRole('listitem', { name: /^Months to Break-Even: .*good at 24 or less$/ })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The dialog says what a decision does beyond the list: an e-mail, and the additional information locked.
  await admin.row(first.businessName).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog', { name: `Approve ${first.businessName}` })).toContainText(
    'The applicant is e-mailed about the decision. Their additional information can no longer be changed once the application is decided.',
  );
  // The dialog is a form its Approve button submits; Enter in the reason starts a new line and decides nothing.
  const deciding = page.getByRole('dialog').getByRole('form', { name: `Approve ${first.businessName}` });
  await expect(deciding.getByRole('button', { name: 'Approve' })).toHaveAttribute('type', 'submit');
  await deciding.getByLabel(/Reason/).pressSequentially('First line');
  await deciding.getByLabel(/Reason/).press('Enter');
  await deciding.getByLabel(/Reason/).pressSequentially('second line');
  await expect(deciding.getByLabel(/Reason/)).toHaveValue('First line\nsecond line');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await admin.decide(first.businessName, 'Approve', 'Strong cash flow for the amount asked.\nTwo years of returns.');
  await expect(admin.row(first.businessName)).toHaveCount(0);
  // The row and its buttons are gone: the keyboard goes to the list, and screen readers hear what happened.
  await expect(page.getByRole('heading', { level: 2, name: 'Pending Applications' })).toBeFocused();
  await expect(page.locator('[data-announcer]')).toHaveText(`${first.businessName} approved.`);
  // The reason as typed, its line break kept.
  const reason = admin.detail().getByText(/^Reason: Strong cash flow/);
  expect(await reason.innerText()).toBe('Reason: Strong cash flow for the amount asked.\nTwo years of returns.');
  await expect(admin.detail().getByText(/Approved — .* by you/)).toBeVisible();
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, first.email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringContaining('your application has been approved'));
  const audit = await database.from('audit_log').select('actor_id, action').eq('record_id', first.id);
  expect(audit.data).toContainEqual({ actor_id: officer.id, action: 'application.approved' });

  await admin.searchFor(second.businessName);
  await admin.decide(second.businessName, 'Reject', 'Revenue history too short.');
  await expect(admin.row(second.businessName)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Rejected' }).click();
  await admin.searchFor(second.businessName);
  await expect(admin.row(second.businessName)).toBeVisible();
  // The officer's word with the applicant's, where the timeline the applicant also reads shows it.
  await admin.row(second.businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail()).toContainText('· status rejected');
  await expect(admin.detail().getByText(/^Rejected \(shown to the applicant as Declined\) — .* by you/)).toBeVisible();
  const events = await database.from('application_events').select('kind, reason').eq('application_id', second.id);
  expect(events.data).toContainEqual({ kind: 'rejected', reason: 'Revenue history too short.' });
});

test('a decision the server refuses shows "Failed to update applicant status" and changes nothing', async ({
  page,
  baseURL,
  database,
}) => {
  const { application, admin } = await officerFindsNewApplication(page, baseURL!, database);
  await expect(admin.row(application.businessName)).toBeVisible();
  // Another officer decides it meanwhile.
  await database.from('applications').update({ status: 'rejected' }).eq('id', application.id);
  await admin.decide(application.businessName, 'Approve', 'Looks good');
  // The product's message (docs/product.md §8, Admin), and what happened: the server answered that the application
  // changed meanwhile.
  const alert = page.getByRole('dialog').getByRole('alert');
  await expect(alert).toContainText('Failed to update applicant status');
  await expect(alert).toContainText(
    'Another officer decided this application meanwhile. Close this dialog to see its status now.',
  );
  await expect(page.locator('tr').filter({ hasText: application.businessName })).toHaveCount(1);
  // Closing the message shows what the server holds now: the application has left the pending list.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.row(application.businessName)).toHaveCount(0);
  const stored = await database.from('applications').select('status').eq('id', application.id).single();
  expect(stored.data?.status).toBe('rejected');
});

test('a row’s action dialog works from the keyboard: opened with Enter, closed with Escape, focus back on its button', async ({
  page,
  baseURL,
  database,
}) => {
  const { application, admin } = await officerFindsNewApplication(page, baseURL!, database);
  const { businessName } = application;
  for (const [action, name] of [
    ['Approve', `Approve ${businessName}`],
    ['Reject', `Reject ${businessName}`],
    ['Send Pre-Application Letter', `Send Pre-Application Letter (${businessName})`],
  ] as const) {
    // Each named with its application, as a screen reader reads the buttons one by one.
    const button = admin.row(businessName).getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The page behind a modal is hidden from assistive technology, so the row is found by its markup here.
    const expanded = page.locator('tr', { hasText: businessName }).locator('[aria-expanded="true"]');
    await expect(expanded).toContainText(action);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  }
});

test('View brings the detail into view with the focus on its heading; Close detail gives the focus back to View', async ({
  page,
  baseURL,
  database,
}) => {
  const { admin, application } = await officerFindsNewApplication(page, baseURL!, database);
  await page.setViewportSize({ width: 1280, height: 400 });
  const view = admin.row(application.businessName).getByRole('button', { name: /View/ });
  await view.click();
  const heading = admin.detail().getByRole('heading', { level: 2, name: application.businessName });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();

  await admin.detail().getByRole('button', { name: 'Close detail' }).click();
  await expect(admin.detail()).toHaveCount(0);
  await expect(view).toBeFocused();
});

test('the detail lists the applicant’s other applications (same e-mail or account), each one click from its own detail', async ({
  page,
  baseURL,
  database,
}) => {
  const { admin, application } = await officerWithNewApplication(page, baseURL!, database);
  const applicant = await createAccount(database, baseURL!);
  await database.from('applications').update({ user_id: applicant.id }).eq('id', application.id);
  const sameEmail = await approvedApplication(database, {
    email: application.email,
    business_name: `${application.businessName} Catering`,
  });
  const sameAccount = await submitted(database, {
    user_id: applicant.id,
    business_name: `${application.businessName} Food Truck`,
  });
  const stranger = await submitted(database);

  await page.goto(`/admin?application=${application.id}`);
  const others = admin.detail().getByRole('region', { name: 'Other Applications from This Applicant' });
  await expect(others.getByRole('listitem')).toHaveCount(2);
  // Newest first, each with its amount, date and status.
  await expect(others.getByRole('listitem').first()).toContainText(`${sameAccount.businessName} · `);
  await expect(others.getByRole('listitem').first()).toContainText('status pending');
  await expect(others.getByRole('listitem').last()).toContainText(`${sameEmail.businessName} · `);
  await expect(others.getByRole('listitem').last()).toContainText('status approved');
  await expect(others).not.toContainText(stranger.businessName);
  expect(await seriousAccessibilityViolations(page, ['section[aria-label="Application detail"]'])).toEqual([]);

  await others.getByRole('button', { name: new RegExp(`^View ${sameEmail.businessName} · `) }).click();
  await expect(admin.detail().getByRole('heading', { level: 2, name: sameEmail.businessName })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`application=${sameEmail.id}`));
  // The application opened from: same e-mail; the other one shares only the account, which this one lacks.
  await expect(others.getByRole('listitem')).toHaveCount(1);
  await expect(others.getByRole('listitem')).toContainText(application.businessName);
});

test('a reason over 2,000 characters is kept whole with a message, not cut, and nothing is decided', async ({
  page,
  baseURL,
  database,
}) => {
  const { application, admin } = await officerFindsNewApplication(page, baseURL!, database);
  const pasted = 'Too long. '.repeat(201);
  await admin.decide(application.businessName, 'Reject', pasted);
  const dialog = page.getByRole('dialog', { name: `Reject ${application.businessName}` });
  await expect(dialog.getByText('The reason can be at most 2,000 characters')).toBeVisible();
  await expect(dialog.getByLabel(/Reason/)).toHaveValue(pasted);
  const stored = await database.from('applications').select('status').eq('id', application.id).single();
  expect(stored.data?.status).toBe('pending');
  // Shortened, the same reason goes through whole.
  await dialog.getByLabel(/Reason/).fill(pasted.slice(0, 2000));
  await expect(dialog.getByText('The reason can be at most 2,000 characters')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  const decided = await database
    .from('applications')
    .select('status, decision_reason')
    .eq('id', application.id)
    .single();
  expect(decided.data).toEqual({ status: 'rejected', decision_reason: pasted.slice(0, 2000).trim() });
});

test('an officer adds notes to an application: required, kept on failure, newest first, still there after a reload', async ({
  page,
  baseURL,
  database,
}) => {
  const { officer, application, admin } = await officerWithNewApplication(page, baseURL!, database);
  await page.goto(`/admin?application=${application.id}`);
  const notes = admin.detail().getByRole('region', { name: 'Notes' });
  const field = notes.getByRole('textbox', { name: 'Add a note' });
  const add = notes.getByRole('button', { name: 'Add Note' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();

  await add.click();
  await expect(notes.getByText('Please write a note before adding it')).toBeVisible();
  await field.fill('x'.repeat(5001));
  await add.click();
  await expect(notes.getByText('A note can be at most 5000 characters')).toBeVisible();

  // The server fails once: the officer is told, and the typed text is still there for another try.
  await fail500(page, '**/rest/v1/application_notes*');
  await field.fill('Called the owner: the tax returns arrive next week.');
  await add.click();
  await expect(notes.getByRole('alert')).toHaveText('Failed to add note');
  await expect(field).toHaveValue('Called the owner: the tax returns arrive next week.');
  await page.unrouteAll();
  await add.click();
  await expect(field).toHaveValue('');
  await field.fill('Second call: the owner asked about the SBA 504.');
  await add.click();
  const items = notes.getByRole('list', { name: 'Notes on this application' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Second call: the owner asked about the SBA 504.');
  await expect(items.first()).toContainText('by you');
  await expect(items.last()).toContainText('Called the owner: the tax returns arrive next week.');

  await page.reload();
  await expect(items).toHaveCount(2);
  await expect(items.last()).toContainText('Called the owner: the tax returns arrive next week.');
  const stored = await database
    .from('application_notes')
    .select('body, author_id')
    .eq('application_id', application.id);
  expect(stored.data).toHaveLength(2);
  expect(stored.data).toContainEqual({
    body: 'Called the owner: the tax returns arrive next week.',
    author_id: officer.id,
  });
  const audit = await database.from('audit_log').select('actor_id').eq('action', 'application_note.created');
  expect(audit.data).toContainEqual({ actor_id: officer.id });
});

test('a note being typed is still there after viewing another application and coming back, and after a reload', async ({
  page,
  baseURL,
  database,
}) => {
  const tag = `Draft Note Cafe ${crypto.randomUUID().slice(0, 6)}`;
  const { admin } = await officerWithNewApplication(page, baseURL!, database);
  const first = await submitted(database, { business_name: `${tag} One` });
  const second = await submitted(database, { business_name: `${tag} Two` });
  await page.goto('/admin');
  await admin.search().fill(tag);
  await expect(admin.row(second.businessName)).toBeVisible();
  const field = admin.detail().getByRole('region', { name: 'Notes' }).getByRole('textbox', { name: 'Add a note' });
  await admin.row(first.businessName).getByRole('button', { name: /View/ }).click();
  await field.fill('Half-written: ask about the lease renewal');
  await admin.row(second.businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail().getByRole('heading', { level: 2, name: second.businessName })).toBeVisible();
  await expect(field).toHaveValue('');
  await admin.row(first.businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail().getByRole('heading', { level: 2, name: first.businessName })).toBeVisible();
  await expect(field).toHaveValue('Half-written: ask about the lease renewal');

  await page.reload();
  await expect(admin.detail().getByRole('heading', { level: 2, name: first.businessName })).toBeVisible();
  await expect(field).toHaveValue('Half-written: ask about the lease renewal');
});

test('on a tablet and a phone, tabs, amounts and dates break between words only; the amount reads as in the wizard', async ({
  page,
  baseURL,
  database,
}) => {
  const { admin, application } = await officerWithNewApplication(page, baseURL!, database);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/admin');
  await admin.searchFor(application.businessName);
  const row = admin.row(application.businessName);
  await expect(row).toContainText('$250,000 - $500,000');
  // The e-mail may break anywhere (one typed word can be very long); amounts and dates may not.
  expect(
    await textsBrokenInsideAWord(page.getByRole('table'), 'td:nth-child(4), td:nth-child(5), td:nth-child(6)'),
  ).toEqual([]);
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.getByRole('tab', { name: 'Pending Applications' })).toBeVisible();
  expect(await textsBrokenInsideAWord(page.locator('main'), '[role=tab]')).toEqual([]);
  await page.getByRole('tab', { name: 'Lenders' }).click();
  await expect(page.getByRole('table', { name: 'Lenders' })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 900 });
  expect(
    await textsBrokenInsideAWord(
      page.getByRole('table', { name: 'Lenders' }),
      'td:nth-child(2), td:nth-child(3), td:nth-child(4)',
    ),
  ).toEqual([]);
});

test('a long e-mail address in a list wraps after its @ or before a dot, not inside a word', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await submitted(database, { email: 'dana.whitfield@whitfieldprinting.test' });
  await plantSession(page, baseURL!, officer.session);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = new AdminPages(page);
  await page.goto('/admin');
  await admin.searchFor(application.businessName);
  const email = admin.row(application.businessName).getByRole('cell').nth(2);
  await expect(email).toHaveText('dana.whitfield@whitfieldprinting.test');
  // The column is narrower than the address, so it wraps (the check below would pass on one line too).
  const lines = await email.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBeGreaterThan(1);
  expect(await textsBrokenInsideAWord(admin.row(application.businessName), 'td:nth-child(3)')).toEqual([]);
});

test('on a phone, each row of a list is a card that fits the screen, its actions in reach', async ({
  page,
  baseURL,
  database,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { admin, application } = await officerFindsNewApplication(page, baseURL!, database);
  /** How far the table reaches past the area that holds it (0: nothing to scroll sideways). */
  const overflow = (table: Locator) =>
    table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth);
  const list = admin.list('Pending Applications');
  expect(await overflow(list)).toBeLessThanOrEqual(0);
  const row = admin.row(application.businessName);
  const approve = row.getByRole('button', { name: 'Approve' });
  const box = (await approve.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Each value says what it is, the header row being hidden.
  const amount = row.getByRole('cell').filter({ hasText: '$250,000 - $500,000' });
  expect(await amount.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Loan amount"');
  await expect(list.getByRole('columnheader', { name: 'Loan amount' })).toBeHidden();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Lenders' }).click();
  const lenders = page.getByRole('table', { name: 'Lenders' });
  await expect(lenders.getByRole('row').first()).toBeVisible();
  expect(await overflow(lenders)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('an address naming a list that does not exist opens Pending Applications', async ({ page, baseURL, database }) => {
  const { admin, application } = await officerWithNewApplication(page, baseURL!, database);
  await page.goto('/admin?list=bogus');
  await expect(page.getByRole('tab', { name: 'Pending Applications' })).toHaveAttribute('aria-selected', 'true');
  await admin.searchFor(application.businessName);
  await expect(admin.row(application.businessName)).toBeVisible();
});

test('each list’s tab says how many applications it holds, counted again after a decision', async ({
  page,
  baseURL,
  database,
}) => {
  const { admin, application } = await officerWithNewApplication(page, baseURL!, database);
  /** The next counts the server gives (other tests add applications meanwhile: the tabs show the latest read). */
  const nextCounts = () =>
    page
      .waitForResponse((response) => response.url().includes('/rest/v1/rpc/application_list_counts'))
      .then(async (response) => applicationListCounts(await response.json()));
  const tabsShow = async (counts: ApplicationListCounts) => {
    for (const list of applicationLists) {
      await expect(
        page.getByRole('tab', { name: `${list.title} (${counts[list.id].toLocaleString('en-US')})`, exact: true }),
      ).toBeVisible();
    }
  };
  const read = nextCounts();
  await page.goto('/admin');
  const before = await read;
  expect(before.pending).toBeGreaterThanOrEqual(1);
  await tabsShow(before);
  // The list's own heading and table keep the list's name alone.
  await expect(page.getByRole('heading', { level: 2, name: 'Pending Applications', exact: true })).toBeVisible();
  await expect(admin.list('Pending Applications')).toBeVisible();

  await admin.searchFor(application.businessName);
  const after = nextCounts();
  await admin.decide(application.businessName, 'Approve', '');
  await expect(admin.row(application.businessName)).toHaveCount(0);
  await tabsShow(await after);
});

/**
 * `count` pending applications named '<tag> 00', '<tag> 01'..., and an officer signed in on /admin; returns the
 * tag (unique to the test).
 */
async function officerWithNumberedApplications(
  page: Page,
  baseURL: string,
  database: SupabaseClient,
  name: string,
  count: number,
): Promise<string> {
  const officer = await createAccount(database, baseURL, { admin: true });
  const tag = `${name} ${crypto.randomUUID().slice(0, 6)}`;
  const rows = Array.from({ length: count }, (_, index) =>
    qualifiedApplicationRow({ business_name: `${tag} ${String(index).padStart(2, '0')}` }),
  );
  expect((await database.from('applications').insert(rows)).error).toBeNull();
  await plantSession(page, baseURL, officer.session);
  await page.goto('/admin');
  return tag;
}

test('lists are paged by the server, 25 to a page', async ({ page, baseURL, database }) => {
  const tag = await officerWithNumberedApplications(page, baseURL!, database, 'Paging Bakery', 27);
  const admin = new AdminPages(page);
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('business');
  await admin.searchFor(tag);
  await expect(page.getByText('Page 1 of 2 · 27 applications')).toBeVisible();
  await expect(admin.list('Pending Applications').getByRole('row')).toHaveCount(26);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2 · 27 applications')).toBeVisible();
  await expect(admin.list('Pending Applications').getByRole('row')).toHaveCount(3);
  await expect(admin.row(`${tag} 26`)).toBeVisible();
});

test('a page past the last, once its last row is decided or from an old link, gives way to the last page', async ({
  page,
  baseURL,
  database,
}) => {
  const tag = await officerWithNumberedApplications(page, baseURL!, database, 'Last Page Deli', 26);
  const admin = new AdminPages(page);
  // The search field takes no more than an address can carry.
  await expect(admin.search()).toHaveAttribute('maxlength', String(SEARCH_MAX_LENGTH));
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('business');
  await admin.searchFor(tag);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2 · 26 applications')).toBeVisible();
  await admin.decide(`${tag} 25`, 'Reject', 'Outside our lending area.');
  await expect(page.getByText('Page 1 of 1 · 25 applications')).toBeVisible();
  await expect(admin.list('Pending Applications').getByRole('row')).toHaveCount(26);
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();

  await page.goto(`/admin?sort=business&q=${encodeURIComponent(tag)}&page=99`);
  await expect(page.getByText('Page 1 of 1 · 25 applications')).toBeVisible();
  await expect(admin.row(`${tag} 24`)).toBeVisible();
});

test('Business name (A-Z) reads names as people do: a name in small letters comes with its letter', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const tag = `Sorted ${crypto.randomUUID().slice(0, 6)}`;
  const names = [`${tag} Zeta Zinc`, `${tag} acme bakery`, `${tag} Bravo Books`];
  const inserted = await database
    .from('applications')
    .insert(names.map((name) => qualifiedApplicationRow({ business_name: name })));
  expect(inserted.error).toBeNull();
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin');
  const admin = new AdminPages(page);
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('business');
  await admin.searchFor(tag);
  const rows = admin.list('Pending Applications').getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const [index, name] of [`${tag} acme bakery`, `${tag} Bravo Books`, `${tag} Zeta Zinc`].entries()) {
    await expect(rows.nth(index + 1)).toContainText(name);
  }
});

test("the dashboard's open tab is in the address: a reload keeps it, Back returns to the tab before", async ({
  page,
  baseURL,
  database,
}) => {
  const tag = await officerWithNumberedApplications(page, baseURL!, database, 'Tab Kept', 1);
  const admin = new AdminPages(page);
  await admin.searchFor(tag);
  await page.getByRole('tab', { name: 'Lenders' }).click();
  await expect(page).toHaveURL(/[?&]view=lenders/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Lenders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Lenders' })).toBeVisible();
  await page.getByRole('tab', { name: 'Client Management' }).click();
  await expect(page).toHaveURL(/[?&]view=clients/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Lenders' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  // Applications again, with the search it had.
  await expect(page.getByRole('tab', { name: 'Applications', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.search()).toHaveValue(tag);
  await expect(admin.row(`${tag} 00`)).toBeVisible();
});

test('the notice of overdue lender answers is in place before the tabs show, so it never moves them under a click', async ({
  page,
  baseURL,
  database,
}) => {
  const { application } = await officerWithNewApplication(page, baseURL!, database);
  await approve(database, application.id);
  const overdue = await database
    .from('bank_packages')
    .insert({
      application_id: application.id,
      status: 'sent',
      sent_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      bank_name: 'Late Answer Bank',
      answer_due_at: new Date(Date.now() - 86_400_000).toISOString(),
    })
    .select('id')
    .single();
  expect(overdue.error).toBeNull();
  // The notice's read is held back, as on a slow network.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/rest\/v1\/bank_packages\?.*answer_due_at=lt\./, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lenders' })).toBeHidden();
  release();
  const notice = page.getByRole('status', { name: 'Overdue lender answers' });
  await expect(notice).toContainText('Late Answer Bank');
  const lendersTab = page.getByRole('tab', { name: 'Lenders' });
  await expect(lendersTab).toBeVisible();
  const noticeBox = (await notice.boundingBox())!;
  expect((await lendersTab.boundingBox())!.y).toBeGreaterThan(noticeBox.y + noticeBox.height);
  await lendersTab.click();
  await expect(lendersTab).toHaveAttribute('aria-selected', 'true');
  await database.from('bank_packages').delete().eq('id', overdue.data!.id);
});

test('when the notice of overdue lender answers cannot be read in time (offline), the tabs show without it', async ({
  page,
  baseURL,
  database,
}) => {
  await officerWithNewApplication(page, baseURL!, database);
  // Never answered, as when the network is gone and the request waits.
  await page.route(/\/rest\/v1\/bank_packages\?.*answer_due_at=lt\./, () => undefined);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Lenders' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Overdue lender answers' })).toHaveCount(0);
});

test('switching lists keeps the search and the sort, and a reload keeps the page too', async ({
  page,
  baseURL,
  database,
}) => {
  const tag = await officerWithNumberedApplications(page, baseURL!, database, 'Kept Search', 26);
  const admin = new AdminPages(page);
  const sort = page.getByRole('combobox', { name: 'Sort' });
  await sort.selectOption('business');
  await admin.searchFor(tag);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2 · 26 applications')).toBeVisible();

  await page.getByRole('tab', { name: 'Approved Applications' }).click();
  await expect(admin.search()).toHaveValue(tag);
  await expect(sort).toHaveValue('business');
  await expect(page.getByText('Page 1 of 1 · 0 applications')).toBeVisible();
  // Back in Pending, the search and the sort still hold; the list starts at its first page.
  await page.getByRole('tab', { name: 'Pending Applications' }).click();
  await expect(admin.search()).toHaveValue(tag);
  await expect(page.getByText('Page 1 of 2 · 26 applications')).toBeVisible();
  await expect(admin.list('Pending Applications').getByRole('row').nth(1)).toContainText(`${tag} 00`);

  await page.getByRole('button', { name: 'Next page' }).click();
  await page.reload();
  await expect(admin.search()).toHaveValue(tag);
  await expect(sort).toHaveValue('business');
  await expect(page.getByText('Page 2 of 2 · 26 applications')).toBeVisible();
  await expect(admin.row(`${tag} 25`)).toBeVisible();

  // A list chosen while typing, before the search has settled: what was typed stays, and is searched.
  await admin.search().fill(`${tag} 07`);
  await page.getByRole('tab', { name: 'Approved Applications' }).click();
  await page.getByRole('tab', { name: 'Pending Applications' }).click();
  await expect(admin.search()).toHaveValue(`${tag} 07`);
  // Searched: one page (the 26 were two), with the application named 07 (others may match '07' in their e-mail).
  await expect(page.getByText(/^Page 1 of 1 · \d+ applications?$/)).toBeVisible();
  await expect(admin.row(`${tag} 07`)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`${tag} 07`);
});

test('Not Qualified lists the applications the evaluation declined, with its reasons in the officer’s words', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  // Stored as the applicant read them.
  const declined = await submitted(database, {
    credit_score: '600-649',
    has_down_payment: 'no',
    status: 'rejected',
    evaluation_result: {
      qualified: false,
      reasons: [
        'Your credit score range (600-649) is below our minimum of 660.',
        'A 10% down payment is not available.',
      ],
      suggestedNextSteps: [],
    },
  });
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin?list=notQualified');
  await admin.searchFor(declined.businessName);
  await expect(admin.row(declined.businessName)).toContainText(
    'Credit score range 600-649 is below 660; Down payment of 10% of the loan amount not available',
  );
  await expect(admin.row(declined.businessName)).not.toContainText('Your');
  await expect(page.getByText('Page 1 of 1 · 1 application', { exact: true })).toBeVisible();
  await expect(admin.row(declined.businessName).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // Its detail names it by its list, not as an officer's rejection, and its reasons in the officer's words.
  await admin.row(declined.businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail()).toContainText('· status not qualified');
  await expect(
    admin
      .detail()
      .getByRole('listitem')
      .filter({ hasText: /^(Credit score range|Down payment)/ }),
  ).toHaveText(['Credit score range 600-649 is below 660', 'Down payment of 10% of the loan amount not available']);
  // The timeline's note of the evaluation too; nowhere the applicant's words.
  await expect(
    admin
      .detail()
      .getByText(
        'Reason: Credit score range 600-649 is below 660; Down payment of 10% of the loan amount not available',
      ),
  ).toBeVisible();
  await expect(admin.detail()).not.toContainText('Your credit score');
  // No letter saying it may be eligible: the letter is for pending and approved applications only.
  await expect(admin.detail().getByRole('button', { name: 'Send Pre-Application Letter' })).toHaveCount(0);
});

test('Client Management: search, the empty states, a password reset e-mail, and the client’s portal viewed and left', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const client = await createAccount(database, baseURL!);
  // The number as the applicant typed it; the list writes it as Americans read it.
  const application = await submitted(database, { email: client.email, phone: '775.555.0142' });
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Client Management' }).click();
  const search = page.getByRole('searchbox', { name: 'Search clients by e-mail, business or phone' });
  await search.fill('no-such-client-anywhere');
  await expect(page.getByText('No clients found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();

  // The sign-up profile has no business or phone: the client's application gives them, and the search finds it.
  await search.fill(application.businessName);
  const row = page.getByRole('table', { name: 'Clients' }).getByRole('row').filter({ hasText: client.email });
  await expect(row).toContainText('✓ Confirmed');
  await expect(row).toContainText(application.businessName);
  await expect(row).toContainText('(775) 555-0142');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // Busy while the reset is asked for (not pressed twice), as Exit Impersonation and Logout below.
  const sendingReset = await holdRequests(page, '**/functions/v1/admin-reset-password');
  const reset = row.getByRole('button', { name: /Reset Password/ });
  await reset.click();
  await expect(reset).toBeDisabled();
  sendingReset();
  await expect(page.getByRole('status').filter({ hasText: 'A password reset email' })).toHaveText(
    `A password reset email has been sent to ${client.email}.`,
  );
  await expect(reset).toBeEnabled();
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, client.email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringContaining('Reset your'));

  await expect(row.getByRole('cell').filter({ hasText: 'Never' })).toHaveCount(1);
  await row.getByRole('button', { name: /Access Portal/ }).click();
  await page.waitForURL('**/portal');
  await expect(page.getByRole('region', { name: 'Impersonation' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Application for ${application.businessName}` })).toBeVisible();
  const exiting = await holdRequests(page, '**/rest/v1/rpc/log_impersonation');
  const exit = page.getByRole('button', { name: 'Exit Impersonation' });
  await exit.click();
  await expect(exit).toBeDisabled();
  exiting();
  await page.waitForURL('**/admin');
  const audit = await database.from('audit_log').select('action').eq('record_id', client.id).eq('actor_id', officer.id);
  expect(audit.data?.map((entry) => entry.action).sort()).toEqual([
    'client.password_reset_sent',
    'impersonation.end',
    'impersonation.start',
  ]);

  // The list says when an officer last viewed the client's portal, and who.
  await page.getByRole('tab', { name: 'Client Management' }).click();
  await search.fill(client.email);
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(row).toContainText(`${today} by ${officer.email}`);

  const loggingOut = await holdRequests(page, '**/auth/v1/logout*');
  const logout = page.getByRole('main').getByRole('button', { name: 'Logout' });
  await logout.click();
  await expect(logout).toBeDisabled();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeEnabled();
  loggingOut();
  await page.waitForURL('**/admin/login');
});

/** A business registration as the public form stores it (the service role writes it here). */
async function registered(database: SupabaseClient, overrides: Record<string, unknown> = {}) {
  const unique = crypto.randomUUID().slice(0, 8);
  const row = {
    legal_business_name: `Gomez Floral Design LLC ${unique}`,
    website_url: 'www.gomezfloral.com',
    no_website: false,
    address: '2201 E Camelback Rd',
    suite: 'Suite 104',
    city: 'Phoenix',
    state: 'AZ',
    zip_code: '85016-4310',
    business_start_date: '2019-03-15',
    agree_to_terms: true,
    contact_name: 'Maria Elena Gomez',
    contact_email: `maria.${unique}@gomezfloral.com`,
    contact_mobile: '(602) 555-0117',
    ...overrides,
  };
  const { error } = await database.from('business_registrations').insert(row);
  if (error) throw new Error(error.message);
  return { unique, ...row };
}

test('Registrations: newest first, searched, the empty states, and the application made with the contact’s e-mail one click away', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const withWebsite = await registered(database);
  const applied = await submitted(database, { email: withWebsite.contact_email });
  const noWebsite = await registered(database, {
    legal_business_name: `${withWebsite.legal_business_name} Events`,
    website_url: '',
    no_website: true,
    suite: '',
    contact_name: 'Luis Gomez',
    contact_email: `luis.${withWebsite.unique}@gomezfloral.com`,
  });
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Registrations' }).click();
  await expect(page).toHaveURL(/view=registrations/);
  const search = page.getByRole('searchbox', {
    name: 'Search registrations by business, contact, e-mail, mobile or city',
  });
  const table = page.getByRole('table', { name: 'Business registrations' });
  const rows = table.locator('tbody tr');

  // Both words must match: the business's name and the city, in two columns.
  await search.fill(`${withWebsite.unique} phoenix`);
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.first()).toContainText(noWebsite.legal_business_name);
  await expect(rows.first()).toContainText('No website');
  await expect(rows.first()).toContainText('2201 E Camelback Rd, Phoenix, AZ 85016-4310');
  await expect(rows.first()).toContainText('None yet');
  const first = rows.last();
  await expect(first.getByRole('link', { name: 'www.gomezfloral.com' })).toHaveAttribute(
    'href',
    'https://www.gomezfloral.com',
  );
  await expect(first).toContainText('2201 E Camelback Rd, Suite 104, Phoenix, AZ 85016-4310');
  await expect(first).toContainText('March 15, 2019');
  await expect(first).toContainText('Maria Elena Gomez');
  await expect(first.getByRole('link', { name: withWebsite.contact_email })).toHaveAttribute(
    'href',
    `mailto:${withWebsite.contact_email}`,
  );
  await expect(first.getByRole('link', { name: '(602) 555-0117' })).toHaveAttribute('href', 'tel:(602) 555-0117');
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(first).toContainText(today);
  await expect(first).toContainText(`pending, ${today}`);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // By the contact's name or mobile too.
  await search.fill(`Luis ${withWebsite.unique}`);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(noWebsite.contact_email);

  await search.fill(`${withWebsite.unique} no-such-registration`);
  await expect(page.getByText('No registrations found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();

  // View opens the application in the Applications tab.
  await search.fill(withWebsite.contact_email);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: `View the application of ${withWebsite.legal_business_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`application=${applied.id}`));
  await expect(page).not.toHaveURL(/view=registrations/);
  await expect(admin.detail().getByRole('heading', { level: 2, name: applied.businessName })).toBeVisible();

  // A failed read says so; with none stored, the empty state says none registered yet. (The answers are forced
  // in the browser: this shared database has other tests' registrations.)
  await fail500(page, '**/rest/v1/business_registrations*');
  await page.goto('/admin?view=registrations');
  await expect(page.getByRole('alert')).toHaveText('Failed to load registrations');
  await page.unroute('**/rest/v1/business_registrations*');
  await page.route('**/rest/v1/business_registrations*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Content-Range': '*/0' }, body: '[]' }),
  );
  await page.reload();
  await expect(page.getByText('No registrations found')).toBeVisible();
  await expect(page.getByText('No businesses have registered yet')).toBeVisible();
});

test('the dashboard shows the impersonation banner while impersonating; Exit ends it and stays on /admin', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const client = await createAccount(database, baseURL!);
  await plantImpersonation(page, client.id, new Date('2026-11-20T15:30:00Z').toISOString());
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin');
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('Started: Nov 20, 2026');

  await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
  await expect(banner).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(
    await page.evaluate(
      (keys) => [sessionStorage.getItem(keys.clientId), sessionStorage.getItem(keys.startedAt)],
      IMPERSONATION_STORAGE_KEYS,
    ),
  ).toEqual([null, null]);
  const ended = await database
    .from('audit_log')
    .select('actor_id')
    .eq('record_id', client.id)
    .eq('action', 'impersonation.end');
  expect(ended.data).toEqual([{ actor_id: officer.id }]);
});

test('a pre-application letter: the required fields and defaults, stored, downloaded as the PDF of docs/product.md', async ({
  page,
  baseURL,
  database,
}) => {
  const { officer, application, admin } = await officerWithNewApplication(page, baseURL!, database);
  await page.goto(`/admin?application=${application.id}`);
  await expect(admin.detail()).toContainText('No letter has been made yet.');
  await admin.detail().getByRole('button', { name: 'Send Pre-Application Letter' }).click();
  // The original description's name for the dialog (docs/product.md §2, Admin dashboard); the application it is for
  // is said in its body.
  const dialog = page.getByRole('dialog', { name: 'Generate Pre-Application Letter' });
  await expect(dialog).toContainText(`For ${application.businessName}`);
  // The button says Send, as described: the dialog says who sends the letter.
  await expect(dialog).toContainText(
    'The letter is stored here and downloaded as a PDF, for you to send to the applicant.',
  );
  await expect(dialog.getByLabel(/^Rate/)).toHaveValue('WSJ Prime + 275');
  await expect(dialog.getByLabel(/^Term \(years\)/)).toHaveValue('10');
  await expect(dialog.getByLabel(/^Estimated Monthly Payment/)).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Generate Letter' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(2);
  await expect(dialog.getByText('ZIP code is required')).toBeVisible();

  await dialog.getByLabel(/^Street Address/).fill('410 Sierra St');
  await dialog.getByLabel(/^ZIP Code/).fill('89501');
  // Letters outside Western European print as typed: the PDF font is embedded (shared/pdf/layout.ts).
  await dialog.getByLabel(/^Loan Purpose/).fill('Ovens from Łódź for Nguyễn Thị Hương');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Generate Letter' }).click();
  const file = await download;
  const slug = application.businessName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(file.suggestedFilename()).toBe(`pre-application-letter-${slug}.pdf`);
  const text = await pdfText(await readFile((await file.path())!));
  expect(text).toContain('Maria Lopez');
  expect(text).toContain(application.businessName);
  expect(text).toContain('$250,000');
  expect(text).toContain('WSJ Prime + 275');
  expect(text).toContain('Ovens from Łódź for Nguyễn Thị Hương');
  expect(text).toContain(new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
  expect(text).toContain(brand.contactPhone);
  expect(text).toContain(brand.loansEmail);

  await expect(dialog).toHaveCount(0);
  await expect(admin.detail().getByRole('region', { name: 'Pre-Application Letters' })).toContainText(
    '$250,000 at WSJ Prime + 275, 10 years',
  );
  const stored = await database
    .from('pre_application_letters')
    .select('zip_code, created_by')
    .eq('application_id', application.id);
  expect(stored.data).toEqual([{ zip_code: '89501', created_by: officer.id }]);

  // Downloaded again when the PDF cannot be made (its code cannot be fetched): the officer is told so.
  await page.route('**/assets/pdfmake-*.js', (route) => route.abort());
  await page.reload();
  const letters = admin.detail().getByRole('region', { name: 'Pre-Application Letters' });
  await letters.getByRole('button', { name: 'Download PDF' }).click();
  await expect(letters.getByRole('alert')).toHaveText('Failed to download letter');
});

test('a term sheet for an approved application: every field and condition required, conditions added and removed, stored, PDF', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await approvedApplication(database);
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  // Empty number fields are empty, never "NaN" (which the browser refuses with a console warning).
  const nanWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('"NaN"')) nanWarnings.push(message.text());
  });
  await page.goto(`/admin?list=approved&application=${application.id}`);
  await admin.detail().getByRole('button', { name: 'Accept & Generate Term Sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Term Sheet' });
  await expect(dialog).toContainText(`For ${application.businessName}`);
  await expect(dialog.getByLabel(/^Loan Amount/)).toHaveValue('250000');
  await expect(dialog.getByLabel(/^Interest Rate/)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Generate Term Sheet' }).click();
  // Bank name, interest rate, term, monthly payment, collateral and the one condition.
  await expect(dialog.getByText('This field is required')).toHaveCount(6);

  await fillTermSheet(dialog, {
    bankName: 'First Sierra Bank',
    interestRate: '10.25',
    term: '120',
    monthlyPayment: '3340',
    collateral: 'Equipment and a personal guarantee',
    condition: 'Two years of tax returns',
  });
  await dialog.getByRole('button', { name: 'Add Condition' }).click();
  await dialog.getByRole('button', { name: 'Add Condition' }).click();
  await dialog.getByLabel(/^Condition 2/).fill('A signed lease');
  await dialog.getByRole('button', { name: 'Generate Term Sheet' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Remove condition 3' }).click();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Generate Term Sheet' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^term-sheet-lopez-family-bakery-[0-9a-f]+\.pdf$/);
  const text = await pdfText(await readFile((await file.path())!));
  for (const expected of [
    'First Sierra Bank',
    '$250,000',
    '10.25%',
    '120 months',
    '$3,340',
    'Two years of tax returns',
    'A signed lease',
  ]) {
    expect(text).toContain(expected);
  }
  await expect(admin.detail().getByRole('region', { name: 'Term Sheets' })).toContainText('First Sierra Bank');
  const stored = await database
    .from('term_sheets')
    .select('conditions, created_by')
    .eq('application_id', application.id);
  expect(stored.data).toEqual([{ conditions: ['Two years of tax returns', 'A signed lease'], created_by: officer.id }]);
  // The detail's audit log names it in words, beside the application's own entry (approved above through the
  // service role, so by the system).
  const auditLog = admin.detail().getByRole('list', { name: 'Audit log' });
  await expect(auditLog.getByRole('listitem')).toHaveText([
    /^Application approved — .* by the system$/,
    /^Term sheet created — .* by you$/,
  ]);
  // After a term sheet is made the form starts again from its defaults.
  await admin.detail().getByRole('button', { name: 'Accept & Generate Term Sheet' }).click();
  await expect(dialog.getByLabel(/^Bank Name/)).toHaveValue('');
  await expect(dialog.getByLabel(/^Loan Amount/)).toHaveValue('250000');
  await expect(dialog.getByLabel(/^Monthly Payment/)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(nanWarnings).toEqual([]);

  // Downloaded again when the PDF cannot be made (its code cannot be fetched): the officer is told so.
  await page.route('**/assets/pdfmake-*.js', (route) => route.abort());
  await page.reload();
  const sheets = admin.detail().getByRole('region', { name: 'Term Sheets' });
  await sheets.getByRole('button', { name: 'Download PDF' }).click();
  await expect(sheets.getByRole('alert')).toHaveText('Failed to download term sheet');
});

test('an Approved list row carries Accept & Generate Term Sheet (a Pending row does not); the sheet made there is the application’s', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const approved = await approvedApplication(database);
  const pending = await submitted(database);
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin?list=pending');
  await expect(admin.row(pending.businessName)).toBeVisible();
  await expect(
    admin.row(pending.businessName).getByRole('button', { name: 'Accept & Generate Term Sheet' }),
  ).toHaveCount(0);

  await page.goto('/admin?list=approved');
  await admin.row(approved.businessName).getByRole('button', { name: 'Accept & Generate Term Sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Term Sheet' });
  await expect(dialog).toContainText(`For ${approved.businessName}`);
  await fillTermSheet(dialog, {
    bankName: 'Comstock Community Bank',
    interestRate: '9.5',
    term: '84',
    monthlyPayment: '4100',
    collateral: 'Business assets',
    condition: 'Proof of insurance',
  });
  const download = page.waitForEvent('download');
  // Enter in a field generates, as the button does.
  await dialog.getByLabel(/^Condition 1/).press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^term-sheet-lopez-family-bakery-[0-9a-f]+\.pdf$/);
  await expect(dialog).toHaveCount(0);
  const stored = await database.from('term_sheets').select('bank_name').eq('application_id', approved.id);
  expect(stored.data).toEqual([{ bank_name: 'Comstock Community Bank' }]);
  await admin.row(approved.businessName).getByRole('button', { name: /View/ }).click();
  await expect(admin.detail().getByRole('region', { name: 'Term Sheets' })).toContainText('Comstock Community Bank');

  // The row also opens, under it, the Financial Analysis card grid and Bank Packages list (docs/product.md §2).
  const show = admin
    .row(approved.businessName)
    .getByRole('button', { name: /^Show Financial Analysis & Bank Packages/ });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  const summary = page.getByRole('region', {
    name: `Financial Analysis and Bank Packages of ${approved.businessName}`,
  });
  const analysis = summary.getByRole('region', { name: 'Financial Analysis' });
  await expect(analysis.getByRole('group', { name: 'Debt Service Coverage' })).toContainText('20.00');
  await expect(summary.getByRole('region', { name: 'Bank Packages' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Generate Bank Package' })).toBeVisible();
  const hide = admin
    .row(approved.businessName)
    .getByRole('button', { name: /^Hide Financial Analysis & Bank Packages/ });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await hide.click();
  await expect(summary).toHaveCount(0);
});

test('Refresh Data is busy until the lists have been read again, then shows what changed meanwhile', async ({
  page,
  baseURL,
  database,
}) => {
  const { admin, application } = await officerFindsNewApplication(page, baseURL!, database);
  await expect(admin.row(application.businessName)).toBeVisible();
  await approve(database, application.id);
  // The list's next read waits until the test lets it through.
  const release = await holdRequests(page, '**/rest/v1/applications?*');
  const refresh = page.getByRole('button', { name: 'Refresh Data' });
  await refresh.click();
  await expect(refresh).toBeDisabled();
  release();
  await expect(refresh).toBeEnabled();
  await expect(admin.row(application.businessName)).toHaveCount(0);
});

test('every admin error text of product.md §8, each failure forced at the API', async ({ page, baseURL, database }) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const client = await createAccount(database, baseURL!);
  const application = await approvedApplication(database, { email: client.email });
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  const fail = (pattern: string) => fail500(page, pattern);

  // 'Failed to load data': the list cannot be read.
  await fail('**/rest/v1/applications?*');
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText('Failed to load data');
  await page.unroute('**/rest/v1/applications?*');
  // A search that fails leaves no rows of the search before on the screen, as if they matched it.
  await page.goto('/admin?list=approved');
  await admin.searchFor(client.email);
  await expect(page.getByText('Page 1 of 1 · 1 application', { exact: true })).toBeVisible();
  await fail('**/rest/v1/applications?*');
  await admin.searchFor(`${client.email} x`);
  await expect(page.getByRole('alert')).toHaveText('Failed to load data');
  await expect(admin.list('Approved Applications').getByRole('row')).toHaveCount(1);
  await expect(page.getByText('Page 1 of 1 · 0 applications')).toBeVisible();
  await page.unroute('**/rest/v1/applications?*');

  await page.goto(`/admin?list=approved&application=${application.id}`);
  // The detail is loaded first: only the writes below fail.
  await expect(admin.detail().getByRole('button', { name: 'Accept & Generate Term Sheet' })).toBeVisible();
  await fail('**/rest/v1/pre_application_letters*');
  await admin.detail().getByRole('button', { name: 'Send Pre-Application Letter' }).click();
  const letter = page.getByRole('dialog');
  await letter.getByLabel(/^Street Address/).fill('410 Sierra St');
  await letter.getByLabel(/^ZIP Code/).fill('89501');
  await letter.getByLabel(/^Loan Purpose/).fill('Equipment');
  // Enter in a field generates, as the button does.
  await letter.getByLabel(/^ZIP Code/).press('Enter');
  await expect(letter.getByRole('alert')).toHaveText('Failed to generate letter');
  await letter.getByRole('button', { name: 'Cancel' }).click();

  await fail('**/rest/v1/term_sheets*');
  await admin.detail().getByRole('button', { name: 'Accept & Generate Term Sheet' }).click();
  const sheet = page.getByRole('dialog');
  await fillTermSheet(sheet, {
    bankName: 'First Sierra Bank',
    interestRate: '9',
    term: '120',
    monthlyPayment: '3000',
    collateral: 'Equipment',
    condition: 'Tax returns',
  });
  await sheet.getByRole('button', { name: 'Generate Term Sheet' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Failed to generate term sheet');
  await sheet.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Client Management' }).click();
  await fail('**/functions/v1/admin-clients');
  await page.getByRole('searchbox', { name: /Search clients/ }).fill(client.email);
  await expect(page.getByRole('alert')).toHaveText('Failed to load clients');
  await page.unroute('**/functions/v1/admin-clients');
  // A new search asks again (the failed answer stays with the search that got it).
  await page.getByRole('searchbox', { name: /Search clients/ }).fill(client.email.split('@')[0]!);
  const row = page.getByRole('row').filter({ hasText: client.email });
  await fail('**/functions/v1/admin-reset-password');
  await row.getByRole('button', { name: /Reset Password/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to send password reset email');

  await fail('**/auth/v1/logout*');
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to log out' })).toBeVisible();
  await page.unroute('**/auth/v1/logout*');

  await fail('**/rest/v1/rpc/log_impersonation');
  await row.getByRole('button', { name: /Access Portal/ }).click();
  await page.waitForURL('**/portal');
  await expect(page.getByRole('heading', { name: 'Secure Client Portal' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Failed to access client account');
});

test('bank packages: generated, previewed, downloaded as text and PDF, sent once to a lender the applicant approved', async ({
  page,
  baseURL,
  database,
}) => {
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await approvedApplication(database);
  const admin = new AdminPages(page);
  await plantSession(page, baseURL!, officer.session);
  await page.goto(`/admin?list=approved&application=${application.id}`);
  const packages = admin.detail().getByRole('region', { name: 'Bank Packages' });
  await packages.getByRole('button', { name: 'Generate Bank Package' }).click();
  const item = packages.getByRole('listitem');
  // The package, or the message saying why there is none (then the next line fails with it on screen).
  await expect(item.or(packages.getByRole('alert'))).toBeVisible();
  await expect(item).toContainText('generated');
  const { data: stored } = await database
    .from('bank_packages')
    .select('id')
    .eq('application_id', application.id)
    .single();
  const id = String(stored!.id);
  await expect(item).toContainText(`Package ${id.slice(0, 8)}`);

  await item.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Package Preview' });
  await expect(preview).toContainText(`Package ${id.slice(0, 8)}`);
  await expect(preview).toContainText(application.businessName);
  // It only shows the package: one button closes it, no Cancel.
  await expect(preview.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  const textDownload = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download Text' }).click();
  const textFile = await textDownload;
  expect(textFile.suggestedFilename()).toBe(`loan-package-${id}.txt`);
  expect(await readFile((await textFile.path())!, 'utf8')).toContain(application.businessName);
  const pdfDownload = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download PDF' }).click();
  const pdfFile = await pdfDownload;
  const pdf = await pdfText(await readFile((await pdfFile.path())!));
  expect(pdf).toContain(`Loan Package ${id.slice(0, 8)}`);
  expect(pdf).toContain(`Executive Summary: ${application.businessName} Prepared`);

  // The package stays as it was generated: a later change to the application (here its name, through the
  // service role) shows in neither its text nor its PDF, which agree with each other.
  const renamed = `${application.businessName} Renamed`;
  const rename = await database.from('applications').update({ business_name: renamed }).eq('id', application.id);
  expect(rename.error).toBeNull();
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(admin.detail().getByRole('heading', { name: renamed })).toBeVisible();
  const laterPdf = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download PDF' }).click();
  const later = await pdfText(await readFile((await (await laterPdf).path())!));
  expect(later).toContain(`Executive Summary: ${application.businessName} Prepared`);
  expect(later).not.toContain('Renamed');
  await item.getByRole('button', { name: 'Preview' }).click();
  await expect(preview).toContainText(`EXECUTIVE SUMMARY: ${application.businessName.toUpperCase()} Prepared`);
  await expect(preview).not.toContainText('Renamed');
  await preview.getByRole('button', { name: 'Close' }).click();

  // Until the applicant approves a lender, there is nobody to send to.
  await item.getByRole('button', { name: 'Send to Bank' }).click();
  const send = page.getByRole('dialog');
  await expect(send).toContainText('The applicant has not approved any lender yet.');
  await expect(send.getByRole('button', { name: 'Send' })).toBeDisabled();
  await send.getByRole('button', { name: 'Cancel' }).click();
  const { data: lender } = await database
    .from('lenders')
    .select('id, name, contact_email')
    .eq('name', 'Harbor Express Capital (sample)')
    .single();
  const consent = await database
    .from('lender_consents')
    .insert({ application_id: application.id, lender_id: lender!.id, status: 'approved' });
  expect(consent.error).toBeNull();
  await page.getByRole('button', { name: 'Refresh Data' }).click();

  await fail500(page, '**/functions/v1/send-bank-package');
  await item.getByRole('button', { name: 'Send to Bank' }).click();
  // The one lender the applicant approved is chosen already; with none chosen, Send says to choose one.
  await expect(send.getByLabel(/^Lender/)).toHaveValue(lender!.id);
  await send.getByLabel(/^Lender/).selectOption({ label: 'Choose a lender the applicant approved' });
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send.getByRole('alert')).toHaveText('Choose a lender the applicant has approved.');
  await send.getByLabel(/^Lender/).selectOption({ label: lender!.name });
  await expect(send.getByRole('alert')).toHaveCount(0);
  // After a failed send the dialog reads the consents again: that read ends before the approval is withdrawn below.
  const reread = page.waitForResponse((response) => response.url().includes('/rest/v1/lender_consents'));
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send.getByRole('alert')).toHaveText('Failed to send bank package');
  await reread;
  await page.unroute('**/functions/v1/send-bank-package');
  // The applicant withdraws the approval while the dialog is open: the server's reason is shown, and the
  // lender is no longer offered.
  await database.from('lender_consents').update({ status: 'withdrawn' }).eq('application_id', application.id);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send.getByRole('alert')).toHaveText(
    'Failed to send bank package: The applicant has not approved this lender',
  );
  await expect(send).toContainText('The applicant has not approved any lender yet.');
  await send.getByRole('button', { name: 'Cancel' }).click();
  await database.from('lender_consents').update({ status: 'approved' }).eq('application_id', application.id);
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await item.getByRole('button', { name: 'Send to Bank' }).click();
  await send.getByLabel(/^Lender/).selectOption({ label: lender!.name });
  await send.getByRole('button', { name: 'Send' }).click();
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(item.getByTestId('package-sent-on')).toHaveText(`Sent on ${today}`);
  await expect(item).toContainText(`Sent on ${today} to ${lender!.name}`);
  // Each of the row's buttons names its package to a screen reader, which reads them one by one.
  const packageButtons = await buttonNames(item);
  expect(packageButtons).toContain(`Download PDF (package ${id.slice(0, 8)})`);
  expect(packageButtons.filter((name) => !name.endsWith(`(package ${id.slice(0, 8)})`))).toEqual([]);
  // Send to Bank is gone from the row: the keyboard is on the line that says where the package went.
  await expect(item.getByText(`Sent on ${today} to ${lender!.name}`)).toBeFocused();
  await expect(item).toContainText('Answer expected by');
  await expect(item.getByRole('button', { name: 'Send to Bank' })).toHaveCount(0);
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, lender!.contact_email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringContaining(id.slice(0, 8)));
});
