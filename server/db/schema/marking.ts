import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ImageScores } from '../../../domain/marking/rubric';
import { createdAt, updatedAt } from './columns';
import { examFiles, exams } from './exams';
import { users } from './people';

/**
 * Marking of the drawings (docs/api/marking.md, domain/marking/rubric.ts).
 *
 * A test (exams row) is allocated to a marker as a marking assignment: round
 * 1, round 2 when it is marked twice, round 3 when those two disagree beyond
 * the margin. The marker knows the test only by its pseudonymous code. Its
 * version grows with every saved mark: a save that names an older version
 * is refused (409), so two sessions never overwrite each other silently.
 */
export const markingAssignments = pgTable(
  'marking_assignments',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    markerId: integer('marker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    /** what the marker sees instead of the child: random, unique, meaningless */
    code: varchar('code', { length: 12 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    version: integer('version').notNull().default(1),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('marking_assignments_code_unique').on(t.code),
    uniqueIndex('marking_assignments_exam_marker_unique').on(t.examId, t.markerId),
    uniqueIndex('marking_assignments_exam_round_unique').on(t.examId, t.round),
    index('marking_assignments_marker_idx').on(t.markerId, t.status),
    check('marking_assignments_status_check', sql`${t.status} in ('open', 'finished')`),
    check('marking_assignments_round_check', sql`${t.round} between 1 and 3`),
  ],
);

/** A marker's scores of one drawing (a draft until the assignment is finished). */
export const imageMarks = pgTable(
  'image_marks',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => markingAssignments.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => examFiles.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<ImageScores>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.fileId] })],
);
