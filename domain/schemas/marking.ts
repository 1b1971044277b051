import { z } from 'zod';
import { RUBRIC, RUBRIC_KEYS, type RubricKey } from '../marking/rubric';
import { id, int } from './fields';

/** Inputs of marking (docs/api/marking.md). */

/** One marking assignment, by its id. */
export const assignmentSchema = z.object({ assignment_id: id() });

/** A drawing's scores on the rubric: any items (a draft), each within its range. */
const rubricScore = (max: number) => int({ min: 0, max }).optional();
export const rubricScores = () =>
  z
    .object(
      Object.fromEntries(RUBRIC.map((r) => [r.key, rubricScore(r.max)])) as Record<
        RubricKey,
        ReturnType<typeof rubricScore>
      >,
    )
    .strict();

/** POST /mark/exam/report: a drawing's scores saved as a draft, naming the version the marker has. */
export const markImageSchema = z.object({
  assignment_id: id(),
  file_id: id(),
  version: id(),
  scores: rubricScores(),
});

/** POST /mark/exam/finish: the marking is done (every drawing assessed). */
export const finishMarkingSchema = z.object({ assignment_id: id(), version: id() });

/** POST /marking/assign: allocate one or many finished tests to a marker. */
export const allocateSchema = z.object({
  marker_id: id(),
  exam_ids: z.array(id()).min(1).max(200, { error: 'app.marking.tooManyTests' }),
});

/** POST /marking/tests: finished tests and their markings (admin). */
export const markingTestsSchema = z.object({
  status: z.enum(['unallocated', 'open', 'finished', 'disagreement']).optional(),
});

// ---------------------------------------------------------------- Responses

/**
 * What the marking calls answer (docs/api/marking.md). Each schema is the server's output allow-list (a field not
 * in it never leaves the server: a marker's views have no learner) and the console's types are inferred from it.
 */

const localText = z.object({ ar: z.string(), en: z.string(), de: z.string(), fr: z.string() }).partial();

/** A drawing's scores on the rubric, as saved (a draft may lack items). */
export const imageScoresOut = z.object(
  Object.fromEntries(RUBRIC_KEYS.map((k) => [k, z.number().optional()])) as Record<
    RubricKey,
    z.ZodOptional<z.ZodNumber>
  >,
);

/** A test in a marker's queue: a pseudonymous code, never the learner. */
export const markingQueueItemOut = z.object({
  id: z.number(),
  code: z.string(),
  round: z.number(),
  status: z.string(),
  version: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  images: z.number(),
  marked: z.number(),
  assigned_at: z.string(),
  finished_at: z.string().nullable(),
});

/** A drawing of a test as its marker sees it, with the marker's scores. */
export const markingImageOut = z.object({
  file_id: z.number(),
  stage: z.number(),
  drawn: z.boolean(),
  question: localText,
  /** the names the learner typed for the drawing (stage 1's repeated drawings), which rubric item 'title' scores */
  titles: z.array(z.string()),
  scores: imageScoresOut,
  assessed: z.boolean(),
});

/** A test as its marker sees it (POST /exam/report/for/marking). */
export const testForMarkingOut = z.object({
  id: z.number(),
  code: z.string(),
  round: z.number(),
  status: z.string(),
  version: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  images: z.array(markingImageOut),
  marked: z.number(),
});

/** The agreement of a test's first two markings, per rubric item and overall. */
export const markingAgreementOut = z.object({
  items: z.array(
    z.object({ key: z.string(), first: z.number(), second: z.number(), difference: z.number(), exact: z.number() }),
  ),
  first: z.number(),
  second: z.number(),
  difference: z.number(),
  exact: z.number(),
});

/** One marking of a test as the admin sees it. */
export const adminMarkingOut = z.object({
  id: z.number(),
  round: z.number(),
  status: z.string(),
  marker_id: z.number(),
  marker: z.string(),
  code: z.string(),
  total: z.number(),
  finished_at: z.string().nullable(),
});

/** A finished test as the admin sees it (POST /marking/tests, GET /marking/agreement/:id): the learner is named. */
export const adminMarkingTestOut = z.object({
  exam_id: z.number(),
  child_id: z.number(),
  child: z.string(),
  exam_type: z.number(),
  challenge: z.number(),
  finished_at: z.string().nullable(),
  markings: z.array(adminMarkingOut),
  agreement: markingAgreementOut.nullable(),
  needs_third: z.boolean(),
});

/** A marker with the number of tests they have open (GET /marking/markers). */
export const markerLoadOut = z.object({ id: z.number(), name: z.string(), email: z.string(), open: z.number() });

/** A test allocated to a marker (POST /marking/assign). */
export const allocationOut = z.object({ id: z.number(), exam_id: z.number(), round: z.number() });
