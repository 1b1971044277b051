import type { BrowserContextOptions, Page } from 'playwright-core';

/** A 390 × 844 phone with touch (docs/PRODUCT.md §2 "Phones"). */
export const PHONE = { width: 390, height: 844 };
/**
 * A phone: its screen, touch, and its browser's User-Agent (Chromium's on Android, with which it also sends
 * `Sec-CH-UA-Mobile: ?1`), by which the server renders a page for a phone (server/renderedPages.ts screenOf).
 */
export const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: PHONE,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/**
 * What goes sideways on the page as shown: the page wider than the screen
 * (`document.documentElement.scrollWidth`), a table or list reaching past
 * the screen's edge (clipped by its card, so the page itself stays narrow),
 * a box that scrolls sideways. Empty when the page fits; each entry names
 * the element and its text, for the failure message.
 */
export const sidewaysOverflow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? ` aria-label="${el.getAttribute('aria-label')}"` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
    for (const el of Array.from(document.querySelectorAll('table, ul, ol, [role="table"], [role="list"]'))) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.left < -1 || box.right > width + 1))
        found.push(`${name(el)} reaches from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
    }
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return found;
  });

/** Whether the page's title in the top bar is shown whole (not cut with an ellipsis behind the icons). */
export const titleShownWhole = (page: Page): Promise<boolean> =>
  page
    .locator('#react-admin-title')
    .evaluate(
      (el) => el.textContent !== '' && el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
    );
