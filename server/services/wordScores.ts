import { WORD_LANGUAGE_IDS, type WordLanguage } from '../../domain/schemas/dictionary';
import { normaliseText } from '../../domain/scoring/normalise';
import { suggestSubcategories } from '../../domain/scoring/suggest';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { AppError, conflict, notFound } from '../errors';
import { learnerInScope, presentLearner } from '../repositories/exams';
import {
  dismissQueuedWord,
  explainScores,
  findJob,
  insertWordOfCategory,
  presentJob,
  queuedWord,
  questionById,
  questionSetLink,
  questionSets,
  restoreDismissedWord,
  reviewQueue,
  setExists,
  setQuestionSet,
  setWords,
  subcategoryById,
  wordQuestionsOfLearner,
  type QueueFilter,
} from '../repositories/wordScores';
import { writeLog } from './audit';
import { enqueueScoring } from './scoringJobs';
import { scoreQuestionsNow } from './wordScoring';

/**
 * The workflows of word scores (docs/api/scoring.md "Word scores", "When scoring happens", "Review queue",
 * "Suggestions"): linking a question to a set, rescoring, a learner's scores explained or scored now, the review
 * queue's assign and dismiss, the dictionary's suggestions. Each write is one transaction with its audit log; a
 * write that queues a scoring job wakes the worker once it is committed.
 */

/** The scoring jobs, woken when a transaction that queued one has committed (server/services/scoringJobs.ts). */
export interface ScoringWake {
  wake(): void;
}

/** A learner's tests: of an exam type, of one challenge or all three. */
export interface LearnerTests {
  studentId: number;
  examType: number;
  challenge?: number;
}

const wordLanguageOf = (language: string | null | undefined): WordLanguage =>
  (WORD_LANGUAGE_IDS as readonly string[]).includes(language ?? '') ? (language as WordLanguage) : 'ar';

/** A job as the API presents it, or null when there is none. */
async function presentedJob(db: Executor, id: number | null) {
  const job = id ? await findJob(db, id) : undefined;
  return job ? presentJob(job) : null;
}

// ---------------------------------------------------------------- which set scores which question

/**
 * Links a word question to a set, or unlinks it (`setId` null); a change queues the question's rescoring (an
 * unlinked question loses its scores). Answers the job (null when nothing changed) and the question as listed.
 */
export async function linkQuestionToSet(
  db: Database,
  worker: ScoringWake,
  actorId: number,
  questionId: number,
  setId: number | null,
) {
  const question = await questionById(db, questionId);
  if (!question) throw notFound();
  if (question.kind === 'image_upload')
    throw new AppError(400, 'app.scores.notWordQuestion', { question_id: 'app.scores.notWordQuestion' });
  if (setId && !(await setExists(db, setId)))
    throw new AppError(400, 'app.errors.badRequest', { set_id: 'app.validation.invalidChoice' });
  const jobId = await db.transaction(async (tx) => {
    const before = await questionSetLink(tx, questionId);
    await setQuestionSet(tx, questionId, setId);
    await writeLog(tx, {
      actorId,
      action: setId ? 'link' : 'unlink',
      entity: 'question_set',
      entityId: questionId,
      oldValue: { set_id: before?.setId ?? null },
      newValue: { set_id: setId },
    });
    // linked or unlinked, the question's scores follow (an unlinked question loses them)
    return (before?.setId ?? null) === setId
      ? null
      : enqueueScoring(tx, { scope: 'question', targetId: questionId, requestedBy: actorId });
  });
  worker.wake();
  return {
    job: await presentedJob(db, jobId),
    question: (await questionSets(db)).find((q) => q.question_id === questionId)!,
  };
}

// ---------------------------------------------------------------- rescoring

/** Queues the rescoring of every word question, or of one set's (404 for an unknown set). Answers the job. */
export async function queueRescore(db: Database, worker: ScoringWake, actorId: number, setId: number | undefined) {
  if (setId && !(await setExists(db, setId))) throw notFound();
  const jobId = await db.transaction(async (tx) => {
    const id = await enqueueScoring(
      tx,
      setId ? { scope: 'set', targetId: setId, requestedBy: actorId } : { scope: 'all', requestedBy: actorId },
    );
    await writeLog(tx, {
      actorId,
      action: 'rescore',
      entity: 'scoring_job',
      entityId: id,
      newValue: { scope: setId ? 'set' : 'all', set_id: setId ?? null },
    });
    return id;
  });
  worker.wake();
  return presentedJob(db, jobId);
}

// ---------------------------------------------------------------- a learner's scores

/** A learner's word scores in the actor's scope (404 outside it), explained answer by answer (every exam type when none is named). */
export async function explainLearnerScores(
  db: Executor,
  actor: Actor,
  tests: Omit<LearnerTests, 'examType'> & { examType?: number },
) {
  const child = await learnerInScope(db, actor, tests.studentId);
  return {
    student: { id: child.id, name: presentLearner(child).name },
    scores: await explainScores(db, child.id, { examType: tests.examType, challenge: tests.challenge }),
  };
}

/** Scores a learner's tests now (each word question for all its takers: originality needs them all), then explains them. */
export async function scoreLearnerNow(db: Database, actor: Actor, tests: LearnerTests) {
  const child = await learnerInScope(db, actor, tests.studentId);
  const filter = { examType: tests.examType, challenge: tests.challenge };
  await scoreQuestionsNow(db, await wordQuestionsOfLearner(db, child.id, filter));
  return { student: { id: child.id, name: child.name }, scores: await explainScores(db, child.id, filter) };
}

// ---------------------------------------------------------------- review queue

/** The review queue, of every set or of one (404 for an unknown set). */
export async function reviewQueueOf(db: Executor, filter: QueueFilter) {
  if (filter.setId && !(await setExists(db, filter.setId))) throw notFound();
  return reviewQueue(db, filter);
}

/**
 * Makes a queued word a dictionary word of a subcategory of its set, and queues the set's rescoring. The word's text
 * is `word` or the queue's most frequent spelling; its language `language` or the queue's. Answers the job and the word.
 */
export async function assignQueuedWord(
  db: Database,
  worker: ScoringWake,
  actorId: number,
  asked: { setId: number; normalised: string; subcategoryId: number; word?: string; language?: WordLanguage },
) {
  const { setId, normalised, subcategoryId } = asked;
  if (!(await setExists(db, setId))) throw notFound();
  const sub = await subcategoryById(db, subcategoryId);
  if (!sub) throw new AppError(400, 'app.errors.badRequest', { subcategory_id: 'app.validation.invalidChoice' });
  if (sub.setId !== setId)
    throw new AppError(400, 'app.scores.subcategoryNotInSet', { subcategory_id: 'app.scores.subcategoryNotInSet' });
  const queued = await queuedWord(db, setId, normalised);
  if (!queued) throw new AppError(404, 'app.scores.notInQueue');
  const word = asked.word ?? queued.example;
  if (normaliseText(word) !== normalised)
    throw new AppError(400, 'app.errors.badRequest', { word: 'app.scores.wordMismatch' });
  const language = asked.language ?? wordLanguageOf(queued.language);
  try {
    const { row, jobId } = await db.transaction(async (tx) => {
      // the category changed: an editor holding the old version must reload (409 staleCategory)
      const inserted = await insertWordOfCategory(tx, sub.categoryId, {
        subcategoryId,
        setId,
        word,
        language,
        normalised,
      });
      await writeLog(tx, {
        actorId,
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
        jobId: await enqueueScoring(tx, { scope: 'set', targetId: setId, requestedBy: actorId }),
      };
    });
    worker.wake();
    return {
      job: await presentedJob(db, jobId),
      word: {
        id: row.id,
        word: row.word,
        language: row.language,
        normalised: row.normalised,
        subcategory_id: row.subcategoryId,
      },
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('app.scores.alreadyAWord', { normalised: 'app.scores.alreadyAWord' });
    throw error;
  }
}

/** Takes a queued word out of its set's queue (not a dictionary word), or puts a dismissed one back (`restore`). */
export async function dismissOrRestoreWord(
  db: Database,
  actorId: number,
  asked: { setId: number; normalised: string; restore?: boolean },
) {
  const { setId, normalised, restore } = asked;
  if (!(await setExists(db, setId))) throw notFound();
  await db.transaction(async (tx) => {
    if (restore) {
      if (!(await restoreDismissedWord(tx, setId, normalised))) throw new AppError(404, 'app.scores.notInQueue');
    } else {
      if (!(await queuedWord(tx, setId, normalised))) throw new AppError(404, 'app.scores.notInQueue');
      await dismissQueuedWord(tx, setId, normalised, actorId);
    }
    await writeLog(tx, {
      actorId,
      action: restore ? 'restore' : 'dismiss',
      entity: 'category_word',
      entityId: null,
      newValue: { set_id: setId, normalised },
    });
  });
}

// ---------------------------------------------------------------- suggestions (docs/api/scoring.md "Suggestions")

/** The dictionary's suggestions for the words given, or for the head of the set's review queue (at most `limit`, 50). */
export async function suggestForWords(db: Executor, asked: { setId: number; words?: string[]; limit?: number }) {
  const { setId, words, limit } = asked;
  if (!(await setExists(db, setId))) throw notFound();
  const dictionary = await setWords(db, setId);
  const wanted = words
    ? words.map((w) => ({ word: w, normalised: normaliseText(w), count: null as number | null }))
    : (await reviewQueue(db, { setId, orderBy: 'count', direction: 'desc', limit: limit ?? 50, offset: 0 })).words.map(
        (w) => ({ word: w.example, normalised: w.normalised, count: w.count as number | null }),
      );
  return {
    set_id: setId,
    suggestions: wanted.map((a) => ({ ...a, candidates: suggestSubcategories(a.word, dictionary) })),
  };
}
