import {
  boolean,
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
import type { LocalText } from '../../../domain/exams';
import { createdAt, updatedAt } from './columns';
import { children, users } from './people';

/** An option of a question's list: a stable key and its text in every language. */
export interface QuestionOption {
  key: string;
  text: LocalText;
}

/**
 * The question bank (docs/api/exams.md "Model"): questions per exam type
 * (1 pre, 2 post), challenge (1..3) and stage (1..3), each of a kind, with
 * its text and option list in ar/en/de/fr, an optional figure and 3D model
 * (exam_files), in order.
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial('id').primaryKey(),
    examType: smallint('exam_type').notNull(),
    challenge: smallint('challenge').notNull(),
    stage: smallint('stage').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    text: jsonb('text').$type<LocalText>().notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    /** a single choice may be completed by an 'other' text */
    allowOther: boolean('allow_other').notNull().default(false),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exam_questions_exam_idx').on(t.examType, t.challenge, t.stage, t.position)],
);

/**
 * One learner's exam (learner, exam type, challenge): the server timer
 * (started_at and the duration fixed when it started) and when the last
 * stage arrived.
 */
export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    examType: smallint('exam_type').notNull(),
    challenge: smallint('challenge').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('exams_child_exam_unique').on(t.childId, t.examType, t.challenge)],
);

/**
 * A stage as it was submitted, once: its idempotency key is unique, so a
 * retried submission finds the stored one instead of storing twice; the
 * hash of what was sent tells a retry from another stage sent with the same key.
 */
export const examSubmissions = pgTable(
  'exam_submissions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull(),
    submissionKey: varchar('submission_key', { length: 64 }).notNull(),
    /**
     * sha256 of the stage as sent (its fields and file bytes, canonical:
     * services/stageSubmission.ts stageHash): a retry with the key must carry the
     * same stage (409 keyMismatch otherwise). Null for stages stored before it was kept.
     */
    bodyHash: varchar('body_hash', { length: 64 }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /** entered by a teacher from a paper test (/answers/addteacher) */
    byTeacher: boolean('by_teacher').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exam_submissions_key_unique').on(t.submissionKey),
    uniqueIndex('exam_submissions_stage_unique').on(t.examId, t.stage),
  ],
);

/**
 * Each answer as its own row: per learner, per question, one text per word
 * answer (a ticked option, a typed entry, a choice, an 'other' text), so
 * the scoring engine reads them directly. score is 0 for the 'no answer'
 * phrase and otherwise left to scoring.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => examSubmissions.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    examType: smallint('exam_type').notNull(),
    challenge: smallint('challenge').notNull(),
    stage: smallint('stage').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id),
    position: smallint('position').notNull(),
    /** 'option' (a ticked or chosen option), 'text' (typed), 'other' (the text beside a choice) */
    source: varchar('source', { length: 10 }).notNull(),
    optionKey: varchar('option_key', { length: 40 }),
    answer: text('answer').notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    score: smallint('score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('exam_answers_exam_idx').on(t.examId, t.stage),
    index('exam_answers_question_idx').on(t.questionId),
    index('exam_answers_child_idx').on(t.childId, t.examType),
  ],
);

/**
 * Files of the test: a stage's image (drawn on the screen or a photo) or a
 * 3D model, and a question's figure or model. Their ids are the img_id of
 * /image/:img_id and /img/3d/:img_id.
 */
export const examFiles = pgTable(
  'exam_files',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    submissionId: integer('submission_id').references(() => examSubmissions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => examQuestions.id, { onDelete: 'cascade' }),
    /** the learner whose answer it is (scope), none for a question's file */
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    /** drawn on the screen rather than photographed */
    drawn: boolean('drawn').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('exam_files_submission_idx').on(t.submissionId), index('exam_files_question_idx').on(t.questionId)],
);

/** A guest's report link, given at registration (docs/DECISIONS.md "Children's data"); only its hash is kept. */
export const guestReportLinks = pgTable(
  'guest_report_links',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_report_links_token_unique').on(t.tokenHash),
    uniqueIndex('guest_report_links_child_unique').on(t.childId),
  ],
);
