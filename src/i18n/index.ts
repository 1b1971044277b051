import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import {
  type AppLocale,
  LOCALE_MENU,
  applyDocumentLocale,
  normaliseLocale,
  rememberLocale,
  DEFAULT_LOCALE,
} from './locales';

/**
 * The i18nProvider: polyglot over one message set per locale. Each locale's
 * messages are their own chunk, loaded when first chosen; the starting
 * locale is loaded before the first render (see main.tsx).
 */
const loaders: Record<AppLocale, () => Promise<{ default: TranslationMessages }>> = {
  ar: () => import('./messages/ar'),
  en: () => import('./messages/en'),
  de: () => import('./messages/de'),
  fr: () => import('./messages/fr'),
};

const loaded = new Map<AppLocale, TranslationMessages>();

export const loadMessages = async (locale: AppLocale): Promise<TranslationMessages> => {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const messages = (await loaders[locale]()).default;
  loaded.set(locale, messages);
  return messages;
};

/** Listeners told when the locale has changed (the theme direction and emotion cache follow it). */
type Listener = (locale: AppLocale) => void;
const listeners = new Set<Listener>();
let current: AppLocale = DEFAULT_LOCALE;

export const currentLocale = (): AppLocale => current;
export const subscribeLocale = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const setCurrent = (locale: AppLocale) => {
  current = locale;
  applyDocumentLocale(locale);
  rememberLocale(locale);
  listeners.forEach((l) => l(locale));
};

/**
 * Builds the provider for a locale whose messages are already loaded.
 * changeLocale accepts aliases ('gr'), loads the messages, then switches the
 * document direction and remembers the choice: no reload needed.
 */
export const buildI18nProvider = (locale: AppLocale, messages: TranslationMessages): I18nProvider => {
  loaded.set(locale, messages);
  const polyglot = polyglotI18nProvider(
    (l) => loaded.get(normaliseLocale(l) ?? DEFAULT_LOCALE) ?? loadMessages(normaliseLocale(l) ?? DEFAULT_LOCALE),
    locale,
    LOCALE_MENU,
  );
  setCurrent(locale);
  return {
    ...polyglot,
    changeLocale: async (requested: string) => {
      const next = normaliseLocale(requested) ?? DEFAULT_LOCALE;
      await loadMessages(next);
      await polyglot.changeLocale(next);
      setCurrent(next);
    },
  };
};
