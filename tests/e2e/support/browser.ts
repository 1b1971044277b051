import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './server';

/** Debian's Chromium, headless, quiet, no network of its own (STACK-NOTES.md). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // playwright gives each launch a fresh temporary user-data-dir
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });

export type Locale = 'en' | 'ar';

/** A fresh context (own storage) whose browser language is `locale`: the console starts in it. */
export const newPage = async (browser: Browser, baseURL: string, locale: Locale): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL, locale: locale === 'ar' ? 'ar-EG' : 'en-US', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
};

export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

export const screenshot = async (page: Page, name: string): Promise<string> => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
};

/** The sidebar (react-admin's <Menu>, an ARIA menu). */
export const sidebar = (page: Page) => page.locator('ul[role="menu"][class*="RaMenu-"]');

/** Texts of the sidebar items, in order. */
export const sidebarItems = async (page: Page): Promise<string[]> => {
  const menu = sidebar(page);
  await menu.getByRole('menuitem').first().waitFor();
  // the label only: a count badge on an item's icon is not part of its name
  return (await menu.locator('[role="menuitem"] [data-menu-label]').allInnerTexts()).map((t) => t.trim());
};
