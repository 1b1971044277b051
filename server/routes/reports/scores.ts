import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_LINK } from '../../../domain/activities';
import { MESSAGES } from '../../../domain/messages';
import {
  answerCountSchema,
  answersJsonSchema,
  confirmScoreSchema,
  deleteAnswersSchema,
  examUsersSchema,
  learnerTestSchema,
  scoreListSchema,
  sendReportSchema,
} from '../../../domain/schemas/reports';
import { childrenInScope } from '../../auth/scope';
import {
  answerMatches,
  children,
  examAnswers,
  examQuestions,
  exams,
  scoreConfirmations,
  users,
  wordScores,
} from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { learnerInScope } from '../../repositories/exams';
import { likePattern } from '../../db/listing';
import { membersOfGroup, rowsOf, testTotals } from '../../repositories/reports';
import { writeLog } from '../../services/audit';
import { enqueueQuestions } from '../../services/scoringJobs';
import { notify } from '../../services/notifications';
import { filterFromBodyOrQuery } from '../listing';
import { messageOut } from '../schemas';
import { groupInScope } from './levels';
import { confirmationOut, reportErrors } from './schemas';
import { confirmationOf } from './build';

const totalsOut = z.object({
  fluency: z.number(),
  flexibility: z.number(),
  originality: z.number(),
  total: z.number(),
});

/**
 * The score calls (docs/api/reports.md "Score calls"):
 * ranked learners, counts, a learner's scores question by question with what
 * the engine made of each answer, confirmation, sending the report to the
 * family. Every learner named must be in the caller's scope (404).
 */
export const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /**
   * A call the specification names with no method (ANY): answered on GET (the query)
   * and POST (the body, the query filling what it leaves out), both
   * validated by the same schema.
   */
  function anyMethod<S extends z.ZodType>(
    url: string,
    access: 'access_neomi' | 'admin_neomi',
    input: S,
    out: z.ZodType,
    handler: (data: z.infer<S>, request: FastifyRequest) => Promise<unknown>,
  ) {
    const response = { 200: out, ...reportErrors };
    app.get(url, { config: { access }, schema: { tags: ['reports'], querystring: input, response } }, async (request) =>
      handler(request.query as z.infer<S>, request),
    );
    app.post(
      url,
      {
        config: { access },
        preValidation: filterFromBodyOrQuery,
        schema: { tags: ['reports'], body: input, response },
      },
      async (request) => handler(request.body as z.infer<S>, request),
    );
  }

  /** answers/countSorted: learners in scope with their totals in a test, ranked. */
  anyMethod(
    '/answers/countSorted',
    'access_neomi',
    scoreListSchema,
    z.object({
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
    }),
    async (f, request) => {
      const actor = actorOf(request);
      if (f.group_id) await groupInScope(db, actor, f.group_id);
      const ref = { examType: f.exam_type, challenge: f.challenge };
      const order = {
        total: 't.total',
        fluency: 't.fluency',
        flexibility: 't.flexibility',
        originality: 't.originality',
        answers: 'answers',
        name: 'children.name',
        id: 'children.id',
      }[f.order_by];
      const direction = f.order_direction === 'asc' ? 'asc' : 'desc';
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`
        with t as (${testTotals(ref)})
        select children.id, children.name, t.fluency, t.flexibility, t.originality, t.total, t.test_date,
          (select count(*)::int from ${examAnswers} a where a.child_id = children.id and a.exam_type = ${ref.examType}
            ${ref.challenge ? sql`and a.challenge = ${ref.challenge}` : sql``}) as answers,
          (sc.id is not null and sc.fluency = t.fluency and sc.flexibility = t.flexibility and sc.originality = t.originality) as confirmed,
          count(*) over ()::int as full_count
        from t join ${children} on children.id = t.child_id
        left join ${scoreConfirmations} sc on sc.child_id = children.id and sc.exam_type = ${ref.examType}
        where ${childrenInScope(actor) ?? sql`true`}
          ${f.group_id ? sql`and children.id in ${membersOfGroup(f.group_id)}` : sql``}
          ${f.search_text ? sql`and children.name ilike ${likePattern(f.search_text)}` : sql``}
          ${
            f.confirmed === undefined
              ? sql``
              : f.confirmed
                ? sql`and sc.id is not null and sc.fluency = t.fluency and sc.flexibility = t.flexibility and sc.originality = t.originality`
                : sql`and not (sc.id is not null and sc.fluency = t.fluency and sc.flexibility = t.flexibility and sc.originality = t.originality)`
          }
        order by ${sql.raw(order)} ${sql.raw(direction)}, children.id ${sql.raw(direction)}
        limit ${f.limit} offset ${f.offset}`,
      );
      return {
        count: Number(rows[0]?.full_count ?? 0),
        data: rows.map((r) => ({
          student_id: Number(r.id),
          name: String(r.name),
          fluency: Number(r.fluency),
          flexibility: Number(r.flexibility),
          originality: Number(r.originality),
          total: Number(r.total),
          answers: Number(r.answers),
          test_date: r.test_date ? new Date(r.test_date as string).toISOString() : null,
          confirmed: !!r.confirmed,
        })),
      };
    },
  );

  /** GET usersCount: learners in scope who took, have scores in, and have confirmed scores in each test. */
  app.get(
    '/usersCount',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['reports'],
        response: {
          200: z.object({
            tests: z.array(
              z.object({ exam_type: z.number(), takers: z.number(), scored: z.number(), confirmed: z.number() }),
            ),
          }),
          ...reportErrors,
        },
      },
    },
    async (request) => {
      const scope = childrenInScope(actorOf(request)) ?? sql`true`;
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`
      select x.exam_type,
        (select count(distinct e.child_id)::int from ${exams} e join ${children} on ${children.id} = e.child_id where e.exam_type = x.exam_type and ${scope}) as takers,
        (select count(distinct w.child_id)::int from ${wordScores} w join ${children} on ${children.id} = w.child_id where w.exam_type = x.exam_type and ${scope}) as scored,
        (select count(*)::int from ${scoreConfirmations} s join ${children} on ${children.id} = s.child_id where s.exam_type = x.exam_type and ${scope}) as confirmed
      from (values (1), (2)) as x(exam_type) order by x.exam_type`,
      );
      return {
        tests: rows.map((r) => ({
          exam_type: Number(r.exam_type),
          takers: Number(r.takers),
          scored: Number(r.scored),
          confirmed: Number(r.confirmed),
        })),
      };
    },
  );

  /** Answers in scope, optionally of one learner, test, challenge or group: all, word answers, and those matched to no category. */
  const answerCounts = async (f: z.infer<typeof answerCountSchema>, actor: ReturnType<typeof actorOf>) => {
    if (f.student_id) await learnerInScope(db, actor, f.student_id);
    if (f.group_id) await groupInScope(db, actor, f.group_id);
    const [row] = await rowsOf<Record<string, unknown>>(
      db,
      sql`
      select count(*)::int as answers,
        count(m.answer_id)::int as scored,
        count(*) filter (where m.status = 'relevant')::int as relevant,
        count(*) filter (where m.status = 'relevant' and m.subcategory_id is null)::int as unmatched,
        count(distinct a.child_id)::int as learners
      from ${examAnswers} a join ${children} on ${children.id} = a.child_id
      left join ${answerMatches} m on m.answer_id = a.id
      where ${childrenInScope(actor) ?? sql`true`}
        ${f.student_id ? sql`and a.child_id = ${f.student_id}` : sql``}
        ${f.exam_type ? sql`and a.exam_type = ${f.exam_type}` : sql``}
        ${f.challenge ? sql`and a.challenge = ${f.challenge}` : sql``}
        ${f.group_id ? sql`and a.child_id in ${membersOfGroup(f.group_id)}` : sql``}`,
    );
    return {
      answers: Number(row.answers),
      scored: Number(row.scored),
      relevant: Number(row.relevant),
      unmatched: Number(row.unmatched),
      learners: Number(row.learners),
    };
  };
  const countsOut = z.object({
    answers: z.number(),
    scored: z.number(),
    relevant: z.number(),
    unmatched: z.number(),
    learners: z.number(),
  });
  app.get(
    '/answers/count',
    {
      config: { access: 'access_neomi' },
      schema: { tags: ['reports'], querystring: answerCountSchema, response: { 200: countsOut, ...reportErrors } },
    },
    async (request) => answerCounts(request.query, actorOf(request)),
  );
  anyMethod('/answers/totalAnswers', 'access_neomi', answerCountSchema, countsOut, async (f, request) =>
    answerCounts(f, actorOf(request)),
  );

  /** GET /answers/get/exam/users: learners in scope who took a test (a page of them). */
  app.get(
    '/answers/get/exam/users',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['reports'],
        querystring: examUsersSchema,
        response: {
          200: z.object({
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
          }),
          ...reportErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.query;
      if (f.group_id) await groupInScope(db, actor, f.group_id);
      const order = { exam_date: 'exam_date', name: 'name', id: 'student_id' }[f.order_by];
      const direction = f.order_direction === 'asc' ? 'asc' : 'desc';
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`
      select children.id as student_id, children.name, e.exam_type, array_agg(e.challenge order by e.challenge) as challenges, min(e.started_at) as exam_date,
        exists(select 1 from ${wordScores} w where w.child_id = children.id and w.exam_type = e.exam_type) as scored,
        count(*) over ()::int as full_count
      from ${exams} e join ${children} on children.id = e.child_id
      where ${childrenInScope(actor) ?? sql`true`}
        ${f.exam_type ? sql`and e.exam_type = ${f.exam_type}` : sql``}
        ${f.group_id ? sql`and children.id in ${membersOfGroup(f.group_id)}` : sql``}
        ${f.search_text ? sql`and children.name ilike ${likePattern(f.search_text)}` : sql``}
      group by children.id, children.name, e.exam_type
      order by ${sql.raw(order)} ${sql.raw(direction)}, student_id ${sql.raw(direction)}, e.exam_type
      limit ${f.limit} offset ${f.offset}`,
      );
      return {
        count: Number(rows[0]?.full_count ?? 0),
        data: rows.map((r) => ({
          student_id: Number(r.student_id),
          name: String(r.name),
          exam_type: Number(r.exam_type),
          challenges: (r.challenges as (number | string)[]).map(Number),
          exam_date: new Date(r.exam_date as string).toISOString(),
          scored: !!r.scored,
        })),
      };
    },
  );

  /** A learner's scores question by question, with what the engine made of each answer. */
  const learnerScoresOut = z.object({
    student: z.object({ id: z.number(), name: z.string() }),
    tests: z.array(
      totalsOut.extend({
        exam_type: z.number(),
        confirmation: confirmationOut.nullable(),
        questions: z.array(
          totalsOut.omit({ total: true }).extend({
            question_id: z.number(),
            challenge: z.number(),
            stage: z.number(),
            text: z.record(z.string(), z.string()),
            originality_per_answer: z.number(),
            takers: z.number(),
            scored_at: z.string(),
            answers: z.array(
              z.object({
                id: z.number(),
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
  async function learnerScores(childId: number, examType?: number) {
    const [child] = await db
      .select({ id: children.id, name: children.name })
      .from(children)
      .where(eq(children.id, childId));
    const scored = await db
      .select({ ws: wordScores, text: examQuestions.text, stage: examQuestions.stage })
      .from(wordScores)
      .innerJoin(examQuestions, eq(examQuestions.id, wordScores.questionId))
      .where(and(eq(wordScores.childId, childId), examType ? eq(wordScores.examType, examType) : undefined))
      .orderBy(
        asc(wordScores.examType),
        asc(wordScores.challenge),
        asc(examQuestions.stage),
        asc(examQuestions.position),
        asc(examQuestions.id),
      );
    const answers = scored.length
      ? await db
          .select({
            id: examAnswers.id,
            questionId: examAnswers.questionId,
            answer: examAnswers.answer,
            status: answerMatches.status,
            category: answerMatches.category,
            subcategory: answerMatches.subcategory,
            points: answerMatches.points,
          })
          .from(examAnswers)
          .leftJoin(answerMatches, eq(answerMatches.answerId, examAnswers.id))
          .where(
            and(
              eq(examAnswers.childId, childId),
              inArray(
                examAnswers.questionId,
                scored.map((s) => s.ws.questionId),
              ),
            ),
          )
          .orderBy(asc(examAnswers.position), asc(examAnswers.id))
      : [];
    const tests = [];
    for (const type of [...new Set(scored.map((s) => s.ws.examType))]) {
      const questions = scored
        .filter((s) => s.ws.examType === type)
        .map((s) => ({
          question_id: s.ws.questionId,
          challenge: s.ws.challenge,
          stage: s.stage,
          text: s.text,
          fluency: s.ws.fluency,
          flexibility: s.ws.flexibility,
          originality: s.ws.originality,
          originality_per_answer: Number(s.ws.originalityPerAnswer),
          takers: s.ws.takers,
          scored_at: s.ws.scoredAt.toISOString(),
          answers: answers.filter((a) => a.questionId === s.ws.questionId).map(({ questionId: _q, ...a }) => a),
        }));
      const sum = (m: 'fluency' | 'flexibility' | 'originality') => questions.reduce((n, q) => n + q[m], 0);
      const totals = { fluency: sum('fluency'), flexibility: sum('flexibility'), originality: sum('originality') };
      tests.push({
        exam_type: type,
        ...totals,
        total: totals.fluency + totals.flexibility + totals.originality,
        confirmation: await confirmationOf(db, childId, type, { ...totals, total: 0 }),
        questions,
      });
    }
    return { student: child, tests };
  }

  app.get(
    '/answers/score/:id',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['reports'],
        params: z.object({ id: confirmScoreSchema.shape.student_id }),
        response: { 200: learnerScoresOut, ...reportErrors },
      },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.params.id);
      return learnerScores(child.id);
    },
  );

  app.post(
    '/answers/get/user/exam/score',
    {
      config: { access: 'access_neomi' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['reports'],
        body: learnerTestSchema.omit({ challenge: true }),
        response: { 200: learnerScoresOut, ...reportErrors },
      },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.body.student_id);
      return learnerScores(child.id, request.body.exam_type);
    },
  );

  /** POST /confirm/score: a reviewer confirms the totals of a learner's test as they stand now. */
  app.post(
    '/confirm/score',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['reports'],
        body: confirmScoreSchema,
        response: { 200: messageOut.extend({ confirmation: confirmationOut }), ...reportErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { student_id: childId, exam_type: examType } = request.body;
      await learnerInScope(db, actor, childId);
      return db.transaction(async (tx) => {
        const [totals] = await tx
          .select({
            n: sql<number>`count(*)::int`,
            fluency: sql<number>`coalesce(sum(${wordScores.fluency}), 0)::int`,
            flexibility: sql<number>`coalesce(sum(${wordScores.flexibility}), 0)::int`,
            originality: sql<number>`coalesce(sum(${wordScores.originality}), 0)::int`,
          })
          .from(wordScores)
          .where(and(eq(wordScores.childId, childId), eq(wordScores.examType, examType)));
        if (!totals.n) throw conflict('app.reports.notScored');
        const values = {
          fluency: totals.fluency,
          flexibility: totals.flexibility,
          originality: totals.originality,
          confirmedBy: actor.id,
          confirmedAt: new Date(),
        };
        await tx
          .insert(scoreConfirmations)
          .values({ childId, examType, ...values })
          .onConflictDoUpdate({ target: [scoreConfirmations.childId, scoreConfirmations.examType], set: values });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'confirm_score',
          entity: 'child',
          entityId: childId,
          newValue: { exam_type: examType, ...totals },
        });
        const confirmation = await confirmationOf(tx, childId, examType, { ...values, total: 0 });
        return {
          message: MESSAGES['app.reports.scoreConfirmed'],
          key: 'app.reports.scoreConfirmed',
          confirmation: confirmation!,
        };
      });
    },
  );

  /** POST /report: sends the learner's report (a link to /report/:id/:exam_type) to the family account. */
  app.post(
    '/report',
    {
      config: { access: 'access_neomi' },
      schema: { tags: ['reports'], body: sendReportSchema, response: { 200: messageOut, ...reportErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { student_id: childId, exam_type: examType, content } = request.body;
      const child = await learnerInScope(db, actor, childId);
      const link = `/report/${child.id}/${examType}`;
      if (content !== undefined) {
        const match = REPORT_LINK.exec(content);
        if (!match || Number(match[1]) !== child.id)
          throw new AppError(400, 'app.errors.badRequest', { content: 'app.reports.wrongReportLink' });
      }
      if (!child.parentId) throw conflict('app.reports.noFamily');
      const [scored] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(wordScores)
        .where(and(eq(wordScores.childId, child.id), eq(wordScores.examType, examType)));
      if (!scored.n) throw conflict('app.reports.notScored');
      await db.transaction(async (tx) => {
        await notify(tx, {
          userId: child.parentId!,
          type: 'report',
          link: content ?? link,
          studentId: child.id,
          actorId: actor.id,
          params: { child: child.name },
        });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'send_report',
          entity: 'child',
          entityId: child.id,
          newValue: { exam_type: examType, link: content ?? link },
        });
      });
      return { message: MESSAGES['app.reports.reportSent'], key: 'app.reports.reportSent' };
    },
  );

  /**
   * POST /answers/delete {id} or {ids}: answers of learners in scope (all or
   * none: an id outside the scope or unknown answers 404). Their questions
   * are queued to be scored again in the same transaction.
   */
  app.post(
    '/answers/delete',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['reports'],
        body: deleteAnswersSchema,
        response: { 200: messageOut.extend({ deleted: z.number() }), ...reportErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ids = request.body;
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: examAnswers.id,
            questionId: examAnswers.questionId,
            childId: examAnswers.childId,
            answer: examAnswers.answer,
          })
          .from(examAnswers)
          .innerJoin(children, eq(children.id, examAnswers.childId))
          .where(and(inArray(examAnswers.id, ids), childrenInScope(actor)));
        if (rows.length !== ids.length) throw notFound();
        await tx.delete(examAnswers).where(inArray(examAnswers.id, ids));
        for (const r of rows) {
          await writeLog(tx, {
            actorId: actor.id,
            action: 'delete',
            entity: 'exam_answer',
            entityId: r.id,
            oldValue: { child_id: r.childId, question_id: r.questionId, answer: r.answer },
          });
        }
        await enqueueQuestions(tx, [...new Set(rows.map((r) => r.questionId))]);
        return {
          message: MESSAGES['app.reports.answersDeleted'],
          key: 'app.reports.answersDeleted',
          deleted: rows.length,
        };
      });
    },
  );

  /** /search/user: learners in scope by name, with the tests they took. */
  anyMethod(
    '/search/user',
    'access_neomi',
    z.object({
      search_text: z
        .string()
        .trim()
        .min(1, { error: 'app.validation.required' })
        .max(100, { error: 'app.validation.tooLong' }),
    }),
    z.object({
      data: z.array(
        z.object({
          student_id: z.number(),
          name: z.string(),
          parent: z.string().nullable(),
          tests: z.array(z.number()),
        }),
      ),
    }),
    async ({ search_text: text }, request) => {
      const actor = actorOf(request);
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`
        select children.id, children.name, u.name as parent,
          coalesce((select array_agg(distinct e.exam_type order by e.exam_type) from ${exams} e where e.child_id = children.id), '{}') as tests
        from ${children} left join ${users} u on u.id = children.parent_id
        where ${childrenInScope(actor) ?? sql`true`} and children.name ilike ${likePattern(text)}
        order by children.name, children.id limit 50`,
      );
      return {
        data: rows.map((r) => ({
          student_id: Number(r.id),
          name: String(r.name),
          parent: (r.parent as string | null) ?? null,
          tests: (r.tests as (number | string)[]).map(Number),
        })),
      };
    },
  );

  /** answers/get/json: a word question's `npm run score` file (platform administration only: every taker's answers). */
  anyMethod(
    '/answers/get/json',
    'admin_neomi',
    answersJsonSchema,
    z.object({
      question: z.string(),
      dictionary: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
      takers: z.array(z.object({ taker: z.string(), answers: z.array(z.string()) })),
    }),
    async ({ question_id: questionId }, request) => {
      const actor = actorOf(request);
      if (childrenInScope(actor) !== undefined) throw new AppError(403, 'app.reports.platformOnly');
      const [q] = await rowsOf<{ text: Record<string, string>; set_id: number | null }>(
        db,
        sql`
        select q.text, qs.set_id from ${examQuestions} q left join question_category_sets qs on qs.question_id = q.id where q.id = ${questionId}`,
      );
      if (!q) throw new AppError(404, 'app.errors.notFound');
      if (!q.set_id) throw conflict('app.reports.notWordQuestion');
      const words = await rowsOf<{ category: string; subcategory: string; word: string }>(
        db,
        sql`
        select children.name as category, s.name as subcategory, w.word from category_words w
        join subcategories s on s.id = w.subcategory_id join categories c on children.id = s.category_id
        where c.set_id = ${q.set_id} order by children.name, s.name, w.word`,
      );
      const dictionary: Record<string, Record<string, string[]>> = {};
      for (const w of words) ((dictionary[w.category] ??= {})[w.subcategory] ??= []).push(w.word);
      const answers = await rowsOf<{ exam_id: number; answer: string }>(
        db,
        sql`
        select a.exam_id, a.answer from ${examAnswers} a where a.question_id = ${questionId} order by a.exam_id, a.position, a.id`,
      );
      const takers = new Map<number, string[]>();
      for (const a of answers) (takers.get(a.exam_id) ?? takers.set(a.exam_id, []).get(a.exam_id)!).push(a.answer);
      return {
        question: q.text.ar || q.text.en || '',
        dictionary,
        takers: [...takers].map(([examId, list]) => ({ taker: `exam-${examId}`, answers: list })),
      };
    },
  );
};
