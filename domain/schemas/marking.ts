import { z } from 'zod';
import { MARGIN_RANGE, RUBRIC, type RubricKey } from '../marking/rubric';
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

/** The disagreement margin (setting marking_disagreement_margin), as the console's form sends it to POST /setting/change/:id. */
export const disagreementMarginSchema = z.object({ value: int(MARGIN_RANGE) });
