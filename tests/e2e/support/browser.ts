import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { SidebarGroups } from '../../support/sidebarByRole';
import { ROOT } from './server';

/** Debian's Chromium, headless, quiet, no network of its own (docs/STACK.md "Headless Chromium"). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // playwright gives each launch a fresh temporary user-data-dir
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export type Locale = 'en' | 'ar';

/** A fresh context (own storage) whose browser language is `locale`: the console starts in it. */
export const newPage = async (
  browser: Browser,
  baseURL: string,
  locale: Locale,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    baseURL,
    locale: locale === 'ar' ? 'ar-EG' : 'en-US',
    viewport: { width: 1280, height: 860 },
  });
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

/** Opens every closed section of the sidebar (its headers say aria-expanded="false"). */
export const expandSidebar = async (page: Page): Promise<void> => {
  const menu = sidebar(page);
  await menu.getByRole('menuitem').first().waitFor();
  const closed = menu.locator('[data-sidebar-section][aria-expanded="false"]');
  for (const id of await closed.evaluateAll((headers) => headers.map((h) => h.getAttribute('data-sidebar-section')))) {
    await menu.locator(`[data-sidebar-section="${id}"]`).click();
    await menu.locator(`[data-sidebar-section="${id}"][aria-expanded="true"]`).waitFor();
  }
};

/**
 * The sidebar as shown, every section opened: each section's header and its
 * items' labels (null for the items without a header), in order. A count
 * badge on an icon is not part of a label.
 */
export const sidebarGroups = async (page: Page): Promise<SidebarGroups> => {
  await expandSidebar(page);
  return sidebar(page).evaluate((menu) => {
    const groups: [string | null, string[]][] = [];
    const labelsIn = (el: Element) =>
      Array.from(el.querySelectorAll('[role="menuitem"] [data-menu-label]')).map((l) => (l.textContent ?? '').trim());
    for (const child of Array.from(menu.children)) {
      if (child.hasAttribute('data-sidebar-section'))
        groups.push([(child.querySelector('[data-section-label]')?.textContent ?? '').trim(), []]);
      else if (child.matches('[role="menuitem"]') && child.querySelector('[data-menu-label]')) {
        const label = (child.querySelector('[data-menu-label]')?.textContent ?? '').trim();
        const last = groups[groups.length - 1];
        if (last && last[0] === null) last[1].push(label);
        else groups.push([null, [label]]);
      } else if (groups.length) groups[groups.length - 1][1].push(...labelsIn(child));
    }
    return groups;
  });
};
