import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
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

/**
 * An export asked for in the console (docs/api/jobs.md "Exports as jobs"): what it exports (kind and params),
 * who asked and the scope they had then (actor: id, roles, permissions, region and school, as at the request),
 * its progress in rows, and the file written to the object store once done (file_key), removed with the row a
 * day later (expires_at) by the `export-cleanup` job. Only the user who asked sees it.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    params: jsonb('params').notNull(),
    actor: jsonb('actor').notNull(),
    locale: varchar('locale', { length: 5 }).notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** rows to write (known when the job starts) and written so far */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    filename: varchar('filename', { length: 100 }).notNull(),
    fileKey: varchar('file_key', { length: 200 }),
    size: integer('size'),
    /** the message key of a failure the user can act on, else app.exports.failed */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
  },
  (t) => [
    index('export_jobs_requested_by_idx').on(t.requestedBy, t.id),
    index('export_jobs_expires_idx').on(t.expiresAt),
    check('export_jobs_kind_check', sql`${t.kind} in ('exam-results', 'users')`),
    check('export_jobs_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);
