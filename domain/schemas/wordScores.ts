import { z } from 'zod';
import { listQuerySchema } from './lists';
import { dictionaryWord, wordLanguage } from './dictionary';
import { answersQuerySchema, challengeField, examTypeField } from './exams';
import { id, requiredText } from './fields';

/**
 * Inputs of the word scores, the rescoring jobs, the review queue and the
 * suggestions (docs/api/scoring.md "Word scores", "Review queue").
 */

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Link a question to a category set (set_id null unlinks it). */
export const questionSetSchema = z.object({
  question_id: id(),
  set_id: z.preprocess(blankToUndefined, id().nullable()),
});

/** Rescore every word question, or those of one set. */
export const rescoreSchema = z.object({
  set_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional()),
});

/** Score a learner's tests now (one challenge, or all three of the exam type). */
export const scoreNowSchema = z.object({
  student_id: id(),
  exam_type: examTypeField(),
  challenge: z.preprocess((v) => (v === '' || v === null ? undefined : v), challengeField().optional()),
});

/** A learner's word scores, explained answer by answer. */
export const explainSchema = answersQuerySchema;

/** The review queue of unmatched answer words. */
export const reviewQueueSchema = listQuerySchema(['count', 'normalised'] as const).extend({
  set_id: z.preprocess(blankToUndefined, id().optional()),
});

/** The normalised form of an answer word as the queue lists it. */
const normalisedField = () => requiredText(100, { singleLine: true });

/** Assign a queued word to a subcategory: it becomes a dictionary word (its text: `word`, or the queue's example). */
export const assignWordSchema = z.object({
  set_id: id(),
  normalised: normalisedField(),
  subcategory_id: id(),
  word: z.preprocess(blankToUndefined, dictionaryWord().optional()),
  language: z.preprocess(blankToUndefined, wordLanguage().optional()),
});

/** Take a queued word out of the queue (not a dictionary word), or put it back. */
export const dismissWordSchema = z.object({
  set_id: id(),
  normalised: normalisedField(),
  restore: z.boolean().optional(),
});

/** POST /answers/submit/to/ai: suggestions for some words, or for the review queue of a set. */
export const suggestSchema = z.object({
  set_id: id(),
  words: z
    .array(requiredText(100, { singleLine: true }))
    .max(200, { error: 'app.scores.tooManyWords' })
    .optional(),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(200).optional()),
});

// ---------------------------------------------------------------- Responses

/**
 * What the word-score calls answer (docs/api/scoring.md). Each schema is the server's output allow-list (a field not
 * in it never leaves the server) and the console's types are inferred from it.
 */

const localText = z.object({ ar: z.string(), en: z.string(), de: z.string(), fr: z.string() }).partial();
export const scoringJobOut = z.object({
  id: z.number(),
  scope: z.string(),
  target_id: z.number().nullable(),
  status: z.string(),
  total: z.number(),
  processed: z.number(),
  answers: z.number(),
  percent: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export const questionSetOut = z.object({
  question_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  stage: z.number(),
  kind: z.string(),
  text: localText,
  set_id: z.number().nullable(),
  set_name: z.string().nullable(),
  set_code: z.string().nullable(),
  scored_tests: z.number(),
});
export const scoredAnswerOut = z.object({
  id: z.number(),
  answer: z.string(),
  language: z.string(),
  normalised: z.string(),
  status: z.string(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  points: z.number(),
});
export const wordScoreOut = z.object({
  exam_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  question_id: z.number(),
  question: localText,
  kind: z.string(),
  set_id: z.number(),
  set_name: z.string(),
  fluency: z.number(),
  flexibility: z.number(),
  originality: z.number(),
  originality_per_answer: z.number(),
  answers_count: z.number(),
  unmatched: z.number(),
  takers: z.number(),
  rare_percent: z.number(),
  uncommon_percent: z.number(),
  scored_at: z.string(),
  answers: z.array(scoredAnswerOut),
});
export const scoredLearnerOut = z.object({ id: z.number(), name: z.string() });
export const queueWordOut = z.object({
  set_id: z.number(),
  set: z.string(),
  normalised: z.string(),
  count: z.number(),
  tests: z.number(),
  example: z.string(),
  language: z.string(),
});
export const suggestionOut = z.object({
  category_id: z.number(),
  category: z.string(),
  subcategory_id: z.number(),
  subcategory: z.string(),
  matched_word: z.string(),
  via: z.enum(['exact', 'variant', 'fuzzy', 'part']),
  distance: z.number(),
  confidence: z.number(),
});
export const messageWithJobOut = z.object({ message: z.string(), key: z.string(), job: scoringJobOut.nullable() });

/** A queued word made a dictionary word (POST /scores/review-queue/assign). */
export const assignedWordOut = z.object({
  id: z.number(),
  word: z.string(),
  language: z.string(),
  normalised: z.string(),
  subcategory_id: z.number(),
});

/** The dictionary's candidates for each word asked, or for the head of the review queue (POST /answers/submit/to/ai). */
export const suggestionsOut = z.object({
  set_id: z.number(),
  suggestions: z.array(
    z.object({
      word: z.string(),
      normalised: z.string(),
      count: z.number().nullable(),
      candidates: z.array(suggestionOut),
    }),
  ),
});
