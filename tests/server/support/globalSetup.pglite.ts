import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../../server/db/client';
import { prepareTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    postgresUrl: string;
  }
}

/** Migrates and seeds one embedded database and dumps it; each test file loads the dump (docs/STACK.md). */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await prepareTemplate(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-template-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return async () => fs.rm(path.dirname(file), { recursive: true, force: true });
}
