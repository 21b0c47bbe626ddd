import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { textsBrokenInsideAWord } from './pages/layout.ts';
import { createAccount, plantSession } from './pages/portal-session.ts';

/**
 * The admin's Lenders tab (docs/architecture.md, Lender network): the sample network listed, a lender added with every
 * criterion, a refused form explained with nothing saved, edited, paused and activated, deleted after a confirmation.
 * Other tests count the sample lenders: this one only changes the lenders it adds.
 */

async function storedLender(database: SupabaseClient, name: string) {
  const { data, error } = await database.from('lenders').select('*').eq('name', name);
  if (error) throw new Error(error.message);
  return data[0] as Record<string, unknown> | undefined;
}

/** A new officer signed in, on the admin's Lenders tab: its table. */
async function officerOnLendersTab(page: Page, baseURL: string, database: SupabaseClient) {
  const officer = await createAccount(database, baseURL, { admin: true });
  await plantSession(page, baseURL, officer.session);
  await new AdminPages(page).openDashboard();
  await page.getByRole('tab', { name: 'Lenders' }).click();
  return page.getByRole('table', { name: 'Lenders' });
}

/** Add Lender with the required fields only (an SBA Express lender of $25,000 to $250,000), then Save. */
async function addSmallLender(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Add Lender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lender' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Contact Name/).fill('Sam Ortiz');
  await dialog.getByLabel(/^Contact E-mail/).fill(email);
  await dialog.getByLabel(/^Minimum Loan/).fill('25000');
  await dialog.getByLabel(/^Maximum Loan/).fill('250000');
  await dialog.getByRole('checkbox', { name: 'SBA Express' }).check();
  await dialog.getByRole('button', { name: 'Save Lender' }).click();
  return dialog;
}

test('the officer adds, edits, pauses, activates and deletes a lender; the sample network is listed', async ({
  page,
  baseURL,
  database,
}) => {
  const table = await officerOnLendersTab(page, baseURL!, database);
  const sierra = table.getByRole('row', { name: 'Sierra Community Bank (sample)' });
  await expect(sierra).toContainText('Sample');
  await expect(sierra).toContainText('SBA 7(a), SBA Express');
  await expect(sierra).toContainText('$50,000 to $2,000,000');
  await expect(sierra).toContainText('NV, CA');
  await expect(sierra).toContainText('Active');
  await expect(table.getByRole('row', { name: 'Paused Prairie Bank (sample)' })).toContainText('Paused');
  const { count } = await database.from('lenders').select('*', { count: 'exact', head: true }).eq('is_sample', true);
  await expect(table.getByRole('row').filter({ hasText: 'Sample' })).toHaveCount(count!);

  // A refused form says why, field by field, and saves nothing.
  const name = `Desert Credit Union ${randomUUID().slice(0, 6)}`;
  await page.getByRole('button', { name: 'Add Lender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lender' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Contact Name/).fill('Rae Tanaka');
  await dialog.getByLabel(/^Contact E-mail/).fill('rae at desert');
  await dialog.getByLabel(/^Minimum Loan/).fill('500,000');
  await dialog.getByLabel(/^Maximum Loan/).fill('100000');
  await dialog.getByRole('button', { name: 'Save Lender' }).click();
  await expect(dialog).toContainText('Please enter a valid e-mail address');
  await expect(dialog).toContainText('Choose at least one program');
  await expect(dialog).toContainText('Maximum loan must be at least the minimum loan');
  expect(await storedLender(database, name)).toBeUndefined();

  // Every field, then saved and listed.
  await dialog.getByLabel(/^Contact E-mail/).fill('Rae.Tanaka@DesertCU.example');
  await dialog.getByLabel(/^Maximum Loan/).fill('$1,500,000');
  await dialog.getByRole('checkbox', { name: 'SBA 504' }).check();
  await dialog.getByRole('checkbox', { name: 'Term loan' }).check();
  await dialog.getByRole('checkbox', { name: 'AZ' }).check();
  await dialog.getByRole('checkbox', { name: 'NM' }).check();
  await dialog.getByLabel(/^Industries Served/).fill('Manufacturing, Logistics');
  await dialog.getByLabel(/^Industries Excluded/).fill('Cannabis');
  await dialog.getByLabel(/^Minimum Credit Score/).fill('690');
  await dialog.getByLabel(/^Minimum Years in Business/).fill('3.5');
  await dialog.getByLabel(/^Minimum Debt Coverage/).fill('1.3');
  await dialog.getByLabel(/^Equity Injection/).fill('15');
  await dialog.getByLabel(/^Typical Answer Time/).fill('8');
  await dialog.getByRole('checkbox', { name: 'Accepts business acquisitions' }).check();
  await dialog.getByRole('button', { name: 'Save Lender' }).click();
  await expect(dialog).toHaveCount(0);
  const row = table.getByRole('row', { name });
  await expect(row).toContainText('SBA 504, Term loan');
  await expect(row).toContainText('$500,000 to $1,500,000');
  await expect(row).toContainText('AZ, NM');
  await expect(row).not.toContainText('Sample');
  expect(await storedLender(database, name)).toMatchObject({
    contact_name: 'Rae Tanaka',
    contact_email: 'rae.tanaka@desertcu.example',
    programs: ['sba_504', 'term_loan'],
    states: ['AZ', 'NM'],
    industries_served: ['manufacturing', 'logistics'],
    industries_excluded: ['cannabis'],
    min_credit_score: 690,
    accepts_startups: false,
    accepts_acquisitions: true,
    equity_injection_percent: 15,
    answer_days: 8,
    active: true,
    is_sample: false,
  });
  expect(Number((await storedLender(database, name))!.min_years_in_business)).toBe(3.5);
  expect(Number((await storedLender(database, name))!.min_debt_coverage)).toBe(1.3);

  // Edited: the dialog opens with the stored values.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel(/^Industries Served/)).toHaveValue('manufacturing, logistics');
  await expect(edit.getByRole('checkbox', { name: 'AZ' })).toBeChecked();
  expect(await seriousAccessibilityViolations(page, ['[role="dialog"]'])).toEqual([]);
  await edit.getByLabel(/^Typical Answer Time/).fill('1');
  // Enter in a field saves, as the button does.
  await edit.getByLabel(/^Typical Answer Time/).press('Enter');
  await expect(row).toContainText('1 day');

  // Paused from the keyboard (the focus stays on the button pressed), and activated again.
  await row.getByRole('button', { name: `Pause ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Paused');
  await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeFocused();
  expect(await storedLender(database, name)).toMatchObject({ active: false });
  await row.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(row).toContainText('Active');

  // A new lender's form cancelled leaves nothing behind: Add Lender opens empty again.
  await page.getByRole('button', { name: 'Add Lender' }).click();
  await dialog.getByLabel(/^Name/).fill('Draft Lender');
  await dialog.getByRole('checkbox', { name: 'SBA 504' }).check();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Lender' }).click();
  await expect(dialog.getByLabel(/^Name/)).toHaveValue('');
  await expect(dialog.getByRole('checkbox', { name: 'SBA 504' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Asked about for an application: its audit log names the lender, before and after the lender is deleted.
  const application = await database.from('applications').insert(qualifiedApplicationRow()).select('id').single();
  const stored = await storedLender(database, name);
  const asked = await database
    .from('lender_consents')
    .insert({ application_id: application.data!.id, lender_id: stored!.id });
  expect(asked.error).toBeNull();

  // Deleted after a confirmation; Cancel keeps it.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // The dialog closes once the server has deleted it (while it is open, the rows behind it are hidden from
  // the accessibility tree, so the row's absence alone proves nothing).
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  expect(await storedLender(database, name)).toBeUndefined();

  await page.goto(`/admin?application=${application.data!.id}`);
  const audit = page.getByRole('list', { name: 'Audit log' });
  await expect(audit.getByRole('listitem').filter({ hasText: `Lender consent created (${name})` })).toHaveCount(1);
  await expect(audit.getByRole('listitem').filter({ hasText: `Lender consent deleted (${name})` })).toHaveCount(1);
});

test('a save the database refuses says so and keeps what was typed', async ({ page, baseURL, database }) => {
  await page.route('**/rest/v1/lenders*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"XX000"}' })
      : route.fallback(),
  );
  await officerOnLendersTab(page, baseURL!, database);
  const name = `Refused Lender ${randomUUID().slice(0, 6)}`;
  const dialog = await addSmallLender(page, name, 'sam@refused.example');
  await expect(dialog.getByRole('alert')).toHaveText('Failed to save lender');
  await expect(dialog.getByLabel(/^Name/)).toHaveValue(name);
  await expect(page.getByText('boom')).toHaveCount(0);
  expect(await storedLender(database, name)).toBeUndefined();
});

test('an edit started before another officer paused the lender is refused, not written over the pause', async ({
  page,
  baseURL,
  database,
}) => {
  const table = await officerOnLendersTab(page, baseURL!, database);
  const name = `Two Tabs Lending ${randomUUID().slice(0, 6)}`;
  await expect(await addSmallLender(page, name, 'sam@twotabs.example')).toHaveCount(0);
  const row = table.getByRole('row', { name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel(/^Typical Answer Time/).fill('9');

  // Meanwhile another officer pauses it and raises its maximum.
  const paused = await database.from('lenders').update({ active: false, max_loan: 400_000 }).eq('name', name);
  expect(paused.error).toBeNull();
  await edit.getByRole('button', { name: 'Save Lender' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    'Another officer changed or deleted this lender meanwhile, so this form was not saved. Close it and open the lender again to see it as it is now.',
  );
  await expect(edit.getByLabel(/^Typical Answer Time/)).toHaveValue('9');
  expect(await storedLender(database, name)).toMatchObject({ active: false, max_loan: 400_000, answer_days: 5 });

  // Opened again: the lender as it is now, and the edit saves.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit.getByLabel(/^Maximum Loan/)).toHaveValue('400000');
  await edit.getByLabel(/^Typical Answer Time/).fill('9');
  await edit.getByRole('button', { name: 'Save Lender' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('9 days');
  expect(await storedLender(database, name)).toMatchObject({ active: false, max_loan: 400_000, answer_days: 9 });
  await database.from('lenders').delete().eq('name', name);
});

test('a name already taken is refused under the name, and the list reads names as people do', async ({
  page,
  baseURL,
  database,
}) => {
  // A lender added elsewhere with a name in small letters: listed among the A's, not after every capital.
  const lowercase = `aaa lending ${randomUUID().slice(0, 6)}`;
  const added = await database.from('lenders').insert({
    name: lowercase,
    contact_name: 'Ada Li',
    contact_email: 'ada@aaa.example',
    programs: ['sba_7a'],
    min_loan: 10_000,
    max_loan: 100_000,
  });
  expect(added.error).toBeNull();
  const table = await officerOnLendersTab(page, baseURL!, database);
  // The first row of the body (the header row aside); by code point it would come after every capital.
  await expect(table.getByRole('row').nth(1)).toHaveAttribute('aria-label', lowercase);

  const twin = ' SIERRA community bank (Sample) ';
  const dialog = await addSmallLender(page, twin, 'sam@twin.example');
  await expect(dialog.getByText('A lender with this name already exists')).toBeVisible();
  await expect(dialog.getByLabel(/^Name/)).toBeFocused();
  await expect(dialog.getByLabel(/^Name/)).toHaveValue(twin);
  await expect(dialog.getByLabel(/^Contact E-mail/)).toHaveValue('sam@twin.example');
  await expect(dialog.getByText('Failed to save lender')).toHaveCount(0);
  const { count } = await database
    .from('lenders')
    .select('*', { count: 'exact', head: true })
    .ilike('name', '%sierra community bank%');
  expect(count).toBe(1);
  await database.from('lenders').delete().eq('name', lowercase);
});

test('at 1024 px the Lenders table fits the page: its cells wrap between words instead of scrolling sideways', async ({
  page,
  baseURL,
  database,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const table = await officerOnLendersTab(page, baseURL!, database);
  await expect(table.getByRole('row', { name: 'Keystone 504 Partners (sample)' })).toContainText(
    '$500,000 to $10,000,000',
  );
  const widths = await table.evaluate((element) => ({
    table: element.scrollWidth,
    area: element.parentElement!.clientWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(widths.area);
  // The contact's e-mail has a line of its own, so that it is not broken where it fits the column.
  const contact = table
    .getByRole('row', { name: 'Sierra Community Bank (sample)' })
    .getByText('ana.ruiz@sierra-bank.example');
  await expect(contact).toBeVisible();
  // No cell breaks inside a word: not the names, the e-mail addresses, the amounts or the states.
  expect(await textsBrokenInsideAWord(table, 'td')).toEqual([]);
});

test('on a phone the lenders are cards ruled apart, their text not against a frame’s edge', async ({
  page,
  baseURL,
  database,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const table = await officerOnLendersTab(page, baseURL!, database);
  const row = table.getByRole('row', { name: 'Sierra Community Bank (sample)' });
  await expect(row).toBeVisible();
  // The frame the table has on wider screens would put every card's text against its left edge.
  const frame = await table.evaluate((element) => getComputedStyle(element.parentElement!).borderLeftWidth);
  expect(frame).toBe('0px');
  const [rowBox, cellBox] = [(await row.boundingBox())!, (await row.getByRole('cell').first().boundingBox())!];
  expect(cellBox.x).toBeGreaterThanOrEqual(rowBox.x);
});
