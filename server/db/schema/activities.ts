import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { children, users } from './people';
import { courses, groups, lessonActivities } from './teaching';

/** PostgreSQL's full-text search document: written as SQL (to_tsvector), read as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A child's activity handed in for evaluation, with its evaluation (docs/PRODUCT.md §3
 * "Activity": one record, as the specification has it). Statuses and badges: domain/activities.ts.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** the lesson's task this activity answers (teaching area), when there is one */
    lessonActivityId: integer('lesson_activity_id').references(() => lessonActivities.id, { onDelete: 'set null' }),
    /** the activity sent back for resubmission (status 3) that this one replaces */
    previousId: integer('previous_id').references((): AnyPgColumn => activities.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }),
    title: varchar('title', { length: 255 }).notNull(),
    /**
     * the title's words for searching, stored as a tsvector (written by
     * server/repositories/activities.ts titleSearchWords from domain/search.ts
     * searchDocument), so a search filters rows without parsing text again
     */
    searchText: tsvector('search_text').notNull().default(''),
    message: text('message'),
    /** stored image name (folder "activities"), re-encoded without metadata */
    image: varchar('image', { length: 100 }),
    feedback: text('feedback'),
    status: smallint('status').notNull().default(0),
    rate: smallint('rate'),
    teacherRate: smallint('teacher_rate'),
    grade: smallint('grade'),
    badgeId: smallint('badge_id').notNull().default(1),
    activityScore: smallint('activity_score'),
    originality: smallint('originality'),
    fluency: smallint('fluency'),
    flexibility: smallint('flexibility'),
    /** the teacher who evaluated it */
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('activities_child_idx').on(t.childId),
    index('activities_group_idx').on(t.groupId, t.id),
    index('activities_created_idx').on(t.createdAt),
    index('activities_lesson_activity_idx').on(t.lessonActivityId),
    index('activities_search_idx').using('gin', t.searchText),
  ],
);

/** A like of an activity in the gallery: one per user and activity. */
export const activityLikes = pgTable(
  'activity_likes',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('activity_likes_user_idx').on(t.userId)],
);

/** Messages between users (POST /users/send_mail): kept, shown in the console, and mailed. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    subject: varchar('subject', { length: 200 }).notNull(),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_recipient_idx').on(t.recipientId, t.id), index('messages_sender_idx').on(t.senderId, t.id)],
);

/**
 * What a user is told in the top bar: a kind (domain/activities.ts
 * NOTIFICATION_KINDS, which gives the title and icon), the values its
 * message shows, and the console link it opens. A report notification
 * (docs/PRODUCT.md §3 "Report notification") has the report's link and the student.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    params: jsonb('params').notNull().default({}),
    link: varchar('link', { length: 300 }),
    studentId: integer('student_id').references(() => children.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Feedback about the academy from its users (the /feedback screen). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    rating: smallint('rating'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
);
