import { z } from 'zod';
import { AGE_GROUPS, CHILD_GENDERS } from '../codes';
import { CHALLENGES, EXAM_LANGUAGES, EXAM_TYPES } from '../exams';
import { DEGREE, EFFECT_SIZE, MEASURES, PRINT_KINDS } from '../reports';
import { codeOf, id, isoDate, optionalCodeOf } from './fields';
import { listQuerySchema } from './lists';

/** Inputs of the report, score, export and print calls (docs/api/reports.md). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const examType = () => codeOf(EXAM_TYPES);
/** The exam type, pre (1) when not given. */
const examTypeOrPre = () => optional(examType()).transform((v) => v ?? 1);
const challenge = () => optional(codeOf(CHALLENGES));
const locale = () => optional(z.enum(EXAM_LANGUAGES, { error: 'app.validation.invalidChoice' }));

/** GET /reports/student/{student_id}/{exam_type}: the page /report/:stu_id/:exam_type. */
export const studentReportParams = z.object({ student_id: id(), exam_type: examType() });

/** A report on one learner's test (POST /answers/studentScore, /answers/test/one|two|three/report). */
export const learnerTestSchema = z.object({ student_id: id(), exam_type: examTypeOrPre(), challenge: challenge() });
export type LearnerTestInput = z.infer<typeof learnerTestSchema>;

/** The guest report by its link: GET /guest-report/{token}?exam_type= */
export const guestTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'app.validation.invalid' }),
});
export const guestReportQuery = z.object({ exam_type: examTypeOrPre() });

/** Group, school and region reports: POST /reports/{group|school|region}/{id}. */
export const levelParams = z.object({ id: id() });
export const levelReportSchema = z.object({ exam_type: examTypeOrPre(), challenge: challenge() });

/** Filters of the programme-wide report (POST /exam/report) and the pre → post report. */
export const reportFilterSchema = z
  .object({
    exam_type: examTypeOrPre(),
    challenge: challenge(),
    region_id: optional(id()),
    school_id: optional(id()),
    group_id: optional(id()),
    gender: optionalCodeOf(CHILD_GENDERS),
    age_group: optionalCodeOf(AGE_GROUPS),
    /** the test's date (its first challenge's start), from and to, inclusive */
    from: optional(isoDate()),
    to: optional(isoDate()),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'app.reports.datesReversed' });
  });
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const PRE_POST_ORDERABLE = ['name', 'id', 'total_change'] as const;
/** POST /reports/pre-post: changes per learner (a page of them) and per group. */
export const prePostSchema = listQuerySchema(PRE_POST_ORDERABLE).extend({
  region_id: optional(id()),
  school_id: optional(id()),
  group_id: optional(id()),
});
export type PrePostInput = z.infer<typeof prePostSchema>;

// ---------------------------------------------------------------- score calls (docs/api/reports.md "Score calls")

export const SCORE_ORDERABLE = ['total', ...MEASURES.filter((m) => m !== 'total'), 'answers', 'name', 'id'] as const;
/** answers/countSorted: learners in scope ranked by a score. */
export const scoreListSchema = listQuerySchema(SCORE_ORDERABLE).extend({
  exam_type: examTypeOrPre(),
  challenge: challenge(),
  group_id: optional(id()),
  /** 1 confirmed only, 0 not confirmed only */
  confirmed: optional(
    z.preprocess(
      (v) =>
        v === '1' || v === 1 || v === 'true' || v === true
          ? true
          : v === '0' || v === 0 || v === 'false' || v === false
            ? false
            : v,
      z.boolean({ error: 'app.validation.invalidChoice' }),
    ),
  ),
});

export const EXAM_USERS_ORDERABLE = ['exam_date', 'name', 'id'] as const;
/** GET /answers/get/exam/users: learners who took a test. */
export const examUsersSchema = listQuerySchema(EXAM_USERS_ORDERABLE).extend({
  exam_type: optional(examType()),
  group_id: optional(id()),
});

/** POST /confirm/score and POST /report. */
export const confirmScoreSchema = z.object({ student_id: id(), exam_type: examType() });
export const sendReportSchema = z.object({
  student_id: id(),
  exam_type: examTypeOrPre(),
  /** docs/PRODUCT.md §3 "Report notification": the link to the report; when given it must be this learner's report */
  content: optional(z.string().trim().max(300)),
});

/** GET /answers/count and answers/totalAnswers: counts in scope, optionally of one learner, test or group. */
export const answerCountSchema = z.object({
  student_id: optional(id()),
  exam_type: optional(examType()),
  challenge: challenge(),
  group_id: optional(id()),
});

/** answers/get/json: the `npm run score` file of one word question. */
export const answersJsonSchema = z.object({ question_id: id() });

/** POST /answers/delete: one answer (id) or several (ids), of learners in scope. */
export const deleteAnswersSchema = z
  .object({
    id: optional(id()),
    ids: optional(
      z.array(id()).min(1, { error: 'app.validation.required' }).max(500, { error: 'app.validation.tooLong' }),
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.id && !v.ids) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'app.validation.required' });
  })
  .transform((v) => [...new Set([...(v.id ? [v.id] : []), ...(v.ids ?? [])])]);

// ---------------------------------------------------------------- exports and prints

/** GET /exam-export?group_id&exam_type&challenge_no → exam_results.xlsx. */
export const examExportSchema = z.object({
  group_id: id(),
  exam_type: examType(),
  challenge_no: challenge(),
  locale: locale(),
});

/** GET /exam-export/groups?school_id: the groups of a school with their takers, to choose an export. */
export const examExportGroupsSchema = z.object({ school_id: optional(id()) });

/** POST /users/print/group/users/answers(/all): the print pages' data, or their PDF. */
export const printSchema = z
  .object({
    group_id: optional(id()),
    student_id: optional(id()),
    exam_type: examType(),
    challenge_no: challenge(),
    kind: optional(z.enum(PRINT_KINDS, { error: 'app.validation.invalidChoice' })).transform((v) => v ?? 'exam'),
    format: optional(z.enum(['json', 'pdf'], { error: 'app.validation.invalidChoice' })).transform((v) => v ?? 'json'),
    locale: locale(),
  })
  .superRefine((v, ctx) => {
    if (!v.group_id && !v.student_id)
      ctx.addIssue({ code: 'custom', path: ['group_id'], message: 'app.validation.required' });
  });
export type PrintInput = z.infer<typeof printSchema>;

// ================================================================ Responses

/** Response schemas of the report, score, export and print calls: the server's output allow-list (docs/api/reports.md). */

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

// ---------------------------------------------------------------- learner results (score calls)

const totalsOut = z.object({
  fluency: z.number(),
  flexibility: z.number(),
  originality: z.number(),
  total: z.number(),
});

/** answers/countSorted: the learners in scope with their totals in a test, ranked. */
export const rankedResultsOut = z.object({
  data: z.array(
    totalsOut.extend({
      student_id: z.number(),
      name: z.string(),
      answers: z.number(),
      test_date: z.string().nullable(),
      confirmed: z.boolean(),
    }),
  ),
  count: z.number(),
});

/** GET usersCount: per test, the learners who took it, have scores in it and have them confirmed. */
export const testCountsOut = z.object({
  exam_type: z.number(),
  takers: z.number(),
  scored: z.number(),
  confirmed: z.number(),
});

/** answers/count and answers/totalAnswers. */
export const answerCountsOut = z.object({
  answers: z.number(),
  scored: z.number(),
  relevant: z.number(),
  unmatched: z.number(),
  learners: z.number(),
});

/** GET /answers/get/exam/users: a page of the learners who took a test. */
export const testTakersOut = z.object({
  data: z.array(
    z.object({
      student_id: z.number(),
      name: z.string(),
      exam_type: z.number(),
      challenges: z.array(z.number()),
      exam_date: z.string(),
      scored: z.boolean(),
    }),
  ),
  count: z.number(),
});

/** An answer as the engine scored it (answer_matches). */
export const scoredAnswerOut = z.object({
  id: z.number(),
  answer: z.string(),
  status: z.string().nullable(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  points: z.number().nullable(),
});

/** A learner's word question with its scores. */
export const scoredQuestionOut = totalsOut.omit({ total: true }).extend({
  question_id: z.number(),
  challenge: z.number(),
  stage: z.number(),
  text: z.record(z.string(), z.string()),
  originality_per_answer: z.number(),
  takers: z.number(),
  scored_at: z.string(),
  answers: z.array(scoredAnswerOut),
});

/** One test of a learner's scores question by question. */
export const scoredTestOut = totalsOut.extend({
  exam_type: z.number(),
  confirmation: confirmationOut.nullable(),
  questions: z.array(scoredQuestionOut),
});

/** A learner's scores question by question, with what the engine made of each answer. */
export const learnerScoresOut = z.object({
  student: z.object({ id: z.number(), name: z.string() }),
  tests: z.array(scoredTestOut),
});

/** /search/user: a learner found by name, with the tests they took. */
export const foundLearnerOut = z.object({
  student_id: z.number(),
  name: z.string(),
  parent: z.string().nullable(),
  tests: z.array(z.number()),
});

/** answers/get/json: a word question's `npm run score` file. */
export const wordQuestionFileOut = z.object({
  question: z.string(),
  dictionary: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  takers: z.array(z.object({ taker: z.string(), answers: z.array(z.string()) })),
});

// ---------------------------------------------------------------- exports and prints

/** GET /exam-export/groups: a group with its takers of each test. */
export const exportGroupOut = z.object({
  id: z.number(),
  name: z.string(),
  school_id: z.number().nullable(),
  /** the registered school's name (else the one written on the group) and the course: pickers name a group by all three */
  school_name: z.string().nullable(),
  course_name: z.string().nullable(),
  pre_takers: z.number(),
  post_takers: z.number(),
});

/** A learner's printed test (one challenge). */
export const printedLearnerOut = z.object({
  student_id: z.number(),
  name: z.string(),
  exam_type: z.number(),
  challenge: z.number(),
  test_date: z.string().nullable(),
  scores: z
    .object({ fluency: z.number(), flexibility: z.number(), originality: z.number(), total: z.number() })
    .nullable(),
  questions: z.array(
    z.object({
      question_id: z.number(),
      stage: z.number(),
      text: z.string(),
      answers: z.array(
        z.object({
          answer: z.string(),
          status: z.string().nullable(),
          category: z.string().nullable(),
          subcategory: z.string().nullable(),
          points: z.number().nullable(),
        }),
      ),
    }),
  ),
});

/** The print pages' data. */
export const printOut = z.object({ kind: z.enum(PRINT_KINDS), learners: z.array(printedLearnerOut) });
