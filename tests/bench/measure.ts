/** Small, bounded measurement helpers for the benchmarks (every loop has a count and a time limit). */
export type LoadResult = {
  requests: number;
  seconds: number;
  rate: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Several runs of one load as one: the median of each figure, the requests and errors of all. */
export function medianOfRounds(rounds: LoadResult[]): LoadResult {
  return {
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    seconds: rounds.reduce((sum, round) => sum + round.seconds, 0),
    rate: median(rounds.map((round) => round.rate)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/**
 * Runs `task` from `concurrency` workers until `total` tasks ran or `maxSeconds` passed, and reports the
 * rate and latency percentiles.
 */
export async function runLoad(options: {
  concurrency: number;
  total: number;
  maxSeconds: number;
  task: (index: number) => Promise<void>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  const worker = async () => {
    while (next < options.total && performance.now() < deadline) {
      const index = next++;
      const begin = performance.now();
      try {
        await options.task(index);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rate: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
  };
}

export function formatLoad(result: LoadResult): string {
  return `${result.rate.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms (${result.requests} requests, ${result.errors} errors)`;
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

export function verdict(ok: boolean): string {
  return ok ? 'meets target' : 'MISSES target';
}
