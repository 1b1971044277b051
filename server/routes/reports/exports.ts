import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_STATUS } from '../../../domain/codes';
import { ageAt, degreeOf } from '../../../domain/reports';
import {
  examExportGroupsSchema,
  examExportSchema,
  printSchema,
  type PrintInput,
} from '../../../domain/schemas/reports';
import type { Actor } from '../../auth/actor';
import { groupsManagedBy, schoolsInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import {
  answerMatches,
  children,
  examAnswers,
  examQuestions,
  exams,
  groupMembers,
  groups,
  wordScores,
} from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { learnerInScope } from '../../repositories/exams';
import { distributionOf, membersOfGroup, placementsOf, rowsOf, type TestRef } from '../../repositories/reports';
import { documentLocale, type DocumentLocale } from '../../services/certificate';
import { printPdf, reportTexts, type PrintedLearner } from '../../services/reportDocuments';
import { XLSX_MIME, sendWorkbook, type SheetSpec } from '../../adapters/xlsx';
import { errorOut } from '../schemas';
import { groupInScope, requireReportViewer } from './levels';
import { reportErrors } from './schemas';

/** One row of the results sheet. */
interface ResultRow {
  student_id: number;
  name: string;
  gender: number | null;
  age: number | null;
  test_date: string | null;
  fluency: number | null;
  flexibility: number | null;
  originality: number | null;
  total: number | null;
  degree: 'above' | 'average' | 'below' | null;
  percentile: number | null;
  scored: boolean;
}

/** The learners of a group who took a test: scored ones placed among every taker, then the unscored ones. */
async function groupResults(db: Executor, groupId: number, ref: TestRef): Promise<ResultRow[]> {
  const [programme, placed, unscored] = await Promise.all([
    distributionOf(db, ref),
    placementsOf(db, ref, sql`${children.id} in ${membersOfGroup(groupId)}`),
    rowsOf<{ id: number; name: string; gender: number | null; birthdate: string | null; test_date: string }>(
      db,
      sql`
      select ${children.id} as id, ${children.name} as name, ${children.gender} as gender, ${children.birthdate}::text as birthdate,
        min(${exams.startedAt}) as test_date
      from ${children} join ${exams} on ${exams.childId} = ${children.id} and ${exams.examType} = ${ref.examType}
        ${ref.challenge ? sql`and ${exams.challenge} = ${ref.challenge}` : sql``}
      where ${children.id} in ${membersOfGroup(groupId)}
        and not exists (select 1 from ${wordScores} where ${wordScores.childId} = ${children.id} and ${wordScores.examType} = ${ref.examType}
          ${ref.challenge ? sql`and ${wordScores.challenge} = ${ref.challenge}` : sql``})
      group by ${children.id} order by ${children.name}, ${children.id}`,
    ),
  ]);
  const percentile = (p: { below: number; equal: number }) =>
    Math.round((100 * (p.below + p.equal / 2)) / programme.total.n);
  return [
    ...placed.map((p): ResultRow => ({
      student_id: p.childId,
      name: p.name,
      gender: p.gender,
      age: ageAt(p.birthdate, p.testDate),
      test_date: p.testDate,
      fluency: p.scores.fluency.score,
      flexibility: p.scores.flexibility.score,
      originality: p.scores.originality.score,
      total: p.scores.total.score,
      degree: degreeOf(p.scores.total.score, programme.total),
      percentile: percentile(p.scores.total),
      scored: true,
    })),
    ...unscored.map((u): ResultRow => ({
      student_id: Number(u.id),
      name: u.name,
      gender: u.gender === null ? null : Number(u.gender),
      age: ageAt(u.birthdate, u.test_date),
      test_date: new Date(u.test_date).toISOString(),
      fluency: null,
      flexibility: null,
      originality: null,
      total: null,
      degree: null,
      percentile: null,
      scored: false,
    })),
  ];
}

interface AnswerRow {
  student_id: number;
  name: string;
  challenge: number;
  stage: number;
  question_id: number;
  question: string;
  position: number;
  answer: string;
  status: string | null;
  category: string | null;
  subcategory: string | null;
  points: number | null;
}

/** The word answers of some learners in a test, with what the scoring made of each (answer_matches). */
async function answersOf(db: Executor, childIds: number[], ref: TestRef, locale: DocumentLocale): Promise<AnswerRow[]> {
  if (!childIds.length) return [];
  const rows = await db
    .select({
      student_id: children.id,
      name: children.name,
      challenge: examAnswers.challenge,
      stage: examAnswers.stage,
      question_id: examQuestions.id,
      text: examQuestions.text,
      position: examAnswers.position,
      answer: examAnswers.answer,
      status: answerMatches.status,
      category: answerMatches.category,
      subcategory: answerMatches.subcategory,
      points: answerMatches.points,
    })
    .from(examAnswers)
    .innerJoin(children, eq(children.id, examAnswers.childId))
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .leftJoin(answerMatches, eq(answerMatches.answerId, examAnswers.id))
    .where(
      and(
        inArray(examAnswers.childId, childIds),
        eq(examAnswers.examType, ref.examType),
        ref.challenge ? eq(examAnswers.challenge, ref.challenge) : undefined,
        eq(examQuestions.kind, 'free_text'),
      ),
    )
    .orderBy(
      asc(children.name),
      asc(children.id),
      asc(examAnswers.challenge),
      asc(examAnswers.stage),
      asc(examQuestions.position),
      asc(examQuestions.id),
      asc(examAnswers.position),
    );
  return rows.map((r) => ({ ...r, question: r.text[locale] || r.text.ar || r.text.en }));
}

const printOut = z.object({
  kind: z.enum(['exam', 'corrected']),
  learners: z.array(
    z.object({
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
    }),
  ),
});

/** The printed tests of learners: one entry per learner and challenge taken. */
async function printedLearners(
  db: Executor,
  childIds: number[],
  input: PrintInput,
  locale: DocumentLocale,
): Promise<PrintedLearner[]> {
  if (!childIds.length) return [];
  const ref = { examType: input.exam_type, challenge: input.challenge_no };
  const [taken, answers, scores] = await Promise.all([
    db
      .select({ childId: exams.childId, name: children.name, challenge: exams.challenge, startedAt: exams.startedAt })
      .from(exams)
      .innerJoin(children, eq(children.id, exams.childId))
      .where(
        and(
          inArray(exams.childId, childIds),
          eq(exams.examType, ref.examType),
          ref.challenge ? eq(exams.challenge, ref.challenge) : undefined,
        ),
      )
      .orderBy(asc(children.name), asc(children.id), asc(exams.challenge)),
    answersOf(db, childIds, ref, locale),
    db
      .select({
        childId: wordScores.childId,
        challenge: wordScores.challenge,
        fluency: sql<number>`sum(${wordScores.fluency})::int`,
        flexibility: sql<number>`sum(${wordScores.flexibility})::int`,
        originality: sql<number>`sum(${wordScores.originality})::int`,
      })
      .from(wordScores)
      .where(
        and(
          inArray(wordScores.childId, childIds),
          eq(wordScores.examType, ref.examType),
          ref.challenge ? eq(wordScores.challenge, ref.challenge) : undefined,
        ),
      )
      .groupBy(wordScores.childId, wordScores.challenge),
  ]);
  return taken.map((e) => {
    const mine = answers.filter((a) => a.student_id === e.childId && a.challenge === e.challenge);
    const questions: PrintedLearner['questions'] = [];
    for (const a of mine) {
      let q = questions.find((x) => x.question_id === a.question_id);
      if (!q) {
        q = { question_id: a.question_id, stage: a.stage, text: a.question, answers: [] };
        questions.push(q);
      }
      if (input.kind === 'corrected')
        q.answers.push({
          answer: a.answer,
          status: a.status,
          category: a.category,
          subcategory: a.subcategory,
          points: a.points,
        });
      else q.answers.push({ answer: a.answer, status: null, category: null, subcategory: null, points: null });
    }
    const s =
      input.kind === 'corrected'
        ? scores.find((x) => x.childId === e.childId && x.challenge === e.challenge)
        : undefined;
    return {
      student_id: e.childId,
      name: e.name,
      exam_type: ref.examType,
      challenge: e.challenge,
      test_date: e.startedAt.toISOString(),
      scores: s
        ? {
            fluency: s.fluency,
            flexibility: s.flexibility,
            originality: s.originality,
            total: s.fluency + s.flexibility + s.originality,
          }
        : null,
      questions,
    };
  });
}

/** The learners a print names: one learner in scope, or the active members of a group in scope. */
async function printTargets(db: Executor, actor: Actor, input: PrintInput): Promise<number[]> {
  if (input.student_id) return [(await learnerInScope(db, actor, input.student_id)).id];
  requireReportViewer(actor);
  const group = await groupInScope(db, actor, input.group_id!);
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(inArray(children.id, membersOfGroup(group.id)));
  return rows.map((r) => r.id);
}

/**
 * exam_results.xlsx and the print pages (docs/api/reports.md "Exports and
 * prints"). Both check the report permission and that the group or learner
 * is in the caller's scope (404 otherwise).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/exam-export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        querystring: examExportSchema,
        produces: [XLSX_MIME],
        response: { ...reportErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      requireReportViewer(actor);
      const q = request.query;
      const group = await groupInScope(db, actor, q.group_id);
      const ref = { examType: q.exam_type, challenge: q.challenge_no };
      const results = await groupResults(db, group.id, ref);
      if (!results.length) throw conflict('app.reports.groupHasNoTakers');
      const locale = documentLocale(q.locale, request.headers['accept-language']);
      const t = reportTexts(locale);
      const c = t.columns;
      const answers = await answersOf(
        db,
        results.map((r) => r.student_id),
        ref,
        locale,
      );
      const examType = t.examTypes[ref.examType];
      const challenge = ref.challenge ?? '';
      const resultsSheet: SheetSpec<ResultRow> = {
        name: t.sheet,
        rtl: locale === 'ar',
        rows: [results],
        columns: [
          { header: c.student_id, value: (r) => r.student_id },
          { header: c.name, value: (r) => r.name, width: 24 },
          { header: c.gender, value: (r) => (r.gender ? t.genders[r.gender] : '') },
          { header: c.age, value: (r) => r.age },
          { header: c.test_date, value: (r) => r.test_date?.slice(0, 10) },
          { header: c.exam_type, value: () => examType },
          { header: c.challenge, value: () => challenge },
          { header: c.fluency, value: (r) => r.fluency },
          { header: c.flexibility, value: (r) => r.flexibility },
          { header: c.originality, value: (r) => r.originality },
          {
            header: c.originality_per_answer,
            value: (r) =>
              r.fluency ? Math.round(((r.originality ?? 0) / r.fluency) * 100) / 100 : r.scored ? 0 : null,
          },
          { header: c.total, value: (r) => r.total },
          { header: c.degree, value: (r) => (r.degree ? t.degrees[r.degree] : '') },
          { header: c.percentile, value: (r) => r.percentile },
          { header: c.status, value: (r) => t.statuses[r.scored ? 'scored' : 'not_scored'] },
        ],
      };
      const answersSheet: SheetSpec<AnswerRow> = {
        name: t.answersSheet,
        rtl: locale === 'ar',
        rows: [answers],
        columns: [
          { header: c.student_id, value: (r) => r.student_id },
          { header: c.name, value: (r) => r.name, width: 24 },
          { header: c.challenge, value: (r) => r.challenge },
          { header: c.question, value: (r) => r.question, width: 40 },
          { header: c.answer, value: (r) => r.answer, width: 24 },
          {
            header: c.answer_status,
            value: (r) => t.answerStatuses[(r.status ?? 'unscored') as keyof typeof t.answerStatuses] ?? r.status,
          },
          { header: c.category, value: (r) => r.category },
          { header: c.subcategory, value: (r) => r.subcategory },
          { header: c.points, value: (r) => r.points },
        ],
      };
      return sendWorkbook(reply, 'exam_results.xlsx', [resultsSheet, answersSheet] as SheetSpec<unknown>[]);
    },
  );

  app.get(
    '/exam-export/groups',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        querystring: examExportGroupsSchema,
        response: {
          200: z.object({
            groups: z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                school_id: z.number().nullable(),
                pre_takers: z.number(),
                post_takers: z.number(),
              }),
            ),
          }),
          ...reportErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireReportViewer(actor);
      const schoolId = request.query.school_id;
      if (schoolId) {
        const scope = schoolsInScope(actor);
        const [visible] = await rowsOf<{ ok: boolean }>(
          db,
          sql`select exists(select 1 from schools where id = ${schoolId} and ${scope ?? sql`true`}) as ok`,
        );
        if (!visible?.ok) throw notFound();
      }
      const rows = await rowsOf<{
        id: number;
        name: string;
        school_id: number | null;
        pre_takers: number;
        post_takers: number;
      }>(
        db,
        sql`
      select ${groups.id} as id, ${groups.name} as name, ${groups.schoolId} as school_id,
        count(distinct e.child_id) filter (where e.exam_type = 1)::int as pre_takers,
        count(distinct e.child_id) filter (where e.exam_type = 2)::int as post_takers
      from ${groups}
      left join ${groupMembers} gm on gm.group_id = ${groups.id} and gm.status = ${MEMBER_STATUS.active}
      left join ${exams} e on e.child_id = gm.child_id
      where ${groupsManagedBy(actor) ?? sql`true`} ${schoolId ? sql`and ${groups.schoolId} = ${schoolId}` : sql``}
      group by ${groups.id} order by ${groups.name}, ${groups.id}`,
      );
      return {
        groups: rows.map((r) => ({
          id: Number(r.id),
          name: r.name,
          school_id: r.school_id === null ? null : Number(r.school_id),
          pre_takers: Number(r.pre_takers),
          post_takers: Number(r.post_takers),
        })),
      };
    },
  );

  for (const url of ['/users/print/group/users/answers', '/users/print/group/users/answers/all']) {
    app.post(
      url,
      {
        config: { access: 'signed-in' },
        schema: { tags: ['reports'], body: printSchema, response: { 200: printOut, ...reportErrors, 415: errorOut } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const input = request.body;
        const locale = documentLocale(input.locale, request.headers['accept-language']);
        const learners = await printedLearners(db, await printTargets(db, actor, input), input, locale);
        if (input.format === 'pdf') {
          const pdf = await printPdf(learners, input.kind, locale);
          return reply
            .header('content-type', 'application/pdf')
            .header('cache-control', 'private, no-store')
            .header(
              'content-disposition',
              `attachment; filename="${input.kind === 'corrected' ? 'neomi-test-corrected' : 'neomi-test'}.pdf"`,
            )
            .send(pdf as never);
        }
        reply.header('cache-control', 'private, no-store');
        return { kind: input.kind, learners };
      },
    );
  }
};
