/**
 * How numbers and dates are written, in every locale, on both sides (the console and the server's documents):
 * the one place that calls Intl.NumberFormat and Intl.DateTimeFormat (tests/repo/one-formatter.test.ts keeps it so).
 *
 * The digit rule (docs/DECISIONS.md "Latin digits in every language"): Latin digits 0–9 in every locale, Arabic
 * included; each language keeps its own month names, separators and order («21 نوفمبر 2026», "21.11.2026").
 */

/** The BCP 47 tag a locale is written with: its language, Latin digits ('ar' → 'ar-u-nu-latn'). */
export const intlLocale = (locale: string): string => {
  const base = (locale || 'en').trim().split(/[-_]/)[0].toLowerCase() || 'en';
  return `${base === 'gr' ? 'de' : base}-u-nu-latn`;
};

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), options)));
  return format;
};

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), options)));
  return format;
};

/** A number in the locale ('1,234.5', '1.234,5', '1 234,5', '1,234.5' in Arabic); '' for none or not a number. */
export const formatNumber = (value: unknown, locale: string, options?: Intl.NumberFormatOptions): string => {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? numberFormat(locale, options).format(n) : '';
};

type DateLike = Date | string | number | null | undefined;

const toDate = (value: DateLike): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** The short date of a moment ('21/11/2026', '11/21/2026', '21.11.2026'), in the browser's time zone; '' for none. */
export const formatDate = (value: DateLike, locale: string, options?: Intl.DateTimeFormatOptions): string => {
  const date = toDate(value);
  return date ? dateFormat(locale, options ?? { day: 'numeric', month: 'numeric', year: 'numeric' }).format(date) : '';
};

/** A moment with its time ('21/11/2026، 14:05'); '' for none. */
export const formatDateTime = (value: DateLike, locale: string, options?: Intl.DateTimeFormatOptions): string => {
  const date = toDate(value);
  return date ? dateFormat(locale, options ?? { dateStyle: 'short', timeStyle: 'short' }).format(date) : '';
};

/**
 * A calendar day stored without a time ('2018-03-01': a birth date, a course's start, a month '2026-11'), read and
 * written in UTC: `new Date('2018-03-01')` is midnight UTC, which a browser west of Greenwich would show as the day
 * before. '' for none.
 */
export const formatDay = (value: DateLike, locale: string, options?: Intl.DateTimeFormatOptions): string => {
  if (value === null || value === undefined || value === '') return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const day = /^\d{4}-\d{2}$/.test(text) ? `${text}-01` : text.slice(0, 10);
  const date = toDate(`${day}T00:00:00Z`);
  const format: Intl.DateTimeFormatOptions = options ?? { day: 'numeric', month: 'numeric', year: 'numeric' };
  return date ? dateFormat(locale, { ...format, timeZone: 'UTC' }).format(date) : '';
};

/** The parts of a day as the locale writes it (the order of day, month and year in a date input). */
export const dayParts = (date: Date, locale: string, options: Intl.DateTimeFormatOptions) =>
  dateFormat(locale, { ...options, timeZone: 'UTC' }).formatToParts(date);

/** Items joined the way the locale lists them ('a, b and c', «أ، ب و ج»). */
export const formatList = (items: string[], locale: string, options?: Intl.ListFormatOptions): string =>
  new Intl.ListFormat(intlLocale(locale), options).format(items);
