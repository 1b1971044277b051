/**
 * Rules of schools, regions and seats that both sides need: seat request
 * states and their order of decision, and the kinds and limits of the two
 * enrolment templates (their columns and headers: domain/templates.ts).
 */

/** The languages a template can be written in (the console's). */
export const TEMPLATE_LOCALES = ['ar', 'en', 'de', 'fr'] as const;
export type Locale = (typeof TEMPLATE_LOCALES)[number];

/** Seat request status (codes.ts SEAT_REQUEST_STATUSES). */
export const SEAT_STATUS = { pending: 0, approved: 1, declined: 2 } as const;
export type SeatStatus = (typeof SEAT_STATUS)[keyof typeof SEAT_STATUS];

/** Who decides a request next: the region admin, then the platform admin; none once decided. */
export type SeatStage = 'region' | 'admin' | 'done';
export const seatStage = (request: { status: number; region_status: number }): SeatStage => {
  if (request.status !== SEAT_STATUS.pending) return 'done';
  return request.region_status === SEAT_STATUS.pending ? 'region' : 'admin';
};

/** Largest request: a school asks for at most this many seats at once. */
export const MAX_SEATS_PER_REQUEST = 10_000;
/** Largest bulk enrolment file. */
export const MAX_IMPORT_ROWS = 5_000;
/** At most this many students moved into a group in one call. */
export const MAX_GROUP_ASSIGNMENT = 500;

export type TemplateKind = 'students' | 'teachers';
export type ImportMode = 'check' | 'all' | 'valid';
export const IMPORT_MODES = ['check', 'all', 'valid'] as const satisfies readonly ImportMode[];

/** The columns of the two templates and their headers in every language: domain/templates.ts. */

/**
 * A group's name in a picker, unambiguous across schools and courses: "school · class · course"
 * (the parts it has). Two schools' "Class 3A" of one course, or one school's class in two
 * courses, no longer read the same. Each part is a bidirectional isolate (U+2068 … U+2069), so
 * an English course name beside an Arabic class keeps the parts in order in a right-to-left page.
 */
export const groupLabel = (group: { name: string; school_name?: string | null; course_name?: string | null }): string =>
  [group.school_name, group.name, group.course_name]
    .filter((part): part is string => !!part?.trim())
    .map((part) => `\u2068${part}\u2069`)
    .join(' · ');

/** A label without its direction isolates (to compare with plain text). */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');
