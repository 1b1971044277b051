import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatList, formatNumber, intlLocale } from '../../domain/format';

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('domain/format: one way to write numbers and dates per locale', () => {
  it('Latin digits in every locale, Arabic included', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(intlLocale('gr')).toBe('de-u-nu-latn');
    expect(formatNumber(1234.5, 'ar')).not.toMatch(ARABIC_INDIC);
    expect(formatNumber(1234.5, 'ar')).toMatch(/1.?234.5/);
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    for (const locale of ['ar', 'en', 'de', 'fr']) {
      expect(formatDate('2026-11-21T10:00:00Z', locale)).not.toMatch(ARABIC_INDIC);
      expect(formatDateTime('2026-11-21T10:00:00Z', locale)).not.toMatch(ARABIC_INDIC);
      expect(formatDay('2026-11-21', locale, { dateStyle: 'long' })).not.toMatch(ARABIC_INDIC);
    }
    expect(formatDay('2026-11-21', 'ar', { dateStyle: 'long' })).toContain('نوفمبر');
  });

  it('a stored day stays that day in any time zone; a month alone is its first day', () => {
    expect(formatDay('2018-03-01', 'en')).toBe('3/1/2018');
    expect(formatDay('2018-03-01T00:00:00.000Z', 'de')).toBe('1.3.2018');
    expect(formatDay('2026-11', 'en', { month: 'short', year: 'numeric' })).toBe('Nov 2026');
    expect(formatDay(new Date(Date.UTC(2026, 10, 21)), 'fr', { day: 'numeric', month: 'long', year: 'numeric' })).toBe(
      '21 novembre 2026',
    );
  });

  it('nothing for nothing or for a wrong value', () => {
    expect(formatNumber(null, 'ar')).toBe('');
    expect(formatNumber('x', 'ar')).toBe('');
    expect(formatDate('', 'ar')).toBe('');
    expect(formatDate('not a date', 'ar')).toBe('');
    expect(formatDay(undefined, 'ar')).toBe('');
  });

  it('lists in the language', () => {
    expect(formatList(['a', 'b', 'c'], 'en')).toBe('a, b, and c');
    expect(formatList(['a', 'b'], 'fr')).toBe('a et b');
  });
});
