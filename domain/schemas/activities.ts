import { z } from 'zod';
import { EVALUATION_STATUSES, NOTIFICATION_KIND_NAMES, RATING_RANGE, REPORT_LINK, SCORE_RANGE } from '../activities';
import { BADGES } from '../codes';
import { listQuerySchema } from './lists';
import { checkbox, codeOf, int, optionalCodeOf, optionalText, requiredText } from './fields';

/**
 * Inputs of the activities area (docs/api/activities.md): a child's activity,
 * its evaluation, the family's rating, gallery likes, messages, notifications,
 * feedback and the overview's series.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** An id a form must give: 'This field is required' when absent, 'Please enter a valid number' when not an id. */
const requiredId = () =>
  z.preprocess(
    (v) => (blank(v) === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined ? 'app.validation.required' : 'app.validation.invalidNumber'),
      })
      .int({ error: 'app.validation.invalidNumber' })
      .positive({ error: 'app.validation.invalidNumber' })
      .max(2_147_483_647, { error: 'app.validation.invalidNumber' }),
  );

const inRange = (range: { min: number; max: number }) =>
  int().refine((v) => v >= range.min && v <= range.max, { error: 'app.validation.outOfRange' });
const score = () => optional(inRange(SCORE_RANGE));
/** A count a list or a chart asks for: 'Please enter a valid number', or 'This value is out of range'. */
const bounded = (min: number, max: number, fallback: number) =>
  z.preprocess(blank, inRange({ min, max }).default(fallback));
const rating = () => inRange(RATING_RANGE);

export const ACTIVITY_ORDERABLE = ['id', 'created_at', 'title', 'status', 'badge_id', 'grade'] as const;
/** The student activity table and the teachers' evaluation queue. */
export const activityListSchema = listQuerySchema(ACTIVITY_ORDERABLE).extend({
  child_id: optional(requiredId()),
  group_id: optional(requiredId()),
  lesson_activity_id: optional(requiredId()),
});

/** A family hands in a child's activity for a group the child belongs to (multipart with `image`). */
export const activitySubmitSchema = z.object({
  child_id: requiredId(),
  group_id: requiredId(),
  title: requiredText(),
  message: optionalText(5000),
  /** the lesson task (teaching area) this activity answers, one of the group's course */
  lesson_activity_id: optional(requiredId()),
  /** the activity the teacher sent back for resubmission (status 3) this one replaces */
  previous_id: optional(requiredId()),
});
export type ActivitySubmitInput = z.infer<typeof activitySubmitSchema>;

/** The family changes a pending activity: title and message (and the image, as a file). */
export const activityEditSchema = z.object({
  title: requiredText(),
  message: optionalText(5000),
});

const activityStatusMessage = { required: 'app.validation.activityStatus', invalid: 'app.validation.activityStatus' };
/** The teacher's evaluation (POST /evaluation/save/{id}). */
export const evaluationSchema = z.object({
  status: codeOf(EVALUATION_STATUSES, activityStatusMessage),
  feedback: requiredText(5000),
  teacher_rate: optional(rating()),
  originality: score(),
  fluency: score(),
  flexibility: score(),
  activity_score: score(),
  badge_id: optionalCodeOf(BADGES),
});
export type EvaluationInput = z.infer<typeof evaluationSchema>;

/** The family's rating of an evaluated activity. */
export const rateSchema = z.object({ rate: rating() });

/** What POST /evaluation/save/{id} accepts: the teacher's evaluation, or the family's `rate`. */
export const evaluationSaveBodySchema = evaluationSchema.partial().extend({ rate: optional(rating()) });

export const evaluationDeleteQuerySchema = z.object({
  /** activity: the activity itself; evaluation: only its evaluation (back to Pending) */
  type: z.enum(['activity', 'evaluation'], { error: 'app.validation.invalidChoice' }).default('activity'),
});

export const evaluationJsonQuerySchema = z.object({ id: requiredId() });

const page = (defaultLimit: number) => ({
  limit: bounded(1, 100, defaultLimit),
  offset: bounded(0, 2_147_483_647, 0),
});

export const GALLERY_ORDERABLE = ['created_at', 'likes'] as const;
export const galleryQuerySchema = z.object({
  ...page(24),
  group_id: optional(requiredId()),
  course_id: optional(requiredId()),
  child_id: optional(requiredId()),
  order_by: z.enum(GALLERY_ORDERABLE, { error: 'app.validation.invalidOrder' }).default('created_at'),
});

export const answerGalleryQuerySchema = z.object({
  ...page(24),
  group_id: optional(requiredId()),
  child_id: optional(requiredId()),
  lesson_activity_id: optional(requiredId()),
  status: optional(inRange({ min: 0, max: 3 })),
});

export const likeSchema = z.object({
  activity_id: requiredId(),
  /** true likes, false takes the like back; absent toggles */
  like: z.preprocess(blank, checkbox().optional()),
});

/** POST /users/send_mail: a message to another user, kept and mailed. */
export const sendMessageSchema = z.object({
  user_id: requiredId(),
  subject: requiredText(200),
  content: requiredText(5000),
  reply_to: optional(requiredId()),
});

export const messageListSchema = listQuerySchema(['created_at', 'id'] as const).extend({
  box: z.enum(['inbox', 'sent'], { error: 'app.validation.invalidChoice' }).default('inbox'),
});

export const recipientSearchSchema = z.object({
  search: z.string().trim().max(100, { error: 'app.validation.tooLong' }).default(''),
});

export const notificationListSchema = z.object({
  ...page(10),
  unread: z.preprocess(blank, checkbox().optional()),
  type: z.preprocess(blank, z.enum(NOTIFICATION_KIND_NAMES, { error: 'app.validation.invalidChoice' }).optional()),
});

export const notificationReadSchema = z.object({
  /** these notifications; none marks them all */
  ids: z
    .array(requiredId(), { error: 'app.validation.invalid' })
    .max(100, { error: 'app.validation.outOfRange' })
    .optional(),
});

/** The report notification (docs/PRODUCT.md §3 "Report notification"): content (the report's link) and student_id. */
export const reportNotificationSchema = z
  .object({
    student_id: requiredId(),
    content: requiredText(200).regex(REPORT_LINK, { error: 'app.validation.reportLink' }),
  })
  .refine((v) => REPORT_LINK.exec(v.content)?.[1] === String(v.student_id), {
    error: 'app.validation.reportLink',
    path: ['content'],
  });

export const feedbackSchema = z.object({
  message: requiredText(5000),
  rating: optional(rating()),
});

export const feedbackListSchema = listQuerySchema(['created_at', 'id', 'rating'] as const).extend({
  /** only the caller's own feedback (everyone sees their own; readers of all feedback may narrow to theirs) */
  mine: z.preprocess(blank, checkbox().optional()),
});

export const monthsSchema = z.object({ months: bounded(1, 36, 12) });
export const daysSchema = z.object({ days: bounded(1, 366, 30) });
export const topGroupsSchema = z.object({ limit: bounded(1, 50, 8) });

// ---------------------------------------------------------------- Responses

/**
 * Response shapes of the activities area (docs/api/activities.md): the server's
 * output allow-list (a field not here never leaves it), and the console's types.
 */
export const activityDetailOut = z.object({
  id: z.number(),
  child_id: z.number(),
  child_name: z.string(),
  parent_id: z.number().nullable(),
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  lesson_activity_id: z.number().nullable(),
  previous_id: z.number().nullable(),
  title: z.string(),
  message: z.string().nullable(),
  image: z.string().nullable(),
  thumb: z.string().nullable(),
  status: z.number(),
  feedback: z.string().nullable(),
  rate: z.number().nullable(),
  teacher_rate: z.number().nullable(),
  grade: z.number().nullable(),
  badge_id: z.number(),
  originality: z.number().nullable(),
  fluency: z.number().nullable(),
  flexibility: z.number().nullable(),
  activity_score: z.number().nullable(),
  teacher_id: z.number().nullable(),
  teacher_name: z.string().nullable(),
  evaluated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ActivityDetailOut = z.infer<typeof activityDetailOut>;

/** A child's activity as the family's page lists it (GET /users/show/{id} `tasks`): the detail's fields and its name. */
export const familyActivityOut = activityDetailOut
  .pick({
    id: true,
    child_id: true,
    course_id: true,
    title: true,
    message: true,
    feedback: true,
    status: true,
    rate: true,
    teacher_rate: true,
    grade: true,
    badge_id: true,
    originality: true,
    fluency: true,
    flexibility: true,
    created_at: true,
  })
  .extend({ name: z.string().nullable() });

/** What the caller may do with one activity (domain/activities.ts rules and their role). */
export const activityActionsOut = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  evaluate: z.boolean(),
  rate: z.boolean(),
  resubmit: z.boolean(),
  withdraw: z.boolean(),
});

export const activityOneOut = z.object({ activity: activityDetailOut, actions: activityActionsOut });
export const activityListOut = z.object({
  activities: z.array(activityDetailOut),
  count: z.number(),
  /** true when a search matched more than SEARCH_COUNT_CAP (server/db/listing.ts): count is then the cap */
  count_capped: z.boolean(),
});

export const evaluationJsonOut = z.object({
  evaluation: z.object({
    activity_id: z.number(),
    title: z.string(),
    child: z.object({ id: z.number(), name: z.string() }),
    group: z.object({ id: z.number(), name: z.string() }).nullable(),
    course: z.object({ id: z.number(), name: z.string() }).nullable(),
    status: z.object({ id: z.number(), label_key: z.string() }),
    badge: z.object({ id: z.number(), label_key: z.string(), shown: z.boolean() }),
    scores: z.object({
      originality: z.number().nullable(),
      fluency: z.number().nullable(),
      flexibility: z.number().nullable(),
      activity: z.number().nullable(),
    }),
    grade: z.number().nullable(),
    feedback: z.string().nullable(),
    teacher_rate: z.number().nullable(),
    rate: z.number().nullable(),
    teacher: z.object({ id: z.number(), name: z.string() }).nullable(),
    evaluated_at: z.string().nullable(),
    submitted_at: z.string(),
  }),
  scales: z.object({
    statuses: z.array(z.object({ id: z.number(), label_key: z.string() })),
    badges: z.array(z.object({ id: z.number(), label_key: z.string() })),
    score: z.object({ min: z.number(), max: z.number() }),
    rating: z.object({ min: z.number(), max: z.number() }),
  }),
});

export const galleryItemOut = z.object({
  id: z.number(),
  kind: z.enum(['activity']),
  title: z.string(),
  child_id: z.number(),
  child_name: z.string(),
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  course_name: z.string().nullable(),
  status: z.number(),
  badge_id: z.number(),
  image: z.string(),
  thumb: z.string(),
  likes: z.number(),
  liked: z.boolean(),
  created_at: z.string(),
});
export const galleryOut = z.object({ gallery: z.array(galleryItemOut), count: z.number() });
export const mobileGalleryOut = z.object({
  data: z.array(
    galleryItemOut.pick({
      id: true,
      title: true,
      child_name: true,
      badge_id: true,
      image: true,
      thumb: true,
      likes: true,
      liked: true,
      created_at: true,
    }),
  ),
  count: z.number(),
  next_offset: z.number().nullable(),
});
export const likeOut = z.object({ activity_id: z.number(), liked: z.boolean(), likes: z.number() });

const person = z.object({ id: z.number(), name: z.string() });
export const mailOut = z.object({
  id: z.number(),
  subject: z.string(),
  content: z.string(),
  sender: person,
  recipient: person,
  reply_to_id: z.number().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export const mailListOut = z.object({ messages: z.array(mailOut), count: z.number(), unread: z.number() });
export const recipientsOut = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), type: z.number(), roles: z.array(z.string()) })),
});

export const notificationOut = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  icon: z.string(),
  link: z.string().nullable(),
  content: z.string().nullable(),
  student_id: z.number().nullable(),
  read: z.boolean(),
  created_at: z.string(),
  timeout: z.number(),
  position: z.string(),
});
export const notificationListOut = z.object({
  notifications: z.array(notificationOut),
  count: z.number(),
  unread: z.number(),
});

export const feedbackOut = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  message: z.string(),
  rating: z.number().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export const feedbackListOut = z.object({ feedback: z.array(feedbackOut), count: z.number() });

export const studentDetailsOut = z.object({
  child: z.object({
    id: z.number(),
    name: z.string(),
    parent_id: z.number().nullable(),
    parent_name: z.string().nullable(),
    gender: z.number().nullable(),
    birthdate: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    language: z.string().nullable(),
    second_language: z.string().nullable(),
    about_me: z.string().nullable(),
    image: z.string().nullable(),
  }),
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      course_id: z.number().nullable(),
      course_name: z.string().nullable(),
      teacher_id: z.number().nullable(),
      teacher_name: z.string().nullable(),
      member_status: z.number(),
    }),
  ),
  /** the certificates issued to the child (docs/api/teaching.md "Certificates and exports") */
  certificates: z.array(
    z.object({
      group_id: z.number(),
      group_name: z.string(),
      course_name: z.string().nullable(),
      code: z.string(),
      issued_at: z.string(),
    }),
  ),
  activities: z.object({ total: z.number(), by_status: z.record(z.string(), z.number()), badges: z.number() }),
});

export const countsOut = z.object({
  evaluations: z.number(),
  evaluated: z.number(),
  pending: z.number(),
  groups: z.number(),
  courses: z.number(),
  students: z.number(),
  teacher_count: z.number(),
  course_count: z.number(),
  non_Active: z.number(),
  task_count: z.number(),
  seat_count: z.number(),
});
export const groupCountsOut = z.object({
  groups: z.array(z.object({ group_id: z.number(), group_name: z.string(), count: z.number() })),
  other: z.number(),
});
export const monthCountsOut = z.object({
  months: z.array(z.object({ month: z.string(), count: z.number(), evaluated: z.number() })),
});
export const dayCountsOut = z.object({ days: z.array(z.object({ day: z.string(), count: z.number() })) });
