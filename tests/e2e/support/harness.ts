import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { DEMO_PASSWORD, type DemoRole, demoAccount } from '../../../server/seed/accounts';
import { launchBrowser } from './browser';
import { type Locale, LoginForm } from './pages';
import { startServer } from './server';

/**
 * The one harness of the browser tests: vitest fixtures (test.extend) for
 * the built console served by the real API server, headless Chromium, pages
 * in a language, pages signed in as a demo account (server/seed/accounts.ts)
 * and API calls as one. Each test file gets its own server with fresh demo
 * data (its tests build on one another); the browser is the worker's; pages
 * are the test's and closed after it.
 *
 *   test('…', async ({ signedIn, api }) => {
 *     const page = await signedIn('admin', 'ar');
 *     const counts = await (await api('admin')).call('/dashboard/counts', {});
 *   });
 */

export type { Locale } from './pages';
export { chooseOption, LoginForm, Sidebar } from './pages';

/** API calls as one account, with its bearer token. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    /** the user as POST /api/login answered it */
    readonly user: Record<string, unknown>,
  ) {}

  /** A call under /api with the token, answered as it is (for multipart bodies and answers other than 200). */
  fetch(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
    return fetch(`${this.baseUrl}/api${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${this.token}` },
    });
  }

  /** A JSON call, GET without a body and POST with one: its answer, or an error unless it answers 200. */
  async call<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
    const res = await this.fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/** Signs an account in over the API (POST /api/login). */
export async function apiSignIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<ApiClient> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  const { access_token, user } = (await res.json()) as { access_token: string; user: Record<string, unknown> };
  return new ApiClient(baseUrl, access_token, user);
}

const errorsOf = new WeakMap<Page, string[]>();

/**
 * The errors a page throws or logs, recorded as they come: from its opening
 * for the harness's pages, from this call for any other. A refused call's
 * "Failed to load resource" is not one (tests provoke refusals on purpose).
 */
export function collectErrors(page: Page): string[] {
  const known = errorsOf.get(page);
  if (known) return known;
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** Whether an app owns the page: no prerendered page in the root, or its app has committed (src/appReady.ts). */
const appOwnsThePage = () =>
  !document.getElementById('root')?.dataset.page || performance.getEntriesByName('neomi:app-ready').length > 0;

/**
 * A prerendered page shows before its scripts run. A click there before its app has hydrated it does nothing, as
 * for any visitor (text typed is kept: docs/DECISIONS.md "The public pages prerendered at build time"), and the test
 * would wait for what never comes. So each load of a test's page (goto, reload) returns once an app owns it, but a
 * load that asks to return at once (`waitUntil: 'commit'`, the test of the HTML alone).
 */
function waitForTheAppOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const answer = await goto(url, options);
    if (options?.waitUntil !== 'commit') await page.waitForFunction(appOwnsThePage);
    return answer;
  };
  page.reload = async (options) => {
    const answer = await reload(options);
    if (options?.waitUntil !== 'commit') await page.waitForFunction(appOwnsThePage);
    return answer;
  };
}

export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  /** The server's environment beyond the defaults; a file sets it with `test.override('serverEnv', {...})`. */
  .extend('serverEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('server', { scope: 'file' }, async ({ serverEnv }, { onCleanup }) => {
    const server = await startServer(serverEnv, inject('e2eDataTemplate'), inject('e2eServerEntry'));
    onCleanup(() => server.stop());
    return server;
  })
  /** `api(role)`: the demo account of `role` signed in over the API, once a file. */
  .extend('api', { scope: 'file' }, ({ server }) => {
    const clients = new Map<DemoRole, Promise<ApiClient>>();
    return (role: DemoRole): Promise<ApiClient> => {
      if (!clients.has(role)) clients.set(role, apiSignIn(server.url, demoAccount(role).email));
      return clients.get(role)!;
    };
  })
  /** `newPage(locale, options?)`: a page in a fresh context (own storage) whose browser language is `locale`. */
  .extend('newPage', ({ browser, server }, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(contexts.map((context) => context.close()));
    });
    return async (locale: Locale, options: BrowserContextOptions = {}): Promise<Page> => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: locale === 'ar' ? 'ar-EG' : 'en-US',
        viewport: { width: 1280, height: 860 },
        ...options,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      collectErrors(page);
      waitForTheAppOnLoad(page);
      return page;
    };
  })
  /** `signedIn(role, locale)`: a new page in `locale`, signed in through the login form as the demo account of `role`. */
  .extend('signedIn', ({ newPage }) => {
    return async (role: DemoRole, locale: Locale): Promise<Page> => {
      const page = await newPage(locale);
      await new LoginForm(page, locale).signInAs(role);
      return page;
    };
  });

export const it = test;

/**
 * Holds every script of the page until the returned function is called: the page as its HTML alone paints it, as a
 * phone on a slow network shows it before its scripts have arrived.
 */
export const holdScripts = async (page: Page): Promise<() => void> => {
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return releaseScripts;
};
