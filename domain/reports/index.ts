/**
 * The Neomi reports (docs/api/reports.md): the creativity dimensions they
 * show, the report levels, and the rules shared by server and console.
 */
export * from './statistics';

/** The word scores' dimensions (docs/SCORING.md), in the order reports show them. */
export const DIMENSIONS = ['fluency', 'flexibility', 'originality'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
/** The dimensions and their sum, the learner's total score. */
export const MEASURES = [...DIMENSIONS, 'total'] as const;
export type Measure = (typeof MEASURES)[number];

/** Print layouts (docs/PRODUCT.md §2 "Print pages"): a learner's test, or corrected (with categories and points). */
export const PRINT_KINDS = ['exam', 'corrected'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** The word challenges a per-challenge report call names (POST /answers/test/one|two|three/report). */
export const CHALLENGE_WORDS = { one: 1, two: 2, three: 3 } as const;

/** Whole years between a birth date ('YYYY-MM-DD') and a day; null when either is unknown. */
export function ageAt(birthdate: string | null | undefined, day: Date | string | null | undefined): number | null {
  if (!birthdate || !day) return null;
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const at = typeof day === 'string' ? new Date(day) : day;
  if (![by, bm, bd].every(Number.isFinite) || Number.isNaN(at.getTime())) return null;
  let age = at.getUTCFullYear() - by;
  const beforeBirthday = at.getUTCMonth() + 1 < bm || (at.getUTCMonth() + 1 === bm && at.getUTCDate() < bd);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** Ages (whole years at the test date) of each age group code (domain/codes AGE_GROUPS); 5 "all ages" has no bounds. */
export const AGE_GROUP_YEARS: Readonly<Record<number, readonly [number, number] | null>> = {
  1: [0, 5],
  2: [6, 8],
  3: [9, 12],
  4: [13, 150],
  5: null,
};
