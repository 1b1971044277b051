import { test } from './harness';

/**
 * Run before each browser test file (vitest.config.ts setupFiles): its server
 * and browser start in a hook, under the hook timeout (a start takes a while
 * on a busy machine), not inside the first test's own time.
 */
test.beforeAll(async ({ server, browser }) => {
  if (!server.url || !browser.isConnected()) throw new Error('the server or the browser did not start');
});
