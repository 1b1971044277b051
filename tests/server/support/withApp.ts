import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import type { Mail } from '../../../server/adapters/mailer';
import {
  createTestApp,
  demo,
  emailOf,
  login,
  userId,
  type DemoName,
  type TestApp,
  type TestAppOptions,
} from './testApp';

export { demo, type DemoName };

/**
 * The one setup of the API tests: a test file writes `const t = withApp();`
 * and gets the app built as `npm start` builds it, on a fresh copy of the
 * demo data, once for the file (closed after its last test), with the demo
 * accounts of server/seed/accounts.ts signed in on first use:
 *
 *   const t = withApp();
 *   it('…', async () => {
 *     const res = await t.post('/api/users', { limit: 10 }, 'admin');
 *     const mine = await t.as('family').get('/api/me');
 *   });
 *
 * A caller is named: a demo account by its name (`admin`, `region`, `school`,
 * `teacher`, `family`, `marker`: the part of its email before the @), any
 * account by its email (password: the demo password), a name the file gave a
 * token with `t.keep`, or the token itself. Each is signed in once and its
 * token kept for the file; `t.signIn` opens a new session every time.
 */

/** Who makes a call: a demo account's name, an email, a name given with `t.keep`, or a bearer token itself. */
export type Caller = DemoName | (string & {});

/** A bearer token as the server issues them (server/services/secrets.ts: 32 random bytes, base64url), not a name. */
const TOKEN = /^[\w-]{32,}$/;

/** A request as `app.inject` takes it, with any payload (an object is sent as JSON). */
export type Request = Omit<InjectOptions, 'headers' | 'payload'> & {
  headers?: Record<string, string>;
  payload?: unknown;
};

/** Calls as one caller, with its bearer token. */
export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  /** any request (a multipart body, other headers), with the caller's Authorization header added */
  inject(request: Request): Promise<LightMyRequestResponse>;
}

export interface AppContext extends TestApp {
  /** the bearer token of `who`, signed in on first use and kept for the file */
  token(who: Caller): Promise<string>;
  /** keeps `token` under `name`: later calls `as` that name use it */
  keep(name: string, token: string): void;
  /** signs `who` (a demo account's name or an email) in afresh: a new session each call, kept nowhere */
  signIn(who: DemoName | (string & {}), password?: string): Promise<string>;
  /** the user id of a demo account (by name) or of any account (by email) */
  userId(who: DemoName | (string & {})): Promise<number>;
  /** calls as `who` */
  as(who: Caller): Client;
  /** a request, with the Authorization header of `as` (or of a bare `token`) when given */
  inject(request: Request & { as?: Caller; token?: string }): Promise<LightMyRequestResponse>;
  /** GET, POST, PUT, DELETE as `as` (or with no token when none is given) */
  get(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  delete(url: string, as?: Caller): Promise<LightMyRequestResponse>;
}

export interface WithAppOptions extends TestAppOptions {
  /** the app's environment beyond the test defaults (server/config.ts) */
  env?: Record<string, string>;
  /** when given, the app logs here, a JSON line each */
  logLines?: string[];
}

/** The calls of the API tests come from one address (per-address limits aside: tests/server/rate-limits.test.ts). */
const CALLER_ADDRESS = '10.9.9.9';

/**
 * Builds the app before the file's first test and closes it after its last;
 * `options` may be a function, called then (for a fixture the file makes
 * first). Its properties read the app once built.
 */
export function withApp(options: WithAppOptions | (() => WithAppOptions | Promise<WithAppOptions>) = {}): AppContext {
  let built: TestApp | undefined;
  const tokens = new Map<string, Promise<string>>();
  const ids = new Map<string, Promise<number>>();

  beforeAll(async () => {
    const { env, logLines, ...appOptions } = typeof options === 'function' ? await options() : options;
    built = await createTestApp(env, logLines, appOptions);
  });
  afterAll(async () => {
    await built?.close();
  });

  const app = (): TestApp => {
    if (!built) throw new Error('withApp: the app is built in beforeAll; use it inside a hook or a test');
    return built;
  };

  const token = async (who: Caller): Promise<string> => {
    if (TOKEN.test(who)) return who;
    if (!tokens.has(who)) {
      if (!who.includes('@') && !(who in demo))
        throw new Error(`withApp: no account named "${who}" (a demo account's name, an email, or t.keep it first)`);
      const signingIn = login(app().app, emailOf(who));
      tokens.set(who, signingIn);
      signingIn.catch(() => tokens.delete(who));
    }
    return tokens.get(who)!;
  };

  const inject = async ({ as, token: bare, headers, ...request }: Request & { as?: Caller; token?: string }) => {
    const bearer = as === undefined ? bare : await token(as);
    return app().app.inject({
      remoteAddress: CALLER_ADDRESS,
      ...request,
      payload: request.payload as InjectOptions['payload'],
      headers: { ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }), ...headers },
    });
  };

  const as = (who: Caller): Client => ({
    get: (url) => inject({ method: 'GET', url, as: who }),
    post: (url, payload) => inject({ method: 'POST', url, payload: payload as never, as: who }),
    put: (url, payload) => inject({ method: 'PUT', url, payload: payload as never, as: who }),
    delete: (url) => inject({ method: 'DELETE', url, as: who }),
    inject: (request) => inject({ ...request, as: who }),
  });

  return {
    get app(): FastifyInstance {
      return app().app;
    },
    get db(): Database {
      return app().db;
    },
    get kind() {
      return app().kind;
    },
    get mails(): Mail[] {
      return app().mails;
    },
    get config(): Config {
      return app().config;
    },
    close: () => app().close(),
    token,
    keep(name, value) {
      tokens.set(name, Promise.resolve(value));
    },
    signIn: (who, password) => login(app().app, emailOf(who), password),
    userId(who) {
      if (!ids.has(who)) ids.set(who, userId(app().db, emailOf(who).toLowerCase()));
      return ids.get(who)!;
    },
    as,
    inject,
    get: (url, who) => inject({ method: 'GET', url, as: who }),
    post: (url, payload, who) => inject({ method: 'POST', url, payload: payload as never, as: who }),
    put: (url, payload, who) => inject({ method: 'PUT', url, payload: payload as never, as: who }),
    delete: (url, who) => inject({ method: 'DELETE', url, as: who }),
  };
}
