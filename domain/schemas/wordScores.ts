import { z } from 'zod';
import { listQuerySchema } from './lists';
import { dictionaryWord, wordLanguage } from './scoring';
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
