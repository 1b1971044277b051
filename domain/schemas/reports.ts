import { z } from 'zod';
import { AGE_GROUPS, CHILD_GENDERS } from '../codes';
import { CHALLENGES, EXAM_LANGUAGES, EXAM_TYPES } from '../exams';
import { MEASURES, PRINT_KINDS } from '../reports';
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
