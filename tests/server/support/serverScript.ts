import type { ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { startServerProcess } from '../../../bench/serverProcess';
import { SERVER_ENTRIES, type ServerEntry } from '../../support/serverBundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the server and its scripts built into JavaScript once for the run (globalSetup.serverBundle.ts) */
    serverBundle: Record<ServerEntry, string>;
  }
}

/**
 * What node runs for a server process or one of its scripts in the API tests: the file built once for the run
 * (tests/support/serverBundle.ts, docs/TESTING.md "Server processes"), the same code without tsx's cost at each start.
 */
export const serverScript = (entry: ServerEntry): string[] => {
  const built = inject('serverBundle')?.[entry];
  return built ? [built] : ['--import', 'tsx', SERVER_ENTRIES[entry]];
};

/** bench/serverProcess.ts's startServerProcess on the built server: waits until `url` answers (at most `timeoutMs`). */
export const startApiProcess = (env: Record<string, string>, url: string, timeoutMs = 120_000): Promise<ChildProcess> =>
  startServerProcess(env, url, undefined, timeoutMs, undefined, serverScript('main'));
