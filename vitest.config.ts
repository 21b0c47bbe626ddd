import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (tests beside the code, no server) and `integration` (tests/integration, and the
 * adversarial suite in tests/security; each file starting server/ on a temporary data folder and a free port).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{shared,server,electron,supabase}/**/*.test.ts',
            '{web,renderer}/src/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
            'tests/budgets/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          // On PGlite, every server a test starts begins from a copy of one migrated database.
          globalSetup: ['tests/support/pglite-template.ts'],
          // Two files at a time, on CI's two cores too (vitest's default leaves one core free): a file spends much of
          // its time waiting on the server it started, and each file has its own server, data folder and database.
          maxWorkers: 2,
          // Bounds that catch a test or a setup that hangs, not measures of how long one takes: with another
          // process keeping a core busy, a test doing real work (hashing passwords, starting servers) takes several
          // times what it takes on a quiet machine.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['shared/**/*.ts'],
      // The pattern also matches supabase/functions/_shared: the functions' code, which the integration tests
      // run under Node and Deno against a real database, is not the domain package.
      exclude: ['shared/**/*.test.ts', 'supabase/**'],
      reporter: ['text-summary'],
      // The domain package is pure logic: `npm test` fails when its line coverage drops below 95%.
      thresholds: { lines: 95 },
    },
  },
});
