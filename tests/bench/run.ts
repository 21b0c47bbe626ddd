import { benchAdmin } from './admin.ts';
import { benchApiSubmission } from './api-submission.ts';
import { benchDesktop } from './desktop.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchMatching } from './matching.ts';
import { benchPortal } from './portal.ts';
import { benchRouteWeights } from './route-weights.ts';
import { benchUploadMemory } from './upload-memory.ts';

/**
 * `npm run bench`: every benchmark, each printed as a ratio to a baseline or target measured in the same
 * run. Not part of `npm test`: figures depend on the machine, targets are read by people.
 * TEST_DATABASE_URL (a superuser connection) adds the Postgres-mode measurements.
 *
 * Each bench has the sizes of a real run and of a tiny one. The tiny run goes through the same code on inputs
 * small enough for `npm test` (tests/integration/benches.test.ts), so a bench that breaks fails there; its
 * figures mean nothing against the targets. `npm run bench -- --tiny` runs them tiny by hand.
 */
type Bench = { name: string; run: (size: 'real' | 'tiny') => Promise<string[]> };

function bench<Size>(name: string, run: (size: Size) => Promise<string[]>, sizes: { real: Size; tiny: Size }): Bench {
  return { name, run: (size) => run(sizes[size]) };
}

const benches: Bench[] = [
  // Read from the web app's build (made when stale), the same in both runs: nothing to make smaller.
  { name: 'Route weights', run: benchRouteWeights },
  bench('Lighthouse, mobile', benchLighthouse, {
    real: { pages: ['/', '/apply', '/calculator'], runs: 5 },
    tiny: { pages: ['/'], runs: 1 },
  }),
  bench('API submission', benchApiSubmission, {
    real: {
      rounds: 3,
      postgres: true,
      connections: 50,
      warmUpSeconds: 5,
      seconds: 10,
      warmUpRequests: 20_000,
      requests: 60_000,
    },
    tiny: {
      rounds: 1,
      postgres: false,
      connections: 4,
      warmUpSeconds: 1,
      seconds: 1,
      warmUpRequests: 200,
      requests: 1_000,
    },
  }),
  bench('Upload memory', benchUploadMemory, {
    real: { fileMb: 25 },
    tiny: { fileMb: 1 },
  }),
  bench('Client portal', benchPortal, {
    real: {
      documents: 30,
      replacements: 5,
      requests: 5,
      runs: 5,
      lighthouseOrigins: ['direct', 'proxy'],
      uploadMb: 25,
    },
    tiny: { documents: 2, replacements: 1, requests: 1, runs: 1, lighthouseOrigins: ['proxy'], uploadMb: 1 },
  }),
  bench('Admin dashboard at 10,000 applications', benchAdmin, {
    real: {
      applications: 10_000,
      owners: 100,
      batch: 1_000,
      searches: 60,
      renders: 10,
      firstPageRuns: 5,
      reviewed: 50,
      pipeline: 1_000,
    },
    tiny: {
      applications: 30,
      owners: 3,
      batch: 10,
      searches: 6,
      renders: 2,
      firstPageRuns: 1,
      reviewed: 5,
      pipeline: 10,
    },
  }),
  bench('Desktop app: sync, cold open, replay', benchDesktop, {
    real: { applications: 10_000, decisions: 100 },
    tiny: { applications: 30, decisions: 5 },
  }),
  bench('Lender matching', benchMatching, {
    real: { lenders: 1_000, applications: 10_000, lendersPerApplication: 100 },
    tiny: { lenders: 20, applications: 30, lendersPerApplication: 10 },
  }),
];

const args = process.argv.slice(2);
const size = args.includes('--tiny') ? 'tiny' : 'real';
const only = args.filter((arg) => arg !== '--tiny');
if (size === 'tiny') console.log('Tiny run: the same code on tiny inputs; the figures mean nothing.');
for (const { name, run } of benches) {
  if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n== ${name}`);
  for (const line of await run(size)) console.log(`   ${line}`);
}
