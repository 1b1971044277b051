import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { examQuestions, questionCategorySets, scoringJobs } from '../db/schema';
import type { JobAttempt, Jobs } from './jobs';
import { scoreQuestionInDb } from './wordScoring';

/**
 * Scoring jobs (docs/api/scoring.md "When scoring happens"): a row of scoring_jobs per job holds what it
 * scores and its progress (the cursor, questions and answers done), written in the transaction that scores
 * each question, so the console can show it. The work itself runs on pg-boss (server/services/jobs.ts, queue
 * `score`): a step works through the job's questions for STEP_MS from the cursor and queues the next step.
 * pg-boss retries a step that failed, with backoff, and gives the step of a process that died to another
 * process once it expires; that step goes on from the cursor. Each question's transaction first locks the job's
 * row and reads the cursor again, so two steps of one job, if ever side by side, never score a question twice.
 */

export type JobScope = 'all' | 'set' | 'question';
export type JobRow = typeof scoringJobs.$inferSelect;

/** How long one step works before it queues the next (well within the queue's expiry). */
export const STEP_MS = 2000;

/**
 * Queues a job unless the same one is already waiting (a partial unique
 * index allows one pending job per scope and target); returns the id of
 * the waiting job either way.
 */
export async function enqueueScoring(
  db: Executor,
  job: { scope: JobScope; targetId?: number; requestedBy?: number | null },
): Promise<number> {
  const targetId = job.scope === 'all' ? 0 : (job.targetId ?? 0);
  const [created] = await db
    .insert(scoringJobs)
    .values({ scope: job.scope, targetId, requestedBy: job.requestedBy ?? null })
    .onConflictDoNothing()
    .returning({ id: scoringJobs.id });
  if (created) return created.id;
  const [waiting] = await db
    .select({ id: scoringJobs.id })
    .from(scoringJobs)
    .where(
      and(eq(scoringJobs.scope, job.scope), eq(scoringJobs.targetId, targetId), eq(scoringJobs.status, 'pending')),
    );
  return waiting?.id ?? (await enqueueScoring(db, job));
}

/** Queues the scoring of some questions, those of them that are word questions. */
export async function enqueueQuestions(db: Executor, questionIds: number[]): Promise<void> {
  if (!questionIds.length) return;
  const linked = await db
    .select({ id: questionCategorySets.questionId })
    .from(questionCategorySets)
    .where(inArray(questionCategorySets.questionId, questionIds))
    .orderBy(asc(questionCategorySets.questionId));
  for (const { id } of linked) await enqueueScoring(db, { scope: 'question', targetId: id });
}

/** Queues the scoring of the word questions of a stage (called in the transaction that stores the stage). */
export async function enqueueStageScoring(
  db: Executor,
  ref: { examType: number; challenge: number; stage?: number },
): Promise<void> {
  const questions = await db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(
      and(
        eq(examQuestions.examType, ref.examType),
        eq(examQuestions.challenge, ref.challenge),
        ref.stage ? eq(examQuestions.stage, ref.stage) : undefined,
      ),
    );
  await enqueueQuestions(
    db,
    questions.map((q) => q.id),
  );
}

/** The questions a job scores, in id order. */
const questionsOf = (job: Pick<JobRow, 'scope' | 'targetId'>): SQL | undefined => {
  if (job.scope === 'set') return eq(questionCategorySets.setId, job.targetId);
  if (job.scope === 'question') return eq(questionCategorySets.questionId, job.targetId);
  return undefined;
};

async function nextQuestion(db: Executor, job: JobRow): Promise<number | null> {
  // one question, linked or not (an unlinked question loses its scores)
  if (job.scope === 'question') return job.cursor < job.targetId ? job.targetId : null;
  const [row] = await db
    .select({ id: questionCategorySets.questionId })
    .from(questionCategorySets)
    .where(and(questionsOf(job), gt(questionCategorySets.questionId, job.cursor)))
    .orderBy(asc(questionCategorySets.questionId))
    .limit(1);
  return row?.id ?? null;
}

export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type StepOutcome = { state: 'more' | 'done' | 'gone'; job?: JobRow };

/** The first look at a job: running from now, and how many questions it has (the progress bar's end). */
async function startJob(db: Database, id: number): Promise<JobRow | undefined> {
  const [job] = await db
    .update(scoringJobs)
    .set({ status: 'running', startedAt: sql`coalesce(${scoringJobs.startedAt}, now())`, heartbeatAt: sql`now()` })
    .where(and(eq(scoringJobs.id, id), inArray(scoringJobs.status, ['pending', 'running'])))
    .returning();
  if (!job || job.processed > 0 || job.cursor > 0 || job.total > 0) return job;
  const [{ n }] =
    job.scope === 'question'
      ? [{ n: 1 }]
      : await db.select({ n: count() }).from(questionCategorySets).where(questionsOf(job));
  const [counted] = await db.update(scoringJobs).set({ total: n }).where(eq(scoringJobs.id, id)).returning();
  return counted;
}

/** Scores the job's next question, or marks the job done, in one transaction holding the job's row. */
async function scoreNext(db: Database, id: number): Promise<StepOutcome> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(scoringJobs).where(eq(scoringJobs.id, id)).for('update');
    if (!job || job.status !== 'running') return { state: 'gone' as const };
    const questionId = await nextQuestion(tx, job);
    if (questionId === null) {
      const [done] = await tx
        .update(scoringJobs)
        .set({
          status: 'done',
          error: null,
          finishedAt: sql`now()`,
          heartbeatAt: sql`now()`,
          total: sql`greatest(${scoringJobs.total}, ${scoringJobs.processed})`,
        })
        .where(eq(scoringJobs.id, id))
        .returning();
      return { state: 'done' as const, job: done };
    }
    const scored = await scoreQuestionInDb(tx, questionId);
    const [row] = await tx
      .update(scoringJobs)
      .set({
        cursor: questionId,
        processed: sql`${scoringJobs.processed} + 1`,
        answers: sql`${scoringJobs.answers} + ${scored.answers}`,
        heartbeatAt: sql`now()`,
      })
      .where(eq(scoringJobs.id, id))
      .returning();
    return { state: 'more' as const, job: row };
  });
}

/**
 * One step of a job: its questions from the cursor, one transaction each, for `budgetMs`. 'more' when
 * questions remain, 'done' when it finished, 'gone' when the job is no longer to be worked (done, failed,
 * deleted). A step that fails notes the error on the job; on the last try the job is failed with it.
 */
export async function runScoringStep(
  db: Database,
  id: number,
  log: WorkerLog,
  options: { budgetMs: number; lastTry: boolean },
): Promise<StepOutcome> {
  const began = Date.now();
  try {
    let job = await startJob(db, id);
    if (!job) return { state: 'gone' };
    while (Date.now() - began < options.budgetMs) {
      const outcome = await scoreNext(db, id);
      if (outcome.state === 'done' && outcome.job) {
        job = outcome.job;
        log.info(
          { event: 'scoring.job.done', jobId: id, scope: job.scope, questions: job.processed, answers: job.answers },
          'scoring job done',
        );
      }
      if (outcome.state !== 'more') return outcome;
      job = outcome.job!;
    }
    return { state: 'more', job };
  } catch (error) {
    log.error({ event: 'scoring.job.failed', jobId: id, err: error, lastTry: options.lastTry }, 'scoring step failed');
    const message = error instanceof Error ? error.message.slice(0, 500) : 'failed';
    await db
      .update(scoringJobs)
      .set(options.lastTry ? { status: 'failed', error: message, finishedAt: sql`now()` } : { error: message })
      .where(eq(scoringJobs.id, id));
    throw error;
  }
}

export interface ScoringJobs {
  /** a nudge once a transaction that queued scoring jobs has committed (what the services need) */
  wake(): void;
  /** the `score` job's handler: one step, and the next one queued when questions remain */
  work(data: { scoringJobId: number }, attempt: JobAttempt): Promise<void>;
  /** queues a step for every waiting job (after a commit, at start-up: a job whose step was never queued) */
  queueWaiting(): Promise<void>;
  /** works every waiting job to its end in this process (tests, `npm run rescore`) */
  drain(): Promise<void>;
}

/** The scoring jobs of a process, on its job queue (given late: the queue's handlers include `work`). */
export function createScoringJobs(
  db: Database,
  queue: () => Pick<Jobs, 'send' | 'drain'>,
  log: WorkerLog,
  stepMs = STEP_MS,
): ScoringJobs {
  // question jobs first: fresh scores on exam day
  const queueStep = (job: Pick<JobRow, 'id' | 'scope'>) =>
    queue().send(
      'score',
      { scoringJobId: job.id },
      { singletonKey: `scoring-${job.id}`, priority: job.scope === 'question' ? 1 : 0 },
    );
  let looking: Promise<void> | null = null;
  let wokenAgain = false;
  const jobs: ScoringJobs = {
    async work({ scoringJobId }, attempt) {
      const outcome = await runScoringStep(db, scoringJobId, log, {
        budgetMs: stepMs,
        lastTry: attempt.retryCount >= attempt.retryLimit,
      });
      if (outcome.state === 'more' && outcome.job) await queueStep(outcome.job);
    },
    async queueWaiting() {
      const waiting = await db
        .select({ id: scoringJobs.id, scope: scoringJobs.scope })
        .from(scoringJobs)
        .where(eq(scoringJobs.status, 'pending'))
        .orderBy(asc(scoringJobs.id));
      for (const job of waiting) await queueStep(job);
    },
    wake() {
      // many stages arrive at once on exam day: one look at a time, and one more after it if woken meanwhile
      if (looking) {
        wokenAgain = true;
        return;
      }
      looking = jobs
        .queueWaiting()
        .catch((error) => log.error({ event: 'scoring.queue.failed', err: error }, 'scoring not queued'))
        .finally(() => {
          looking = null;
          if (wokenAgain) {
            wokenAgain = false;
            jobs.wake();
          }
        });
    },
    async drain() {
      await looking;
      await jobs.queueWaiting();
      await queue().drain();
    },
  };
  return jobs;
}
