import type { TestProject } from 'vitest/node';
import { ensureBuilt, prepareDataTemplate } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the data folder each file's server starts from a copy of (migrated, with the demo data) */
    e2eDataTemplate: string;
  }
}

/**
 * Builds the console once before the browser tests (when dist/ is missing or older than its sources), and makes
 * the data folder every file's server starts from.
 */
export default async function setup(project: TestProject) {
  ensureBuilt();
  const template = await prepareDataTemplate();
  project.provide('e2eDataTemplate', template.dir);
  return template.remove;
}
