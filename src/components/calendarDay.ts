/**
 * A calendar day stored without a time ('2018-03-01': a birth date, a
 * course's start) written in the user's language. It is read and written in
 * UTC: `new Date('2018-03-01')` is midnight UTC, which a browser west of
 * Greenwich would show as the day before.
 */
export const calendarDay = (value: unknown, locale: string): string => {
  if (value === null || value === undefined || value === '') return '';
  const day = String(value).slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(locale, { timeZone: 'UTC' });
};
