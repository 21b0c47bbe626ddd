import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox } from '../support/auth-helpers.ts';
import { buildRenderer, DesktopMain, serveFolder } from '../support/desktop-harness.ts';
import {
  anonClient,
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
  type ServerProcess,
} from '../support/server-process.ts';
import { notKeptOffline } from '../../renderer/src/desktop-repository.ts';
import { lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';
import { ADMIN_MESSAGES } from '../../shared/messages/portal-admin.ts';
import { pdfText } from '../support/pdf-text.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { acceptOffer, inDays, offerTerms, sentLenderLink } from '../support/lender-links.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { expectClosedWhenDone, fillTermSheet } from './pages/admin-pages.ts';
import { createAccount } from './pages/portal-session.ts';
import { officerApi } from './pages/officer-api.ts';

/**
 * The desktop admin app's offline scenario (docs/architecture.md, Desktop cache and outbox): its renderer in Chromium
 * with the real main-process handlers and SQLite cache bridged in (the Electron binary cannot run here), against a real
 * server/. The first test stops that server and starts it again on the same port and data; the others take the
 * network away between the app and the server (cutNetwork), which the app sees the same way, without the seconds a
 * server takes to start.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let rendererFolder: string;
let renderer: { url: string; close: () => Promise<void> };
let dataDir: string;
let server: ServerProcess;
let port: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rendererFolder = await buildRenderer();
  renderer = await serveFolder(rendererFolder);
  dataDir = temporaryDataDir();
  server = await startServerProcess({ dataDir, env: { PORT: '0' } });
  port = new URL(server.url).port;
});

test.afterAll(async () => {
  await server?.stop();
  await renderer?.close();
  if (dataDir) await removeDataDir(dataDir);
  // The renderer's build (some 2 MB), or one is left in the temporary folder by every run.
  if (rendererFolder) rmSync(rendererFolder, { recursive: true, force: true });
});

/**
 * A document of the applicant `userId`, its file stored and its row filed with the application: written by the
 * service role, or by the applicant through the API (`database` signed in as them). Gives the row's id.
 */
async function storedDocument(
  database: SupabaseClient,
  userId: string,
  applicationId: string,
  type: string,
  fileName: string,
  bytes: Uint8Array,
  { replaces = null }: { replaces?: string | null } = {},
): Promise<string> {
  const storagePath = `${userId}/${type}/${crypto.randomUUID()}.pdf`;
  const upload = await database.storage.from('documents').upload(storagePath, Buffer.from(bytes), {
    contentType: 'application/pdf',
  });
  if (upload.error) throw new Error(upload.error.message);
  const row = {
    user_id: userId,
    application_id: applicationId,
    type,
    file_name: fileName,
    file_size: bytes.length,
    content_type: 'application/pdf',
    storage_path: storagePath,
    replaces_id: replaces,
  };
  const { data, error } = await database.from('documents').insert(row).select('id').single();
  if (error) throw new Error(error.message);
  return String(data.id);
}

async function submitted(database: SupabaseClient, businessName: string, overrides: Record<string, unknown> = {}) {
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await database
    .from('applications')
    .insert(qualifiedApplicationRow({ business_name: businessName, email, ...overrides }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return { id: String(data.id), businessName, email };
}

test('a loan officer on a train: sync, go offline, browse and decide from the cache, and every decision lands when the network returns', async ({
  page,
}) => {
  const database = serviceClient(server);
  const officer = await createAccount(database, server.url, { admin: true, keys: server.keys });
  const approved = await submitted(database, 'Harbor Cafe Offline');
  const rejected = await submitted(database, 'Juniper Tools Offline');
  const contested = await submitted(database, 'Cobalt Bakery Offline');
  // The applicant of the first one uploaded a tax return; the third one has a bank statement.
  const applicant = await createAccount(database, server.url, { keys: server.keys });
  const taxReturn = pdfBytes('Harbor Cafe tax return 2025');
  await storedDocument(database, applicant.id, approved.id, 'taxReturns', 'tax-return-2025.pdf', taxReturn);
  await storedDocument(database, applicant.id, contested.id, 'bankStatements', 'statement-june.pdf', pdfBytes());
  // An officer sent it a pre-application letter and wrote a term sheet before the trip.
  const letter = await database.from('pre_application_letters').insert({
    application_id: approved.id,
    first_name: 'Maria',
    last_name: 'Lopez',
    business_name: approved.businessName,
    address: '12 Harbor Way',
    city: 'Reno',
    state: 'NV',
    zip_code: '89501',
    loan_amount: 250_000,
    loan_purpose: 'Second espresso bar',
    rate: 'WSJ Prime + 275',
    term_years: 10,
    estimated_payment: 2_868,
  });
  expect(letter.error).toBeNull();
  const sheet = await database.from('term_sheets').insert({
    application_id: approved.id,
    bank_name: 'Sierra Community Bank',
    loan_amount: 240_000,
    interest_rate: 7.25,
    term_months: 120,
    monthly_payment: 2_817,
    collateral: 'Equipment',
    conditions: ['Personal guarantee'],
  });
  expect(sheet.error).toBeNull();
  const main = new DesktopMain();
  try {
    await main.attach(page);
    await page.goto(renderer.url);

    // First start: the server's address; main reads its anon key from /config.json.
    await expect(page.getByRole('heading', { name: 'Connect to your server' })).toBeVisible();
    await page.getByLabel('Server address').fill(server.url);
    await page.getByRole('button', { name: 'Connect' }).click();

    // The admin login of the web app, then the dashboard with the desktop's status above it.
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.getByLabel(/^Email/).fill(officer.email);
    await page.getByLabel(/^Password/).fill(officer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');
    await expect(page.getByText('3 applications on this computer')).toBeVisible();
    const status = await main.call('cache:get-status', undefined);
    expect(status.applications).toBe(3);

    // Opening an application while online keeps its documents for offline reading.
    await page.getByRole('button', { name: 'View Harbor Cafe Offline' }).click();
    await expect(page.getByRole('button', { name: 'Open tax-return-2025.pdf' })).toBeVisible();
    await expect
      .poll(async () => (await main.call('cache:get-status', undefined)).documentBytes)
      .toBe(taxReturn.length);
    await page.getByRole('button', { name: 'Close detail' }).click();

    // The network goes away.
    await server.stop();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');

    // Browse and search the cached applications; read one.
    const search = page.getByRole('searchbox', { name: 'Search by business, name or e-mail' });
    await search.fill('Juniper');
    await expect(page.getByRole('row').filter({ hasText: 'Juniper Tools Offline' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Harbor Cafe Offline' })).toHaveCount(0);
    await search.fill('');
    await page.getByRole('button', { name: 'View Harbor Cafe Offline' }).click();
    await expect(page.getByRole('region', { name: 'Application detail' })).toContainText(approved.email);
    // Its ranked lender matches come from the cached network, with their reasons.
    const matches = page.getByRole('region', { name: 'Lender Matches' });
    await expect(matches.getByRole('listitem', { name: 'Lender Great Plains SBA Lending (sample)' })).toBeVisible();
    await expect(matches.getByRole('alert')).toHaveCount(0);
    // Its kept document opens in the system viewer, offline, byte for byte.
    await page.getByRole('button', { name: 'Open tax-return-2025.pdf' }).click();
    await expect.poll(() => main.shown.length).toBe(1);
    expect(main.shown[0]!.fileName).toBe('tax-return-2025.pdf');
    expect(Buffer.from(main.shown[0]!.data)).toEqual(Buffer.from(taxReturn));
    // Its letter and term sheet are made again as PDFs from the copy and saved through the save dialog.
    const detail = page.getByRole('region', { name: 'Application detail' });
    await detail
      .getByRole('region', { name: 'Pre-Application Letters' })
      .getByRole('button', { name: 'Download PDF' })
      .click();
    await expect.poll(() => main.saved.length).toBe(1);
    expect(main.saved[0]!.suggestedPath).toMatch(/pre-application-letter-harbor-cafe-offline.*\.pdf$/);
    const letterText = await pdfText(await readFile(main.saved[0]!.filePath));
    expect(letterText).toContain(approved.businessName);
    expect(letterText).toContain('$250,000');
    await detail.getByRole('region', { name: 'Term Sheets' }).getByRole('button', { name: 'Download PDF' }).click();
    await expect.poll(() => main.saved.length).toBe(2);
    const sheetText = await pdfText(await readFile(main.saved[1]!.filePath));
    expect(sheetText).toContain('Sierra Community Bank');
    expect(sheetText).toContain('Personal guarantee');
    await page.getByRole('button', { name: 'Close detail' }).click();
    // A document of an application never opened online was not kept: the officer is told so.
    await page.getByRole('button', { name: 'View Cobalt Bakery Offline' }).click();
    await page.getByRole('button', { name: 'Open statement-june.pdf' }).click();
    await expect(page.getByRole('region', { name: 'Application detail' }).getByRole('alert')).toHaveText(
      notKeptOffline,
    );
    await page.getByRole('button', { name: 'Close detail' }).click();

    // Decide three applications offline: each is queued.
    const decide = async (businessName: string, verb: 'Approve' | 'Reject', reason: string) => {
      await page.getByRole('row').filter({ hasText: businessName }).getByRole('button', { name: verb }).click();
      const dialog = page.getByRole('dialog', { name: `${verb} ${businessName}` });
      await dialog.getByLabel(/Reason/).fill(reason);
      await dialog.getByRole('button', { name: verb }).click();
      await expectClosedWhenDone(dialog);
    };
    await decide(approved.businessName, 'Approve', 'Strong cash flow');
    await decide(rejected.businessName, 'Reject', 'Revenue too low');
    await decide(contested.businessName, 'Reject', 'Incomplete file');
    await expect(page.getByTestId('outbox-count')).toHaveText('3 decisions queued');
    // The tabs count the copy's lists, offline too: a queued decision leaves its application where it is until sent.
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect(tab('Pending Applications (3)')).toBeVisible();
    await expect(tab('Approved Applications (0)')).toBeVisible();
    expect((await database.from('applications').select('status').eq('id', approved.id).single()).data).toBeNull();

    // A note written offline is queued too: the detail shows it as waiting, the outbox counts and names it.
    const noteText = 'Called the owner from the train: tax returns arrive Monday.';
    await page.getByRole('button', { name: `View ${approved.businessName}` }).click();
    const notes = page.getByRole('region', { name: 'Application detail' }).getByRole('region', { name: 'Notes' });
    await notes.getByRole('textbox', { name: 'Add a note' }).fill(noteText);
    await notes.getByRole('button', { name: 'Add Note' }).click();
    const queuedNote = notes.getByRole('listitem').filter({ hasText: noteText });
    await expect(queuedNote).toContainText('Waiting to be sent');
    await expect(queuedNote).toContainText('by you');
    await expect(notes.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
    await expect(page.getByTestId('outbox-count')).toHaveText('3 decisions and 1 note queued');
    await expect(page.getByRole('list', { name: 'Queued changes' })).toContainText(
      `Note on ${approved.businessName}: "${noteText}"`,
    );
    const queuedNotes = (await main.call('outbox:list', undefined)).flatMap((entry) =>
      entry.kind === 'note' ? [entry] : [],
    );
    expect(queuedNotes).toEqual([
      expect.objectContaining({ applicationId: approved.id, body: noteText, state: 'pending' }),
    ]);
    const noteId = queuedNotes[0]!.noteId;
    await page.getByRole('button', { name: 'Close detail' }).click();

    // Meanwhile a second officer approved the contested application; then the network returns.
    await changedMeanwhile(async (elsewhere) => {
      await serviceClient(elsewhere)
        .from('applications')
        .update({ status: 'approved', decided_at: new Date().toISOString(), decision_reason: 'Second officer' })
        .eq('id', contested.id);
    });
    server = await startServerProcess({ dataDir, env: { PORT: port } });
    const second = serviceClient(server);

    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
    // The queue emptied: how its changes ended takes the place of its count.
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    // The note landed once, under the id it was queued with, in the officer's name.
    const notesStored = await second
      .from('application_notes')
      .select('id, body, author_id')
      .eq('application_id', approved.id);
    expect(notesStored.data).toEqual([{ id: noteId, body: noteText, author_id: officer.id }]);
    const sent = await sentChanges(page, '3 changes sent, 1 not applied');
    await expect(sent.filter({ hasText: `Note on ${approved.businessName}` })).toContainText('sent to the server');
    const stored = async (id: string) =>
      (await second.from('applications').select('status, decision_reason').eq('id', id).single()).data;
    expect(await stored(approved.id)).toEqual({ status: 'approved', decision_reason: 'Strong cash flow' });
    expect(await stored(rejected.id)).toEqual({ status: 'rejected', decision_reason: 'Revenue too low' });
    // The conflict is not applied silently: the officer sees it and what the server holds now.
    expect(await stored(contested.id)).toEqual({ status: 'approved', decision_reason: 'Second officer' });
    const conflict = sent.filter({ hasText: contested.businessName });
    await expect(conflict).toContainText('was not applied: the application was changed meanwhile');
    await expect(conflict).toContainText('The server now holds: Approved');
    await expect(conflict).toContainText('Second officer');
    await page.keyboard.press('Escape');

    // The applicants of the applied decisions are e-mailed.
    await expect.poll(async () => (await mailbox(server, approved.email)).length).toBeGreaterThan(0);
    await expect.poll(async () => (await mailbox(server, rejected.email)).length).toBeGreaterThan(0);

    // The cache caught up, and the tabs' counts with it (the contested one approved by the second officer).
    await expect(tab('Pending Applications (0)')).toBeVisible();
    await expect(tab('Approved Applications (2)')).toBeVisible();
    await expect(tab('Rejected (1)')).toBeVisible();
    // The approved application is in the Approved list, its note stored (no longer waiting).
    await page.getByRole('tab', { name: 'Approved Applications' }).click();
    await expect(page.getByRole('row').filter({ hasText: approved.businessName })).toBeVisible();
    await page.getByRole('button', { name: `View ${approved.businessName}` }).click();
    const storedNote = page.getByRole('region', { name: 'Notes' }).getByRole('listitem').filter({ hasText: noteText });
    await expect(storedNote).toContainText('by you');
    await expect(storedNote).not.toContainText('Waiting to be sent');

    // Signing out wipes the cache and the outbox.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect.poll(async () => (await main.call('cache:get-status', undefined)).applications).toBe(0);
    expect(await main.call('outbox:list', undefined)).toEqual([]);
  } finally {
    main.close();
  }
});

/** How each queued change sent ended, opened from the status bar once its line reads `summary`. */
async function sentChanges(page: Page, summary: string, options: { timeout?: number } = {}) {
  await page.getByRole('button', { name: summary }).click(options);
  return page.getByRole('dialog', { name: 'Queued changes sent' }).getByTestId('outbox-settled');
}

/** The app's first start: the server's address, then the admin login of this account. */
async function connectAndSignIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Server address').fill(server.url);
  await page.getByRole('button', { name: 'Connect' }).click();
  await signIn(page, account);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

async function decideInList(page: Page, businessName: string, verb: 'Approve' | 'Reject', reason: string) {
  await page.getByRole('row').filter({ hasText: businessName }).getByRole('button', { name: verb }).click();
  const dialog = page.getByRole('dialog', { name: `${verb} ${businessName}` });
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: verb }).click();
  await expectClosedWhenDone(dialog);
}

/** More than an hour went by: the stored session's access token has expired (supabase-js reads expires_at). */
async function expireStoredSession(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => /^sb-.+-auth-token$/.test(name))) {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
      stored.expires_at = Math.floor(Date.now() / 1000) - 3600;
      localStorage.setItem(key, JSON.stringify(stored));
    }
  });
}

/**
 * Changes the data while the app's server is away, as someone elsewhere would meanwhile: through a server on
 * another port of the same data, stopped again before the app's own port answers. Made on the app's port once
 * it is back, the change would race the app, which keeps trying and sends its queue as soon as it can (CI on
 * 9701d61). The app's server is not running when this is called.
 */
async function changedMeanwhile(change: (elsewhere: ServerProcess) => Promise<void>) {
  const elsewhere = await startServerProcess({ dataDir });
  try {
    await change(elsewhere);
  } finally {
    await elsewhere.stop();
  }
}

/**
 * The network between the app and its server goes away: every request of the app's pages (those it opens later too)
 * fails as a lost connection does, while the server keeps running, so what someone elsewhere changes meanwhile is
 * made on it directly. networkBack(page) ends it.
 */
async function cutNetwork(page: Page) {
  await page.context().route(`${server.url}/**`, (route) => route.abort('internetdisconnected'));
}

async function networkBack(page: Page) {
  await page.context().unroute(`${server.url}/**`);
}

async function decidedOnServer(id: string) {
  const { data } = await serviceClient(server)
    .from('applications')
    .select('status, decision_reason, decided_by')
    .eq('id', id)
    .single();
  return data;
}

test('a decision queued offline is sent only under the account that made it, after a restart offline and a colleague on the same computer', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const database = serviceClient(server);
  const officer = await createAccount(database, server.url, { admin: true, keys: server.keys });
  const colleague = await createAccount(database, server.url, { admin: true, keys: server.keys });
  const hazel = await submitted(database, 'Hazel Hardware Owner');
  const main = new DesktopMain();
  let restarted: DesktopMain | undefined;
  try {
    await main.attach(page);
    await page.goto(renderer.url);
    await connectAndSignIn(page, officer);
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');
    await expect(page.getByRole('row').filter({ hasText: hazel.businessName })).toBeVisible();

    await cutNetwork(page);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await decideInList(page, hazel.businessName, 'Reject', 'Officer one rejected this offline');
    // Decided offline, it shows as decided (queued) and cannot be decided a second time.
    const row = page.getByRole('row').filter({ hasText: hazel.businessName });
    await expect(row.getByTestId('queued-decision')).toHaveText('Rejection queued, sent when the connection returns');
    await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await page.getByRole('button', { name: `View ${hazel.businessName}` }).click();
    const detail = page.getByRole('region', { name: 'Application detail' });
    await expect(detail.getByTestId('queued-decision')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Close detail' }).click();

    // Logging out needs the server: offline, the officer is told why, and nothing is wiped.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByTestId('logout-problem')).toContainText(
      'You cannot log out while the server cannot be reached',
    );
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveText('1 decision queued');

    // The access token expires, and the app restarts while still offline: the officer's copy is readable at once.
    await expireStoredSession(page);
    await page.close();
    main.quit();
    restarted = new DesktopMain(main.folder);
    const again = await page.context().newPage();
    await restarted.attach(again);
    await again.goto(renderer.url);
    await expect(again.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 10_000 });
    await expect(again.getByTestId('offline-banner')).toContainText('Your session will be renewed then');
    await expect(again.getByText(/applications? on this computer/)).toBeVisible();
    await expect(again.getByTestId('outbox-count')).toHaveText('1 decision queued');

    // Meanwhile the officer signed out everywhere from the web: when the network returns the session is refused
    // for good, and the login says the queued change is kept for its account.
    const web = anonClient(server);
    expect((await web.auth.signInWithPassword({ email: officer.email, password: officer.password })).error).toBeNull();
    expect((await web.auth.signOut({ scope: 'global' })).error).toBeNull();
    await networkBack(again);
    await expect(again.getByRole('heading', { name: 'Admin Login' })).toBeVisible({ timeout: 150_000 });
    await expect(again.getByTestId('kept-changes')).toContainText(
      '1 change queued on this computer is kept for the account that made it',
    );
    expect((await decidedOnServer(hazel.id))?.status).toBe('pending');

    // A colleague signs in on this computer: none of the first officer's copy, and their change is not sent.
    await signIn(again, colleague);
    await expect(again.getByTestId('others-kept')).toContainText(
      '1 change another account queued on this computer is kept until that account signs in again',
    );
    await expect(again.getByTestId('last-sync')).toContainText('Last synced');
    await expect(again.getByTestId('outbox-count')).toHaveText('0 decisions queued');
    await expect(
      again.getByRole('row').filter({ hasText: hazel.businessName }).getByRole('button', { name: 'Reject' }),
    ).toBeVisible();
    expect((await decidedOnServer(hazel.id))?.status).toBe('pending');
    expect((await restarted.call('cache:get-status', undefined)).owner).toBe(colleague.id);

    // The colleague leaves; the first officer signs in again, and their decision goes out in their name.
    await again.getByRole('button', { name: 'Logout' }).click();
    await signIn(again, officer);
    await expect(
      (await sentChanges(again, '1 change sent')).filter({ hasText: `Reject ${hazel.businessName}` }),
    ).toContainText('sent to the server');
    expect(await decidedOnServer(hazel.id)).toEqual({
      status: 'rejected',
      decision_reason: 'Officer one rejected this offline',
      decided_by: officer.id,
    });
  } finally {
    main.close();
    restarted?.close();
  }
});

test('after the access token expired offline, a queued decision waits for the renewed session instead of going out as anon', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const database = serviceClient(server);
  const officer = await createAccount(database, server.url, { admin: true, keys: server.keys });
  const cedar = await submitted(database, 'Cedar Clinic Expired');
  const main = new DesktopMain();
  try {
    // The page's clock runs as the real one, and is moved on where supabase-js waits on its own timers (half a
    // minute of retries, then a minute before it tries again): the same steps, without those 90 s of waiting.
    await page.clock.install();
    await main.attach(page);
    await page.goto(renderer.url);
    await connectAndSignIn(page, officer);
    await expect(page.getByRole('row').filter({ hasText: cedar.businessName })).toBeVisible();
    await cutNetwork(page);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await decideInList(page, cedar.businessName, 'Approve', 'Approved on the plane');
    await expireStoredSession(page);

    // The network returns, but the session cannot be renewed yet (its renewal fails): nothing is sent as anon. The
    // page's own route goes before the network's.
    const renewals = `${server.url}/auth/v1/token**`;
    let renewalsTried = 0;
    await page.route(renewals, (route) => {
      renewalsTried += 1;
      return route.abort('internetdisconnected');
    });
    await networkBack(page);
    // supabase-js retries a failed renewal for up to half a minute before giving up: once it has tried, that half
    // minute passes on the page's clock.
    await expect.poll(() => renewalsTried).toBeGreaterThan(0);
    await page.clock.fastForward(30_000);
    await expect(page.getByTestId('session-renewing')).toContainText('Signing you in again', { timeout: 60_000 });
    await expect(page.getByTestId('outbox-count')).toHaveText('1 decision queued');
    await expect(page.getByTestId('outbox-results')).toHaveCount(0);

    // Logging out now would lose the queued decision: the officer is asked, and may stay.
    await page.getByRole('button', { name: 'Logout' }).click();
    const question = page.getByRole('alertdialog', { name: 'Log out with unsent changes?' });
    await expect(question).toContainText('1 change you made has not reached the server yet');
    // Answered once it has finished opening, as an officer reads it first. On a busy machine it once stayed drawn
    // after this click, closed (data-state="closed") but its closing never played: a click during the opening
    // animation is the likeliest race, and waiting for the opening takes it out.
    await question.evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Once the session is renewed, the decision goes out under the officer's account.
    await page.unroute(renewals);
    // After a renewal failed, supabase-js tries again only a minute later: that minute passes on the page's clock.
    await page.clock.fastForward(60_000);
    const sent = await sentChanges(page, '1 change sent', { timeout: 150_000 });
    await expect(sent.filter({ hasText: `Approve ${cedar.businessName}` })).toContainText('sent to the server');
    expect(await decidedOnServer(cedar.id)).toEqual({
      status: 'approved',
      decision_reason: 'Approved on the plane',
      decided_by: officer.id,
    });
  } finally {
    main.close();
  }
});

test('online, a letter and a bank package show in the detail at once (the cache is synced first), so no second package is made', async ({
  page,
}) => {
  const database = serviceClient(server);
  const officer = await createAccount(database, server.url, { admin: true, keys: server.keys });
  const birch = await submitted(database, 'Birch Bistro Online');
  // A document marked not needed before the first sync: the package made from the copy says so.
  const call = await officerApi(server.url, officer, server.keys);
  await call('set_document_not_needed', { application_id: birch.id, type: 'leaseAgreement', not_needed: true });
  const main = new DesktopMain();
  try {
    await main.attach(page);
    await page.goto(renderer.url);
    await connectAndSignIn(page, officer);
    await page
      .getByRole('row')
      .filter({ hasText: birch.businessName })
      .getByRole('button', { name: 'Send Pre-Application Letter' })
      .click();
    const letter = page.getByRole('dialog', { name: 'Generate Pre-Application Letter' });
    await letter.getByLabel(/Street Address/).fill('1 Main St');
    await letter.getByLabel(/ZIP Code/).fill('89501');
    await letter.getByLabel(/Loan Purpose/).fill('Ovens');
    await letter.getByRole('button', { name: 'Generate Letter' }).click();
    await expectClosedWhenDone(letter);
    await page.getByRole('button', { name: `View ${birch.businessName}` }).click();
    const detail = page.getByRole('region', { name: 'Application detail' });
    await expect(
      detail.getByRole('region', { name: 'Pre-Application Letters' }).getByRole('button', { name: 'Download PDF' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Close detail' }).click();

    await decideInList(page, birch.businessName, 'Approve', 'Good fit');
    await page.getByRole('tab', { name: 'Approved Applications' }).click();
    await page.getByRole('button', { name: `View ${birch.businessName}` }).click();
    const packages = detail.getByRole('region', { name: 'Bank Packages' });
    await packages.getByRole('button', { name: 'Generate Bank Package' }).click();
    await expect(packages.getByText('No package yet.')).toHaveCount(0);
    await expect(packages.getByRole('listitem')).toHaveCount(1);
    const stored = await database.from('bank_packages').select('summary').eq('application_id', birch.id);
    expect(stored.data).toHaveLength(1);
    // Its document checklist is the shared checklist of what the desktop's copy holds.
    expect(stored.data![0]!.summary).toContain(
      'DOCUMENT CHECKLIST\n0 of 5 accepted, 5 missing\nTax Returns: Missing\n',
    );
    expect(stored.data![0]!.summary).toContain('Lease Agreement: Not needed for this application\n');
  } finally {
    main.close();
  }
});

const SIERRA = 'Sierra Community Bank (sample)';
const GREAT_PLAINS = 'Great Plains SBA Lending (sample)';

/**
 * The desktop app in the page, connected to the server and signed in as a new officer (the data the test made
 * before is in its first sync). Closed by the test.
 */
async function signedInApp(page: Page, database: SupabaseClient): Promise<DesktopMain> {
  const officer = await createAccount(database, server.url, { admin: true, keys: server.keys });
  const main = new DesktopMain();
  try {
    await main.attach(page);
    await page.goto(renderer.url);
    await connectAndSignIn(page, officer);
    return main;
  } catch (error) {
    main.close();
    throw error;
  }
}

/**
 * An approved application whose applicant approved Great Plains, with two packages: one ready to send and one
 * sent there, its lender's link working.
 */
async function approvedWithPackages(database: SupabaseClient, businessName: string) {
  const application = await submitted(database, businessName);
  expect(
    (await database.from('applications').update({ status: 'approved' }).eq('id', application.id)).error,
  ).toBeNull();
  const lender = await database.from('lenders').select('id').eq('name', GREAT_PLAINS).single();
  const lenderId = String(lender.data!.id);
  const consent = await database
    .from('lender_consents')
    .insert({ application_id: application.id, lender_id: lenderId, status: 'approved' });
  expect(consent.error).toBeNull();
  const ready = await database
    .from('bank_packages')
    .insert({ application_id: application.id, summary: 'EXECUTIVE SUMMARY ready' })
    .select('id')
    .single();
  const sent = await database
    .from('bank_packages')
    .insert({ application_id: application.id, summary: 'EXECUTIVE SUMMARY sent' })
    .select('id')
    .single();
  const sending = await database
    .from('bank_packages')
    .update({
      status: 'sent',
      sent_at: new Date().toISOString(),
      bank_name: GREAT_PLAINS,
      lender_id: lenderId,
      link_token_hash: await lenderTokenHash(newLenderToken()),
      link_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .eq('id', sent.data!.id);
  expect(sending.error).toBeNull();
  const packageItem = (id: string) => `Package ${id.slice(0, 8)}`;
  return { ...application, readyPackage: packageItem(ready.data!.id), sentPackage: packageItem(sent.data!.id) };
}

/** The network goes away, and the app finds out on Sync now. */
async function goOffline(page: Page) {
  await cutNetwork(page);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
}

test('offline, what only the server can do says so at once and keeps what was typed; the Lenders tab reads the copy', async ({
  page,
}) => {
  const database = serviceClient(server);
  const maple = await submitted(database, 'Maple Deli Offline');
  const aspen = await approvedWithPackages(database, 'Aspen Print Offline');
  const main = await signedInApp(page, database);
  try {
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');
    await goOffline(page);

    // The lender network comes from the copy at once, as the matches do; changing it needs the server.
    await page.getByRole('tab', { name: 'Lenders' }).click();
    const sierraRow = page.getByRole('table', { name: 'Lenders' }).getByRole('row', { name: SIERRA });
    await expect(sierraRow).toBeVisible();
    await sierraRow.getByRole('button', { name: `Pause ${SIERRA}` }).click();
    // The Lenders tab's own alert.
    await expect(
      page.getByRole('tabpanel', { name: 'Lenders' }).getByRole('alert').filter({ hasText: 'lenders can' }),
    ).toHaveText(ADMIN_MESSAGES.lenderChangeOffline);
    await page.getByRole('tab', { name: 'Applications', exact: true }).click();

    // A letter: the dialog says why and keeps what was typed.
    await page
      .getByRole('row')
      .filter({ hasText: maple.businessName })
      .getByRole('button', { name: 'Send Pre-Application Letter' })
      .click();
    const letter = page.getByRole('dialog', { name: 'Generate Pre-Application Letter' });
    await letter.getByLabel(/Street Address/).fill('9 Maple Ave');
    await letter.getByLabel(/ZIP Code/).fill('89501');
    await letter.getByLabel(/Loan Purpose/).fill('A walk-in cooler');
    await letter.getByRole('button', { name: 'Generate Letter' }).click();
    await expect(letter.getByRole('alert')).toHaveText(ADMIN_MESSAGES.letterOffline);
    await expect(letter.getByLabel(/Loan Purpose/)).toHaveValue('A walk-in cooler');
    await letter.getByRole('button', { name: 'Cancel' }).click();

    // Asking the applicant's consent.
    await page.getByRole('button', { name: `View ${maple.businessName}` }).click();
    const matches = page.getByRole('region', { name: 'Lender Matches' });
    await matches
      .getByRole('listitem', { name: `Lender ${SIERRA}` })
      .getByRole('button', { name: 'Ask Consent' })
      .click();
    const askOffline = page.getByRole('dialog', { name: `Ask the applicant’s consent for ${SIERRA}?` });
    await askOffline.getByRole('button', { name: 'Ask Consent' }).click();
    await expect(askOffline.getByRole('alert')).toHaveText(ADMIN_MESSAGES.consentRequestOffline);
    await askOffline.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Close detail' }).click();

    // A term sheet.
    await page.getByRole('tab', { name: 'Approved Applications' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: aspen.businessName })
      .getByRole('button', { name: 'Accept & Generate Term Sheet' })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Generate Term Sheet' });
    await fillTermSheet(sheet, {
      bankName: 'Sierra Community Bank',
      interestRate: '7.25',
      term: '120',
      monthlyPayment: '2817',
      collateral: 'Equipment',
      condition: 'Personal guarantee',
    });
    await sheet.getByRole('button', { name: 'Generate Term Sheet' }).click();
    await expect(sheet.getByRole('alert')).toHaveText(ADMIN_MESSAGES.termSheetOffline);
    await expect(sheet.getByLabel(/^Bank Name/)).toHaveValue('Sierra Community Bank');
    await sheet.getByRole('button', { name: 'Cancel' }).click();

    // A bank package: generating one, sending one, revoking a lender's link.
    await page.getByRole('button', { name: `View ${aspen.businessName}` }).click();
    const packages = page.getByRole('region', { name: 'Bank Packages' });
    await packages.getByRole('button', { name: 'Generate Bank Package' }).click();
    await expect(packages.getByRole('alert')).toHaveText(ADMIN_MESSAGES.packageGenerateOffline);
    await packages
      .getByRole('listitem', { name: aspen.readyPackage })
      .getByRole('button', { name: 'Send to Bank' })
      .click();
    const send = page.getByRole('dialog');
    await send.getByLabel(/^Lender/).selectOption({ label: GREAT_PLAINS });
    await send.getByRole('button', { name: 'Send' }).click();
    await expect(send.getByRole('alert')).toHaveText(ADMIN_MESSAGES.packageSendOffline);
    await send.getByRole('button', { name: 'Cancel' }).click();
    await packages
      .getByRole('listitem', { name: aspen.sentPackage })
      .getByRole('button', { name: 'Revoke Link' })
      .click();
    const revoke = page.getByRole('alertdialog');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke.getByRole('alert')).toHaveText(ADMIN_MESSAGES.linkRevokeOffline);
    await revoke.getByRole('button', { name: 'Cancel' }).click();

    // Back online: none of it reached the server.
    await networkBack(page);
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
    const stored = serviceClient(server);
    expect((await stored.from('pre_application_letters').select('id').eq('application_id', maple.id)).data).toEqual([]);
    expect((await stored.from('lender_consents').select('id').eq('application_id', maple.id)).data).toEqual([]);
    expect((await stored.from('term_sheets').select('id').eq('application_id', aspen.id)).data).toEqual([]);
    const aspenPackages = await stored
      .from('bank_packages')
      .select('status, link_revoked_at')
      .eq('application_id', aspen.id);
    expect(aspenPackages.data).toHaveLength(2);
    expect(aspenPackages.data!.every((row) => row.link_revoked_at === null)).toBe(true);
    expect((await stored.from('lenders').select('active').eq('name', SIERRA).single()).data).toEqual({ active: true });
  } finally {
    main.close();
  }
});

test('online, an asked consent and a revoked link show in the detail at once (the cache is synced first)', async ({
  page,
}) => {
  const database = serviceClient(server);
  const willow = await approvedWithPackages(database, 'Willow Books Online');
  const main = await signedInApp(page, database);
  try {
    await page.getByRole('tab', { name: 'Approved Applications' }).click();
    await page.getByRole('button', { name: `View ${willow.businessName}` }).click();
    const detail = page.getByRole('region', { name: 'Application detail' });
    const sierra = detail
      .getByRole('region', { name: 'Lender Matches' })
      .getByRole('listitem', { name: `Lender ${SIERRA}` });
    // Each change shows once it is made and the whole copy synced after it: on a busy machine, more than 10 s.
    await sierra.getByRole('button', { name: 'Ask Consent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ask Consent' }).click();
    await expect(sierra).toContainText('Consent asked, waiting for the applicant', { timeout: 30_000 });
    await expect(sierra.getByRole('button', { name: 'Ask Consent' })).toHaveCount(0);
    const sent = detail
      .getByRole('region', { name: 'Bank Packages' })
      .getByRole('listitem', { name: willow.sentPackage });
    await sent.getByRole('button', { name: 'Revoke Link' }).click();
    const revoke = page.getByRole('alertdialog');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke).toBeHidden({ timeout: 30_000 });
    await expect(sent).toContainText('Lender link revoked on');
    await expect(sent.getByRole('button', { name: 'Revoke Link' })).toHaveCount(0);
  } finally {
    main.close();
  }
});

test('at 1024 x 700, how the queued changes ended is one line of the status bar that never pushes the dashboard down', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const database = serviceClient(server);
  const oak = await submitted(database, 'Oak Florist Queued');
  const elm = await submitted(database, 'Elm Garage Queued');
  const fir = await submitted(database, 'Fir Bakery Queued');
  const main = await signedInApp(page, database);
  try {
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');
    const heading = page.getByRole('heading', { name: 'Admin Dashboard' });
    // Where it is in the page, wherever the window is scrolled to.
    const headingTop = () => heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const before = await headingTop();
    // No line is added above the dashboard (the status bar's own line may settle by a pixel or two).
    const notPushedDown = async () => expect(await headingTop()).toBeLessThanOrEqual(before + 4);

    await goOffline(page);
    await decideInList(page, oak.businessName, 'Approve', 'Good fit');
    await decideInList(page, elm.businessName, 'Reject', 'Too early');
    await decideInList(page, fir.businessName, 'Reject', 'Incomplete file');
    // Meanwhile another officer approved one of them; then the network returns.
    await serviceClient(server)
      .from('applications')
      .update({ status: 'approved', decided_at: new Date().toISOString(), decision_reason: 'Second officer' })
      .eq('id', fir.id);
    await networkBack(page);
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
    // All three were sent, and the sync after them is done.
    await expect
      .poll(async () => (await main.call('outbox:list', undefined)).filter((entry) => entry.state !== 'pending'))
      .toHaveLength(3);
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');
    await notPushedDown();

    // Each one, on demand, in a dialog over the dashboard.
    const sent = await sentChanges(page, '2 changes sent, 1 not applied');
    await expect(sent).toHaveCount(3);
    await expect(sent.filter({ hasText: fir.businessName })).toContainText(
      'was not applied: the application was changed meanwhile',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page
      .getByRole('dialog', { name: 'Queued changes sent' })
      .getByRole('button', { name: 'Dismiss all' })
      .click();
    await expect(page.getByTestId('outbox-results')).toHaveCount(0);
    // The keyboard stays in the status bar, on the control beside where the results were.
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeFocused();
    expect(await main.call('outbox:list', undefined)).toEqual([]);
  } finally {
    main.close();
  }
});

test('at 1024 x 700, a long name without spaces wraps in its Submitted by cell, the list no wider than the window', async ({
  page,
}) => {
  // Here, not in the web admin's tests: the web app lays its pages in a <main> whose text breaks anywhere, which the
  // desktop window has not, so there the cell itself has to let a name wrap.
  await page.setViewportSize({ width: 1024, height: 700 });
  const database = serviceClient(server);
  const longName = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 80);
  const linden = await submitted(database, 'Linden Tailor Wrap', { first_name: 'Hubert', last_name: longName });
  const main = await signedInApp(page, database);
  try {
    const row = page.getByRole('row').filter({ hasText: linden.businessName });
    await expect(row.getByRole('cell', { name: `Hubert ${longName}` })).toBeVisible();
    const list = page.getByRole('table', { name: 'Pending Applications' });
    expect(await list.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  } finally {
    main.close();
  }
});

test('at 1024 x 700, an application typed as long words without spaces opens in a detail no wider than the window, inside the main landmark', async ({
  page,
}) => {
  // The web app's pages are in its <main>, whose text breaks anywhere (web/src/app/theme.ts); the desktop screens
  // are in one too, so a value no cell or line of the detail expected to be one long word does not widen the window.
  await page.setViewportSize({ width: 1024, height: 700 });
  const database = serviceClient(server);
  const longWord = (start: string) => `${start}${'abcdefghij'.repeat(9)}`;
  const wide = await submitted(database, 'Quince Long Words', {
    title: longWord('Title'),
    business_address: longWord('Street'),
    city: longWord('City'),
    industry: longWord('Industry'),
    use_of_funds: longWord('Funds'),
  });
  const main = await signedInApp(page, database);
  try {
    await page.getByRole('button', { name: `View ${wide.businessName}` }).click();
    const detail = page.getByRole('main').getByRole('region', { name: 'Application detail' });
    await expect(detail).toContainText(longWord('City'));
    await expect(detail).toContainText(longWord('Funds'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  } finally {
    main.close();
  }
});

test('offline, a document accepted is queued and lands when the network returns; one the applicant replaced meanwhile is reported, never reviewed', async ({
  page,
}) => {
  const database = serviceClient(server);
  const applicant = await createAccount(database, server.url, { keys: server.keys });
  const poplar = await submitted(database, 'Poplar Print Reviews', { user_id: applicant.id, email: applicant.email });
  const taxReturnId = await storedDocument(
    database,
    applicant.id,
    poplar.id,
    'taxReturns',
    'tax-return-2025.pdf',
    pdfBytes(),
  );
  const licenseId = await storedDocument(
    database,
    applicant.id,
    poplar.id,
    'businessLicense',
    'license-2023.pdf',
    pdfBytes(),
  );
  const main = await signedInApp(page, database);
  try {
    const detail = page.getByRole('region', { name: 'Application detail' });
    const item = (title: string) =>
      detail.getByRole('region', { name: 'Documents' }).getByRole('listitem', { name: title });
    // Online, the officer sends the license back: made at once, and synced into the copy.
    await page.getByRole('button', { name: `View ${poplar.businessName}` }).click();
    await item('Business License').getByRole('button', { name: 'Needs Replacement license-2023.pdf' }).click();
    const sendBack = page.getByRole('dialog', { name: 'Needs replacement: license-2023.pdf' });
    await sendBack.getByLabel(/What needs to change/).fill('This license expired in 2024.');
    await sendBack.getByRole('button', { name: 'Send Back' }).click();
    await expectClosedWhenDone(sendBack);
    await expect(item('Business License')).toContainText('Needs replacement on');
    await page.getByRole('button', { name: 'Close detail' }).click();

    // Offline: the officer accepts the tax return, and accepts the license after all. Each review is kept, shown as
    // made and marked queued, and the file cannot be reviewed again meanwhile.
    await goOffline(page);
    await page.getByRole('button', { name: `View ${poplar.businessName}` }).click();
    await item('Tax Returns').getByRole('button', { name: 'Accept tax-return-2025.pdf' }).click();
    const taxReviews = item('Tax Returns').getByRole('list', { name: 'Reviews of tax-return-2025.pdf' });
    await expect(taxReviews.getByRole('listitem')).toContainText('Accepted on');
    await expect(taxReviews.getByRole('listitem')).toContainText('by you');
    await expect(taxReviews.getByTestId('queued-review')).toHaveText('Queued, sent when the connection returns');
    await expect(item('Tax Returns').getByRole('button', { name: /Accept|Needs Replacement/ })).toHaveCount(0);
    await item('Business License').getByRole('button', { name: 'Accept license-2023.pdf' }).click();
    await expect(
      item('Business License').getByRole('list', { name: 'Reviews of license-2023.pdf' }).getByTestId('queued-review'),
    ).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveText('2 reviews queued');
    const queued = page.getByRole('list', { name: 'Queued changes' });
    await expect(queued).toContainText(`Accept tax-return-2025.pdf of ${poplar.businessName}`);
    await expect(queued).toContainText(`Accept license-2023.pdf of ${poplar.businessName}`);
    expect(
      (await main.call('outbox:list', undefined)).map((entry) =>
        entry.kind === 'review' ? [entry.documentId, entry.outcome, entry.seenReviewId === null] : [],
      ),
    ).toEqual([
      [taxReturnId, 'accepted', true],
      [licenseId, 'accepted', false],
    ]);

    // Meanwhile the applicant uploads a replacement for the license, through the API; then the network returns.
    const portal = anonClient(server);
    const signedIn = await portal.auth.signInWithPassword({ email: applicant.email, password: applicant.password });
    expect(signedIn.error).toBeNull();
    await storedDocument(portal, applicant.id, poplar.id, 'businessLicense', 'license-2026.pdf', pdfBytes(), {
      replaces: licenseId,
    });
    await networkBack(page);
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });

    // The tax return's review landed; the license's was not applied, and the officer is told why in the server's words.
    const sent = await sentChanges(page, '1 change sent, 1 not applied');
    await expect(sent.filter({ hasText: 'Accept tax-return-2025.pdf' })).toContainText('sent to the server');
    const conflict = sent.filter({ hasText: 'Accept license-2023.pdf' });
    await expect(conflict).toContainText('was not applied: the document was changed meanwhile');
    await expect(conflict).toContainText('The applicant replaced this document meanwhile: review the new one');
    await page.keyboard.press('Escape');
    const reviews = await serviceClient(server)
      .from('document_reviews')
      .select('document_id, outcome, reason')
      .eq('application_id', poplar.id)
      .order('created_at');
    expect(reviews.data).toEqual([
      { document_id: licenseId, outcome: 'needs_replacement', reason: 'This license expired in 2024.' },
      { document_id: taxReturnId, outcome: 'accepted', reason: null },
    ]);

    // The sync after the replay brings the review and the replacement: nothing is queued any more.
    await expect(taxReviews.getByTestId('queued-review')).toHaveCount(0);
    await expect(item('Tax Returns')).toContainText('Accepted');
    await expect(taxReviews.getByRole('listitem')).toContainText('by you');
    await expect(item('Business License').getByRole('button', { name: 'Open license-2026.pdf' })).toBeVisible();
    await expect(item('Business License')).toContainText('Uploaded, awaiting review');
    await expect(item('Business License')).toContainText('Replaced files');
    await expect(detail.getByTestId('queued-review')).toHaveCount(0);
  } finally {
    main.close();
  }
});

/**
 * An approved application of a new applicant who accepted a lender's offer (set up with the service role, as the
 * lender's link and the accept-offer function leave it). Gives the lender's link for recording stages.
 */
async function acceptedLoan(database: SupabaseClient, businessName: string) {
  const applicant = await createAccount(database, server.url, { keys: server.keys });
  const application = await submitted(database, businessName, {
    user_id: applicant.id,
    email: applicant.email,
    status: 'approved',
  });
  const lender = await sentLenderLink(database, application.id, 'Chosen Bank');
  const made = await database.rpc('make_loan_offer', { token: lender.token, ...offerTerms() });
  if (made.error) throw new Error(made.error.message);
  const accepted = await acceptOffer(database, applicant.id, (made.data as { id: string }).id);
  if (accepted.error) throw new Error(accepted.error.message);
  return { ...application, lender };
}

test('offline, the Pipeline and a loan’s offers read the copy; In closing recorded offline is queued and lands when the network returns; one the lender recorded meanwhile is reported as a conflict, never recorded twice', async ({
  page,
}) => {
  const database = serviceClient(server);
  const quince = await acceptedLoan(database, 'Quince Cafe Pipeline');
  const rowan = await acceptedLoan(database, 'Rowan Deli Pipeline');
  const prime = await database
    .from('rate_index_values')
    .insert({ rate_index: 'prime', percent: 7.25, as_of: inDays(0) });
  expect(prime.error).toBeNull();
  const main = await signedInApp(page, database);
  try {
    await expect(page.getByTestId('last-sync')).toContainText('Last synced');
    await goOffline(page);

    // The Pipeline list, its figures, and the loan's offers, acceptance and stages come from the copy.
    await page.getByRole('tab', { name: 'Pipeline' }).click();
    const row = (businessName: string) => page.getByRole('row').filter({ hasText: businessName });
    await expect(row(quince.businessName)).toContainText('Offer accepted');
    await expect(row(rowan.businessName)).toContainText('Offer accepted');
    const figures = page.getByRole('region', { name: 'Pipeline figures' });
    await expect(figures.getByRole('term').first()).toHaveText('Offers accepted');
    // Both loans at least (another test of this server may have accepted offers too).
    await expect(figures.getByRole('definition').first()).toHaveText(/^([2-9]|[1-9]\d+)$/);
    await expect(figures.getByRole('alert')).toHaveCount(0);
    const loan = page.getByRole('region', { name: 'Application detail' }).getByRole('region', {
      name: 'Offers and funding',
    });
    /** Records In closing on the open application, offline: it is shown queued, with no other stage to record. */
    const recordInClosing = async () => {
      await loan.getByRole('button', { name: 'Record In closing' }).click();
      const closing = page.getByRole('dialog', { name: 'Record: In closing' });
      await closing.getByLabel('Expected closing date').fill(inDays(20));
      await closing.getByRole('button', { name: 'Record In closing' }).click();
      await expect(closing).toBeHidden();
      const stages = loan.getByRole('list', { name: 'Loan stages' });
      await expect(stages).toContainText('In closing');
      await expect(stages.getByTestId('queued-stage')).toHaveText('Queued, sent when the connection returns');
      await expect(loan.getByRole('button', { name: /^Record / })).toHaveCount(0);
    };
    await page.getByRole('button', { name: `View ${quince.businessName}` }).click();
    await expect(loan.getByRole('listitem', { name: quince.lender.name })).toContainText('Accepted');
    await expect(loan.getByRole('listitem', { name: quince.lender.name })).toContainText('$250,000 at 9.50% fixed');
    await expect(loan.getByTestId('offer-acceptance')).toContainText('Accepted by Maria Lopez');
    await recordInClosing();
    await page.getByRole('button', { name: 'Close detail' }).click();
    await page.getByRole('button', { name: `View ${rowan.businessName}` }).click();
    await recordInClosing();
    await expect(page.getByTestId('outbox-count')).toHaveText('2 loan stages queued');
    // The index values too, as last synced (entering one needs the connection).
    await page.getByRole('tab', { name: 'Lenders' }).click();
    await expect(page.getByRole('table', { name: 'Index values' }).getByRole('row', { name: /^Prime/ })).toContainText(
      '7.25%',
    );
    await page.getByRole('tab', { name: 'Applications', exact: true }).click();
    const queued = page.getByRole('list', { name: 'Queued changes' });
    await expect(queued).toContainText(`Record In closing for ${quince.businessName}`);
    await expect(queued).toContainText(`Record In closing for ${rowan.businessName}`);
    expect(
      (await main.call('outbox:list', undefined)).map((entry) =>
        entry.kind === 'stage' ? [entry.applicationId, entry.stage, entry.expectedCurrentStage] : [],
      ),
    ).toEqual([
      [quince.id, 'in_closing', 'accepted'],
      [rowan.id, 'in_closing', 'accepted'],
    ]);

    // Meanwhile Rowan's lender records it in closing through its link; then the network returns.
    const recorded = await serviceClient(server).rpc('record_loan_stage_by_link', {
      token: rowan.lender.token,
      stage: 'in_closing',
      expected_closing_on: inDays(25),
    });
    expect(recorded.error).toBeNull();
    await networkBack(page);
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });

    // Quince's stage landed; Rowan's was not applied, and the officer is told why in the server's words.
    const sent = await sentChanges(page, '1 change sent, 1 not applied');
    await expect(sent.filter({ hasText: `Record In closing for ${quince.businessName}` })).toContainText(
      'sent to the server',
    );
    const conflict = sent.filter({ hasText: `Record In closing for ${rowan.businessName}` });
    await expect(conflict).toContainText('was not applied: the loan’s stage was changed meanwhile');
    await expect(conflict).toContainText('The loan’s stage was recorded meanwhile: it is In closing now');
    await page.keyboard.press('Escape');
    const stagesOf = async (applicationId: string) =>
      (
        await serviceClient(server)
          .from('loan_stages')
          .select('stage, recorded_via, expected_closing_on')
          .eq('application_id', applicationId)
      ).data;
    expect(await stagesOf(quince.id)).toEqual([
      { stage: 'in_closing', recorded_via: 'officer', expected_closing_on: inDays(20) },
    ]);
    expect(await stagesOf(rowan.id)).toEqual([
      { stage: 'in_closing', recorded_via: 'lender', expected_closing_on: inDays(25) },
    ]);

    // The sync after the replay brings the lender's stage: nothing is queued any more, and Funded may come next.
    const stages = loan.getByRole('list', { name: 'Loan stages' });
    await expect(stages.getByTestId('queued-stage')).toHaveCount(0);
    await expect(stages).toContainText('by the lender');
    await expect(loan.getByRole('button', { name: 'Record Funded' })).toBeVisible();
    await page.getByRole('button', { name: 'Close detail' }).click();
    await expect(row(quince.businessName)).toContainText('In closing');
  } finally {
    main.close();
  }
});
