import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildOpenApiDocument } from '../../../server/openapi/standalone';

declare module 'vitest' {
  export interface ProvidedContext {
    openapiDocument: string;
  }
}

/** The OpenAPI document, built once per run; every test app checks what it answered against it (openapiDeclared.ts). */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-openapi-'));
  const file = path.join(dir, 'openapi.json');
  await fs.writeFile(file, JSON.stringify(await buildOpenApiDocument()));
  project.provide('openapiDocument', file);
  return async () => fs.rm(dir, { recursive: true, force: true });
}
