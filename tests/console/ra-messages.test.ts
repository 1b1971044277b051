import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { arabicMessages } from '../../src/i18n/ra/ar';
import { germanMessages } from '../../src/i18n/ra/de';
import { frenchMessages } from '../../src/i18n/ra/fr';

/** react-admin's base messages in each locale must cover exactly English's keys. */

type Flat = Map<string, unknown>;

const flatten = (node: unknown, prefix = '', out: Flat = new Map()): Flat => {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
};

const placeholders = (value: string): string[] => [...new Set(value.match(/%\{\w+\}/g) ?? [])];
const isPlural = (value: string): boolean => value.includes('smart_count') && value.includes('||||');
const formsOf = (value: string): string[] => value.split('||||').map((form) => form.trim());
/** Letters left once placeholders are removed (pure punctuation/placeholders need no translation). */
const hasLetters = (value: string): boolean => /\p{L}/u.test(value.replace(/%\{\w+\}/g, ''));

/**
 * Deliberate placeholder substitutions. German capitalises nouns, so
 * ra.sort.sort_by uses the field label as is (%{field}) rather than
 * %{field_lower_first}; react-admin passes both.
 */
const placeholderSubstitutes: Record<string, Record<string, Record<string, string>>> = {
  de: { 'ra.sort.sort_by': { '%{field_lower_first}': '%{field}' } },
};

const english = flatten(englishMessages);
const locales: Array<[string, TranslationMessages, number]> = [
  ['ar', arabicMessages, 6],
  ['de', germanMessages, 2],
  ['fr', frenchMessages, 2],
];

describe('ra-language-english reference', () => {
  it('has the react-admin 5 key tree', () => {
    expect(english.size).toBeGreaterThanOrEqual(164);
    for (const value of english.values()) expect(typeof value).toBe('string');
  });
});

describe.each(locales)('react-admin messages: %s', (locale, messages, pluralForms) => {
  const translated = flatten(messages);

  it('has exactly the key paths of English', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key)).sort();
    const extra = [...translated.keys()].filter((key) => !english.has(key)).sort();
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has a non-empty string for every key', () => {
    const bad = [...translated].filter(([, value]) => typeof value !== 'string' || value.length === 0);
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('keeps every placeholder of the English value', () => {
    const lost: string[] = [];
    for (const [key, en] of english) {
      const value = translated.get(key);
      if (typeof en !== 'string' || typeof value !== 'string') continue;
      for (const placeholder of placeholders(en)) {
        const expected = placeholderSubstitutes[locale]?.[key]?.[placeholder] ?? placeholder;
        if (!value.includes(expected)) lost.push(`${key}: ${expected}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it(`gives ${pluralForms} plural forms wherever English uses smart_count plurals`, () => {
    const wrong: string[] = [];
    for (const [key, en] of english) {
      const value = translated.get(key);
      if (typeof en !== 'string' || typeof value !== 'string' || !isPlural(en)) continue;
      const forms = formsOf(value);
      if (forms.length !== pluralForms || forms.some((form) => form.length === 0)) {
        wrong.push(`${key}: ${forms.length} forms`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('Arabic react-admin messages', () => {
  const arabic = flatten(arabicMessages);

  it('translates every value that has letters', () => {
    const untranslated = [...english]
      .filter(([key, en]) => typeof en === 'string' && hasLetters(en) && arabic.get(key) === en)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('has six forms exactly for the English plurals', () => {
    const pluralKeys = [...english].filter(([, en]) => typeof en === 'string' && isPlural(en)).map(([key]) => key);
    expect(pluralKeys.length).toBeGreaterThan(0);
    const sixForms = [...arabic]
      .filter(([, value]) => typeof value === 'string' && value.includes('||||'))
      .map(([key]) => key);
    expect(sixForms.sort()).toEqual(pluralKeys.sort());
  });

  it('picks the dual and the other Arabic forms through polyglot', () => {
    const i18n = polyglotI18nProvider(() => arabicMessages, 'ar');
    const deleted = (n: number) => i18n.translate('ra.notification.deleted', { smart_count: n });
    expect(deleted(0)).toBe('لم يتم حذف أي عنصر');
    expect(deleted(1)).toBe('تم حذف العنصر');
    expect(deleted(2)).toBe('تم حذف عنصرين');
    expect(deleted(3)).toBe('تم حذف 3 عناصر');
    expect(deleted(11)).toBe('تم حذف 11 عنصرًا');
    expect(deleted(100)).toBe('تم حذف 100 عنصر');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('تم تحديد عنصرين');
  });
});

describe('German react-admin messages', () => {
  it('picks singular and plural through polyglot', () => {
    const i18n = polyglotI18nProvider(() => germanMessages, 'de');
    expect(i18n.translate('ra.notification.deleted', { smart_count: 1 })).toBe('Element gelöscht');
    expect(i18n.translate('ra.notification.deleted', { smart_count: 2 })).toBe('2 Elemente gelöscht');
  });
});
