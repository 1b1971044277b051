import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  AGE_GROUPS,
  COURSE_LANGUAGES,
  DAYS,
  GRADES,
  GROUP_GENDERS,
  GROUP_STATUSES,
  MEMBER_SET_STATUSES,
  REQUEST_STATUS,
  STUDENT_STATUS_FILTER,
  type Code,
} from '../codes';
import { countryField } from './auth';
import { listQuerySchema } from './lists';
import { codeOf, id, isoDate, nameText, optionalCodeOf, optionalText } from './fields';

/**
 * Inputs of teaching (docs/api/teaching.md): courses, lessons, lesson
 * activities and their advanced content, groups, joining and requests.
 * Messages are i18n keys (domain/messages/teaching.ts).
 */

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A required field with its own "required" message; then `schema`'s own checks. */
export const requiredAs = <T extends z.ZodType>(key: string, schema: T) =>
  z
    .unknown()
    .superRefine((v, ctx) => {
      if (isBlank(v)) ctx.addIssue({ code: 'custom', message: key });
    })
    .pipe(schema);

/** A list sent as a JSON array, or as "a,b" (multipart forms, query strings). */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item, { error: 'app.validation.invalidChoice' }),
  );

const codeList = <V extends number | string>(list: readonly Code<V>[], requiredKey: string, max = 10) =>
  requiredAs(
    requiredKey,
    listOf(codeOf(list))
      .pipe(z.array(z.any()).max(max))
      .transform((a) => [...new Set(a)] as V[]),
  );

const text = (requiredKey: string, max = 255) =>
  requiredAs(
    requiredKey,
    z.string({ error: 'app.validation.invalid' }).trim().max(max, { error: 'app.validation.tooLong' }),
  );

const date = (requiredKey: string) => requiredAs(requiredKey, isoDate());
const optionalDate = () => z.preprocess((v) => (isBlank(v) ? undefined : v), isoDate().optional());

/** end ≥ start, checked once both dates are valid. */
const datesInOrder = (start: string, end: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const a = value[start];
  const b = value[end];
  if (typeof a === 'string' && typeof b === 'string' && b < a) {
    ctx.addIssue({ code: 'custom', path: [end], message: 'app.validation.endBeforeStart' });
  }
};

// ---------------------------------------------------------------- courses

export const COURSE_ORDERABLE = ['id', 'name', 'created_at', 'start_date'] as const;
export const courseListSchema = listQuerySchema(COURSE_ORDERABLE).extend({
  /** courses fit for this age group (5 all ages fits every filter) */
  age_group: z.preprocess((v) => (isBlank(v) ? undefined : v), z.coerce.number().int().min(1).max(5).optional()),
  language: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(['en', 'ar', 'de']).optional()),
});

/** Create or edit a course (POST /courses/save, /courses/save/{id}; multipart with `image`). */
export const courseSchema = z
  .object({
    name: requiredAs('app.validation.required', nameText()),
    description: text('app.validation.courseDescriptionRequired', 5000),
    age_group: requiredAs('app.validation.ageGroupRequired', codeOf(AGE_GROUPS)),
    languages: codeList(COURSE_LANGUAGES, 'app.validation.languagesRequired'),
    start_date: date('app.validation.startDateRequired'),
    end_date: date('app.validation.endDateRequired'),
    status: z.preprocess((v) => (isBlank(v) ? undefined : v), codeOf(GROUP_STATUSES).optional()),
  })
  .superRefine(datesInOrder('start_date', 'end_date'));
export type CourseInput = z.infer<typeof courseSchema>;

/** Approve (1) or refuse (2) a course waiting for approval (POST /auth/courses/{id}). */
export const courseApprovalSchema = z.object({
  approval: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(1), z.literal(2)], { error: 'app.validation.invalidChoice' }),
  ),
});

// ---------------------------------------------------------------- lessons

export const lessonSchema = z.object({
  course_id: requiredAs('app.validation.courseRequired', id()),
  title: text('app.validation.titleRequired'),
  content: text('app.validation.lessonContentRequired', 50_000),
});
export type LessonInput = z.infer<typeof lessonSchema>;
export const lessonEditSchema = lessonSchema.omit({ course_id: true });

/** A new order: every id of the list, once each, first to last. */
export const orderSchema = z.object({
  ids: z
    .array(id(), { error: 'app.validation.orderIncomplete' })
    .min(1, { error: 'app.validation.orderIncomplete' })
    .max(5000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'app.validation.orderIncomplete' }),
});

export const lessonActivitySchema = z.object({
  lesson_id: requiredAs('app.validation.required', id()),
  title: text('app.validation.titleRequired'),
  description: text('app.validation.descriptionRequired', 10_000),
  kind: requiredAs('app.validation.kindRequired', codeOf(ACTIVITY_KINDS)),
});
export type LessonActivityInput = z.infer<typeof lessonActivitySchema>;
export const lessonActivityEditSchema = lessonActivitySchema.omit({ lesson_id: true });

/**
 * An advanced activity's structured content (POST /advanced/save/{id},
 * advanced/get/json): instructions, then 1 to 30 steps the child goes
 * through, each one of: a text to read, a choice question, a drawing to
 * make, or a list of ideas to write.
 */
const stepText = (max: number) => text('app.validation.required', max);
export const advancedStepSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), text: stepText(5000) }),
    z.object({
      type: z.literal('choice'),
      question: stepText(1000),
      options: z
        .array(stepText(200))
        .min(2, { error: 'app.validation.invalid' })
        .max(10, { error: 'app.validation.invalid' }),
      multiple: z.boolean().default(false),
    }),
    z.object({ type: z.literal('drawing'), prompt: stepText(1000) }),
    z.object({
      type: z.literal('list'),
      prompt: stepText(1000),
      min_answers: z.number({ error: 'app.validation.invalidNumber' }).int().min(1).max(50).default(1),
    }),
  ],
  { error: 'app.validation.invalidChoice' },
);
export const advancedActivitySchema = z.object({
  version: z.literal(1).default(1),
  instructions: optionalText(5000),
  steps: z
    .array(advancedStepSchema, { error: 'app.validation.required' })
    .min(1, { error: 'app.validation.required' })
    .max(30, { error: 'app.validation.invalid' }),
});
export type AdvancedActivity = z.infer<typeof advancedActivitySchema>;

export const advancedGetSchema = z.object({ id: requiredAs('app.validation.required', id()) });

// ---------------------------------------------------------------- groups

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;
const promoCode = () =>
  z
    .string({ error: 'app.validation.promoCodeRequired' })
    .trim()
    .min(1, { error: 'app.validation.promoCodeRequired' })
    .regex(PROMO_CODE_PATTERN, { error: 'app.validation.invalid' });

const zoomLink = () =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z
      .string()
      .trim()
      .max(500, { error: 'app.validation.tooLong' })
      .refine(
        (v) => {
          try {
            return new URL(v).protocol === 'https:';
          } catch {
            return false;
          }
        },
        { error: 'app.validation.invalidLink' },
      )
      .optional(),
  );

/** Create or edit a group (docs/PRODUCT.md §5 "Edit group": name, days, course, grade, school, country, city). */
export const groupSchema = z
  .object({
    name: requiredAs('app.validation.groupNameRequired', nameText(255, 'app.validation.groupNameRequired')),
    days: codeList(DAYS, 'app.validation.daysRequired', 7),
    course_id: requiredAs('app.validation.courseRequired', id()),
    grade: requiredAs('app.validation.gradeRequired', codeOf(GRADES)),
    school: requiredAs('app.validation.schoolRequired', nameText(255, 'app.validation.schoolRequired')),
    country: countryField(),
    city: text('app.validation.required'),
    school_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
    promo_code: z.preprocess((v) => (isBlank(v) ? undefined : v), promoCode().optional()),
    start_from: optionalDate(),
    end_at: optionalDate(),
    age_group: optionalCodeOf(AGE_GROUPS),
    age_class: optionalText(100),
    zoom_link: zoomLink(),
    gender: optionalCodeOf(GROUP_GENDERS),
    about_me: optionalText(2000),
    status: z.preprocess((v) => (isBlank(v) ? undefined : v), codeOf(GROUP_STATUSES).optional()),
    /** set by those who see every group; a teacher's group is their own */
    teacher_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
  })
  .superRefine(datesInOrder('start_from', 'end_at'));
export type GroupInput = z.infer<typeof groupSchema>;

export const GROUP_ORDERABLE = ['id', 'name', 'created_at', 'start_from'] as const;
export const groupListSchema = listQuerySchema(GROUP_ORDERABLE).extend({
  course_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
  /** only the groups this teacher teaches, still within the caller's scope (the profile's groups table) */
  teacher_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
});

export const STUDENT_ORDERABLE = ['id', 'name', 'position', 'created_at'] as const;
/** A group's students, paged (POST groups/group/students/{id}: offset, limit, order_by id). */
export const groupStudentsSchema = listQuerySchema(STUDENT_ORDERABLE).extend({
  order_direction: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(['asc', 'desc'], { error: 'app.validation.invalidOrder' }),
    )
    .default('asc'),
});
/** The filtered list: the status filter (docs/PRODUCT.md §3 "Membership": 1 active, 2 not, 3 hidden) and a search. */
export const filteredStudentsSchema = groupStudentsSchema.extend({
  status: z.preprocess((v) => (isBlank(v) ? undefined : v), codeOf(STUDENT_STATUS_FILTER).optional()),
});

export const groupStatusSchema = z.object({ status: codeOf(GROUP_STATUSES) });
/** An empty call toggles; { group_disabled } sets the state. */
export const toggleSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ group_disabled: z.boolean({ error: 'app.validation.invalid' }).optional() }),
);

/** Join a group by promo code (status 1) or leave / withdraw (status 0) (POST /groups/add/{id}/{status}). */
export const joinGroupSchema = z.object({
  user_id: requiredAs('app.validation.childRequired', id()),
  promo_code: z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().max(40).optional()),
});
export const joinStatusParams = z.object({
  id: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
  status: z.coerce
    .number({ error: 'app.validation.invalidChoice' })
    .int()
    .refine((s) => s === 0 || s === 1, { error: 'app.validation.invalidChoice' }),
});
export const childRefSchema = z.object({ user_id: requiredAs('app.validation.childRequired', id()) });

/** Answer a request: 1 accept, 2 refuse. */
export const answerSchema = z.object({
  user_id: requiredAs('app.validation.childRequired', id()),
  status: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(REQUEST_STATUS.accepted), z.literal(REQUEST_STATUS.refused)], {
      error: 'app.validation.invalidChoice',
    }),
  ),
});
export const courseAnswerSchema = answerSchema.extend({ course_id: requiredAs('app.validation.courseRequired', id()) });

/** Set a member's status (1 active, 2 not active, 3 hidden, 4 blocked). */
export const studentStatusSchema = z.object({
  group_id: requiredAs('app.validation.required', id()),
  user_id: requiredAs('app.validation.childRequired', id()),
  status: codeOf(MEMBER_SET_STATUSES),
});

/** Move a student from one group to another (drag and drop). */
export const moveStudentSchema = z.object({
  user_id: requiredAs('app.validation.childRequired', id()),
  from_group_id: requiredAs('app.validation.required', id()),
  to_group_id: requiredAs('app.validation.required', id()),
});

export const REQUEST_ORDERABLE = ['id', 'created_at'] as const;
export const requestListSchema = listQuerySchema(REQUEST_ORDERABLE).extend({
  status: z.preprocess((v) => (isBlank(v) ? undefined : v), z.coerce.number().int().min(0).max(2).optional()),
  course_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
  group_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
});
export const studentListSchema = listQuerySchema(REQUEST_ORDERABLE).extend({
  status: z.preprocess((v) => (isBlank(v) ? undefined : v), codeOf(STUDENT_STATUS_FILTER).optional()),
  group_id: z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional()),
});

// ---------------------------------------------------------------- documents

/** A document's language: ?lang=, else Accept-Language (gr is German: docs/DECISIONS.md "German is"). */
export const documentQuerySchema = z.object({
  lang: z.enum(['ar', 'en', 'de', 'fr', 'gr'], { error: 'app.validation.invalidChoice' }).optional(),
});

// ---------------------------------------------------------------- Responses

/**
 * Response schemas of teaching (docs/api/teaching.md): the server's output allow-list, and the types the console
 * reads them as (src/dataProvider/teaching.ts).
 */
export const courseOut = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  age_group: z.number().nullable(),
  languages: z.array(z.string()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.number(),
  approval: z.number(),
  teacher_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const teacherDetailsOut = z.object({
  id: z.number(),
  name: z.string(),
  photo: z.string().nullable(),
  gender: z.number().nullable(),
});

export const groupOut = z.object({
  id: z.number(),
  name: z.string(),
  disabled: z.boolean(),
  promo_code: z.string().nullable(),
  days: z.array(z.number()),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  course_image: z.string().nullable(),
  teacher_id: z.number().nullable(),
  teacher_details: teacherDetailsOut.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  search_text: z.string().nullable(),
  start_from: z.string().nullable(),
  end_at: z.string().nullable(),
  age_group: z.number().nullable(),
  age_class: z.string().nullable(),
  grade: z.number().nullable(),
  school: z.string().nullable(),
  school_id: z.number().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  zoom_link: z.string().nullable(),
  gender: z.number().nullable(),
  about_me: z.string().nullable(),
  status: z.number(),
  students_count: z.number().nullable(),
});

export const studentOut = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  image: z.string().nullable(),
  parent_id: z.number().nullable(),
  parent_name: z.string().nullable(),
  status: z.number(),
  position: z.number(),
  group_id: z.number(),
  joined_at: z.string(),
});
export const studentsOut = z.object({ students: z.array(studentOut), count: z.number() });

export const lessonImageOut = z.object({ id: z.number(), name: z.string(), url: z.string() });
export const lessonActivityOut = z.object({
  id: z.number(),
  lesson_id: z.number(),
  title: z.string(),
  description: z.string(),
  kind: z.number(),
  position: z.number(),
  has_advanced: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const lessonOut = z.object({
  id: z.number(),
  course_id: z.number(),
  title: z.string(),
  content: z.string(),
  position: z.number(),
  images: z.array(lessonImageOut),
  activities: z.array(lessonActivityOut),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A request of a child to join a course or a group, as the request lists show it. */
export const requestOut = z.object({
  id: z.number(),
  kind: z.enum(['course', 'group']),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  child_id: z.number(),
  child_name: z.string(),
  child_birthdate: z.string().nullable(),
  parent_id: z.number().nullable(),
  parent_name: z.string().nullable(),
  status: z.number(),
  created_at: z.string(),
});
export const requestsOut = z.object({ requests: z.array(requestOut), count: z.number() });

/** A course's page (GET /courses/show/{id}): the course, its lessons, and whether the caller may edit them. */
export const coursePageOut = z.object({ course: courseOut, lessons: z.array(lessonOut), can_edit: z.boolean() });

export const statusMessageOut = z.object({ message: z.string(), key: z.string() });

/** An advanced activity's content as stored (domain advancedActivitySchema, without its input transforms). */
export const advancedContentOut = z.object({
  version: z.number(),
  instructions: z.string().optional(),
  steps: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('text'), text: z.string() }),
      z.object({
        type: z.literal('choice'),
        question: z.string(),
        options: z.array(z.string()),
        multiple: z.boolean(),
      }),
      z.object({ type: z.literal('drawing'), prompt: z.string() }),
      z.object({ type: z.literal('list'), prompt: z.string(), min_answers: z.number() }),
    ]),
  ),
});
/** An activity with its advanced content (GET /advanced/get/json). */
export const advancedActivityOut = z.object({
  id: z.number(),
  lesson_id: z.number(),
  title: z.string(),
  advanced: advancedContentOut.nullable(),
});
