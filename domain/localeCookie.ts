/**
 * The visitor's language, kept in a cookie beside the console's own record of it (localStorage, src/i18n/locales.ts)
 * so that the server can send a prerendered page in that language before any script runs (server/prerenderedPages.ts;
 * docs/PERFORMANCE.md "Phone"). It holds one of the console's locale codes and nothing else: no session, no person.
 */
export const LOCALE_COOKIE = 'neomi.locale';

/** A year: the choice lasts as long as the browser keeps it, and is written again at every visit. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The cookie's value in a Cookie request header, if it is there. */
export const localeInCookies = (cookieHeader: string | undefined): string | undefined => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
};
