import { ar } from './ar';
import { de } from './de';
import { en, type TextKey } from './en';
import { fr } from './fr';
import { genderedKeys } from '../gender';

export { genderedKeys } from '../gender';

/**
 * The texts the server writes into documents (certificates, reports, prints,
 * exports, templates, the kit sample) and mails: one message set per locale
 * (en.ts is the key set; ar.ts, de.ts, fr.ts give every key), read through
 * `textsIn` / `textsFor`. The console's own messages are in src/i18n.
 *
 * Plurals and values work as in the console (polyglot): `%{name}` is replaced,
 * and a text with `||||` is a list of plural forms chosen by `smart_count`.
 * Gendered texts are variants of one key (`<key>_female`, `<key>_male`): the
 * same rule as the console's (domain/gender.ts, src/i18n/gender.tsx),
 * documented in docs/GLOSSARY.md "Gender".
 */
export type { TextKey } from './en';

export const TEXT_LOCALES = ['ar', 'en', 'de', 'fr'] as const;
export type TextLocale = (typeof TEXT_LOCALES)[number];

export const TEXTS: Readonly<Record<TextLocale, Readonly<Record<TextKey, string>>>> = { ar, en, de, fr };

/** A key without its gender suffix: what callers ask for. */
export type BaseTextKey = Exclude<TextKey, `${string}_female` | `${string}_male`>;
export type TextValues = Record<string, string | number | null | undefined>;

/**
 * Which plural form a count takes, as polyglot (node-polyglot's pluralTypes)
 * chooses it: Arabic has six forms (0, 1, 2, 3–10, 11–99, 100+ by the last two
 * digits), English and German two (1, other), French two (0 and 1, other).
 */
export const pluralForm = (locale: TextLocale, n: number): number => {
  switch (locale) {
    case 'ar': {
      if (n < 3) return n;
      const lastTwo = n % 100;
      if (lastTwo >= 3 && lastTwo <= 10) return 3;
      return lastTwo >= 11 ? 4 : 5;
    }
    case 'fr':
      return n >= 2 ? 1 : 0;
    default:
      return n !== 1 ? 1 : 0;
  }
};

/** A text with its values put in (and its plural form chosen by `smart_count`). */
export const formatText = (locale: TextLocale, text: string, values: TextValues = {}): string => {
  let chosen = text;
  const count = values.smart_count;
  if (typeof count === 'number' && text.includes('||||')) {
    const forms = text.split('||||').map((f) => f.trim());
    chosen = forms[Math.min(pluralForm(locale, Math.abs(count)), forms.length - 1)] ?? forms[0];
  }
  return chosen.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined || values[name] === null ? whole : String(values[name]),
  );
};

export type Translate = (key: BaseTextKey, values?: TextValues) => string;

/** The texts of a locale. */
export const textsIn = (locale: TextLocale): Translate => textsFor(locale, undefined);

/**
 * The texts of a locale for (or about) a person: gendered keys take the form of
 * the person's gender (a girl's certificate says «قد أتمّت»), others are as they are.
 */
export const textsFor =
  (locale: TextLocale, person: { gender?: number | null } | undefined): Translate =>
  (key, values) => {
    const set = TEXTS[locale] as Record<string, string>;
    const found = genderedKeys(key, person?.gender).find((k) => k in set) ?? key;
    return formatText(locale, set[found] ?? (en as Record<string, string>)[found] ?? key, values);
  };

/** A locale named by a request: `lang` first ('gr' is German), then Accept-Language, else `fallback`. */
export function pickLocale(
  lang: string | undefined,
  acceptLanguage: string | undefined,
  fallback: TextLocale = 'en',
): TextLocale {
  const known = (l: string): TextLocale | undefined => {
    const base = l.trim().toLowerCase().split(/[-_;]/)[0];
    if (base === 'gr') return 'de';
    return TEXT_LOCALES.find((x) => x === base);
  };
  if (lang) return known(lang) ?? fallback;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const found = known(part);
    if (found) return found;
  }
  return fallback;
}

/** A column header in every locale (a template read back accepts any of them). */
export const inEveryLocale = (key: BaseTextKey): Record<TextLocale, string> =>
  Object.fromEntries(TEXT_LOCALES.map((l) => [l, textsIn(l)(key)])) as Record<TextLocale, string>;
