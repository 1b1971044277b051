import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageText } from '../../../domain/messages';
import {
  assignWordSchema,
  dismissWordSchema,
  explainSchema,
  questionSetSchema,
  rescoreSchema,
  reviewQueueSchema,
  scoreNowSchema,
  suggestSchema,
} from '../../../domain/schemas/wordScores';
import { actorOf } from '../../plugins/access';
import { findJob, latestJobs, presentJob, questionSets } from '../../repositories/wordScores';
import {
  assignQueuedWord,
  dismissOrRestoreWord,
  explainLearnerScores,
  linkQuestionToSet,
  queueRescore,
  reviewQueueOf,
  scoreLearnerNow,
  suggestForWords,
} from '../../services/wordScores';
import { notFound } from '../../errors';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';

/**
 * Word scores (docs/api/scoring.md "Word scores", "When scoring happens", "Review
 * queue", "Suggestions"): which set scores which question, rescoring jobs,
 * a learner's scores explained, the review queue of unmatched words and
 * the dictionary's suggestions for them. admin_neomi manages; access_neomi
 * reads and scores the learners in its scope. The workflows are in server/services/wordScores.ts.
 */

const localText = z.object({ ar: z.string(), en: z.string(), de: z.string(), fr: z.string() }).partial();
const jobOut = z.object({
  id: z.number(),
  scope: z.string(),
  target_id: z.number().nullable(),
  status: z.string(),
  total: z.number(),
  processed: z.number(),
  answers: z.number(),
  percent: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
const questionSetOut = z.object({
  question_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  stage: z.number(),
  kind: z.string(),
  text: localText,
  set_id: z.number().nullable(),
  set_name: z.string().nullable(),
  set_code: z.string().nullable(),
  scored_tests: z.number(),
});
const scoredAnswerOut = z.object({
  id: z.number(),
  answer: z.string(),
  language: z.string(),
  normalised: z.string(),
  status: z.string(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  points: z.number(),
});
const wordScoreOut = z.object({
  exam_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  question_id: z.number(),
  question: localText,
  kind: z.string(),
  set_id: z.number(),
  set_name: z.string(),
  fluency: z.number(),
  flexibility: z.number(),
  originality: z.number(),
  originality_per_answer: z.number(),
  answers_count: z.number(),
  unmatched: z.number(),
  takers: z.number(),
  rare_percent: z.number(),
  uncommon_percent: z.number(),
  scored_at: z.string(),
  answers: z.array(scoredAnswerOut),
});
const learnerOut = z.object({ id: z.number(), name: z.string() });
const queueWordOut = z.object({
  set_id: z.number(),
  set: z.string(),
  normalised: z.string(),
  count: z.number(),
  tests: z.number(),
  example: z.string(),
  language: z.string(),
});
const suggestionOut = z.object({
  category_id: z.number(),
  category: z.string(),
  subcategory_id: z.number(),
  subcategory: z.string(),
  matched_word: z.string(),
  via: z.enum(['exact', 'variant', 'fuzzy', 'part']),
  distance: z.number(),
  confidence: z.number(),
});
const messageWithJob = z.object({ message: z.string(), key: z.string(), job: jobOut.nullable() });

export const wordScoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ---------------------------------------------------------------- which set scores which question

  app.get(
    '/scores/question-sets',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['scores'], response: { 200: z.object({ questions: z.array(questionSetOut) }), ...authErrors } },
    },
    async () => ({ questions: await questionSets(db) }),
  );

  app.post(
    '/scores/question-sets',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['scores'],
        body: questionSetSchema,
        response: { 200: messageWithJob.extend({ question: questionSetOut }), ...authErrors },
      },
    },
    async (request) => {
      const { question_id: questionId, set_id: setId } = request.body;
      const linked = await linkQuestionToSet(db, app.scoringJobs, actorOf(request).id, questionId, setId);
      const key = setId ? 'app.scores.questionLinked' : 'app.scores.questionUnlinked';
      return { message: messageText(key), key, ...linked };
    },
  );

  // ---------------------------------------------------------------- rescoring

  app.post(
    '/scores/rescore',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['scores'], body: rescoreSchema, response: { 202: messageWithJob, ...authErrors } },
    },
    async (request, reply) => {
      const job = await queueRescore(db, app.scoringJobs, actorOf(request).id, request.body.set_id);
      reply.code(202);
      return { message: messageText('app.scores.rescoreQueued'), key: 'app.scores.rescoreQueued', job };
    },
  );

  app.get(
    '/scores/jobs',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['scores'], response: { 200: z.object({ jobs: z.array(jobOut) }), ...authErrors } },
    },
    async () => ({ jobs: (await latestJobs(db)).map(presentJob) }),
  );

  app.get(
    '/scores/jobs/:id',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['scores'], params: idParams, response: { 200: z.object({ job: jobOut }), ...authErrors } },
    },
    async (request) => {
      const job = await findJob(db, request.params.id);
      if (!job) throw notFound();
      return { job: presentJob(job) };
    },
  );

  // ---------------------------------------------------------------- a learner's scores

  app.post(
    '/scores/explain',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['scores'],
        body: explainSchema,
        response: { 200: z.object({ student: learnerOut, scores: z.array(wordScoreOut) }), ...authErrors },
      },
    },
    async (request) => {
      const { student_id: studentId, exam_type: examType, challenge } = request.body;
      return explainLearnerScores(db, actorOf(request), { studentId, examType, challenge });
    },
  );

  app.post(
    '/scores/score',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['scores'],
        body: scoreNowSchema,
        response: {
          200: z.object({ message: z.string(), key: z.string(), student: learnerOut, scores: z.array(wordScoreOut) }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { student_id: studentId, exam_type: examType, challenge } = request.body;
      const scored = await scoreLearnerNow(db, actorOf(request), { studentId, examType, challenge });
      return { message: messageText('app.scores.scored'), key: 'app.scores.scored', ...scored };
    },
  );

  // ---------------------------------------------------------------- review queue

  app.post(
    '/scores/review-queue',
    {
      config: { access: 'admin_neomi' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['scores'],
        body: reviewQueueSchema,
        response: { 200: z.object({ words: z.array(queueWordOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      return reviewQueueOf(db, {
        setId: f.set_id,
        search: f.search_text,
        orderBy: f.order_by,
        direction: f.order_direction,
        limit: f.limit,
        offset: f.offset,
      });
    },
  );

  app.post(
    '/scores/review-queue/assign',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['scores'],
        body: assignWordSchema,
        response: {
          200: messageWithJob.extend({
            word: z.object({
              id: z.number(),
              word: z.string(),
              language: z.string(),
              normalised: z.string(),
              subcategory_id: z.number(),
            }),
          }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request) => {
      const { set_id: setId, normalised, subcategory_id: subcategoryId, word, language } = request.body;
      const assigned = await assignQueuedWord(db, app.scoringJobs, actorOf(request).id, {
        setId,
        normalised,
        subcategoryId,
        word,
        language,
      });
      return { message: messageText('app.scores.wordAssigned'), key: 'app.scores.wordAssigned', ...assigned };
    },
  );

  app.post(
    '/scores/review-queue/dismiss',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['scores'],
        body: dismissWordSchema,
        response: { 200: z.object({ message: z.string(), key: z.string() }), ...authErrors },
      },
    },
    async (request) => {
      const { set_id: setId, normalised, restore } = request.body;
      await dismissOrRestoreWord(db, actorOf(request).id, { setId, normalised, restore });
      const key = restore ? 'app.scores.wordRestored' : 'app.scores.wordDismissed';
      return { message: messageText(key), key };
    },
  );

  // ---------------------------------------------------------------- suggestions (docs/api/scoring.md "Suggestions")

  app.post(
    '/answers/submit/to/ai',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['scores'],
        body: suggestSchema,
        response: {
          200: z.object({
            set_id: z.number(),
            suggestions: z.array(
              z.object({
                word: z.string(),
                normalised: z.string(),
                count: z.number().nullable(),
                candidates: z.array(suggestionOut),
              }),
            ),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { set_id: setId, words, limit } = request.body;
      return suggestForWords(db, { setId, words, limit });
    },
  );
};
