import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../support/sidebarByRole';

/**
 * Signing in and calling the API in the end-to-end tests: the console's
 * sign-in form in Arabic, a demo account's token, and JSON calls with it.
 */

/** Signs a demo account in through the login page in Arabic ("دخول") and waits for the overview. */
export const signInAr = async (page: Page, email: string, password = DEMO_PASSWORD): Promise<void> => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'دخول', exact: true }).click();
  await page.waitForURL('**/overview');
};

/** A demo account's bearer token (POST /api/login). */
export const tokenOf = async (baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> => {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
};

/** A JSON call (GET without a body, POST with one); throws unless it answers 200. */
export const apiCall = async <T>(baseUrl: string, path: string, token: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** Errors the page throws or logs (a refused call's "Failed to load resource" is expected where a test provokes it). */
export const collectPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
};
