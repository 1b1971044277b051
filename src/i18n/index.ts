import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { type MessageTree, flatten, merge } from './app/nest';
import {
  type AppLocale,
  LOCALE_MENU,
  applyDocumentLocale,
  normaliseLocale,
  rememberLocale,
  DEFAULT_LOCALE,
} from './locales';

/**
 * The i18nProvider: polyglot over one message set per locale, each its own
 * chunks, loaded when first chosen; the starting locale is loaded before the
 * first render (see main.tsx). A locale's set is its foundation (react-admin's
 * and app/<locale>.ts: foundation/<locale>.ts) and its areas' messages
 * (areas/<area>/<locale>.ts). The whole console loads them all
 * (messages/<locale>.ts); a first visit to a public page only the foundation
 * and the areas its pages name (publicPaths.ts PUBLIC_PAGE_AREAS), about a
 * third of the Arabic messages for /login (docs/PERFORMANCE.md "Console download").
 */
const wholeSets: Record<AppLocale, () => Promise<{ default: TranslationMessages }>> = {
  ar: () => import('./messages/ar'),
  en: () => import('./messages/en'),
  de: () => import('./messages/de'),
  fr: () => import('./messages/fr'),
};
const foundations: Record<AppLocale, () => Promise<{ default: MessageTree }>> = {
  ar: () => import('./foundation/ar'),
  en: () => import('./foundation/en'),
  de: () => import('./foundation/de'),
  fr: () => import('./foundation/fr'),
};
/*
 * The areas a public page may name (publicPaths.ts PUBLIC_PAGE_AREAS), each its own chunk; an area left out here
 * loads nothing alone, and a key of it asked for loads every message (see `translate` below).
 */
const areaFiles = import.meta.glob<{ default: MessageTree }>(
  './areas/{exams,learnerResults,public,reports,teaching}/*.ts',
);

/** Which messages the pages shown so far need: all of them (the console), or some areas' (public pages). */
type Wanted = 'all' | readonly string[];

interface LocaleParts {
  whole?: TranslationMessages;
  foundation?: MessageTree;
  areas: Map<string, MessageTree>;
  /** the foundation and the loaded areas merged, and their keys (see `translate` below) */
  merged?: { messages: TranslationMessages; keys: Set<string> };
}
const parts = new Map<AppLocale, LocaleParts>();
const partsOf = (locale: AppLocale): LocaleParts => {
  let p = parts.get(locale);
  if (!p) parts.set(locale, (p = { areas: new Map() }));
  return p;
};

/** The messages of a locale as loaded so far: all of them, or the foundation and the areas loaded. */
const loadedMessages = (locale: AppLocale): TranslationMessages | undefined => {
  const p = partsOf(locale);
  if (p.whole) return p.whole;
  if (!p.foundation) return undefined;
  p.merged ??= (() => {
    const messages = merge(p.foundation!, ...[...p.areas.keys()].sort().map((area) => p.areas.get(area)!));
    return { messages: messages as unknown as TranslationMessages, keys: new Set(Object.keys(flatten(messages))) };
  })();
  return p.merged.messages;
};

/**
 * Loads a locale's messages: all of them (the default), or the foundation and some areas (an area without a file in
 * that locale, as `files` in English, has nothing to load).
 */
export const loadMessages = async (locale: AppLocale, wanted: Wanted = 'all'): Promise<TranslationMessages> => {
  const p = partsOf(locale);
  if (wanted === 'all') {
    p.whole ??= (await wholeSets[locale]()).default;
    return p.whole;
  }
  if (!p.whole) {
    const missing = wanted.filter((area) => !p.areas.has(area) && areaFiles[`./areas/${area}/${locale}.ts`]);
    const [foundation, ...areas] = await Promise.all([
      p.foundation ?? foundations[locale]().then((m) => m.default),
      ...missing.map((area) => areaFiles[`./areas/${area}/${locale}.ts`]().then((m) => m.default)),
    ]);
    if (!p.foundation || missing.length) p.merged = undefined;
    p.foundation = foundation;
    missing.forEach((area, i) => p.areas.set(area, areas[i]));
  }
  return loadedMessages(locale)!;
};

let wanted: Wanted = 'all';

/** Listeners told when more messages of the current locale have arrived (the public pages render again). */
const messageListeners = new Set<() => void>();
let messagesVersion = 0;
export const subscribeMessages = (listener: () => void): (() => void) => {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
};
export const currentMessagesVersion = (): number => messagesVersion;

/** The polyglot provider of buildI18nProvider, told to read the messages again when more have arrived. */
let polyglot: I18nProvider | undefined;
const pendingAreas = new Map<string, Promise<void>>();

const refresh = async () => {
  await polyglot?.changeLocale(current);
  messagesVersion += 1;
  messageListeners.forEach((l) => l());
};

/**
 * The public pages (main.tsx, PublicApp.tsx): only the foundation and `areas` are wanted so far. Called once,
 * before the starting locale's messages are loaded.
 */
export const startWithAreas = (areas: readonly string[]): void => {
  wanted = [...areas];
};

/** The whole console's messages are wanted (the server's render of a family page, as the family app loads them). */
export const startWithAllMessages = (): void => {
  wanted = 'all';
};

/**
 * Makes sure a public page's areas are loaded in the current locale: undefined when they are, else a promise
 * (the same one for the same areas) settled once they are and the provider reads them.
 */
export const needAreas = (areas: readonly string[]): Promise<void> | undefined => {
  if (wanted === 'all') return undefined;
  const p = partsOf(current);
  const missing = areas.filter((area) => !p.areas.has(area) && areaFiles[`./areas/${area}/${current}.ts`]);
  if (p.whole || (p.foundation && !missing.length)) return undefined;
  const key = `${current}:${missing.join(',')}`;
  let pending = pendingAreas.get(key);
  if (!pending) {
    wanted = [...new Set([...wanted, ...areas])];
    pending = loadMessages(current, wanted).then(refresh);
    pendingAreas.set(key, pending);
  }
  return pending;
};

let widening: Promise<void> | undefined;
/** Every message from now on: the whole console takes over (main.tsx), or a page asked for a key not loaded. */
export const wantAllMessages = (): Promise<void> =>
  (widening ??= (async () => {
    if (wanted === 'all' && partsOf(current).whole) return;
    wanted = 'all';
    await loadMessages(current, 'all');
    await refresh();
  })());

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
 * document direction and remembers the choice: no reload needed. While only
 * some areas are loaded, a key of ours (app.*) that they lack makes the rest
 * load (a page that named too few areas): it shows its default until then.
 */
export const buildI18nProvider = (locale: AppLocale, messages: TranslationMessages): I18nProvider => {
  const p = partsOf(locale);
  if (wanted === 'all' || !loadedMessages(locale)) p.whole ??= messages;
  const provider = polyglotI18nProvider(
    (l) => {
      const next = normaliseLocale(l) ?? DEFAULT_LOCALE;
      return loadedMessages(next) ?? loadMessages(next, wanted);
    },
    locale,
    LOCALE_MENU,
  );
  polyglot = provider;
  setCurrent(locale);
  return {
    ...provider,
    translate: (key: string, options?: Record<string, unknown>) => {
      const merged = wanted === 'all' ? undefined : partsOf(current).merged;
      if (merged && key.startsWith('app.') && !merged.keys.has(key)) void wantAllMessages();
      return provider.translate(key, options);
    },
    changeLocale: async (requested: string) => {
      const next = normaliseLocale(requested) ?? DEFAULT_LOCALE;
      await loadMessages(next, wanted);
      await provider.changeLocale(next);
      setCurrent(next);
    },
  };
};
