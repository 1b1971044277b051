import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { schools } from './schools';
import { users, children } from './people';

/** A course (docs/api/teaching.md "Courses"). */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    /** 0 inactive, 1 active, 3 hidden */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** cover image (uploads/courses) */
    image: varchar('image', { length: 100 }),
    /** AGE_GROUPS code; 5 all ages */
    ageGroup: smallint('age_group'),
    /** COURSE_LANGUAGES codes */
    languages: varchar('languages', { length: 5 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** the teacher who made it */
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    /** COURSE_APPROVAL: 0 waiting, 1 approved, 2 refused (course_auth decides) */
    approval: smallint('approval').notNull().default(1),
  },
  (t) => [index('courses_teacher_idx').on(t.teacherId)],
);

/** A course's lessons, in the order its teachers set (position). */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lessons_course_idx').on(t.courseId, t.position)],
);

/** Pictures inside a lesson's content (POST /contentImg), in upload order. */
export const lessonImages = pgTable(
  'lesson_images',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_images_lesson_idx').on(t.lessonId)],
);

/**
 * The tasks of a lesson a child does. Its id is stable: a child's submitted
 * activity refers to it (activities.lesson_activity_id). `advanced` holds
 * the structured content of an advanced activity (domain/schemas/teaching.ts).
 */
export const lessonActivities = pgTable(
  'lesson_activities',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull(),
    /** ACTIVITY_KINDS code */
    kind: smallint('kind').notNull(),
    position: integer('position').notNull().default(0),
    advanced: jsonb('advanced'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lesson_activities_lesson_idx').on(t.lessonId, t.position)],
);

/** A family's request for a child to join a course: 0 waiting, 1 accepted, 2 refused. */
export const courseRequests = pgTable(
  'course_requests',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('course_requests_unique').on(t.courseId, t.childId),
    index('course_requests_child_idx').on(t.childId),
  ],
);

/** A group (class) of a course (docs/PRODUCT.md §3 "Group"). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    courseId: integer('course_id').references(() => courses.id),
    teacherId: integer('teacher_id').references(() => users.id),
    schoolId: integer('school_id').references(() => schools.id),
    /** 0 inactive, 1 active, 3 hidden */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** the group exam is switched off (POST /groups/{id}/toggle) */
    disabled: boolean('disabled').notNull().default(false),
    /** families join a child with it (POST /groups/add/{id}/1) */
    promoCode: varchar('promo_code', { length: 40 }),
    /** DAYS codes */
    days: smallint('days')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    startFrom: date('start_from'),
    endAt: date('end_at'),
    ageGroup: smallint('age_group'),
    ageClass: varchar('age_class', { length: 100 }),
    /** GRADES code */
    grade: smallint('grade'),
    /** the school's name as written on the group (school_id links a registered school) */
    school: varchar('school', { length: 255 }),
    country: varchar('country', { length: 100 }),
    city: varchar('city', { length: 255 }),
    zoomLink: varchar('zoom_link', { length: 500 }),
    /** GROUP_GENDERS code: 0 mixed, 1 boys, 2 girls */
    gender: smallint('gender'),
    aboutMe: text('about_me'),
    /** lower-case words the list search looks in (name, promo code, school, city) */
    searchText: text('search_text'),
  },
  (t) => [
    index('groups_teacher_idx').on(t.teacherId),
    index('groups_school_idx').on(t.schoolId),
    index('groups_course_idx').on(t.courseId),
    uniqueIndex('groups_promo_code_unique').on(sql`lower(${t.promoCode})`),
  ],
);

/**
 * A learner in a group. MEMBER_STATUS: 0 asked to join, 1 active, 2 not
 * active (refused or stopped), 3 hidden, 4 blocked. position: the order the
 * teacher set by drag and drop.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
    /** the membership's own id (request lists) */
    id: serial('id').notNull().unique(),
    /**
     * the child has been an active member once (set by the database when the
     * status becomes active, migration 0016): a teacher keeps in scope the
     * children it teaches or taught, never a request only pending or refused (docs/SCOPE.md)
     */
    everActive: boolean('ever_active').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.childId] }),
    index('group_members_child_idx').on(t.childId),
    // a group's members of one status, counted from the index alone (the groups lists' students_count)
    index('group_members_group_status_idx').on(t.groupId, t.status),
  ],
);

/** A certificate given to a learner for a group; the code is what the public check page asks for. */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_child_group_unique').on(t.childId, t.groupId)],
);
