import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and browser tests in Debian's Chromium.
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // One file at a time: the race tests and the crash test want the two cores to themselves. `npm test`
    // (scripts/test-suite.ts) runs the integration project apart from the browser project (two files at a
    // time), which the unit project follows.
    fileParallelism: false,
    projects: [
      {
        test: {
          name: 'unit',
          // Worker threads, not forked processes: a file's worker starts without a new Node process, about a
          // second of CPU less per file on the 2-core CI machine (ADR 085).
          pool: 'threads',
          include: [
            'src/core/**/*.test.ts',
            'sim/**/*.test.ts',
            'src/client/**/*.test.ts',
            'src/server/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          pool: 'threads', // as the unit project's, ADR 085
          include: ['src/server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          // Migrates one database of each kind for the whole run; every test database is a copy (ADR 085).
          globalSetup: ['tests/support/migrated-templates.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/support/build-client.ts', 'tests/support/migrated-templates.ts'],
          // Bounds, not speed targets: a whole journey on a loaded 2-core machine can pass two minutes.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
