import { z } from 'zod';

/** Response shapes of the activities area (docs/api/activities.md): the output allow-list. */
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
});
export const groupCountsOut = z.object({
  groups: z.array(z.object({ group_id: z.number(), group_name: z.string(), count: z.number() })),
  other: z.number(),
});
export const monthCountsOut = z.object({
  months: z.array(z.object({ month: z.string(), count: z.number(), evaluated: z.number() })),
});
export const dayCountsOut = z.object({ days: z.array(z.object({ day: z.string(), count: z.number() })) });
