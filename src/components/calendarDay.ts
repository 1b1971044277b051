import { formatDay } from '../../domain/format';

/**
 * A calendar day stored without a time ('2018-03-01': a birth date, a
 * course's start) written in the user's language, read and written in UTC
 * (domain/format.ts `formatDay`, Latin digits in every language).
 */
export const calendarDay = (value: unknown, locale: string): string =>
  value === null || value === undefined || value === '' ? '' : formatDay(String(value), locale);
