import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadResult } from './measure.ts';

/** True when wrk (Debian package `wrk`) is installed: a C load generator that leaves the CPU to the server. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us'
    ? value / 1000
    : match[2] === 'ms'
      ? value
      : match[2] === 's'
        ? value * 1000
        : value * 60_000;
}

/** POSTs one JSON body with wrk for a fixed time over `connections` keep-alive connections. */
export function wrkPost(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): LoadResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'loan-match-wrk-'));
  try {
    const script = path.join(dir, 'post.lua');
    const headers = Object.entries(options.headers)
      .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
      .join('\n');
    writeFileSync(script, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(options.body)}\n${headers}\n`);
    const run = spawnSync(
      'wrk',
      ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', script, options.url],
      { encoding: 'utf8', timeout: (options.seconds + 30) * 1000 },
    );
    const out = run.stdout;
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
    const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      requests,
      seconds: options.seconds,
      rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
      // At the start of a line: the Latency line ends with a percentage too (its share within one stdev, e.g. 95.50%).
      p50Ms: milliseconds(/^\s*50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
      p99Ms: milliseconds(/^\s*99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
      errors: failed + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
