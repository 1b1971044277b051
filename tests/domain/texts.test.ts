import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import {
  TEXT_LOCALES,
  TEXTS,
  formatText,
  genderedKeys,
  pickLocale,
  textsFor,
  textsIn,
  type TextLocale,
} from '../../domain/texts';

/**
 * The server's document and mail texts (domain/texts): the same parity rules
 * as the console's messages (tests/console/i18n-keys.test.ts), and plurals
 * chosen exactly as polyglot chooses them in the console.
 */
const english = TEXTS.en as Record<string, string>;
const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

describe('document texts: every locale has every key', () => {
  it.each(['ar', 'de', 'fr'] as const)('%s has exactly the keys English has', (locale) => {
    const keys = TEXTS[locale] as Record<string, string>;
    expect(Object.keys(english).filter((k) => !(k in keys))).toEqual([]);
    expect(Object.keys(keys).filter((k) => !(k in english))).toEqual([]);
  });

  it.each(['ar', 'de', 'fr'] as const)('%s keeps the placeholders of every text', (locale) => {
    const keys = TEXTS[locale] as Record<string, string>;
    const wrong = Object.keys(english).filter((k) => {
      const theirs = keys[k].split('||||').flatMap(placeholders);
      return placeholders(english[k]).some((p) => !theirs.includes(p));
    });
    expect(wrong).toEqual([]);
  });

  it('Arabic gives six plural forms wherever English has plural forms, German and French two', () => {
    const plural = Object.keys(english).filter((k) => english[k].includes('||||'));
    expect(plural).toContain('report.print.points');
    expect(plural).toContain('mail.reset.expiry');
    expect(plural.filter((k) => (TEXTS.ar as Record<string, string>)[k].split('||||').length !== 6)).toEqual([]);
    for (const locale of ['de', 'fr'] as const)
      expect(plural.filter((k) => (TEXTS[locale] as Record<string, string>)[k].split('||||').length !== 2)).toEqual([]);
  });

  it('no text is empty, and every gendered variant has its base key', () => {
    for (const locale of TEXT_LOCALES) {
      const keys = TEXTS[locale] as Record<string, string>;
      expect([locale, Object.keys(keys).filter((k) => !keys[k].trim())]).toEqual([locale, []]);
      const orphans = Object.keys(keys)
        .filter((k) => /_(female|male)$/.test(k))
        .filter((k) => !(k.replace(/_(female|male)$/, '') in keys));
      expect([locale, orphans]).toEqual([locale, []]);
    }
  });
});

describe('document texts: values, plurals and gender', () => {
  it('chooses the plural form polyglot chooses, for every count from 0 to 130 in every locale', () => {
    const forms = 'f0 |||| f1 |||| f2 |||| f3 |||| f4 |||| f5';
    for (const locale of TEXT_LOCALES) {
      const polyglot = polyglotI18nProvider(() => ({ x: forms }) as unknown as TranslationMessages, locale);
      for (let n = 0; n <= 130; n++)
        expect([locale, n, formatText(locale, forms, { smart_count: n })]).toEqual([
          locale,
          n,
          polyglot.translate('x', { smart_count: n }),
        ]);
    }
  });

  it('writes Arabic counts with the right form: «نقطة واحدة، نقطتان، 5 نقاط، 11 نقطة»', () => {
    const t = textsIn('ar');
    expect([1, 2, 5, 11, 100].map((n) => t('report.print.points', { smart_count: n }))).toEqual([
      'نقطة واحدة',
      'نقطتان',
      '5 نقاط',
      '11 نقطة',
      '100 نقطة',
    ]);
    expect(textsIn('en')('report.print.points', { smart_count: 1 })).toBe('1 point');
    expect(textsIn('fr')('report.print.points', { smart_count: 0 })).toBe('0 point');
  });

  it('speaks of a girl in the feminine and of a boy (or someone unknown) in the masculine', () => {
    expect(genderedKeys('certificate.completed', 2)).toEqual(['certificate.completed_female', 'certificate.completed']);
    expect(genderedKeys('certificate.completed', 1)).toEqual(['certificate.completed_male', 'certificate.completed']);
    expect(genderedKeys('certificate.completed', null)).toEqual(['certificate.completed']);
    const values = { course: 'الرسم' };
    expect(textsFor('ar', { gender: 2 })('certificate.completed', values)).toBe('قد أتمّت بنجاح دورة: الرسم');
    expect(textsFor('ar', { gender: 1 })('certificate.completed', values)).toBe('قد أتمّ بنجاح دورة: الرسم');
    expect(textsFor('ar', { gender: null })('certificate.completed', values)).toBe('قد أتمّ بنجاح دورة: الرسم');
  });

  it('reads the locale of a request: lang, else Accept-Language, else the fallback', () => {
    const cases: [string | undefined, string | undefined, TextLocale][] = [
      ['gr', undefined, 'de'],
      ['xx', 'ar', 'en'],
      [undefined, 'fr-CH, en;q=0.8', 'fr'],
      [undefined, 'es, de;q=0.5', 'de'],
      [undefined, undefined, 'en'],
    ];
    for (const [lang, accept, expected] of cases) expect(pickLocale(lang, accept)).toBe(expected);
    expect(pickLocale(undefined, undefined, 'ar')).toBe('ar');
  });
});
