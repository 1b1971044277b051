import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type Database, type DatabaseHandle } from '../../../server/db/client';
import type { Mail, Mailer } from '../../../server/adapters/mailer';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '../../../server/seed/accounts';
import { databaseUrl } from './globalSetup.postgres';
import { undeclared, type Observed } from './openapiDeclared';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: 'pglite' | 'postgres';
  mails: Mail[];
  config: Config;
  close(): Promise<void>;
}

/** A fresh copy of the seeded template: PGlite from its dump, or a clone on the real server. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = inject('postgresUrl');
    const name = `neomi_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
    return {
      handle,
      async drop() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const handle = await openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([dump]) });
  return { handle, drop: async () => {} };
}

export interface TestAppOptions {
  /** a built console to serve, as `npm start` serves dist/ (tests/server/support/consoleFixture.ts makes a small one) */
  consoleDir?: string;
}

/** Builds the app as `npm start` does, on a fresh database, without listening. */
export async function createTestApp(
  env: Record<string, string> = {},
  logLines?: string[],
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-test-'));
  // the overload guard is off unless a test sets it: the suite's own load on a small machine is not a process's
  // overload (tests/server/operations.test.ts sets it and shows the 503)
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...env });
  const { handle, drop } = await freshDatabase();
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const logger = logLines
    ? {
        level: 'info',
        redact: ['req.headers.authorization'],
        stream: {
          write: (line: string) => {
            logLines.push(line);
          },
        },
      }
    : false;
  // with SMTP_URL the app mails through it, as in production (a test of a mail server that refuses)
  const app = await buildApp({
    config,
    db: handle.db,
    mailer: env.SMTP_URL ? undefined : mailer,
    logger,
    consoleDir: options.consoleDir,
  });
  // every answer of a route, checked against the OpenAPI document when the app closes (openapiDeclared.ts)
  const observed = new Map<string, Observed>();
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route: the not-found handler
    const contentType = String(reply.getHeader('content-type') ?? '');
    const seen = { method: request.method, url, status: reply.statusCode, contentType };
    observed.set(JSON.stringify(seen), seen);
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    mails,
    config,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
      const problems = undeclared(observed.values());
      if (problems.length)
        throw new Error(
          `The OpenAPI document (server/openapi/) does not declare what the API answered:\n${problems.join('\n')}`,
        );
    },
  };
}

/** A demo account's name: the part of its email before the @ (`family` for family@demo.test). */
export type DemoName = DemoAccount['email'] extends `${infer N}@${string}` ? N : never;

/** The demo accounts by name, from server/seed/accounts.ts: `demo.family.email`, `demo.admin.name`. */
export const demo = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.email.split('@')[0], a])) as {
  [N in DemoName]: Extract<DemoAccount, { email: `${N}@${string}` }>;
};

/** The email of a demo account named `who`, or `who` itself (an email). */
export const emailOf = (who: string) => (who in demo ? demo[who as DemoName].email : who);

let addressCounter = 0;
/** Each login comes from its own address, so the per-address limit doesn't bleed between tests. */
export const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** Signs in (a new session each call) a demo account by name, or any account by email; answers its token. */
export async function login(
  app: FastifyInstance,
  who: DemoName | (string & {}),
  password = DEMO_PASSWORD,
): Promise<string> {
  const email = emailOf(who);
  if (!email.includes('@')) throw new Error(`login: no demo account named "${who}"`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export async function call(app: FastifyInstance, c: Call): Promise<LightMyRequestResponse> {
  return app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    payload: c.payload as never,
    headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...c.headers },
    remoteAddress: '10.9.9.9',
  });
}

/** Ids of the demo data, looked up by email or name. */
export async function userId(db: Database, email: string): Promise<number> {
  const { users } = await import('../../../server/db/schema');
  const { sql } = await import('drizzle-orm');
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row.id;
}
