import { z } from 'zod';
import { DEGREE, EFFECT_SIZE, MEASURES } from '../../../domain/reports';
import { errorOut } from '../schemas';

/** Response schemas of the report, score, export and print calls: the output allow-list (docs/api/reports.md). */

export const reportErrors = { 400: errorOut, 401: errorOut, 403: errorOut, 404: errorOut, 409: errorOut };

const measure = z.enum(MEASURES);
const degree = z.enum([DEGREE.above, DEGREE.average, DEGREE.below]);

/** A learner's measure against every taker of the same test. */
export const comparedOut = z.object({
  measure,
  score: z.number(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  max: z.number().nullable(),
  takers: z.number(),
  degree,
  percentile: z.number().nullable(),
});

/** A learner as reports show one: no contact data. */
export const reportLearnerOut = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  age: z.number().nullable(),
});

export const confirmationOut = z.object({
  confirmed_at: z.string(),
  confirmed_by: z.string().nullable(),
  /** the scores changed since they were confirmed (rescoring) */
  outdated: z.boolean(),
});

const meansOut = z.object({
  takers: z.number(),
  fluency: z.number().nullable(),
  flexibility: z.number().nullable(),
  originality: z.number().nullable(),
  total: z.number().nullable(),
});

export const challengeRowOut = z.object({
  challenge: z.number(),
  fluency: z.number(),
  flexibility: z.number(),
  originality: z.number(),
  total: z.number(),
  /** the means of every taker of this challenge */
  average: meansOut,
});

export const reportStatus = z.enum(['scored', 'not_scored', 'not_taken']);

/** The student report (/report/:stu_id/:exam_type) and the per-challenge reports. */
export const studentReportOut = z.object({
  student: reportLearnerOut,
  exam_type: z.number(),
  challenge: z.number().nullable(),
  status: reportStatus,
  test_date: z.string().nullable(),
  takers: z.number(),
  measures: z.array(comparedOut),
  challenges: z.array(challengeRowOut),
  confirmation: confirmationOut.nullable(),
});
export type StudentReportOut = z.infer<typeof studentReportOut>;

/** docs/PRODUCT.md §3 "Guest report", about the one guest; `summary`: totals, maxima and sums over every taker. */
const listSummary = z.object({
  takers: z.number(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  sum: z.number(),
});
export const guestReportOut = studentReportOut.extend({
  score: z.array(z.object({ student_id: z.number(), total: z.number() })),
  categories: z.array(z.object({ student_id: z.number(), count: z.number() })),
  user_data: z.array(
    z.object({ student_id: z.number(), name: z.string(), gender: z.number().nullable(), age: z.number().nullable() }),
  ),
  fluency: z.array(z.object({ student_id: z.number(), score: z.number(), exam_date: z.string().nullable() })),
  summary: z.object({ score: listSummary, categories: listSummary, fluency: listSummary }),
});

// ---------------------------------------------------------------- cohorts (group, school, region, programme)

const statsOut = z.object({
  measure,
  n: z.number(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  median: z.number().nullable(),
  p25: z.number().nullable(),
  p75: z.number().nullable(),
  /** every taker of the test */
  programme_mean: z.number().nullable(),
  programme_sd: z.number().nullable(),
  above: z.number(),
  average: z.number(),
  below: z.number(),
});

export const breakdownRowOut = meansOut.extend({ id: z.number(), name: z.string() });

export const cohortReportOut = z.object({
  exam_type: z.number(),
  challenge: z.number().nullable(),
  takers: z.number(),
  programme_takers: z.number(),
  measures: z.array(statsOut),
  histogram: z.array(z.object({ total: z.number(), count: z.number() })),
  by_challenge: z.array(meansOut.extend({ challenge: z.number() })),
  breakdown: z.object({ level: z.enum(['region', 'school', 'group']).nullable(), rows: z.array(breakdownRowOut) }),
});

export const placedLearnerOut = z.object({
  student_id: z.number(),
  name: z.string(),
  gender: z.number().nullable(),
  age: z.number().nullable(),
  test_date: z.string().nullable(),
  measures: z.array(comparedOut),
});

export const groupReportOut = cohortReportOut.extend({
  group: z.object({
    id: z.number(),
    name: z.string(),
    school_id: z.number().nullable(),
    teacher_id: z.number().nullable(),
  }),
  students: z.array(placedLearnerOut),
  /** members with no score in this test yet */
  not_scored: z.array(z.object({ student_id: z.number(), name: z.string() })),
});
export const schoolReportOut = cohortReportOut.extend({
  school: z.object({ id: z.number(), name: z.string(), region_id: z.number() }),
});
export const regionReportOut = cohortReportOut.extend({ region: z.object({ id: z.number(), name: z.string() }) });

// ---------------------------------------------------------------- pre → post

const changeOut = z.object({
  measure,
  n: z.number(),
  pre_mean: z.number().nullable(),
  post_mean: z.number().nullable(),
  mean_change: z.number().nullable(),
  sd_change: z.number().nullable(),
  /** Cohen's d for paired scores: mean_change / sd_change */
  effect_size: z.number().nullable(),
  band: z.enum([EFFECT_SIZE.negligible, EFFECT_SIZE.small, EFFECT_SIZE.medium, EFFECT_SIZE.large]).nullable(),
});

export const prePostOut = z.object({
  students: z.array(
    z.object({
      student_id: z.number(),
      name: z.string(),
      measures: z.array(z.object({ measure, pre: z.number(), post: z.number(), change: z.number() })),
    }),
  ),
  count: z.number(),
  overall: z.object({ n: z.number(), measures: z.array(changeOut) }),
  groups: z.array(z.object({ id: z.number(), name: z.string(), n: z.number(), measures: z.array(changeOut) })),
});
