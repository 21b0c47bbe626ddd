import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { RunnerResult } from 'lighthouse';
import { documentTypes } from '../../shared/catalogue/documents.ts';
import { buildWebWhenStale } from '../../server/cli/web-build.ts';
import { completeAdditionalInfoRow, qualifiedApplicationRow } from '../support/application-rows.ts';
import { chromiumFlags, systemChromium } from '../support/chromium.ts';
import { startHttpsProxy } from '../support/https-proxy.ts';
import { largePdf, pdfBytes } from '../support/sample-files.ts';
import {
  clientWithKey,
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
} from '../support/server-process.ts';
import { createAccount, plantSession, sessionStorageKey } from '../e2e/pages/portal-session.ts';
import { describeSimulatedLoad, simulatedLoad } from './lantern-timings.ts';
import { launchChromeForLighthouse, lighthouseRun } from './lighthouse.ts';
import { median, verdict } from './measure.ts';
import { buildStackFloor } from './stack-floor.ts';

const MB = 1024 * 1024;
/**
 * Lighthouse's time to interactive for /portal: at most this many times the stack's floor's (a page of only React
 * DOM, the styling system and supabase-js), over HTTP/1.1 and HTTP/2 alike.
 */
const FLOOR_RATIO_TARGET = 1.25;
/**
 * The applicants' documents; of the reviewed applicant's, how many the officer sent back (`replacements`) and the
 * officer's `requests`; the loads measured of each page (`runs`, the median reported); the origins Lighthouse
 * measures on (server/ directly, the HTTPS proxy); the uploaded file's size.
 */
export type PortalSize = {
  documents: number;
  replacements: number;
  requests: number;
  runs: number;
  lighthouseOrigins: ('direct' | 'proxy')[];
  uploadMb: number;
};

/** Lighthouse's mobile settings: 4x CPU slowdown, slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up). */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * Lighthouse on /portal, signed in (the session planted in the browser's localStorage, which Lighthouse
 * keeps between runs): its time to interactive under its mobile settings (simulated slow 4G, 4x CPU),
 * median of five, beside two baselines in the same browser: the stack's floor (stack-floor.ts: React DOM,
 * Chakra and supabase-js showing one row, the least a signed-in page of this stack does) and the home page.
 * Each portal run must have loaded the timeline (the portal's last request before it shows the application),
 * and each floor run the same table, or the figure would be a signed-out page's.
 * Measured on each of `origins`: server/ reached directly, and through the HTTPS proxy a deployment puts in
 * front of it (its self-signed certificate accepted by the browser).
 */
async function lighthousePortal(
  size: PortalSize,
  origins: { label: string; url: string }[],
  session: Session,
  stackFloor: string,
): Promise<string[]> {
  const chrome = await launchChromeForLighthouse(['--ignore-certificate-errors']);
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    for (const origin of origins) {
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${origin.url}/favicon.svg`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        sessionStorageKey(origin.url),
        JSON.stringify(session),
      ] as const);
      await page.close();
    }
    await browser.close();
    const interactive = async (url: string, mustRequest?: string) => {
      const run = await lighthouseRun(url, chrome.port);
      const report = run.lhr;
      const requests = (report.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] })
        ?.items;
      if (
        mustRequest &&
        !requests?.some((request) => request.url.includes(mustRequest) && request.statusCode === 200)
      ) {
        throw new Error(`Lighthouse's load of ${url} never read ${mustRequest}: not signed in?`);
      }
      return {
        interactive: report.audits.interactive?.numericValue ?? Number.NaN,
        blocking: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        run,
      };
    };
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const lines: string[] = [];
    for (const origin of origins) {
      const portalRuns: { interactive: number; blocking: number }[] = [];
      const floor: number[] = [];
      const home: number[] = [];
      // Only the last load of each page is kept whole (its trace and network log, megabytes): its simulation is told below.
      let lastPortal: RunnerResult | undefined;
      let lastFloor: RunnerResult | undefined;
      for (let run = 0; run < size.runs; run += 1) {
        const portalRun = await interactive(`${origin.url}/portal`, '/rest/v1/application_events');
        portalRuns.push({ interactive: portalRun.interactive, blocking: portalRun.blocking });
        lastPortal = portalRun.run;
        const floorRun = await interactive(`${origin.url}${stackFloor}`, '/rest/v1/application_events');
        floor.push(floorRun.interactive);
        lastFloor = floorRun.run;
        home.push((await interactive(`${origin.url}/`)).interactive);
      }
      const portal = portalRuns.map((run) => run.interactive);
      const [portalMs, floorMs, homeMs] = [median(portal), median(floor), median(home)];
      const blockingMs = median(portalRuns.map((run) => run.blocking));
      lines.push(
        `/portal with ${size.documents} documents and the additional information, Lighthouse mobile, ${origin.label}: interactive after ${seconds(portalMs)} s (median of ${size.runs}: ${portal.map(seconds).join(', ')}; total blocking time ${Math.round(blockingMs)} ms) = ${(portalMs / floorMs).toFixed(2)} x the stack's floor's ${seconds(floorMs)} s (${floor.map(seconds).join(', ')}), ${(portalMs / homeMs).toFixed(2)} x the home page's ${seconds(homeMs)} s (target <= ${FLOOR_RATIO_TARGET}x the floor: ${verdict(portalMs <= FLOOR_RATIO_TARGET * floorMs)})`,
        `/portal's last run in Lighthouse's simulation (${origin.label}): ${describeSimulatedLoad(await simulatedLoad(lastPortal!))}; the floor's: ${describeSimulatedLoad(await simulatedLoad(lastFloor!))}`,
      );
    }
    return lines;
  } finally {
    chrome.kill();
  }
}

/**
 * An applicant whose documents (in the real run five of each required type) an officer reviewed, some sent back
 * with a reason, with requests for more and the additional information stored: the portal's checklist
 * at its fullest.
 */
async function reviewedApplicant(
  size: PortalSize,
  server: { url: string; keys: { anonKey: string; serviceRoleKey: string } },
  database: SupabaseClient,
) {
  const account = await createAccount(database, server.url, { keys: server.keys });
  const officer = await createAccount(database, server.url, { keys: server.keys, admin: true });
  const asOfficer = clientWithKey(server.url, server.keys.anonKey, {
    accessToken: async () => officer.session.access_token,
  });
  const application = await database
    .from('applications')
    .insert(qualifiedApplicationRow({ email: account.email, user_id: account.id }))
    .select('id')
    .single();
  if (application.error) throw new Error(application.error.message);
  const applicationId = String(application.data.id);
  for (let index = 0; index < size.documents; index += 1) {
    const type = documentTypes[index % documentTypes.length]!.value;
    const storagePath = `${account.id}/${type}/${crypto.randomUUID()}.pdf`;
    const bytes = Buffer.from(pdfBytes(`reviewed ${index}`));
    const stored = await database.storage
      .from('documents')
      .upload(storagePath, bytes, { contentType: 'application/pdf' });
    if (stored.error) throw new Error(stored.error.message);
    const row = await database
      .from('documents')
      .insert({
        user_id: account.id,
        uploaded_by: account.id,
        application_id: applicationId,
        type,
        file_name: `reviewed-${index}.pdf`,
        file_size: bytes.length,
        content_type: 'application/pdf',
        storage_path: storagePath,
      })
      .select('id')
      .single();
    if (row.error) throw new Error(row.error.message);
    const sentBack = index < size.replacements;
    const review = await asOfficer.rpc('review_document', {
      document_id: row.data.id,
      outcome: sentBack ? 'needs_replacement' : 'accepted',
      reason: sentBack ? 'The last page is cut off: please scan it again in full.' : null,
      seen_review_id: null,
    });
    if (review.error) throw new Error(review.error.message);
  }
  for (let index = 0; index < size.requests; index += 1) {
    const request = await asOfficer.rpc('request_document', {
      application_id: applicationId,
      title: `Debt schedule ${index + 1}`,
      details: 'Every business debt with its lender, balance and monthly payment.',
    });
    if (request.error) throw new Error(request.error.message);
  }
  const info = await database
    .from('additional_info')
    .insert({ user_id: account.id, ...completeAdditionalInfoRow(applicationId, 'Oven line') });
  if (info.error) throw new Error(info.error.message);
  return account;
}

/**
 * The portal under load of data, and a 25 MB upload through it:
 * - first load of /portal for an applicant with 30 documents and the additional information stored: Lighthouse's
 *   time to interactive (its mobile settings, simulated), from server/ directly (HTTP/1.1: six connections, each
 *   request a round trip) and through an HTTPS proxy as deployed (HTTP/2: one connection); then the same
 *   settings applied for real in the browser (DevTools throttling: every request really waits 150 ms and every
 *   byte the 1.6 Mbps), until the documents and the form are shown and usable, median of five cold loads.
 *   Targets: Lighthouse's figure within 1.25x the stack's floor (stack-floor.ts), the throttled load 1.5 s.
 *   Baselines: the floor (Lighthouse only) and the prerendered home page, measured the same way. The same load for an applicant whose documents were all reviewed, some sent
 *   back, with requests for more (the checklist at its fullest), beside the load without reviews. Target: 1.10x.
 * - a 25 MB upload through the portal's file input (unthrottled) against the same bytes sent straight to
 *   the storage endpoint with fetch from the same page. Target: within 1.3x. Browser JS heap growth reported.
 */
export async function benchPortal(size: PortalSize): Promise<string[]> {
  const lastStatement = `statement-${size.documents - 1}.pdf`;
  const webDir = await buildWebWhenStale();
  const stackFloor = await buildStackFloor(webDir);
  const dataDir = temporaryDataDir('loan-match-bench-portal-');
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'error' }, pglite: true });
  const browser = await chromium.launch(systemChromium ? { executablePath: systemChromium, args: chromiumFlags } : {});
  const lines: string[] = [];
  try {
    const database = serviceClient(server);
    const account = await createAccount(database, server.url, { keys: server.keys });
    const application = await database
      .from('applications')
      .insert(qualifiedApplicationRow({ email: account.email }))
      .select('id')
      .single();
    if (application.error) throw new Error(application.error.message);
    for (let index = 0; index < size.documents; index += 1) {
      const storagePath = `${account.id}/bankStatements/${crypto.randomUUID()}.pdf`;
      const bytes = Buffer.from(pdfBytes(`statement ${index}`));
      const stored = await database.storage
        .from('documents')
        .upload(storagePath, bytes, { contentType: 'application/pdf' });
      if (stored.error) throw new Error(stored.error.message);
      const row = await database.from('documents').insert({
        user_id: account.id,
        uploaded_by: account.id,
        application_id: application.data.id,
        type: 'bankStatements',
        file_name: `statement-${index}.pdf`,
        file_size: bytes.length,
        content_type: 'application/pdf',
        storage_path: storagePath,
      });
      if (row.error) throw new Error(row.error.message);
    }
    const info = await database
      .from('additional_info')
      .insert({ user_id: account.id, ...completeAdditionalInfoRow(application.data.id, 'Oven line') });
    if (info.error) throw new Error(info.error.message);
    const reviewed = await reviewedApplicant(size, server, database);

    const proxy = await startHttpsProxy(server.url);
    try {
      const origins = [
        { origin: 'direct', label: 'served by server/ directly (HTTP/1.1)', url: server.url },
        { origin: 'proxy', label: 'behind an HTTPS proxy (HTTP/2)', url: proxy.url },
      ] as const;
      lines.push(
        ...(await lighthousePortal(
          size,
          origins.filter(({ origin }) => size.lighthouseOrigins.includes(origin)),
          account.session,
          stackFloor,
        )),
      );
    } finally {
      await proxy.close();
    }

    const loads: number[] = [];
    const reviewedLoads: number[] = [];
    const homeLoads: number[] = [];
    /**
     * A cold throttled load of the portal, until the last document and the form are shown; then `after` in the
     * same browser context (the home page's load, its cache warmed by the portal's as a visitor's would be).
     */
    const portalLoad = async (
      session: Session,
      lastDocument: string,
      after?: (context: BrowserContext) => Promise<void>,
    ) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await plantSession(page, server.url, session);
      await throttle(page);
      const started = performance.now();
      await page.goto(`${server.url}/portal`);
      await page.getByRole('button', { name: `Open ${lastDocument}` }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Submit Additional Information' }).waitFor();
      const elapsed = performance.now() - started;
      await after?.(context);
      await context.close();
      return elapsed;
    };
    for (let run = 0; run < size.runs; run += 1) {
      loads.push(
        await portalLoad(account.session, lastStatement, async (context) => {
          const home = await context.newPage();
          await throttle(home);
          const homeStarted = performance.now();
          await home.goto(`${server.url}/`);
          await home.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
          homeLoads.push(performance.now() - homeStarted);
        }),
      );
      reviewedLoads.push(await portalLoad(reviewed.session, `reviewed-${size.documents - 1}.pdf`));
    }
    const load = median(loads);
    const home = median(homeLoads);
    lines.push(
      `/portal with ${size.documents} documents and the additional information, mobile throttling: DevTools-throttled, usable after ${(load / 1000).toFixed(2)} s (median of ${size.runs}: ${loads.map((ms) => (ms / 1000).toFixed(2)).join(', ')}) = ${(load / home).toFixed(2)} x the home page's ${(home / 1000).toFixed(2)} s (target 1.5 s: ${verdict(load <= 1500)})`,
    );
    const withReviews = median(reviewedLoads);
    lines.push(
      `/portal with ${size.documents} documents all reviewed (${size.replacements} sent back with a reason) and ${size.requests} requests, same throttling: usable after ${(withReviews / 1000).toFixed(2)} s (median of ${size.runs}: ${reviewedLoads.map((ms) => (ms / 1000).toFixed(2)).join(', ')}) = ${(withReviews / load).toFixed(2)} x the same portal without reviews (target 1.10x: ${verdict(withReviews <= 1.1 * load)})`,
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    await plantSession(page, server.url, account.session);
    await page.goto(`${server.url}/portal`);
    await page.getByRole('button', { name: `Open ${lastStatement}` }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'JSHeapUsedSize')!.value;
    // A file on disk: Playwright hands the browser its path, so no copy of it crosses the protocol.
    const file = path.join(dataDir, 'big-return.pdf');
    writeFileSync(file, largePdf(size.uploadMb * MB));
    const heapBefore = await heap();
    const uploadStarted = performance.now();
    await page.getByLabel('Upload Tax Returns').setInputFiles(file);
    await page.getByRole('button', { name: 'Open big-return.pdf' }).waitFor({ timeout: 120_000 });
    const throughPortal = performance.now() - uploadStarted;
    const heapAfter = await heap();
    const direct = await page.evaluate(
      async ({ url, anonKey, accessToken, size, folder }) => {
        const body = new Blob([new Uint8Array(size)], { type: 'application/pdf' });
        // The same bytes a PDF starts with, so the storage API accepts them.
        const bytes = new Uint8Array(await body.arrayBuffer());
        bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
        const started = performance.now();
        const response = await fetch(
          `${url}/storage/v1/object/documents/${folder}/taxReturns/${crypto.randomUUID()}.pdf`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${accessToken}`, apikey: anonKey, 'content-type': 'application/pdf' },
            body: bytes,
          },
        );
        return { ms: performance.now() - started, status: response.status };
      },
      {
        url: server.url,
        anonKey: server.keys.anonKey,
        accessToken: account.session.access_token,
        size: size.uploadMb * MB,
        folder: account.id,
      },
    );
    await context.close();
    lines.push(
      `${size.uploadMb} MB upload through the portal ${(throughPortal / 1000).toFixed(2)} s vs straight to the storage endpoint ${(direct.ms / 1000).toFixed(2)} s (HTTP ${direct.status}) = ${(throughPortal / direct.ms).toFixed(2)} x (target 1.3x: ${verdict(throughPortal <= 1.3 * direct.ms)}); browser JS heap ${((heapAfter - heapBefore) / MB).toFixed(1)} MB growth`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await removeDataDir(dataDir);
    rmSync(path.join(webDir, stackFloor), { recursive: true, force: true });
  }
  return lines;
}
