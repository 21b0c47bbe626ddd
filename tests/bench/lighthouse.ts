import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebWhenStale } from '../../server/cli/web-build.ts';
import { removeDataDir, startServerProcess, temporaryDataDir } from '../support/server-process.ts';
import { chromiumFlags, systemChromium } from '../support/chromium.ts';
import { median, verdict } from './measure.ts';

/**
 * The pages audited and the runs per page. One Lighthouse run varies by several points between identical runs
 * (on this 2-core VM, 87 to 98 for the same build); Lighthouse's documentation on variability recommends the
 * median of five.
 */
export type LighthouseSize = { pages: string[]; runs: number };

type Scores = { performance: number; accessibility: number; lcpMs: number };

/**
 * One Lighthouse run on its defaults: mobile form factor, simulated slow-4G network and 4x CPU slowdown.
 * Between runs Lighthouse clears the origin's caches but not its localStorage (clearStorageTypes), so a
 * session stored there beforehand stays signed in.
 */
export async function lighthouseRun(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result;
}

/** lighthouseRun's report alone. */
export async function lighthouseReport(url: string, port: number) {
  return (await lighthouseRun(url, port)).lhr;
}

/** Launches the Chromium the benchmarks use, headless, for Lighthouse to drive (with any flags added). */
export function launchChromeForLighthouse(extraFlags: string[] = []) {
  return chromeLauncher.launch({
    ...(systemChromium ? { chromePath: systemChromium } : {}),
    chromeFlags: ['--headless=new', ...chromiumFlags, ...extraFlags],
  });
}

async function audit(url: string, port: number): Promise<Scores> {
  const { categories, audits } = await lighthouseReport(url, port);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  };
}

/**
 * Lighthouse (mobile settings) on the production build served by server/: performance and accessibility
 * for /, /apply and /calculator, with LCP. Targets: performance 100 (median of the runs), accessibility 100
 * and LCP <= 1.5 s (in every run).
 * The baseline measured in the same run is a blank page on the same server (the floor of what the
 * machine and the simulated network allow).
 */
export async function benchLighthouse(size: LighthouseSize): Promise<string[]> {
  const webDir = await buildWebWhenStale();
  const dataDir = temporaryDataDir('loan-match-bench-lighthouse-');
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'error' }, pglite: true });
  const chrome = await launchChromeForLighthouse();
  const lines: string[] = [];
  const blank = path.join(webDir, 'bench-blank.html');
  try {
    // A blank page on the same origin: the LCP floor of this machine under the same throttling.
    writeFileSync(blank, '<!doctype html><html lang="en"><title>Blank</title><p>Baseline</p></html>');
    const baseline = await audit(`${server.url}/bench-blank.html`, chrome.port);
    lines.push(`baseline blank page: LCP ${(baseline.lcpMs / 1000).toFixed(2)} s`);
    for (const page of size.pages) {
      const runs: Scores[] = [];
      for (let run = 0; run < size.runs; run += 1) runs.push(await audit(`${server.url}${page}`, chrome.port));
      const performance = median(runs.map((scores) => scores.performance));
      const accessibility = Math.min(...runs.map((scores) => scores.accessibility));
      const worstLcpMs = Math.max(...runs.map((scores) => scores.lcpMs));
      const ok = performance >= 100 && accessibility >= 100 && worstLcpMs <= 1500;
      lines.push(
        `${page}: performance median ${performance} (runs ${runs.map((scores) => scores.performance).join(', ')}), accessibility ${accessibility}, worst LCP ${(worstLcpMs / 1000).toFixed(2)} s = ${(worstLcpMs / baseline.lcpMs).toFixed(2)} x baseline (targets 100 / 100 / 1.5 s: ${verdict(ok)})`,
      );
    }
  } finally {
    rmSync(blank, { force: true });
    chrome.kill();
    await server.stop();
    await removeDataDir(dataDir);
  }
  return lines;
}
