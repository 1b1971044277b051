import { z } from 'zod';
import { errorOut } from '../schemas';

/** Response schemas of the Neomi test calls: the output allow-list (docs/api/exams.md). */

export const localTextOut = z.object({ ar: z.string(), en: z.string(), de: z.string(), fr: z.string() });
const fileRef = z.object({ id: z.number(), url: z.string() });

export const questionOut = z.object({
  id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  stage: z.number(),
  kind: z.string(),
  text: localTextOut,
  options: z.array(z.object({ key: z.string(), text: localTextOut })),
  allow_other: z.boolean(),
  position: z.number(),
  image: fileRef.nullable(),
  model: fileRef.nullable(),
});

export const questionsByStageOut = z.object({
  questions: z.record(z.string(), z.array(questionOut)),
  count: z.number(),
});

export const examOut = z.object({
  id: z.number().nullable(),
  student_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  status: z.enum(['not_started', 'open', 'finished', 'time_over']),
  submitted_stages: z.array(z.number()),
  current_stage: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration: z.number(),
  remaining_seconds: z.number(),
  server_time: z.string(),
});

export const answerOut = z.object({
  id: z.number(),
  question_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  stage: z.number(),
  position: z.number(),
  source: z.string(),
  option_key: z.string().nullable(),
  answer: z.string(),
  language: z.string(),
  score: z.number().nullable(),
  created_at: z.string(),
});

const stageFileOut = z.object({ id: z.number(), kind: z.string(), drawn: z.boolean(), url: z.string() });

export const stageOut = z.object({
  stage: z.number(),
  submission_key: z.string(),
  submitted_at: z.string(),
  by_teacher: z.boolean(),
  image: stageFileOut.nullable(),
  model: stageFileOut.nullable(),
  answers: z.array(answerOut),
});

export const submitOut = z.object({ exam: examOut, stage: stageOut, replayed: z.boolean() });

/** A learner as the test pages show one: no contact data. */
export const learnerOut = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  language: z.string().nullable(),
  school_id: z.number().nullable(),
});

export const learnerWithExamsOut = learnerOut.extend({ exams: z.array(examOut) });

export const examErrors = { 400: errorOut, 401: errorOut, 403: errorOut, 404: errorOut, 409: errorOut };
export const uploadErrors = { ...examErrors, 413: errorOut, 415: errorOut };
