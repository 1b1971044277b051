import type { Page } from 'playwright-core';
import { offendingTexts, visibleTexts } from '../../support/visibleTexts';

/**
 * The texts a reader meets on the page as shown (texts and accessible names) that break the console's text rules:
 * a raw code (admin_approve), one of MUI's English defaults, Arabic-Indic digits (tests/support/visibleTexts.ts, the
 * same rules the console tests apply in jsdom).
 */
export const offendingTextsOn = async (page: Page): Promise<string[]> =>
  // the function itself is sent to the page (it reads only the page's document), called there without a root
  offendingTexts(await page.evaluate(visibleTexts as () => string[]));
