import { index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { children, users } from './people';
import { courses } from './teaching';

/** A child's activity handed in for evaluation (SPEC.md §3 "Activity"). */
export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  childId: integer('child_id').notNull().references(() => children.id, { onDelete: 'cascade' }),
  courseId: integer('course_id').references(() => courses.id),
  name: varchar('name', { length: 255 }),
  title: varchar('title', { length: 255 }).notNull(),
  message: text('message'),
  feedback: text('feedback'),
  status: smallint('status').notNull().default(0),
  rate: smallint('rate'),
  teacherRate: smallint('teacher_rate'),
  grade: smallint('grade'),
  badgeId: smallint('badge_id').notNull().default(0),
  activityScore: smallint('activity_score'),
  originality: smallint('originality'),
  fluency: smallint('fluency'),
  flexibility: smallint('flexibility'),
  teacherId: integer('teacher_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('activities_child_idx').on(t.childId)]);
