import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../support/serverBundle';
import { ensureBuilt, prepareDataTemplate } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the data folder each file's server starts from a copy of (migrated, with the demo data) */
    e2eDataTemplate: string;
    /** the API server built into JavaScript once for the run (tests/support/serverBundle.ts), started with node */
    e2eServerEntry: string;
  }
}

/**
 * Builds the console once before the browser tests (when dist/ is missing or older than its sources) and the API
 * server (into JavaScript, so that no file's server start pays for tsx), and makes the data folder every file's
 * server starts from.
 */
export default async function setup(project: TestProject) {
  ensureBuilt();
  const bundle = await buildServerBundle();
  try {
    const template = await prepareDataTemplate(bundle.entries.main);
    project.provide('e2eDataTemplate', template.dir);
    project.provide('e2eServerEntry', bundle.entries.main);
    return () => {
      template.remove();
      bundle.remove();
    };
  } catch (error) {
    bundle.remove();
    throw error;
  }
}
