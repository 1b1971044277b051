import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { examAnswers, examQuestions, exams } from './exams';
import { children, users } from './people';

/**
 * The category dictionary (docs/api/scoring.md, docs/SCORING.md).
 *
 * category_sets ─< categories ─< subcategories ─< category_words
 *
 * A set is the dictionary of one question (or challenge). The uniqueness
 * rule "one normalised form belongs to one subcategory per set" is the
 * unique index (set_id, normalised) of category_words. To make it hold,
 * every row carries its set_id, and composite foreign keys
 * (category_id, set_id) and (subcategory_id, set_id) make the set_id of a
 * word the set of its subcategory's category: a word cannot sit in one set
 * while counted in another.
 *
 * Counters: subcategories.answer_count is how many scored answers fell in
 * the subcategory (API: subcategory_counter). It is 0 until the exam area
 * stores answers; rescoring recomputes it in one statement from the
 * answers' subcategory_id, and category_counter is always the sum of its
 * subcategories' counters (computed in the query, never stored twice).
 */

export const categorySets = pgTable('category_sets', {
  id: serial('id').primaryKey(),
  /** a stable short name questions and seeds refer to (e.g. 'cup-uses'); optional */
  code: varchar('code', { length: 50 }).unique('category_sets_code_unique'),
  name: varchar('name', { length: 100 }).notNull().unique('category_sets_name_unique'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => categorySets.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** incremented on every change: an edit based on an older version answers 409 */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('categories_set_name_unique').on(t.setId, t.name),
    unique('categories_id_set_unique').on(t.id, t.setId),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    setId: integer('set_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    answerCount: integer('answer_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'subcategories_category_fk',
      columns: [t.categoryId, t.setId],
      foreignColumns: [categories.id, categories.setId],
    }).onDelete('cascade'),
    unique('subcategories_category_name_unique').on(t.categoryId, t.name),
    unique('subcategories_id_set_unique').on(t.id, t.setId),
  ],
);

export const categoryWords = pgTable(
  'category_words',
  {
    id: serial('id').primaryKey(),
    subcategoryId: integer('subcategory_id').notNull(),
    setId: integer('set_id').notNull(),
    word: varchar('word', { length: 100 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    /** normaliseText(word) (domain/scoring/normalise.ts): what answers are compared with */
    normalised: text('normalised').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'category_words_subcategory_fk',
      columns: [t.subcategoryId, t.setId],
      foreignColumns: [subcategories.id, subcategories.setId],
    }).onDelete('cascade'),
    unique('category_words_set_normalised_unique').on(t.setId, t.normalised),
    index('category_words_normalised_idx').on(t.normalised),
    index('category_words_subcategory_idx').on(t.subcategoryId),
    check('category_words_language_check', sql`${t.language} in ('ar', 'en', 'de', 'fr')`),
  ],
);

/* ── Word scores (docs/api/scoring.md "Word scores") ───────────────────────── */

/**
 * Which category set scores a word question: one set per question (a
 * question without a row here is not a word question and is not scored).
 */
export const questionCategorySets = pgTable(
  'question_category_sets',
  {
    questionId: integer('question_id')
      .primaryKey()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => categorySets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('question_category_sets_set_idx').on(t.setId)],
);

/**
 * The scores of one learner's test (exam) on one word question, as the
 * engine (domain/scoring) gave them the last time the question was scored.
 * One row per taker of the question: every exam that submitted the
 * question's stage, with or without answers. The thresholds used and the
 * number of takers (the denominator of the shares) are kept with the row,
 * so a score says how it was made.
 */
export const wordScores = pgTable(
  'word_scores',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    examType: smallint('exam_type').notNull(),
    challenge: smallint('challenge').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => categorySets.id, { onDelete: 'cascade' }),
    fluency: integer('fluency').notNull(),
    flexibility: integer('flexibility').notNull(),
    originality: integer('originality').notNull(),
    /** originality ÷ fluency, rounded to 2 decimals (0 when fluency is 0) */
    originalityPerAnswer: numeric('originality_per_answer', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    /** answer rows of the learner for the question, and the relevant ones that matched no word */
    answers: integer('answers').notNull(),
    unmatched: integer('unmatched').notNull(),
    /** takers of the question when it was scored (the denominator of the originality shares) */
    takers: integer('takers').notNull(),
    rarePercent: numeric('rare_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    uncommonPercent: numeric('uncommon_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('word_scores_exam_question_unique').on(t.examId, t.questionId),
    index('word_scores_child_idx').on(t.childId, t.examType, t.challenge),
    index('word_scores_question_idx').on(t.questionId),
    index('word_scores_type_idx').on(t.examType, t.challenge),
  ],
);

/**
 * What the engine made of each answer of a word question: its normalised
 * form, status (relevant, empty, no_answer, repeat), the category and
 * subcategory it matched (ids, and their names when it was scored) and
 * the originality points it carried. The review queue is the relevant
 * answers with no subcategory.
 */
export const answerMatches = pgTable(
  'answer_matches',
  {
    answerId: integer('answer_id')
      .primaryKey()
      .references(() => examAnswers.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => categorySets.id, { onDelete: 'cascade' }),
    normalised: text('normalised').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    category: varchar('category', { length: 100 }),
    subcategory: varchar('subcategory', { length: 100 }),
    points: smallint('points').notNull().default(0),
  },
  (t) => [
    index('answer_matches_exam_idx').on(t.examId, t.questionId),
    index('answer_matches_subcategory_idx').on(t.subcategoryId),
    index('answer_matches_review_idx')
      .on(t.setId, t.normalised)
      .where(sql`${t.status} = 'relevant' and ${t.subcategoryId} is null`),
    check('answer_matches_status_check', sql`${t.status} in ('relevant', 'empty', 'no_answer', 'repeat')`),
  ],
);

/**
 * Scoring jobs, kept in PostgreSQL and worked through in batches of one
 * question (server/services/scoringJobs.ts): rescore every word question
 * ('all'), the questions of one set ('set') or one question ('question').
 * A job's cursor is the last question id done, so a job taken over after a
 * crash goes on where it stopped. At most one pending job per scope and
 * target (a partial unique index): asking again while one waits adds nothing.
 */
export const scoringJobs = pgTable(
  'scoring_jobs',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 10 }).notNull(),
    /** the set or question id; 0 for 'all' */
    targetId: integer('target_id').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** questions to score (known when the job starts), done so far, and answers scored so far */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    answers: integer('answers').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scoring_jobs_pending_unique')
      .on(t.scope, t.targetId)
      .where(sql`${t.status} = 'pending'`),
    index('scoring_jobs_status_idx').on(t.status, t.id),
    check('scoring_jobs_scope_check', sql`${t.scope} in ('all', 'set', 'question')`),
    check('scoring_jobs_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);

/**
 * Answer words an admin has looked at in the review queue and decided are
 * not dictionary words (nonsense, a drawing's title...): they leave the queue
 * of their set, still count for fluency and stay unmatched.
 */
export const reviewDismissals = pgTable(
  'review_dismissals',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => categorySets.id, { onDelete: 'cascade' }),
    normalised: text('normalised').notNull(),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.setId, t.normalised] })],
);
