import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createApiKeys, loadJwtSecret } from '../../server/keys.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { anonClient } from '../support/server-process.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { createAccount, plantImpersonation, signedInPortal, type PortalAccount } from './pages/portal-session.ts';

// An application made signed out in an applicant's e-mail, on another device or by someone else: the portal
// asks whether it is theirs before showing it or sending anything of theirs to it. (The one made in the same
// browser is confirmed without asking: tests/e2e/journey.spec.ts.)

/** A visitor's application in the account's e-mail, sent as the wizard sends it, from another browser. */
async function madeElsewhere(baseURL: string, database: SupabaseClient, account: PortalAccount) {
  const keys = await createApiKeys(loadJwtSecret(process.env.E2E_DATA_DIR!, undefined));
  const row = qualifiedApplicationRow({ id: randomUUID(), email: account.email });
  const { error } = await anonClient({ url: baseURL, keys }).from('applications').insert(row);
  expect(error).toBeNull();
  const stored = async () =>
    (
      await database
        .from('applications')
        .select('user_id, confirmed_by_applicant_at, disowned_at')
        .eq('id', String(row.id))
        .single()
    ).data;
  return { businessName: String(row.business_name), stored };
}

test('an application made elsewhere in the applicant’s e-mail is asked about first; confirmed, it shows in full', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const made = await madeElsewhere(baseURL!, database, account);
  const portal = await signedInPortal(page, baseURL!, account);

  const question = page.getByRole('article', { name: `Application to confirm: ${made.businessName}` });
  await expect(question.getByRole('heading', { name: 'Is this your application?' })).toBeVisible();
  await expect(question).toContainText(`An application for ${made.businessName} ($250,000 - $500,000), submitted`);
  await expect(portal.application(made.businessName)).toHaveCount(0);
  await expect(page.getByText('We have no pre-qualification application for this account yet.')).toHaveCount(0);
  // The application is in: what the form waits for is the applicant's answer.
  await expect(
    page.getByText('The additional-information form opens once you confirm your application above.'),
  ).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Named with the amount and the day, which tell apart two applications of one business.
  await question
    .getByRole('button', { name: `Yes, it is mine (${made.businessName} ($250,000 - $500,000), submitted` })
    .click();
  await expect(portal.application(made.businessName)).toBeVisible();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Application', level: 2 })).toBeFocused();
  expect((await made.stored())?.confirmed_by_applicant_at).not.toBeNull();
  await page.reload();
  await expect(portal.application(made.businessName).getByText('Status: In review')).toBeVisible();
  await expect(question).toHaveCount(0);
});

test('an application the applicant did not make leaves their portal for good, and the officer sees why', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const made = await madeElsewhere(baseURL!, database, account);
  // The officer has it open while it waits for its applicant.
  const officer = await createAccount(database, baseURL!, { admin: true });
  const officerContext = await browser.newContext({ baseURL });
  const admin = new AdminPages(await officerContext.newPage());
  await admin.signIn(officer.email, officer.password);
  await admin.page.waitForURL('**/admin');
  await admin.searchFor(made.businessName);
  await admin.row(made.businessName).getByRole('button', { name: /View/ }).click();
  const waiting = admin.detail().getByText('the applicant has not yet confirmed in their portal that it is theirs');
  await expect(waiting).toBeVisible();
  await expect(admin.row(made.businessName)).not.toContainText('Disowned');

  const portal = await signedInPortal(page, baseURL!, account);
  const question = page.getByRole('article', { name: `Application to confirm: ${made.businessName}` });
  await question.getByRole('button', { name: 'No, it is not mine' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Not your application?' });
  await expect(dialog).toContainText('will leave your portal for good');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'No, it is not mine' }).click();
  await dialog.getByRole('button', { name: 'It is not mine' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByText('We have no pre-qualification application for this account yet.')).toBeVisible();
  expect(await made.stored()).toMatchObject({ user_id: null, confirmed_by_applicant_at: null });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Required Documents' })).toBeVisible();
  await expect(question).toHaveCount(0);
  await expect(portal.application(made.businessName)).toHaveCount(0);

  await admin.page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(admin.detail()).toContainText(
    `the holder of ${account.email} said that they did not make this application.`,
  );
  await expect(admin.detail()).toContainText(
    'Application disowned: the holder of its e-mail said they did not make it',
  );
  await expect(waiting).toHaveCount(0);
  await expect(admin.row(made.businessName)).toContainText('Disowned by e-mail holder');
  await officerContext.close();
});

test('an admin viewing the client’s portal sees the question without answering it', async ({
  page,
  baseURL,
  database,
}) => {
  const client = await createAccount(database, baseURL!);
  const made = await madeElsewhere(baseURL!, database, client);
  const officer = await createAccount(database, baseURL!, { admin: true });
  await plantImpersonation(page, client.id, new Date().toISOString());
  await signedInPortal(page, baseURL!, officer);

  const question = page.getByRole('article', { name: `Application to confirm: ${made.businessName}` });
  await expect(question).toContainText('The client has not yet said whether they made it.');
  await expect(question.getByRole('button')).toHaveCount(0);
});
