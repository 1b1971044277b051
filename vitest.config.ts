import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * `npm test` runs every project:
 * - unit: domain rules (node);
 * - server: API tests on embedded PGlite;
 * - server-pg: the same API tests on a real PostgreSQL server (TEST_DATABASE_URL; .ci/run starts one);
 * - console: React tests in jsdom;
 * - e2e: the built product in headless Chromium.
 */
const serverTests = ['tests/server/**/*.test.ts'];

// In CI the API tests must also run on a real PostgreSQL server: PGlite has one connection, so a test of
// locking or concurrency passes on it whatever the locking. A CI run without the server fails here, loudly.
const inCI = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());
if (inCI && !process.env.TEST_DATABASE_URL) {
  throw new Error(
    'vitest: CI is set but TEST_DATABASE_URL is not: the API tests would run on PGlite only, which cannot prove ' +
      'locking or concurrency. Run the tests through scripts/with-postgres.sh (as .ci/run does), or set TEST_DATABASE_URL.',
  );
}
if (!process.env.TEST_DATABASE_URL) {
  process.stderr.write(
    'vitest: TEST_DATABASE_URL is not set, so the API tests run on PGlite only; ' +
      '`scripts/with-postgres.sh npm test` runs them on a real PostgreSQL server too (as CI does).\n',
  );
}

/**
 * The order files start in: the browser files first, then the rest in vitest's own order. The browser files are
 * the longest of the suite (one alone takes five minutes of the twenty), and each leaves part of a core idle while
 * Chromium or its API server waits, so they start at once and the API and console files fill the gaps around them.
 * A browser file kept to run one at a time would run after all the others, alone: vitest 4 puts the files of a
 * project with `fileParallelism: false` into a group of their own that starts when every other file has finished
 * (measured: 945 s of a 1,570 s run).
 */
class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isBrowserFile = (file: TestSpecification) => file.project.name === 'e2e';
    return [...sorted.filter(isBrowserFile), ...sorted.filter((file) => !isBrowserFile(file))];
  }
}

export default defineConfig({
  test: {
    globals: true,
    // Files run two at a time even on a 2-core machine (vitest's default there is one): an API test on the real
    // PostgreSQL server waits on that server, a browser test on Chromium and its own API server, so a second file
    // fills the waits. Every API test file has its own database (a PGlite copy or a clone on the server), every
    // browser file its own API server on its own copy of the demo data, so any two can run side by side.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // the browser files start first (BrowserFilesFirst above says why)
    sequence: { sequencer: BrowserFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // tests/prerender: the console's build-time renderer (src/prerender/), which runs in Node, not in a browser
          include: [
            'domain/**/*.test.ts',
            'tests/domain/**/*.test.ts',
            'tests/repo/**/*.test.ts',
            'tests/prerender/**/*.test.{ts,tsx}',
          ],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: serverTests,
          globalSetup: [
            'tests/server/support/globalSetup.pglite.ts',
            'tests/server/support/globalSetup.openapi.ts',
            'tests/server/support/globalSetup.serverBundle.ts',
          ],
          env: { TEST_DB: 'pglite' },
          // every file builds its own app on its own database (withApp), so a worker need not import the server again
          // for each file (measured on this 2-core machine, busy: 18 s of import per file isolated, 98 s for all 54)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                environment: 'node' as const,
                include: serverTests,
                globalSetup: [
                  'tests/server/support/globalSetup.postgres.ts',
                  'tests/server/support/globalSetup.openapi.ts',
                  'tests/server/support/globalSetup.serverBundle.ts',
                ],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './vite.config.ts',
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['tests/console/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/console/setup.ts'],
          // beside the browser files: a typing-heavy form test took 19.9 s of its 20 s on a loaded machine
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/globalSetup.ts'],
          setupFiles: ['tests/e2e/support/setup.ts'],
          // a worker's Chromium (the harness's worker-scoped fixture) serves every browser file the worker runs,
          // rather than one launch a file (4–5 s each on this machine under load); each file keeps its own API server
          // and data, each test its own browser contexts, so nothing but the browser process is shared
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits as long as a Playwright locator does (15 s here), not vitest's 1 s: a page answering a
          // call under CI's load (load average 8–13 on 2 cores) took longer than 1 s and failed a search's row count
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
