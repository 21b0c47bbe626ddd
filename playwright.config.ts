import { defineConfig } from '@playwright/test';
import { chromiumFlags, systemChromium } from './tests/support/chromium.ts';

/**
 * End-to-end tests in Chromium against server/ serving the production web build (started by the
 * global setup on a temporary data folder). Debian's chromium is used when present (or CHROMIUM_PATH);
 * otherwise the browser Playwright installed.
 */
// The product as it ships by default: every server the end-to-end tests start keeps its data in PGlite, even where
// TEST_DATABASE_URL is set for the integration suite's Postgres pass (as on CI); that pass covers Postgres.
delete process.env.TEST_DATABASE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // On CI a test that fails is tried once more and reported as flaky when it then passes: the report names it,
  // and one rare stall of a loaded machine does not throw the whole run away.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  // Tests that change the lender network itself run after the others, which count the network's lenders.
  projects: [
    { name: 'e2e', testIgnore: /admin-lenders\.spec\.ts/ },
    { name: 'lender network changes', testMatch: /admin-lenders\.spec\.ts/, dependencies: ['e2e'] },
  ],
  use: {
    browserName: 'chromium',
    // Recording a trace costs every test CPU (its screenshots and snapshots), on a passing run as on a failing one.
    // On CI a failing test is tried again (retries above), and that second try records it: a real failure comes
    // with its trace, and the passing tests no longer pay for one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: systemChromium
      ? {
          executablePath: systemChromium,
          args: chromiumFlags,
        }
      : {},
  },
});
