import { index, integer, pgTable, primaryKey, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { schools } from './schools';
import { users, children } from './people';

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  courseId: integer('course_id').references(() => courses.id),
  teacherId: integer('teacher_id').references(() => users.id),
  schoolId: integer('school_id').references(() => schools.id),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('groups_teacher_idx').on(t.teacherId), index('groups_school_idx').on(t.schoolId)]);

export const groupMembers = pgTable('group_members', {
  groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  childId: integer('child_id').notNull().references(() => children.id, { onDelete: 'cascade' }),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.groupId, t.childId] }), index('group_members_child_idx').on(t.childId)]);
