import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
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

export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

/** Saves a picture of the page in test-results/screenshots: the whole page, or with `fullPage: false` what is in view. */
export const screenshot = async (page: Page, name: string, { fullPage = true } = {}): Promise<string> => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
};
