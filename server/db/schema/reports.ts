import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { children, users } from './people';

/**
 * A learner's test score, confirmed by a reviewer (/score/review, POST
 * /confirm/score), with the totals that were confirmed: when rescoring
 * changes the scores later, the confirmation shows as outdated until it is
 * given again (docs/api/reports.md "Score calls").
 */
export const scoreConfirmations = pgTable(
  'score_confirmations',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    examType: smallint('exam_type').notNull(),
    fluency: integer('fluency').notNull(),
    flexibility: integer('flexibility').notNull(),
    originality: integer('originality').notNull(),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('score_confirmations_child_exam_unique').on(t.childId, t.examType),
    index('score_confirmations_by_idx').on(t.confirmedBy),
  ],
);
