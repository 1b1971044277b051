/**
 * A message in Arabic's six plural forms, as polyglot chooses them by `smart_count` for the locale 'ar': zero, one,
 * two, few (3–10), many (11–99), other (100 and up, and what ends in 00–02).
 */
export const sixForms = (zero: string, one: string, two: string, few: string, many: string, other: string): string =>
  [zero, one, two, few, many, other].join(' |||| ');
