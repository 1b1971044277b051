/**
 * A cohort of the reliability report (docs/RELIABILITY.md "What is compared"): the tests of one exam type (1 pre-test, 2
 * post-test) and challenge (1–3) started in one academic year. An academic year starts on 1 September (UTC): a test
 * started on 26 November 2026 or on 10 March 2027 belongs to 2026/27, whose cohort year is 2026.
 *
 * A cohort's id is `<exam type>-<challenge>-<year>`, e.g. `1-2-2026`: the pre-test's second challenge in 2026/27.
 */

export interface CohortRef {
  examType: number;
  challenge: number;
  year: number;
}

/** The month (0-based) an academic year starts in: September. */
export const ACADEMIC_YEAR_START_MONTH = 8;

/** The academic year (its first calendar year) a date falls in. */
export const academicYearOf = (date: Date): number =>
  date.getUTCMonth() >= ACADEMIC_YEAR_START_MONTH ? date.getUTCFullYear() : date.getUTCFullYear() - 1;

/** The first and the last instant of an academic year: [1 September year, 1 September year + 1). */
export const academicYearBounds = (year: number): [Date, Date] => [
  new Date(Date.UTC(year, ACADEMIC_YEAR_START_MONTH, 1)),
  new Date(Date.UTC(year + 1, ACADEMIC_YEAR_START_MONTH, 1)),
];

/** The form of a cohort id. */
export const COHORT_ID = /^([12])-([1-3])-(\d{4})$/;

export const cohortId = (c: CohortRef): string => `${c.examType}-${c.challenge}-${c.year}`;

/** A cohort id read back (undefined when it is not of the form). */
export function parseCohortId(id: string): CohortRef | undefined {
  const m = COHORT_ID.exec(id);
  return m ? { examType: Number(m[1]), challenge: Number(m[2]), year: Number(m[3]) } : undefined;
}

/** How an academic year is written: 2026/27. */
export const academicYearLabel = (year: number): string => `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
