/**
 * The codes of docs/PRODUCT.md §3, §4 and §9. Each list is the one place a code and
 * its label key live; the console translates `labelKey` in every locale.
 */
export interface Code<V extends number | string = number> {
  readonly id: V;
  /** i18n key of the label, under app.codes.* */
  readonly labelKey: string;
}

const codes = <V extends number | string>(group: string, ids: readonly (readonly [V, string])[]): readonly Code<V>[] =>
  ids.map(([id, name]) => ({ id, labelKey: `app.codes.${group}.${name}` }));

export const codeIds = <V extends number | string>(list: readonly Code<V>[]): V[] => list.map((c) => c.id);

/** User types (docs/PRODUCT.md §3 "User"). */
export const USER_TYPE = { family: 0, teacher: 1, guest: 3 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const USER_TYPES = codes('userType', [
  [0, 'family'],
  [1, 'teacher'],
  [3, 'guest'],
]);

/** Gender options differ per form (docs/PRODUCT.md §5 "Gender options"). 1 male, 2 female everywhere. */
export const GENDER = { other: 0, male: 1, female: 2 } as const;
export const FAMILY_GENDERS = codes('gender', [
  [2, 'mother'],
  [1, 'father'],
  [0, 'other'],
]);
export const TEACHER_GENDERS = codes('gender', [
  [1, 'male'],
  [2, 'female'],
]);
/** A guest test-taker is a child: girl / boy (the same codes). */
export const GUEST_GENDERS = codes('gender', [
  [2, 'girl'],
  [1, 'boy'],
]);
/**
 * A child's gender is stored with the users' codes, 1 male and 2 female (docs/DECISIONS.md "A child's gender: two
 * codes in, one stored"). The API also takes the codes of the specification's add-child form, 0 boy and 2 girl:
 * CHILD_GENDER_ALIASES maps them to the stored form.
 */
export const CHILD_GENDERS = codes('gender', [
  [1, 'boy'],
  [2, 'girl'],
]);
/** Codes the API accepts for a child's gender besides CHILD_GENDERS, and the code each is stored as: 0 boy → 1. */
export const CHILD_GENDER_ALIASES: Readonly<Record<number, number>> = { 0: 1 };

/** Account state: removed 0 active, anything else inactive. */
export const USER_STATUS = { active: 0, inactive: 1 } as const;

/** Student status filter (docs/PRODUCT.md §3 "Membership"). */
export const STUDENT_STATUS_FILTER = codes('studentStatus', [
  [1, 'active'],
  [2, 'inactive'],
  [3, 'hidden'],
]);

/** Activity status (docs/PRODUCT.md §4 "Activity status"). */
export const ACTIVITY_STATUS = { pending: 0, accepted: 1, acceptedWithModification: 2, resubmit: 3 } as const;
export const ACTIVITY_STATUSES = codes('activityStatus', [
  [0, 'pending'],
  [1, 'accepted'],
  [2, 'acceptedWithModification'],
  [3, 'resubmit'],
]);

/** Badges: 1 no evaluation, 2 speed, 3 perfection, 4 quality, 5 excellence; shown only above 1. */
export const BADGES = codes('badge', [
  [1, 'none'],
  [2, 'speed'],
  [3, 'perfection'],
  [4, 'quality'],
  [5, 'excellence'],
]);
export const isBadgeShown = (badgeId: number | null | undefined): boolean => (badgeId ?? 0) > 1;

/** Group and course status (docs/PRODUCT.md §4 "Group and course status"). */
export const GROUP_STATUSES = codes('groupStatus', [
  [0, 'inactive'],
  [1, 'active'],
  [3, 'hidden'],
]);

/** Seat request status. */
export const SEAT_REQUEST_STATUSES = codes('seatStatus', [
  [0, 'pending'],
  [1, 'approved'],
  [2, 'declined'],
]);

/** Age groups (docs/PRODUCT.md §4 "Age groups"); 5 removes the age filter. */
export const AGE_GROUP_ALL = 5;
export const AGE_GROUPS = codes('ageGroup', [
  [1, 'under6'],
  [2, 'from6to8'],
  [3, 'from9to12'],
  [4, 'over13'],
  [5, 'all'],
]);

/** Teacher fields (docs/PRODUCT.md §9 "Codes"). */
export const SPECIALIZATIONS = codes('specialization', [
  [0, 'computer'],
  [1, 'art'],
  [2, 'psychology'],
  [3, 'skillsDevelopment'],
  [4, 'math'],
  [5, 'other'],
]);
export const DEGREES = codes('degree', [
  [0, 'bachelor'],
  [1, 'master'],
  [2, 'doctorate'],
]);
export const AVAILABLE_HOURS = [4, 8, 12, 16, 20].map((h) => ({ id: h, labelKey: 'app.codes.hours', count: h }));
export const EXPERIENCE = codes('experience', [
  [0, 'none'],
  [1, 'lessThan1'],
  [2, 'from1to3'],
  [3, 'from3to5'],
  [4, 'from5to10'],
  [5, 'over10'],
]);
export const GRADES = codes('grade', [
  [0, 'kindergarten'],
  [1, 'primary'],
  [2, 'preparatory'],
  [3, 'secondary'],
  [4, 'university'],
  [5, 'other'],
]);
export const EMPLOYMENT = codes('employment', [
  [0, 'fullTime'],
  [1, 'partTime'],
  [2, 'unemployed'],
]);
export const EMPLOYMENT_PLACES = codes('employmentPlace', [
  [0, 'publicSchool'],
  [1, 'privateSchool'],
  [2, 'university'],
  [3, 'trainingCenter'],
  [4, 'other'],
]);

/** Countries (docs/PRODUCT.md §9 "Codes"); 'other' turns the field into free text. */
export const COUNTRY_OTHER = 'other';
export const COUNTRIES = codes('country', [
  ['EG', 'EG'],
  ['SA', 'SA'],
  ['IQ', 'IQ'],
  ['JO', 'JO'],
  ['PS', 'PS'],
  ['DZ', 'DZ'],
  ['SY', 'SY'],
  ['AE', 'AE'],
  ['DE', 'DE'],
  ['FR', 'FR'],
  ['US', 'US'],
  ['GB', 'GB'],
  [COUNTRY_OTHER, 'other'],
] as const);

/** Languages (docs/PRODUCT.md §9 "Codes"). */
export const COURSE_LANGUAGES = codes('language', [
  ['en', 'en'],
  ['ar', 'ar'],
  ['de', 'de'],
] as const);
export const CHILD_LANGUAGES = codes('language', [
  ['en', 'en'],
  ['ar', 'ar'],
  ['es', 'es'],
  ['zh', 'zh'],
  ['ru', 'ru'],
  ['fr', 'fr'],
] as const);
export const CHILD_SECOND_LANGUAGES = codes('language', [
  ['en', 'en'],
  ['ar', 'ar'],
  ['es', 'es'],
  ['zh', 'zh'],
  ['ru', 'ru'],
  ['fr', 'fr'],
  ['de', 'de'],
] as const);

/** Days Sunday to Saturday (0 = Sunday). */
export const DAYS = codes('day', [
  [0, 'sun'],
  [1, 'mon'],
  [2, 'tue'],
  [3, 'wed'],
  [4, 'thu'],
  [5, 'fri'],
  [6, 'sat'],
]);

/** Business constants (docs/PRODUCT.md §9). */
export const PAGE_SIZES = [10, 25, 50] as const;
/** The second list of page sizes, for a group's students (docs/DECISIONS.md "The second list of page sizes"); 10 first. */
export const GROUP_STUDENT_PAGE_SIZES = [10, 20, 50, 100] as const;
/** How many numbered page links a list shows (src/components/PageLinks.tsx). */
export const PAGE_LINKS = 5;
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;
/**
 * The longest side of a test stage's picture as stored (docs/DEPLOY.md "Less work per stage"): what a marker needs to
 * see a child's drawing whole on a screen. A photo is scaled down to it on the device before it is sent (less to
 * upload on a phone's network, less for the server to decode), and by the server for a client that did not.
 */
export const STAGE_IMAGE_MAX_SIDE = 1600;
/**
 * What an uploaded workbook (.xlsx, a zip) may unpack to before any spreadsheet reader sees it
 * (server/adapters/workbookGuard.ts; docs/api/schools.md "Bulk enrolment"): a 1 MB file can inflate
 * to gigabytes. Beyond any of these the import answers 413 app.import.workbookTooLarge.
 */
export const WORKBOOK_LIMITS = {
  /** all the parts together, unpacked (declared in the zip's directory, and counted while inflating) */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** parts (files and folders) in the zip */
  maxEntries: 200,
  /** unpacked / packed size of one part (real workbooks: 2 to 20) … */
  maxRatio: 100,
  /** … judged for parts that unpack to more than this */
  ratioFloorBytes: 1024 * 1024,
} as const;
export const DEFAULT_TEST_SECONDS = 1800;
export const NATIONAL_ID_LENGTH = 14;
/** A short text is shown cut at this many characters, with a way to read the rest (domain/shortText.ts). */
export const SHORT_TEXT_LENGTH = 130;
export const PASSWORD_MIN_LENGTH = 8;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const REQUEST_TIMEOUT_MS = 150_000;
/** A lazily loaded part of the console that has not arrived after this long is given up (src/lazyPart.ts). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Course approval by a holder of course_auth (/auth/courses). */
export const COURSE_APPROVAL = { waiting: 0, approved: 1, refused: 2 } as const;
export const COURSE_APPROVALS = codes('courseApproval', [
  [0, 'waiting'],
  [1, 'approved'],
  [2, 'refused'],
]);

/** Group and course status values (GROUP_STATUSES). */
export const GROUP_STATUS = { inactive: 0, active: 1, hidden: 3 } as const;

/** A group's gender (docs/PRODUCT.md §3 "Group"). */
export const GROUP_GENDERS = codes('groupGender', [
  [0, 'mixed'],
  [1, 'boys'],
  [2, 'girls'],
]);

/**
 * A learner's place in a group: 0 asked to join, then 1 active, 2 not
 * active (refused or stopped), 3 hidden (the student status filter of
 * docs/PRODUCT.md §3 "Membership"), 4 blocked ('You have been blocked from this group').
 */
export const MEMBER_STATUS = { pending: 0, active: 1, inactive: 2, hidden: 3, blocked: 4 } as const;
export const MEMBER_STATUSES = codes('memberStatus', [
  [0, 'pending'],
  [1, 'active'],
  [2, 'inactive'],
  [3, 'hidden'],
  [4, 'blocked'],
]);
/** The statuses a teacher sets on a member (not 0: a request is answered, not made, by staff). */
export const MEMBER_SET_STATUSES = MEMBER_STATUSES.filter((s) => s.id !== MEMBER_STATUS.pending);

/** A family's request to join a course or a group: 0 waiting, 1 accepted, 2 refused. */
export const REQUEST_STATUS = { waiting: 0, accepted: 1, refused: 2 } as const;
export const REQUEST_STATUSES = codes('requestStatus', [
  [0, 'waiting'],
  [1, 'accepted'],
  [2, 'refused'],
]);

/** Kinds of a lesson activity (the task a child does). */
export const ACTIVITY_KINDS = codes('activityKind', [
  [0, 'drawing'],
  [1, 'writing'],
  [2, 'making'],
  [3, 'game'],
  [4, 'advanced'],
]);

/**
 * Whether a child of this age (whole years) fits an age group (docs/PRODUCT.md §4 "Age groups"):
 * 1 under 6, 2 6 to 8, 3 9 to 12, 4 13 and over; 5 all ages (or none) fits everyone.
 */
export function fitsAgeGroup(ageGroup: number | null | undefined, age: number): boolean {
  switch (ageGroup) {
    case 1:
      return age < 6;
    case 2:
      return age >= 6 && age <= 8;
    case 3:
      return age >= 9 && age <= 12;
    case 4:
      return age >= 13;
    default:
      return true;
  }
}

/** Whole years between a birth date (YYYY-MM-DD) and a day (default today). */
export function ageOn(birthdate: string, day: string = new Date().toISOString().slice(0, 10)): number {
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
/** Kit orders from the public page (docs/PRODUCT.md §4 "Kit orders"): new until an admin handles or cancels them. */
export const ORDER_STATUS = { new: 'new', handled: 'handled', cancelled: 'cancelled' } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = codes('orderStatus', [
  ['new', 'new'],
  ['handled', 'handled'],
  ['cancelled', 'cancelled'],
] as const);

/** The kinds of field an admin-defined public form may have. */
export const FORM_FIELD_KINDS = codes('formFieldKind', [
  ['text', 'text'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['number', 'number'],
  ['choice', 'choice'],
  ['multi_choice', 'multiChoice'],
  ['date', 'date'],
] as const);
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number]['id'];
/** Kinds whose answers are picked from the field's options. */
export const CHOICE_KINDS: readonly FormFieldKind[] = ['choice', 'multi_choice'];

/** The locales of the product, Arabic first (labels of admin-defined forms are given in each). */
export const CONTENT_LOCALES = ['ar', 'en', 'de', 'fr'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
