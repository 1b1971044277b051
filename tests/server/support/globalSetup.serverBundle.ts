import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../support/serverBundle';
import './serverScript';

/**
 * Builds the server and its scripts into JavaScript once for the API tests that start them as processes
 * (tests/server/support/serverScript.ts), and removes the build at the end of the run.
 */
export default async function setup(project: TestProject) {
  const bundle = await buildServerBundle();
  project.provide('serverBundle', bundle.entries);
  return bundle.remove;
}
