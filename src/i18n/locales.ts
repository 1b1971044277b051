import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../domain/localeCookie';

/**
 * The console's languages: which exist, which one a visitor starts with,
 * and which way each one is written.
 */
export const LOCALES = ['ar', 'en', 'de', 'fr'] as const;
export type AppLocale = (typeof LOCALES)[number];

/** The locale menu: each language named in itself. */
export const LOCALE_MENU: { locale: AppLocale; name: string }[] = [
  { locale: 'ar', name: 'العربية' },
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'fr', name: 'Français' },
];

/** The language a visitor starts in when neither a choice nor the browser gives one of ours, and no deployment chose. */
export const FALLBACK_LOCALE: AppLocale = 'en';

/**
 * A deployment's default language: `VITE_DEFAULT_LOCALE` when the console is built (one of ar, en, de, fr; `gr` reads
 * as de), else English. The demo sets Arabic in `.env.production` (docs/DECISIONS.md "The language a visitor starts
 * in"); a deployment overrides it with the variable at build time.
 */
export const deploymentLocale = (configured: string | undefined = import.meta.env?.VITE_DEFAULT_LOCALE): AppLocale =>
  normaliseLocale(configured) ?? FALLBACK_LOCALE;

/** Where the visitor's choice is remembered (outside react-admin's store, which logout clears). */
export const LOCALE_STORAGE_KEY = 'neomi.locale';

/** German is `de`, and `gr` is accepted as its alias (docs/DECISIONS.md "German is `de`"). */
const ALIASES: Record<string, AppLocale> = { gr: 'de' };

/** 'de-AT' → 'de', 'gr' → 'de', 'xx' → undefined. */
export const normaliseLocale = (value: string | null | undefined): AppLocale | undefined => {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  const locale = ALIASES[base] ?? base;
  return (LOCALES as readonly string[]).includes(locale) ? (locale as AppLocale) : undefined;
};

const readStoredLocale = (): string | null => {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const rememberLocale = (locale: AppLocale): void => {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
  // and for the server, which sends the prerendered pages in this language (domain/localeCookie.ts)
  if (typeof document !== 'undefined')
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
};

/**
 * The locale used when nothing else fits: the deployment's default (deploymentLocale). Declared after
 * normaliseLocale, which it calls.
 */
export const DEFAULT_LOCALE: AppLocale = deploymentLocale();

/** The stored choice, else the browser's first supported language (in its order of preference), else `fallback`. */
export const initialLocale = (fallback: AppLocale = DEFAULT_LOCALE): AppLocale => {
  const stored = normaliseLocale(readStoredLocale());
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const language of browser) {
    const locale = normaliseLocale(language);
    if (locale) return locale;
  }
  return fallback;
};

export type Direction = 'rtl' | 'ltr';
export const directionOf = (locale: string): Direction => (normaliseLocale(locale) === 'ar' ? 'rtl' : 'ltr');

/**
 * Sets <html lang dir> so the page, its scrollbars and its portals follow the language. Only what differs: the
 * browser takes any write of either as a change of every element's language or direction and recomputes every
 * element's style (a page the server rendered has both written already; docs/PERFORMANCE.md "Phone").
 */
export const applyDocumentLocale = (locale: AppLocale): void => {
  // the build's prerender (src/prerender/) has no document: its page's <html> is written with the language
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  if (html.lang !== locale) html.lang = locale;
  if (html.dir !== directionOf(locale)) html.dir = directionOf(locale);
};
