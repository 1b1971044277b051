import fs from 'node:fs';
import path from 'node:path';
import { localeInCookies } from '../domain/localeCookie';
import { type TextLocale, pickLocale } from '../domain/texts';
import { PRERENDERED_LIST, type PrerenderedList } from './prerenderedList';

/** The prerendered page a request for an address gets, chosen by the address and the visitor's language. */
export type PrerenderedPageOf = (
  pathname: string,
  headers: { cookie?: string; 'accept-language'?: string },
) => string | undefined;

/**
 * The build's prerendered light pages (sign-in, sign-up, password reset, 404) of the console in `consoleDir`: the
 * file to send for an address, in the language the console will start in there (src/i18n/locales.ts initialLocale):
 * the visitor's choice, kept in a cookie (domain/localeCookie.ts), else the first of the browser's languages that is
 * one of ours, else the build's default. Nothing when the build prerendered nothing (an older build) or the address
 * is not one of these pages: the server then sends index.html, which the scripts render.
 */
export const loadPrerenderedPages = (consoleDir: string): PrerenderedPageOf => {
  const listFile = path.join(consoleDir, PRERENDERED_LIST);
  if (!fs.existsSync(listFile)) return () => undefined;
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as PrerenderedList;
  const pages = list.pages.map((page) => ({ pattern: new RegExp(page.pattern, page.flags), files: page.files }));
  return (pathname, headers) => {
    const page = pages.find(({ pattern }) => pattern.test(pathname));
    if (!page) return undefined;
    const fallback = list.defaultLocale as TextLocale;
    return page.files[pickLocale(localeInCookies(headers.cookie), headers['accept-language'], fallback)];
  };
};
