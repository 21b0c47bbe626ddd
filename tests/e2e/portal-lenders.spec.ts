import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  applicantMatchSummary,
  wideningSentence,
  type LenderCriteriaRow,
} from '../../shared/matching/applicant-matches.ts';
import { formatLongDate } from '../../shared/format/dates.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { PortalLenders } from './pages/portal-lenders.ts';
import {
  applicationFor,
  createAccount,
  plantImpersonation,
  signedInPortal,
  type PortalAccount,
} from './pages/portal-session.ts';

/**
 * The applicant's side of the lender network (docs/architecture.md, Lender network): how many lenders fit and what
 * would widen the options, never a lender's name; the consent requests an officer made, answered in the portal and
 * kept; nothing of it for another applicant; read-only for an admin viewing the client's portal.
 */

const SIERRA = 'Sierra Community Bank (sample)';
const GREAT_PLAINS = 'Great Plains SBA Lending (sample)';

async function lenderNames(database: SupabaseClient): Promise<string[]> {
  const { data, error } = await database.from('lenders').select('name');
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => String(row.name));
}

/** What the page should say, from the active lenders as stored and the one matching function. */
async function expectedSummary(database: SupabaseClient, application: Record<string, unknown>) {
  const { data, error } = await database.from('lenders').select('*').eq('active', true);
  if (error) throw new Error(error.message);
  const matchable = { ...qualifiedApplicationRow(), ...application } as Parameters<typeof applicantMatchSummary>[0];
  const summary = applicantMatchSummary(matchable, (data ?? []) as LenderCriteriaRow[]);
  return { summary, sentences: summary.widening.map((option) => wideningSentence(option, matchable)) };
}

/** The officer's consent requests for two sample lenders, as the database stores them. */
async function askConsents(database: SupabaseClient, applicationId: string, officer: PortalAccount) {
  const { data: lenders, error } = await database.from('lenders').select('id, name').in('name', [SIERRA, GREAT_PLAINS]);
  if (error) throw new Error(error.message);
  const idOf = (name: string) => String(lenders!.find((lender) => lender.name === name)!.id);
  const inserted = await database
    .from('lender_consents')
    .insert([
      { application_id: applicationId, lender_id: idOf(SIERRA), requested_by: officer.id },
      { application_id: applicationId, lender_id: idOf(GREAT_PLAINS), requested_by: officer.id },
    ])
    .select('id, lender_id');
  if (inserted.error) throw new Error(inserted.error.message);
  const consentOf = (name: string) => String(inserted.data.find((row) => row.lender_id === idOf(name))!.id);
  return { sierra: consentOf(SIERRA), greatPlains: consentOf(GREAT_PLAINS) };
}

async function consentRow(database: SupabaseClient, consentId: string) {
  const { data, error } = await database
    .from('lender_consents')
    .select('status, answered_at')
    .eq('id', consentId)
    .single();
  if (error) throw new Error(error.message);
  return data as { status: string; answered_at: string | null };
}

async function pageText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

test('an applicant sees how many lenders fit and what would widen their options, without any lender’s name', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const application = await applicationFor(database, account);
  await signedInPortal(page, baseURL!, account);
  const lenders = new PortalLenders(page);

  const stored = await database.from('applications').select('*').eq('id', application.id).single();
  const { summary, sentences } = await expectedSummary(database, stored.data as Record<string, unknown>);
  // The sample network has lenders that fit this bakery and lenders that do not: both parts are shown.
  expect(summary.fit).toBeGreaterThan(0);
  expect(sentences.length).toBeGreaterThan(0);

  await expect(lenders.fitCounts()).toHaveText([
    `Fit your application now: ${summary.fit} of ${summary.lenders} lenders`,
    `Might fit once your loan officer looks closer at them: ${summary.review} ${summary.review === 1 ? 'lender' : 'lenders'}`,
  ]);
  await expect(lenders.wideningOptions()).toHaveText(sentences);
  await expect(lenders.matches()).toContainText(
    'Before your file goes to any lender, your loan officer asks for your consent',
  );
  await expect(lenders.consents()).toContainText('No lender has been proposed yet.');

  const text = await pageText(page);
  for (const name of await lenderNames(database)) expect(text).not.toContain(name);
  expect(text).not.toMatch(/\(sample\)|@\S+\.example/);
  expect(await seriousAccessibilityViolations(page, PortalLenders.sections)).toEqual([]);
});

test('a declined application is sent to no lender: no count of lenders that fit it, only what would widen a new one’s options', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const application = await applicationFor(database, account);
  const declined = await database
    .from('applications')
    .update({ status: 'rejected', decision_reason: 'Cash flow too thin for the amount asked.' })
    .eq('id', application.id)
    .select('*')
    .single();
  expect(declined.error).toBeNull();
  await signedInPortal(page, baseURL!, account);
  const lenders = new PortalLenders(page);

  await expect(lenders.matches()).toContainText(
    `Your application for ${application.businessName} (submitted ${formatLongDate(declined.data!.created_at)}) was declined, so it is not sent to any lender.`,
  );
  const { sentences } = await expectedSummary(database, declined.data as Record<string, unknown>);
  expect(sentences.length).toBeGreaterThan(0);
  await expect(
    lenders
      .matches()
      .getByRole('list', { name: 'What would widen your options if you apply again' })
      .getByRole('listitem'),
  ).toHaveText(sentences);
  await expect(lenders.fitCounts()).toHaveCount(0);
  await expect(lenders.matches()).not.toContainText('asks for your consent');
  expect(await seriousAccessibilityViolations(page, PortalLenders.sections)).toEqual([]);
});

test('consent: the applicant approves one lender and declines another, the answers are kept, and the approval is withdrawn after a confirmation', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, account);
  const consents = await askConsents(database, application.id, officer);
  await signedInPortal(page, baseURL!, account);
  const lenders = new PortalLenders(page);

  const sierra = lenders.request(SIERRA);
  const greatPlains = lenders.request(GREAT_PLAINS);
  await expect(sierra).toContainText('Programs: SBA 7(a), SBA Express');
  await expect(greatPlains).toContainText('Programs: SBA 7(a), SBA 504');
  await expect(sierra.getByText('Status: Waiting for your answer')).toBeVisible();
  await expect(greatPlains.getByText('Status: Waiting for your answer')).toBeVisible();
  await expect(sierra.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page, PortalLenders.sections)).toEqual([]);

  await lenders.approve(SIERRA);
  await expect(sierra.getByText('Status: Approved')).toBeVisible();
  // The button used is gone; the keyboard stays in this request.
  await expect(sierra.getByRole('heading', { name: SIERRA })).toBeFocused();
  await expect(sierra).toContainText(/Approved on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
  await expect(sierra.getByRole('button', { name: /^(Approve|Decline)/ })).toHaveCount(0);
  // The application's timeline says so at once, without a reload.
  await expect(page.getByText(`Lender approved by the applicant: ${SIERRA}`)).toBeVisible();
  // Declining asks first, since it cannot be undone here; Cancel keeps the request.
  const decline = await lenders.startDecline(GREAT_PLAINS);
  await expect(decline).toContainText(
    `Your loan officer will not send your application or documents to ${GREAT_PLAINS}`,
  );
  await decline.getByRole('button', { name: 'Cancel' }).click();
  await expect(decline).toHaveCount(0);
  await expect(greatPlains.getByText('Status: Waiting for your answer')).toBeVisible();
  await lenders.decline(GREAT_PLAINS);
  await expect(greatPlains.getByText('Status: Declined')).toBeVisible();
  await expect(greatPlains).toContainText(/Declined on \w{3} \d{1,2}, \d{4}/);
  await expect(greatPlains.getByRole('button')).toHaveCount(0);
  expect(await consentRow(database, consents.sierra)).toMatchObject({
    status: 'approved',
    answered_at: expect.any(String),
  });
  expect(await consentRow(database, consents.greatPlains)).toMatchObject({ status: 'declined' });

  await page.reload();
  await expect(sierra.getByText('Status: Approved')).toBeVisible();
  await expect(greatPlains.getByText('Status: Declined')).toBeVisible();

  // Withdrawing asks first and says what it does; Cancel keeps the approval.
  let dialog = await lenders.startWithdrawal(SIERRA);
  await expect(dialog).toContainText(`Withdrawing stops your file going to ${SIERRA}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(sierra.getByText('Status: Approved')).toBeVisible();
  dialog = await lenders.startWithdrawal(SIERRA);
  await dialog.getByRole('button', { name: 'Withdraw approval' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(sierra.getByText('Status: Withdrawn')).toBeVisible();
  await expect(sierra).toContainText(/Withdrawn on \w{3} \d{1,2}, \d{4}/);
  await expect(sierra.getByRole('button')).toHaveCount(0);
  expect(await consentRow(database, consents.sierra)).toMatchObject({ status: 'withdrawn' });

  // Each answer is the applicant's, in the audit log.
  const { data: audit } = await database
    .from('audit_log')
    .select('action, actor_id')
    .in('record_id', [consents.sierra, consents.greatPlains])
    .neq('action', 'lender_consent.created')
    .order('id');
  expect(audit).toEqual([
    { action: 'lender_consent.approved', actor_id: account.id },
    { action: 'lender_consent.declined', actor_id: account.id },
    { action: 'lender_consent.withdrawn', actor_id: account.id },
  ]);

  // The officer who asked is e-mailed each answer, once.
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, officer.email)).map((mail) => mail.subject).sort())
    .toEqual(
      [
        `${application.businessName}: the applicant approved ${SIERRA}`,
        `${application.businessName}: the applicant declined ${GREAT_PLAINS}`,
        `${application.businessName}: the applicant withdrew ${SIERRA}`,
      ].sort(),
    );
});

test('a request answered meanwhile in another tab: the answer this page gives is refused, says which stands, and shows it', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, account);
  const consents = await askConsents(database, application.id, officer);
  await signedInPortal(page, baseURL!, account);
  const lenders = new PortalLenders(page);
  const sierra = lenders.request(SIERRA);
  await expect(sierra.getByText('Status: Waiting for your answer')).toBeVisible();

  // Approved in another tab, while this one still shows the request.
  const elsewhere = await database
    .from('lender_consents')
    .update({ status: 'approved', answered_at: new Date().toISOString() })
    .eq('id', consents.sierra);
  expect(elsewhere.error).toBeNull();
  await lenders.decline(SIERRA);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(sierra.getByRole('alert')).toHaveText(
    'You have already approved this lender. To stop your file going to it, withdraw your approval.',
  );
  await expect(sierra.getByText('Status: Approved')).toBeVisible();
  await expect(sierra.getByRole('button', { name: /^Withdraw/ })).toBeVisible();
  expect(await consentRow(database, consents.sierra)).toMatchObject({ status: 'approved' });
});

test('an answer that cannot be saved says so, and the request stays open', async ({ page, baseURL, database }) => {
  const account = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, account);
  const consents = await askConsents(database, application.id, officer);
  await page.route('**/rest/v1/rpc/answer_lender_consent', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"XX000"}' }),
  );
  await signedInPortal(page, baseURL!, account);
  const lenders = new PortalLenders(page);

  await lenders.approve(SIERRA);
  await expect(lenders.request(SIERRA).getByRole('alert')).toHaveText('Failed to save your answer. Please try again.');
  await expect(lenders.request(SIERRA).getByText('Status: Waiting for your answer')).toBeVisible();
  await expect(lenders.request(SIERRA).getByRole('button', { name: /^Approve/ })).toBeEnabled();
  await expect(page.getByText('boom')).toHaveCount(0);
  expect(await consentRow(database, consents.sierra)).toMatchObject({ status: 'requested', answered_at: null });
});

test('lender matches that cannot be loaded say so, and the rest of the portal still works', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  await applicationFor(database, account);
  await page.route('**/rest/v1/rpc/lender_criteria', (route) => route.abort('failed'));
  await signedInPortal(page, baseURL!, account);
  const lenders = new PortalLenders(page);

  await expect(lenders.matches().getByRole('alert')).toHaveText(
    'Failed to load your lender matches. Please reload the page to try again.',
  );
  await expect(page.getByRole('heading', { name: 'Required Documents' })).toBeVisible();
  await expect(lenders.consents()).toHaveCount(0);
});

test('another applicant sees none of an applicant’s consent requests', async ({ page, baseURL, database }) => {
  const owner = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  await askConsents(database, (await applicationFor(database, owner)).id, officer);
  const other = await createAccount(database, baseURL!);
  await applicationFor(database, other);
  await signedInPortal(page, baseURL!, other);
  const lenders = new PortalLenders(page);

  await expect(lenders.fitCounts()).toHaveCount(2);
  await expect(lenders.consents()).toContainText('No lender has been proposed yet.');
  await expect(lenders.consents().getByRole('article')).toHaveCount(0);
  const text = await pageText(page);
  for (const name of await lenderNames(database)) expect(text).not.toContain(name);
});

test('an admin viewing the client’s portal sees the consent requests and answers, without any button to answer', async ({
  page,
  baseURL,
  database,
}) => {
  const client = await createAccount(database, baseURL!);
  const admin = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, client);
  const consents = await askConsents(database, application.id, admin);
  const approved = await database
    .from('lender_consents')
    .update({ status: 'approved', answered_at: new Date().toISOString() })
    .eq('id', consents.sierra);
  expect(approved.error).toBeNull();
  await plantImpersonation(page, client.id, new Date().toISOString());
  await signedInPortal(page, baseURL!, admin);
  const lenders = new PortalLenders(page);

  await expect(page.getByRole('region', { name: 'Impersonation' })).toBeVisible();
  await expect(lenders.fitCounts()).toHaveCount(2);
  await expect(lenders.request(SIERRA).getByText('Status: Approved')).toBeVisible();
  await expect(lenders.request(GREAT_PLAINS).getByText('Status: Waiting for your answer')).toBeVisible();
  await expect(lenders.consents()).toContainText('only the client can answer them');
  await expect(lenders.answerButtons()).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page, PortalLenders.sections)).toEqual([]);
});
