import { buildWebWhenStale } from '../../server/cli/web-build.ts';
import { preparePgliteTemplate } from '../support/pglite-template.ts';
import { removeDataDir, startServerProcess, temporaryDataDir } from '../support/server-process.ts';

/**
 * Builds the web app when stale, then starts server/ on a temporary data folder and a free port. Its
 * address and data folder reach the tests through the environment (workers inherit it).
 */
export default async function globalSetup() {
  await buildWebWhenStale();
  // Every server of the run (this one, and those some tests start) begins from a copy of one migrated database.
  const removeTemplate = await preparePgliteTemplate();
  // Every browser of the run calls from 127.0.0.1: per-address limits sized for one visitor would
  // throttle the suite, so they are raised here (their behaviour has its own integration tests).
  const server = await startServerProcess({
    dataDir: temporaryDataDir('loan-match-e2e-'),
    env: {
      EMAIL_LIMIT_PER_SENDER_PER_HOUR: '10000',
      EMAIL_LIMIT_PER_RECIPIENT_PER_HOUR: '100',
      RATE_LIMIT_TOKEN_BURST: '0',
      RATE_LIMIT_SIGNUP_PER_5_MIN: '0',
      RATE_LIMIT_RECOVER_PER_5_MIN: '0',
      RATE_LIMIT_VERIFY_PER_5_MIN: '0',
      RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0',
      // The officers' reviews are e-mailed once no review has come for this long (120 s by default): short
      // enough for a test to see the e-mail, long enough that one officer's reviews in a row make one e-mail.
      REVIEW_EMAIL_BATCH_SECONDS: '15',
      // Texts go to the dev SMS outbox every 2 seconds, at any hour (the tests run at night too).
      SMS_SEND_INTERVAL: '2',
      SMS_QUIET_HOURS: 'off',
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
    removeTemplate();
  };
}
