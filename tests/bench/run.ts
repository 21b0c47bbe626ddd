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
  ['Home page JavaScript (issue 5)', async () => formatHomePageJsReport(await buildAndMeasureHomePageJs()).split('\n')],
  ['Lighthouse, mobile (issue 5)', benchLighthouse],
  ['API submission (issue 4)', benchApiSubmission],
  ['Upload memory (issue 4)', benchUploadMemory],
  ['Client portal (issue 10)', benchPortal],
  ['Admin dashboard at 10,000 applications (issue 11)', benchAdmin],
  ['Desktop app: sync, cold open, replay (issue 12)', benchDesktop],
  ['Lender matching (issue 13)', benchMatching],
];

const only = process.argv.slice(2);
for (const [name, bench] of benches) {
  if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n== ${name}`);
  for (const line of await bench()) console.log(`   ${line}`);
}
