/**
 * The rules of a child's activity and its evaluation (docs/PRODUCT.md §3 "Activity",
 * §4 "Activity status" and "Badges"), in one place for the server that
 * enforces them and the console that offers the matching buttons.
 */
import { ACTIVITY_STATUS, ACTIVITY_STATUSES, BADGES } from './codes';

export type ActivityStatus = (typeof ACTIVITY_STATUS)[keyof typeof ACTIVITY_STATUS];

/**
 * The statuses a teacher can give when evaluating: everything but Pending.
 * Saving an evaluation without one of them answers 'Please select an activity status.'.
 */
export const EVALUATION_STATUSES = ACTIVITY_STATUSES.filter((s) => s.id !== ACTIVITY_STATUS.pending);

/**
 * Badges: one reading, 1 no evaluation, 2 speed, 3 perfection, 4 quality,
 * 5 excellence, shown only above 1 (domain/codes.ts BADGES, isBadgeShown).
 *
 * Why this reading (docs/DECISIONS.md "Badges"): the specification gives two. The other one ("0 none; 1 to 4
 * speed, perfection, quality, excellence") makes 0 mean both "not evaluated
 * yet" and "evaluated without a badge". With 1..5 every stored value is a
 * teacher's choice (1 = "no badge"), the column never holds 0, and the
 * console shows a badge only when one was given (> 1). An activity that has
 * not been evaluated keeps the default 1 and shows none.
 */
export const NO_BADGE = BADGES[0].id;

/** Creativity scores (originality, fluency, flexibility, activity) given by the teacher. */
export const SCORE_RANGE = { min: 0, max: 10 } as const;
/** Star ratings: the teacher's rating of the work, the family's rating of the evaluation. */
export const RATING_RANGE = { min: 1, max: 5 } as const;

export interface Scores {
  originality?: number | null;
  fluency?: number | null;
  flexibility?: number | null;
  activity_score?: number | null;
}

/**
 * The grade of an evaluated activity, 0 to 100: the mean of the scores the
 * teacher gave, as a percentage of SCORE_RANGE.max; null when none was given.
 */
export function gradeOf(scores: Scores): number | null {
  const given = [scores.originality, scores.fluency, scores.flexibility, scores.activity_score].filter(
    (s): s is number => typeof s === 'number',
  );
  if (!given.length) return null;
  const mean = given.reduce((a, b) => a + b, 0) / given.length;
  return Math.round((mean / SCORE_RANGE.max) * 100);
}

/**
 * What the family may do with its child's activity at each status (docs/PRODUCT.md §4 "Activity status"):
 * edit and delete only while Pending; view once it has been evaluated. The specification
 * names viewing "at 1 and 3"; we offer it at 2 as well, since "Accepted With
 * Modification" carries the teacher's feedback the family needs to read (docs/DECISIONS.md "A family reads").
 */
export const familyActions = (status: number) => ({
  edit: status === ACTIVITY_STATUS.pending,
  delete: status === ACTIVITY_STATUS.pending,
  view: status !== ACTIVITY_STATUS.pending,
  /** the family rates the evaluation once there is one */
  rate: status !== ACTIVITY_STATUS.pending,
});

/**
 * Whether a teacher may save an evaluation: not while the activity waits for
 * the family to resubmit it (status 3); the family hands in a new one, which
 * names this one as `previous_id`.
 */
export const canSaveEvaluation = (status: number) => status !== ACTIVITY_STATUS.resubmit;

/** Whether a family may hand in a new version of this activity. */
export const canResubmit = (status: number) => status === ACTIVITY_STATUS.resubmit;

/** Kinds of notifications, each with its i18n title key and icon (top bar). */
export const NOTIFICATION_KINDS = {
  activity_submitted: { titleKey: 'app.notifications.kinds.activity_submitted', icon: 'assignment' },
  activity_evaluated: { titleKey: 'app.notifications.kinds.activity_evaluated', icon: 'grading' },
  activity_rated: { titleKey: 'app.notifications.kinds.activity_rated', icon: 'star' },
  message: { titleKey: 'app.notifications.kinds.message', icon: 'mail' },
  report: { titleKey: 'app.notifications.kinds.report', icon: 'assessment' },
  kit_order: { titleKey: 'app.notifications.kinds.kit_order', icon: 'shopping_basket' },
  form_answer: { titleKey: 'app.notifications.kinds.form_answer', icon: 'dynamic_form' },
  certificate_issued: { titleKey: 'app.notifications.kinds.certificate_issued', icon: 'workspace_premium' },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

/** A report notification's content: a console link to a student's report (docs/PRODUCT.md §3 "Report notification"). */
export const REPORT_LINK = /^\/report\/(\d{1,10})(\/[12])?$/;

/** Gallery kinds: accepted activities; answers to lesson tasks (exam answers join later). */
export const GALLERY_PAGE_SIZE = 24;
