import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '../../../domain/access';
import {
  answerCountSchema,
  answersJsonSchema,
  confirmScoreSchema,
  deleteAnswersSchema,
  examUsersSchema,
  learnerTestSchema,
  scoreListSchema,
  sendReportSchema,
  answerCountsOut,
  confirmationOut,
  foundLearnerOut,
  learnerScoresOut,
  rankedResultsOut,
  testCountsOut,
  testTakersOut,
  wordQuestionFileOut,
} from '../../../domain/schemas/reports';
import type { Actor } from '../../auth/actor';
import { actorOf } from '../../plugins/access';
import { learnerInScope } from '../../repositories/exams';
import { answerCounts, learnersNamed, rankedResults, testCounts, testTakers } from '../../repositories/learnerResults';
import { groupInScope } from '../../repositories/reportCohorts';
import { learnerScores } from '../../services/learnerReports';
import { confirmScore, deleteAnswersInScope, sendReport, wordQuestionFile } from '../../services/learnerResults';
import { filterFromBodyOrQuery } from '../listing';
import { messageOut } from '../schemas';
import { reportErrors } from './schemas';

/**
 * The learner results calls (docs/api/reports.md "Score calls"):
 * ranked learners, counts, a learner's scores question by question with what
 * the engine made of each answer, confirmation, sending the report to the
 * family. Every learner named must be in the caller's scope (404).
 */
export const learnerResultRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /**
   * A call the specification names with no method (ANY): answered on GET (the query)
   * and POST (the body, the query filling what it leaves out), both
   * validated by the same schema.
   */
  function anyMethod<S extends z.ZodType>(
    url: string,
    access: Action,
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
  anyMethod('/answers/countSorted', 'tests.conduct', scoreListSchema, rankedResultsOut, async (f, request) => {
    const actor = actorOf(request);
    if (f.group_id) await groupInScope(db, actor, f.group_id);
    return rankedResults(db, actor, f);
  });

  /** GET usersCount: learners in scope who took, have scores in, and have confirmed scores in each test. */
  app.get(
    '/usersCount',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['reports'],
        response: {
          200: z.object({ tests: z.array(testCountsOut) }),
          ...reportErrors,
        },
      },
    },
    async (request) => ({ tests: await testCounts(db, actorOf(request)) }),
  );

  /** Answers in scope, optionally of one learner, test, challenge or group: all, word answers, and those matched to no category. */
  const countsInScope = async (f: z.infer<typeof answerCountSchema>, actor: Actor) => {
    if (f.student_id) await learnerInScope(db, actor, f.student_id);
    if (f.group_id) await groupInScope(db, actor, f.group_id);
    return answerCounts(db, actor, f);
  };
  app.get(
    '/answers/count',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['reports'],
        querystring: answerCountSchema,
        response: { 200: answerCountsOut, ...reportErrors },
      },
    },
    async (request) => countsInScope(request.query, actorOf(request)),
  );
  anyMethod('/answers/totalAnswers', 'tests.conduct', answerCountSchema, answerCountsOut, async (f, request) =>
    countsInScope(f, actorOf(request)),
  );

  /** GET /answers/get/exam/users: learners in scope who took a test (a page of them). */
  app.get(
    '/answers/get/exam/users',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['reports'],
        querystring: examUsersSchema,
        response: {
          200: testTakersOut,
          ...reportErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.query;
      if (f.group_id) await groupInScope(db, actor, f.group_id);
      return testTakers(db, actor, f);
    },
  );

  app.get(
    '/answers/score/:id',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['reports'],
        params: z.object({ id: confirmScoreSchema.shape.student_id }),
        response: { 200: learnerScoresOut, ...reportErrors },
      },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.params.id);
      return learnerScores(db, child.id);
    },
  );

  app.post(
    '/answers/get/user/exam/score',
    {
      config: { access: 'tests.conduct' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['reports'],
        body: learnerTestSchema.omit({ challenge: true }),
        response: { 200: learnerScoresOut, ...reportErrors },
      },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.body.student_id);
      return learnerScores(db, child.id, request.body.exam_type);
    },
  );

  /** POST /confirm/score: a reviewer confirms the totals of a learner's test as they stand now. */
  app.post(
    '/confirm/score',
    {
      config: { access: 'scores.confirm' },
      schema: {
        tags: ['reports'],
        body: confirmScoreSchema,
        response: { 200: messageOut.extend({ confirmation: confirmationOut }), ...reportErrors },
      },
    },
    async (request) => confirmScore(db, actorOf(request), request.body.student_id, request.body.exam_type),
  );

  /** POST /report: sends the learner's report (a link to /report/:id/:exam_type) to the family account. */
  app.post(
    '/report',
    {
      config: { access: 'tests.conduct' },
      schema: { tags: ['reports'], body: sendReportSchema, response: { 200: messageOut, ...reportErrors } },
    },
    async (request) => sendReport(db, actorOf(request), request.body),
  );

  /**
   * POST /answers/delete {id} or {ids}: answers of learners in scope (all or
   * none: an id outside the scope or unknown answers 404). Their questions
   * are queued to be scored again in the same transaction.
   */
  app.post(
    '/answers/delete',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['reports'],
        body: deleteAnswersSchema,
        response: { 200: messageOut.extend({ deleted: z.number() }), ...reportErrors },
      },
    },
    async (request) => deleteAnswersInScope(db, actorOf(request), request.body),
  );

  /** /search/user: learners in scope by name, with the tests they took. */
  anyMethod(
    '/search/user',
    'tests.conduct',
    z.object({
      search_text: z
        .string()
        .trim()
        .min(1, { error: 'app.validation.required' })
        .max(100, { error: 'app.validation.tooLong' }),
    }),
    z.object({ data: z.array(foundLearnerOut) }),
    async ({ search_text: text }, request) => ({ data: await learnersNamed(db, actorOf(request), text) }),
  );

  /** answers/get/json: a word question's `npm run score` file (platform administration only: every taker's answers). */
  anyMethod(
    '/answers/get/json',
    'tests.administer',
    answersJsonSchema,
    wordQuestionFileOut,
    async ({ question_id: questionId }, request) => wordQuestionFile(db, actorOf(request), questionId),
  );
};
