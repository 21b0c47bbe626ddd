import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIR, isWebBuildStale } from '../../server/cli/web-build.ts';
import { outputOf, type CliResult } from '../support/cli-process.ts';

/**
 * Every benchmark of `npm run bench`, run tiny (`npm run bench -- --tiny`; tests/bench/run.ts has the tiny sizes
 * beside the real run's): the same code on a few rows, one run of one page, a second of load. A bench that
 * throws, stops early or prints NaN fails here instead of on the day someone reads its figures. Whether a figure
 * meets its target is not checked: at these sizes the figures mean nothing.
 *
 * The benches run as `npm run bench` runs them, in a process of their own: under vitest (NODE_ENV=test) a Vite
 * build would bundle React's development build. Run once: the Postgres pass of the integration suite
 * (tests/support/run-integration.ts) skips it.
 */
const postgresPass = process.env.INTEGRATION_PASS === 'postgres';
const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Three runs side by side, of about the same length (the portal, the longest bench, alone): on two cores the
 * benches' waits (Lighthouse's, the throttled network's) leave room for a third. Each word picks the benches whose
 * name contains it, as `npm run bench -- <word>` does.
 */
const lanes = [['portal'], ['lighthouse', 'admin', 'route weights'], ['api', 'upload', 'desktop', 'matching']];

/** What each tiny run must print, besides what every line is checked for: its last pattern shows it finished. */
const expectedLines: Record<string, RegExp[]> = {
  'Route weights': [
    /^\/: JavaScript [\d.]+ KB of [\d.]+ KB, CSS [\d.]+ KB of [\d.]+ KB, \d+ script files$/,
    /^home page JavaScript [\d.]+ KB gzip before it is interactive \(target <= 120 KB: /,
    /^\/admin: JavaScript [\d.]+ KB of [\d.]+ KB, CSS [\d.]+ KB of [\d.]+ KB, \d+ script files \(budget \d+\)$/,
  ],
  'Lighthouse, mobile': [/^baseline blank page: LCP [\d.]+ s$/, /^\/: performance median \d+ \(runs \d+\)/],
  'API submission': [
    /^load generator: /,
    /^submission \(pglite\) raw SQL, a transaction each: /,
    /^submission \(pglite\) raw SQL, grouped as the API groups: /,
    /^submission \(pglite\) API: /,
    /^submission \(pglite\) Node's bare HTTP server, same transaction: .* of raw SQL, the API [\d.]+ of it$/,
    /^submission \(pglite\) API\/raw rate ratio /,
    /^submission \(pglite\) API\/raw grouped rate ratio [\d.]+ \(a baseline, not a goal: /,
    /^submission \(pglite\) API p99 /,
  ],
  'Upload memory': [/^1 MB upload in [\d.]+ s/, /^memory growth /],
  'Client portal': [
    /^\/portal with 2 documents .* Lighthouse mobile, behind an HTTPS proxy/,
    /^\/portal's last run in Lighthouse's simulation \(behind an HTTPS proxy \(HTTP\/2\)\): HTML by [\d.]+ s, \d+ scripts \([\d.]+ KB\) by [\d.]+ s, \d+ reads \([\d.]+ KB\) by [\d.]+ s, interactive at [\d.]+ s; the floor's: HTML by [\d.]+ s, 1 script \([\d.]+ KB\) by [\d.]+ s, 1 read /,
    /^\/portal with 2 documents .* DevTools-throttled, usable after /,
    /^\/portal with 2 documents all reviewed \(1 sent back with a reason\) and 1 requests/,
    /^1 MB upload through the portal .*\(HTTP 200\)/,
  ],
  'Admin dashboard at 10,000 applications': [
    /^seeded 30 applications /,
    /^search at the API: p95 /,
    /^\/admin first page usable /,
    /^\/admin first page with its 5 newest applications' documents reviewed /,
    /^Pipeline list's first page \(10 of 30 applications in it/,
    /^letter PDF /,
    /^bank package /,
  ],
  'Desktop app: sync, cold open, replay': [
    /^sync of 30 applications /,
    /^cold open of the cached list .* of 30\)/,
    /^replay of 5 queued decisions: \d+ ms \(5 applied\); 5 direct decide \+ notify calls /,
  ],
  'Lender matching': [/^1 application x 20 lenders: /, /^30 applications x 10 lenders: /],
};

/** A script run as `npm run` runs it: without vitest's NODE_ENV. */
function runScript(script: string, args: string[]): Promise<CliResult & { seconds: number }> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child).then((result) => ({ ...result, seconds: (performance.now() - started) / 1000 }));
}

/** run.ts's output by bench: each bench's name after `== `, then its lines. */
function linesByBench(stdout: string): Map<string, string[]> {
  const benches = new Map<string, string[]>();
  for (const section of stdout.split('\n== ').slice(1)) {
    const [name, ...lines] = section.trimEnd().split('\n');
    benches.set(
      name!,
      lines.map((line) => line.trim()),
    );
  }
  return benches;
}

describe.skipIf(postgresPass)('every bench, run tiny', () => {
  const runs: (CliResult & { seconds: number })[] = [];
  const printed = new Map<string, string[]>();

  beforeAll(async () => {
    // Built first, as the end-to-end tests would: the lanes' benches that load pages would each build it.
    if (isWebBuildStale(DEFAULT_WEB_DIR)) {
      const build = await runScript('server/cli/build-web.ts', []);
      if (build.code !== 0) throw new Error(`npm run build:web failed:\n${build.stderr}`);
    }
    runs.push(...(await Promise.all(lanes.map((names) => runScript('tests/bench/run.ts', ['--tiny', ...names])))));
    for (const [index, run] of runs.entries()) {
      console.log(`lane ${index + 1}, ${run.seconds.toFixed(0)} s:\n${run.stdout}`);
      for (const [name, lines] of linesByBench(run.stdout)) printed.set(name, lines);
    }
  }, 300_000);

  it('runs every bench to its end', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect([...printed.keys()].sort()).toEqual(Object.keys(expectedLines).sort());
  });

  it.each(Object.keys(expectedLines))('%s: every figure a number, every target with its verdict', (name) => {
    const lines = printed.get(name) ?? [];
    for (const pattern of expectedLines[name]!) expect(lines).toContainEqual(expect.stringMatching(pattern));
    for (const line of lines) {
      expect(line).not.toMatch(/NaN|Infinity|undefined|null/);
      if (/target/i.test(line)) expect(line).toMatch(/meets target|MISSES target|\(met\)|\(OVER TARGET\)/);
      // A load whose requests all failed still prints a rate: each request must have been answered.
      const load = /\((\d+) requests, (\d+) errors\)/.exec(line);
      if (load)
        expect({ requests: Number(load[1]) > 0, errors: Number(load[2]) }).toEqual({ requests: true, errors: 0 });
    }
  });
});
