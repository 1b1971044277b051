import { dayParts } from '../../domain/format';

/*
 * A day typed in the order of the page's language: the order, and a stored day (YYYY-MM-DD) written and read in it.
 * No react-admin here: react-admin's forms use it through LocaleDateInput.tsx, the light kit order page's published
 * forms (src/signin/order-kit/) as it is.
 */

type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in a locale, and the mark between them (as the locale writes a short date). */
export const dateOrder = (locale: string): { order: Part[]; separator: string } => {
  const parts = dayParts(new Date(Date.UTC(2026, 11, 25)), locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const order = parts.map((p) => p.type).filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
  // the mark between the parts, without the direction marks Arabic puts around it
  const literal = parts.find((p) => p.type === 'literal')?.value.replace(/[\u200e\u200f\u061c\s]/g, '') || '/';
  return { order, separator: literal };
};

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const latinDigits = (text: string) => text.replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10));
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored day (YYYY-MM-DD) written in the locale's order with Latin digits; anything else as it is (being typed). */
export const formatDay = (value: unknown, locale: string): string => {
  if (typeof value !== 'string') return '';
  const iso = ISO_DAY.exec(value);
  if (!iso) return value;
  const { order, separator } = dateOrder(locale);
  const of = { year: iso[1], month: iso[2], day: iso[3] };
  return order.map((part) => of[part]).join(separator);
};

/** A typed day in the locale's order (any separator, Arabic-Indic digits too) as YYYY-MM-DD; else the text as typed. */
export const parseDay = (text: string, locale: string): string => {
  const numbers = latinDigits(text)
    .trim()
    .split(/[^\d]+/)
    .filter(Boolean);
  const { order } = dateOrder(locale);
  if (numbers.length !== 3) return text;
  const of = Object.fromEntries(order.map((part, i) => [part, numbers[i]])) as Record<Part, string>;
  if (of.year.length !== 4) return text;
  const [y, m, d] = [Number(of.year), Number(of.month), Number(of.day)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return text;
  return `${of.year}-${of.month.padStart(2, '0')}-${of.day.padStart(2, '0')}`;
};
