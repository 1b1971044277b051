import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

/**
 * A database that refuses every query: the document is made from the routes
 * alone. (Fastify's decorate looks for `getter`/`setter` on a decoration.)
 */
const noDatabase = new Proxy({} as Database, {
  get(_target, property) {
    if (typeof property === 'symbol' || property === 'getter' || property === 'setter' || property === 'then')
      return undefined;
    throw new Error(`the OpenAPI document is built without a database (db.${property})`);
  },
});

/**
 * The app as `npm start` builds it (server/app.ts), ready, with no database
 * and no port: its routes and its OpenAPI document, for `npm run lint:openapi`
 * and the tests. (No job worker starts: `runJobs: false`.)
 */
export async function buildDocumentApp(): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'neomi-openapi-unused'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: noDatabase, logger: false, runJobs: false });
  await app.ready();
  return app;
}

/** The OpenAPI document served at /api/docs/json. */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const app = await buildDocumentApp();
  try {
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
