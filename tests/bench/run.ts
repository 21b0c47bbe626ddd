import { benchApiSubmission } from './api-submission.ts';

/**
 * `npm run bench`: every benchmark, each printed as a ratio to a baseline measured in the same run.
 * Not part of `npm test`: figures depend on the machine, targets are read by people.
 */
const benches: [string, () => Promise<string[]>][] = [['API submission', benchApiSubmission]];

for (const [name, bench] of benches) {
  console.log(`\n== ${name}`);
  for (const line of await bench()) console.log(`   ${line}`);
}
