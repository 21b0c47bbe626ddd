import type { RunnerResult } from 'lighthouse';
// Not Lighthouse's public API (its package has no exports map, and its version is pinned in package.json): the
// simulation its time to interactive comes from.
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';

/** A load as Lighthouse simulates it (slow 4G, a 4x slower CPU), in ms from its start. */
export type SimulatedLoad = {
  /** The page's HTML received. */
  html: number;
  scripts: { count: number; kb: number; end: number };
  reads: { count: number; kb: number; end: number };
  interactive: number;
};

type SimulatedNode = {
  type: string;
  request?: { resourceType?: string; transferSize: number };
};

/**
 * When the parts of a load end in the simulation Lighthouse's time to interactive is read from (the graph of all
 * its requests and tasks), so that a bench can say where the time goes: the HTML, then the scripts (how long their
 * bytes take at the simulated 1.6 Mbit/s, over six connections on HTTP/1.1 or one on HTTP/2), then the reads the
 * scripts make, then the work on the main thread until the page is interactive.
 */
export async function simulatedLoad(result: RunnerResult): Promise<SimulatedLoad> {
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const metric = await LanternInteractive.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
    },
    { computedCache: new Map(), settings } as never,
  );
  const timings = [...(metric.pessimisticEstimate.nodeTimings as Map<SimulatedNode, { endTime: number }>)];
  const ofType = (types: string[]) => {
    const nodes = timings.filter(
      ([node]) => node.type === 'network' && types.includes(node.request?.resourceType ?? ''),
    );
    return {
      count: nodes.length,
      kb: nodes.reduce((sum, [node]) => sum + (node.request?.transferSize ?? 0), 0) / 1024,
      end: Math.max(0, ...nodes.map(([, timing]) => timing.endTime)),
    };
  };
  return {
    html: ofType(['Document']).end,
    scripts: ofType(['Script']),
    reads: ofType(['Fetch', 'XHR']),
    interactive: metric.timing,
  };
}

/** One load's simulation in words: "HTML by 0.61 s, 11 scripts (246.4 KB) by 2.47 s, ...". */
export function describeSimulatedLoad(load: SimulatedLoad): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const part = (what: { count: number; kb: number; end: number }, noun: string) =>
    `${what.count} ${noun}${what.count === 1 ? '' : 's'} (${what.kb.toFixed(1)} KB) by ${seconds(what.end)} s`;
  return `HTML by ${seconds(load.html)} s, ${part(load.scripts, 'script')}, ${part(load.reads, 'read')}, interactive at ${seconds(load.interactive)} s`;
}
