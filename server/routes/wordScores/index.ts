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
  assignedWordOut,
  messageWithJobOut,
  questionSetOut,
  queueWordOut,
  scoredLearnerOut,
  scoringJobOut,
  suggestionsOut,
  wordScoreOut,
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

export const wordScoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ---------------------------------------------------------------- which set scores which question

  app.get(
    '/scores/question-sets',
    {
      config: { access: 'tests.administer' },
      schema: { tags: ['scores'], response: { 200: z.object({ questions: z.array(questionSetOut) }), ...authErrors } },
    },
    async () => ({ questions: await questionSets(db) }),
  );

  app.post(
    '/scores/question-sets',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['scores'],
        body: questionSetSchema,
        response: { 200: messageWithJobOut.extend({ question: questionSetOut }), ...authErrors },
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
      config: { access: 'tests.administer' },
      schema: { tags: ['scores'], body: rescoreSchema, response: { 202: messageWithJobOut, ...authErrors } },
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
      config: { access: 'tests.administer' },
      schema: { tags: ['scores'], response: { 200: z.object({ jobs: z.array(scoringJobOut) }), ...authErrors } },
    },
    async () => ({ jobs: (await latestJobs(db)).map(presentJob) }),
  );

  app.get(
    '/scores/jobs/:id',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['scores'],
        params: idParams,
        response: { 200: z.object({ job: scoringJobOut }), ...authErrors },
      },
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
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['scores'],
        body: explainSchema,
        response: { 200: z.object({ student: scoredLearnerOut, scores: z.array(wordScoreOut) }), ...authErrors },
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
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['scores'],
        body: scoreNowSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            student: scoredLearnerOut,
            scores: z.array(wordScoreOut),
          }),
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
      config: { access: 'tests.administer' },
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
      config: { access: 'tests.administer' },
      schema: {
        tags: ['scores'],
        body: assignWordSchema,
        response: {
          200: messageWithJobOut.extend({
            word: assignedWordOut,
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
      config: { access: 'tests.administer' },
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
      config: { access: 'tests.administer' },
      schema: {
        tags: ['scores'],
        body: suggestSchema,
        response: {
          200: suggestionsOut,
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
