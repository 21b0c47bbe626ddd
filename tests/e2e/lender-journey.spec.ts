import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { brand } from '../../shared/brand/brand.ts';
import { lenderFromRow, type LenderRow } from '../../shared/matching/applicant-matches.ts';
import { LENDER_VIEW_MESSAGES } from '../../shared/matching/lender-answers.ts';
import { matchLenders, type MatchApplication } from '../../shared/matching/lender-match.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { AdminPages } from './pages/admin-pages.ts';
import { documentId, officerApi } from './pages/officer-api.ts';
import { PortalLenders } from './pages/portal-lenders.ts';
import { applicationFor, createAccount, plantSession, signedInPortal } from './pages/portal-session.ts';

/**
 * The lender network end to end (docs/architecture.md, Lender network), as its three people use it: the officer sees
 * the ranked, explained matches and asks consent; the applicant approves two lenders in the portal; the officer sends
 * the package to one; the lender opens the e-mailed link without an account, reads the package and documents, and
 * answers; officer and applicant see the answer and get their e-mails. The link dies when revoked or expired.
 */

const SIERRA = 'Sierra Community Bank (sample)';
const GREAT_PLAINS = 'Great Plains SBA Lending (sample)';

async function lenderLink(baseURL: string, contactEmail: string, packageId: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailbox({ url: baseURL }, contactEmail)).find((item) =>
        item.subject.includes(packageId.slice(0, 8)),
      );
      link = mail ? /https?:\/\/\S+\/lender#[A-Za-z0-9_-]+/.exec(mail.text)?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  return link!;
}

/** A browser without any session, as the lender's would be. */
async function lenderPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function packageIds(database: SupabaseClient, applicationId: string): Promise<string[]> {
  const { data } = await database
    .from('bank_packages')
    .select('id')
    .eq('application_id', applicationId)
    .order('created_at');
  return (data ?? []).map((row) => String(row.id));
}

test('from matches to a lender’s interested answer, every step explained to the applicant', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  test.setTimeout(120_000);
  const applicant = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, applicant);

  // The officer reads the ranked matches, each with its reasons, and asks consent for two lenders.
  const officerPage = await (await browser.newContext()).newPage();
  await plantSession(officerPage, baseURL!, officer.session);
  await officerPage.goto(`/admin?list=pending&application=${application.id}`);
  const admin = new AdminPages(officerPage);
  const matches = admin.detail().getByRole('region', { name: 'Lender Matches' });
  const { data: stored } = await database.from('applications').select('*').eq('id', application.id).single();
  const { data: network } = await database.from('lenders').select('*');
  const ranked = matchLenders(stored as MatchApplication, (network as LenderRow[]).map(lenderFromRow));
  const fits = ranked.filter((match) => match.outcome !== 'no fit');
  const misses = ranked.filter((match) => match.outcome === 'no fit');
  expect(fits.length).toBeGreaterThan(0);
  expect(misses.length).toBeGreaterThan(0);
  await expect(matches.getByRole('listitem').filter({ has: officerPage.getByText(/score \d+/) })).toHaveCount(
    ranked.length,
  );
  const miss = matches.getByRole('listitem', { name: `Lender ${misses[0]!.lender.name}` });
  await expect(miss).toContainText('no fit');
  await miss.getByText('Why').click();
  const failed = misses[0]!.criteria.find((criterion) => criterion.outcome === 'fail')!;
  await expect(miss).toContainText(`${failed.label}: Fail — ${failed.officerReason}`);
  // The officer reads about the applicant ('The applicant's request of...'), not 'Your request'.
  const loanSize = misses[0]!.criteria.find((criterion) => criterion.id === 'loanSize')!;
  await expect(miss).toContainText(loanSize.officerReason);
  await expect(miss).not.toContainText(/\b(you|your)\b/i);
  // A lender that cannot lend to the applicant is not offered for consent.
  await expect(miss.getByRole('button', { name: 'Ask Consent' })).toHaveCount(0);
  await expect(miss).toContainText('Not offered: this lender does not fit');
  for (const name of [SIERRA, GREAT_PLAINS]) {
    const lender = matches.getByRole('listitem', { name: `Lender ${name}` });
    await lender.getByRole('button', { name: 'Ask Consent' }).click();
    await officerPage
      .getByRole('dialog', { name: `Ask the applicant’s consent for ${name}?` })
      .getByRole('button', { name: 'Ask Consent' })
      .click();
    await expect(lender).toContainText('Consent asked, waiting for the applicant');
    // Its Ask Consent button is gone: the keyboard is on what took its place, not on the page.
    await expect(lender.getByText('Consent asked, waiting for the applicant')).toBeFocused();
  }
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, applicant.email)).map((mail) => mail.subject))
    .toContainEqual(`${brand.productName}: Your approval is needed before we send your package to a lender`);

  // The applicant uploads two documents and approves both lenders; the officer accepts one of them (through
  // review_document, as the checklist does) and leaves the other awaiting review.
  const portal = await signedInPortal(page, baseURL!, applicant);
  await portal.upload('Tax Returns', [
    { name: 'return-2025.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes('tax return 2025')) },
  ]);
  await expect(portal.storedFile('Tax Returns', 'return-2025.pdf')).toBeVisible();
  await portal.upload('Bank Statements', [
    { name: 'statement-march.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes('march')) },
  ]);
  await expect(portal.storedFile('Bank Statements', 'statement-march.pdf')).toBeVisible();
  const review = await officerApi(baseURL!, officer);
  const returnId = await documentId(database, application.id, 'return-2025.pdf');
  const accepted = await review('review_document', { document_id: returnId, outcome: 'accepted' });
  const lenders = new PortalLenders(page);
  await lenders.approve(SIERRA);
  await expect(lenders.request(SIERRA).getByText('Status: Approved')).toBeVisible();
  await lenders.approve(GREAT_PLAINS);
  await expect(lenders.request(GREAT_PLAINS).getByText('Status: Approved')).toBeVisible();

  // The officer approves the application, generates a package and sends it to Sierra.
  await officerPage.getByRole('button', { name: 'Refresh Data' }).click();
  await admin.decide(application.businessName, 'Approve', 'Strong cash flow.');
  await officerPage.goto(`/admin?list=approved&application=${application.id}`);
  const packages = admin.detail().getByRole('region', { name: 'Bank Packages' });
  await packages.getByRole('button', { name: 'Generate Bank Package' }).click();
  await expect(packages.getByRole('listitem')).toHaveCount(1);
  const [packageId] = await packageIds(database, application.id);
  const item = packages.getByRole('listitem', { name: `Package ${packageId!.slice(0, 8)}` });
  await item.getByRole('button', { name: 'Send to Bank' }).click();
  const send = officerPage.getByRole('dialog');
  await expect(send.getByLabel(/^Lender/).getByRole('option')).toHaveText([
    'Choose a lender the applicant approved',
    GREAT_PLAINS,
    SIERRA,
  ]);
  await send.getByLabel(/^Lender/).selectOption({ label: SIERRA });
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(item).toContainText(`to ${SIERRA}`);
  await expect(item).toContainText('Answer expected by');

  // The lender opens the link without an account, reads the package and its document, and answers.
  const link = await lenderLink(baseURL!, 'ana.ruiz@sierra-bank.example', packageId!);
  const lender = await lenderPage(browser);
  await lender.goto(link);
  await expect(lender.getByRole('heading', { level: 1 })).toHaveText(
    `Loan Package ${packageId!.slice(0, 8)}: ${application.businessName}`,
  );
  await expect(lender.getByRole('region', { name: 'Executive summary' })).toContainText(application.businessName);
  // What the applicant said the loan is for, as they pre-qualified.
  await expect(lender.getByRole('region', { name: 'Executive summary' })).toContainText(
    String(qualifiedApplicationRow().use_of_funds),
  );
  // Only the document the officer accepted; the one awaiting review is not shown.
  const documents = lender.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('listitem')).toHaveText(['Tax Returns: return-2025.pdf']);
  await expect(documents).not.toContainText('statement-march.pdf');
  const download = lender.waitForEvent('download');
  await documents.getByRole('button', { name: 'return-2025.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('return-2025.pdf');
  expect(await readFile((await file.path())!)).toEqual(Buffer.from(pdfBytes('tax return 2025')));
  // Sent back by the officer while the lender has the page open: the server refuses the next download, and says why.
  await review('review_document', {
    document_id: returnId,
    outcome: 'needs_replacement',
    reason: 'Page 2 is missing.',
    seen_review_id: accepted!.id,
  });
  await documents.getByRole('button', { name: 'return-2025.pdf' }).click();
  await expect(documents.getByRole('alert')).toHaveText(LENDER_VIEW_MESSAGES.documentUnavailable);
  expect(await seriousAccessibilityViolations(lender, ['main'])).toEqual([]);
  await lender.getByRole('button', { name: 'Send Answer' }).click();
  await expect(lender.getByText('Please choose your answer')).toBeVisible();
  // Interested is answered with an offer (tests/e2e/lender-offers.spec.ts follows it further).
  await lender.getByRole('radio', { name: 'Interested' }).check();
  const offer = lender.getByRole('form', { name: 'Your offer' });
  await offer.getByLabel(/^Amount/).fill('250000');
  await offer.getByLabel(/^Fixed rate/).fill('9.5');
  await offer.getByLabel(/^Term/).fill('120');
  await offer.getByLabel(/^Your fees/).fill('2500');
  await offer.getByLabel(/^Conditions/).fill('We can close a 7(a) loan within a month.');
  await offer.getByLabel(/^Offer expires on/).fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(lender.getByRole('status')).toContainText('Thank you. Your answer, recorded on');
  await expect(lender.getByRole('status')).toContainText('Interested');
  await expect(lender.getByRole('button', { name: 'Send Answer' })).toHaveCount(0);

  // The officer sees it on the package and the timeline; both are e-mailed.
  await officerPage.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(item).toContainText('lender interested');
  await expect(item).toContainText(/Lender’s answer on \w+ \d{1,2}, \d{4}: Interested/);
  await expect(admin.detail().getByText(`Offer received: ${SIERRA}`)).toBeVisible();
  // The audit log holds the consent's and the package's entries too, each naming the lender and who made it.
  const auditEntry = (text: string) =>
    admin
      .detail()
      .getByRole('list', { name: 'Audit log' })
      .getByRole('listitem')
      .filter({
        hasText: new RegExp(`^${text.replace(/[()]/g, '\\$&')} — .* by (the applicant|you|the system|the lender)$`),
      })
      .first();
  // The timeline's submission is the applicant's, though its event names no account.
  await expect(
    admin
      .detail()
      .getByRole('listitem')
      .filter({ hasText: /^Application submitted — / }),
  ).toHaveText(/ by the applicant$/);
  await expect(auditEntry(`Lender consent created (${SIERRA})`)).toContainText('by you');
  await expect(auditEntry(`Lender consent approved (${SIERRA})`)).toContainText('by the applicant');
  await expect(auditEntry(`Bank package sent to a lender (${SIERRA})`)).toContainText('by you');
  // The package's status was set by the sending function itself; the package was made before any lender.
  await expect(auditEntry(`Bank package marked as sent (${SIERRA})`)).toContainText('by the system');
  await expect(auditEntry('Bank package created')).toContainText('by you');
  await expect(auditEntry(`Bank package answered by the lender: interested (${SIERRA})`)).toContainText(
    'by the lender',
  );
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, officer.email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringContaining(`${SIERRA}: Interested`));

  // The applicant's timeline explains every step, and their e-mails say the same.
  await page.reload();
  const timeline = portal.application(application.businessName).getByRole('list').first();
  for (const step of [
    'Application submitted',
    `Consent requested to share the package with a lender: ${SIERRA}`,
    `Lender approved by the applicant: ${SIERRA}`,
    'Approved',
    `Loan package sent to a lender: ${SIERRA}`,
    `Offer received: ${SIERRA}`,
  ]) {
    await expect(timeline).toContainText(step);
  }
  await expect
    .poll(async () => (await mailbox({ url: baseURL! }, applicant.email)).map((mail) => mail.subject))
    .toEqual(
      expect.arrayContaining([
        `${brand.productName}: Good news, your application has been approved`,
        `${brand.productName}: Your loan package was sent to a lender`,
      ]),
    );
});

test('a lender link stops working when revoked or expired; an unanswered package is flagged; an unconsented lender is refused', async ({
  page,
  browser,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, applicant);
  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  const { data: rows } = await database
    .from('lenders')
    .select('id, name, contact_email')
    .in('name', [SIERRA, GREAT_PLAINS]);
  const idOf = (name: string) => String(rows!.find((row) => row.name === name)!.id);
  await database.from('lender_consents').insert([
    { application_id: application.id, lender_id: idOf(GREAT_PLAINS), status: 'approved' },
    { application_id: application.id, lender_id: idOf(SIERRA), status: 'declined' },
  ]);
  await database.from('bank_packages').insert([
    { application_id: application.id, summary: 'EXECUTIVE SUMMARY one' },
    { application_id: application.id, summary: 'EXECUTIVE SUMMARY two' },
  ]);
  const [first, second] = await packageIds(database, application.id);

  await plantSession(page, baseURL!, officer.session);
  await page.goto(`/admin?list=approved&application=${application.id}`);
  const admin = new AdminPages(page);
  const packages = admin.detail().getByRole('region', { name: 'Bank Packages' });

  // The function refuses a lender the applicant declined, whatever the screen offers.
  const refused = await page.evaluate(
    async ({ url, token, anonKey, body }) => {
      const response = await fetch(`${url}/functions/v1/send-bank-package`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    {
      url: baseURL!,
      token: officer.session.access_token,
      anonKey: (await (await fetch(`${baseURL}/config.json`)).json()).anonKey as string,
      body: { packageId: first, lenderId: idOf(SIERRA) },
    },
  );
  expect(refused).toEqual({
    status: 403,
    body: { success: false, error: 'The applicant has not approved this lender' },
  });

  for (const id of [first!, second!]) {
    const item = packages.getByRole('listitem', { name: `Package ${id.slice(0, 8)}` });
    await item.getByRole('button', { name: 'Send to Bank' }).click();
    const send = page.getByRole('dialog');
    await expect(send.getByLabel(/^Lender/).getByRole('option')).toHaveText([
      'Choose a lender the applicant approved',
      GREAT_PLAINS,
    ]);
    await send.getByLabel(/^Lender/).selectOption({ label: GREAT_PLAINS });
    await send.getByRole('button', { name: 'Send' }).click();
    await expect(item).toContainText(`to ${GREAT_PLAINS}`);
  }
  const contact = String(rows!.find((row) => row.name === GREAT_PLAINS)!.contact_email);
  const lender = await lenderPage(browser);

  // Two links opened one after the other in the same tab (only the part after '#' changes): each shows its own
  // package. A link whose '#' part is broken is refused as any unknown link is.
  const revokedLink = await lenderLink(baseURL!, contact, first!);
  const expiredLink = await lenderLink(baseURL!, contact, second!);
  await lender.goto(revokedLink);
  await expect(lender.getByRole('heading', { level: 1 })).toContainText(`Loan Package ${first!.slice(0, 8)}`);
  await lender.goto(expiredLink);
  await expect(lender.getByRole('heading', { level: 1 })).toContainText(`Loan Package ${second!.slice(0, 8)}`);
  await lender.goto(`${baseURL}/lender#%E0%A4%A`);
  await expect(lender.getByRole('alert')).toHaveText(
    'This link has expired or was revoked. Please ask the loan officer who sent it for a new one.',
  );

  // Revoked: the officer confirms, and the link no longer opens.
  await lender.goto(revokedLink);
  await expect(lender.getByRole('heading', { level: 1 })).toContainText(`Loan Package ${first!.slice(0, 8)}`);
  const firstItem = packages.getByRole('listitem', { name: `Package ${first!.slice(0, 8)}` });
  await firstItem.getByRole('button', { name: 'Revoke Link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(firstItem).toContainText('Lender link revoked on');
  await lender.reload();
  await expect(lender.getByRole('alert')).toHaveText(
    'This link has expired or was revoked. Please ask the loan officer who sent it for a new one.',
  );

  // Expired, and overdue: the deadline passed without an answer. The revoked one's deadline passed too, but its
  // lender cannot answer any more: it is not flagged, nor said to be expected.
  await database
    .from('bank_packages')
    .update({ link_expires_at: new Date(Date.now() - 1000).toISOString() })
    .eq('id', second);
  await lender.goto(expiredLink);
  await expect(lender.getByRole('alert')).toContainText('This link has expired or was revoked.');
  await database
    .from('bank_packages')
    .update({ answer_due_at: new Date(Date.now() - 86_400_000).toISOString() })
    .in('id', [first!, second!]);
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  const flagged = page.getByRole('status', { name: 'Overdue lender answers' });
  await expect(flagged.getByRole('link', { name: `Package ${second!.slice(0, 8)} to ${GREAT_PLAINS}` })).toBeVisible();
  await expect(flagged.getByRole('link', { name: `Package ${first!.slice(0, 8)} to ${GREAT_PLAINS}` })).toHaveCount(0);
  const secondItem = packages.getByRole('listitem', { name: `Package ${second!.slice(0, 8)}` });
  await expect(secondItem).toContainText('Overdue');
  await expect(secondItem).toContainText('Lender link expired on');
  await expect(firstItem).toContainText('Lender link revoked on');
  await expect(firstItem).not.toContainText('Overdue');
  await expect(firstItem).not.toContainText('Answer expected by');
});
