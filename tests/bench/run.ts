import { benchAdmin } from './admin.ts';
import { benchApiSubmission } from './api-submission.ts';
import { benchDesktop } from './desktop.ts';
import { buildAndMeasureHomePageJs, formatHomePageJsReport } from './home-page-js.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchMatching } from './matching.ts';
import { benchPortal } from './portal.ts';
import { benchUploadMemory } from './upload-memory.ts';

/**
 * `npm run bench`: every benchmark, each printed as a ratio to a baseline or target measured in the same
 * run. Not part of `npm test`: figures depend on the machine, targets are read by people.
 * TEST_DATABASE_URL (a superuser connection) adds the Postgres-mode measurements.
 */
const benches: [string, () => Promise<string[]>][] = [
  ['Home page JavaScript', async () => formatHomePageJsReport(await buildAndMeasureHomePageJs()).split('\n')],
  ['Lighthouse, mobile', benchLighthouse],
  ['API submission', benchApiSubmission],
  ['Upload memory', benchUploadMemory],
  ['Client portal', benchPortal],
  ['Admin dashboard at 10,000 applications', benchAdmin],
  ['Desktop app: sync, cold open, replay', benchDesktop],
  ['Lender matching', benchMatching],
];

const only = process.argv.slice(2);
for (const [name, bench] of benches) {
  if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n== ${name}`);
  for (const line of await bench()) console.log(`   ${line}`);
}
