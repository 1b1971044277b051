import { and, asc, eq, sql } from 'drizzle-orm';
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
} from '../../../domain/schemas/scores';
import { WORD_LANGUAGE_IDS } from '../../../domain/schemas/dictionary';
import { normaliseText } from '../../../domain/scoring/normalise';
import { suggestSubcategories } from '../../../domain/scoring/suggest';
import { isUniqueViolation } from '../../db/errors';
import {
  categories,
  categorySets,
  categoryWords,
  examQuestions,
  exams,
  questionCategorySets,
  reviewDismissals,
  subcategories,
} from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { learnerInScope, presentLearner } from '../../repositories/exams';
import {
  explainScores,
  findJob,
  latestJobs,
  presentJob,
  queuedWord,
  questionSets,
  reviewQueue,
  setWords,
} from '../../repositories/wordScores';
import { writeLog } from '../../services/audit';
import { enqueueScoring } from '../../services/scoringJobs';
import { scoreQuestionsNow } from '../../services/wordScoring';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';

/**
 * Word scores (docs/api/scoring.md "Word scores", "When scoring happens", "Review
 * queue", "Suggestions"): which set scores which question, rescoring jobs,
 * a learner's scores explained, the review queue of unmatched words and
 * the dictionary's suggestions for them. admin_neomi manages; access_neomi
 * reads and scores the learners in its scope.
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

const wordLanguageOf = (language: string | null | undefined) =>
  (WORD_LANGUAGE_IDS as readonly string[]).includes(language ?? '')
    ? (language as (typeof WORD_LANGUAGE_IDS)[number])
    : 'ar';

export const scoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const jobOf = async (id: number | null) => {
    const job = id ? await findJob(db, id) : undefined;
    return job ? presentJob(job) : null;
  };
  const setExists = async (setId: number) =>
    !!(await db.select({ id: categorySets.id }).from(categorySets).where(eq(categorySets.id, setId)))[0];

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
      const actor = actorOf(request);
      const { question_id: questionId, set_id: setId } = request.body;
      const [question] = await db.select().from(examQuestions).where(eq(examQuestions.id, questionId));
      if (!question) throw notFound();
      if (question.kind === 'image_upload')
        throw new AppError(400, 'app.scores.notWordQuestion', { question_id: 'app.scores.notWordQuestion' });
      if (setId && !(await setExists(setId)))
        throw new AppError(400, 'app.errors.badRequest', { set_id: 'app.validation.invalidChoice' });
      const jobId = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(questionCategorySets)
          .where(eq(questionCategorySets.questionId, questionId));
        if (setId) {
          await tx
            .insert(questionCategorySets)
            .values({ questionId, setId })
            .onConflictDoUpdate({ target: questionCategorySets.questionId, set: { setId, updatedAt: sql`now()` } });
        } else {
          await tx.delete(questionCategorySets).where(eq(questionCategorySets.questionId, questionId));
        }
        await writeLog(tx, {
          actorId: actor.id,
          action: setId ? 'link' : 'unlink',
          entity: 'question_set',
          entityId: questionId,
          oldValue: { set_id: before?.setId ?? null },
          newValue: { set_id: setId },
        });
        // linked or unlinked, the question's scores follow (an unlinked question loses them)
        return (before?.setId ?? null) === setId
          ? null
          : enqueueScoring(tx, { scope: 'question', targetId: questionId, requestedBy: actor.id });
      });
      app.scoringJobs.wake();
      const question$ = (await questionSets(db)).find((q) => q.question_id === questionId)!;
      const key = setId ? 'app.scores.questionLinked' : 'app.scores.questionUnlinked';
      return { message: messageText(key), key, job: await jobOf(jobId), question: question$ };
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
      const actor = actorOf(request);
      const setId = request.body.set_id;
      if (setId && !(await setExists(setId))) throw notFound();
      const jobId = await db.transaction(async (tx) => {
        const id = await enqueueScoring(
          tx,
          setId ? { scope: 'set', targetId: setId, requestedBy: actor.id } : { scope: 'all', requestedBy: actor.id },
        );
        await writeLog(tx, {
          actorId: actor.id,
          action: 'rescore',
          entity: 'scoring_job',
          entityId: id,
          newValue: { scope: setId ? 'set' : 'all', set_id: setId ?? null },
        });
        return id;
      });
      app.scoringJobs.wake();
      reply.code(202);
      return {
        message: messageText('app.scores.rescoreQueued'),
        key: 'app.scores.rescoreQueued',
        job: await jobOf(jobId),
      };
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
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actorOf(request), student_id);
      return {
        student: { id: child.id, name: presentLearner(child).name },
        scores: await explainScores(db, child.id, { examType: exam_type, challenge }),
      };
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
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actorOf(request), student_id);
      // the word questions of the learner's tests, each scored for all its takers (originality needs them all)
      const questions = await db
        .selectDistinct({ id: questionCategorySets.questionId })
        .from(questionCategorySets)
        .innerJoin(examQuestions, eq(examQuestions.id, questionCategorySets.questionId))
        .innerJoin(exams, and(eq(exams.examType, examQuestions.examType), eq(exams.challenge, examQuestions.challenge)))
        .where(
          and(
            eq(exams.childId, child.id),
            eq(exams.examType, exam_type),
            challenge ? eq(exams.challenge, challenge) : undefined,
          ),
        )
        .orderBy(asc(questionCategorySets.questionId));
      await scoreQuestionsNow(
        db,
        questions.map((q) => q.id),
      );
      return {
        message: messageText('app.scores.scored'),
        key: 'app.scores.scored',
        student: { id: child.id, name: child.name },
        scores: await explainScores(db, child.id, { examType: exam_type, challenge }),
      };
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
      if (f.set_id && !(await setExists(f.set_id))) throw notFound();
      return reviewQueue(db, {
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
      const actor = actorOf(request);
      const { set_id: setId, normalised, subcategory_id: subcategoryId } = request.body;
      if (!(await setExists(setId))) throw notFound();
      const [sub] = await db
        .select({
          id: subcategories.id,
          setId: subcategories.setId,
          categoryId: subcategories.categoryId,
          name: subcategories.name,
        })
        .from(subcategories)
        .where(eq(subcategories.id, subcategoryId));
      if (!sub) throw new AppError(400, 'app.errors.badRequest', { subcategory_id: 'app.validation.invalidChoice' });
      if (sub.setId !== setId)
        throw new AppError(400, 'app.scores.subcategoryNotInSet', { subcategory_id: 'app.scores.subcategoryNotInSet' });
      const queued = await queuedWord(db, setId, normalised);
      if (!queued) throw new AppError(404, 'app.scores.notInQueue');
      const word = request.body.word ?? queued.example;
      if (normaliseText(word) !== normalised)
        throw new AppError(400, 'app.errors.badRequest', { word: 'app.scores.wordMismatch' });
      const language = request.body.language ?? wordLanguageOf(queued.language);
      try {
        const { row, jobId } = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(categoryWords)
            .values({ subcategoryId, setId, word, language, normalised })
            .returning();
          // the category changed: an editor holding the old version must reload (409 staleCategory)
          await tx
            .update(categories)
            .set({ version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
            .where(eq(categories.id, sub.categoryId));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'assign',
            entity: 'category_word',
            entityId: inserted.id,
            newValue: {
              set_id: setId,
              subcategory_id: subcategoryId,
              subcategory: sub.name,
              word,
              language,
              answers: queued.count,
            },
          });
          return {
            row: inserted,
            jobId: await enqueueScoring(tx, { scope: 'set', targetId: setId, requestedBy: actor.id }),
          };
        });
        app.scoringJobs.wake();
        return {
          message: messageText('app.scores.wordAssigned'),
          key: 'app.scores.wordAssigned',
          job: await jobOf(jobId),
          word: {
            id: row.id,
            word: row.word,
            language: row.language,
            normalised: row.normalised,
            subcategory_id: row.subcategoryId,
          },
        };
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('app.scores.alreadyAWord', { normalised: 'app.scores.alreadyAWord' });
        throw error;
      }
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
      const actor = actorOf(request);
      const { set_id: setId, normalised, restore } = request.body;
      if (!(await setExists(setId))) throw notFound();
      await db.transaction(async (tx) => {
        if (restore) {
          const gone = await tx
            .delete(reviewDismissals)
            .where(and(eq(reviewDismissals.setId, setId), eq(reviewDismissals.normalised, normalised)))
            .returning();
          if (!gone.length) throw new AppError(404, 'app.scores.notInQueue');
        } else {
          if (!(await queuedWord(tx, setId, normalised))) throw new AppError(404, 'app.scores.notInQueue');
          await tx.insert(reviewDismissals).values({ setId, normalised, dismissedBy: actor.id });
        }
        await writeLog(tx, {
          actorId: actor.id,
          action: restore ? 'restore' : 'dismiss',
          entity: 'category_word',
          entityId: null,
          newValue: { set_id: setId, normalised },
        });
      });
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
      if (!(await setExists(setId))) throw notFound();
      const dictionary = await setWords(db, setId);
      // the words given, or the head of the set's review queue
      const asked = words
        ? words.map((w) => ({ word: w, normalised: normaliseText(w), count: null as number | null }))
        : (
            await reviewQueue(db, { setId, orderBy: 'count', direction: 'desc', limit: limit ?? 50, offset: 0 })
          ).words.map((w) => ({ word: w.example, normalised: w.normalised, count: w.count as number | null }));
      return {
        set_id: setId,
        suggestions: asked.map((a) => ({ ...a, candidates: suggestSubcategories(a.word, dictionary) })),
      };
    },
  );
};
