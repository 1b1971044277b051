import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { examQuestions, questionCategorySets, scoringJobs } from '../db/schema';
import { scoreQuestionInDb } from './wordScoring';

/**
 * Scoring jobs in PostgreSQL (docs/api/scoring.md "When scoring happens"): a row per
 * job with its progress, worked through one question per transaction by
 * any server (or `npm run rescore`). A job is claimed with
 * `for update skip locked`; a running job whose heartbeat is older than
 * STALE_SECONDS (its server died) is taken over and goes on from its cursor.
 */

export type JobScope = 'all' | 'set' | 'question';
export type JobRow = typeof scoringJobs.$inferSelect;

export const STALE_SECONDS = 120;

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

/** Takes the next job to work on: question jobs first (fresh scores on exam day), then in order of arrival. */
async function claim(db: Database): Promise<JobRow | null> {
  const rows =
    await db.execute(sql`update ${scoringJobs} set status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now()
    where id = (select id from ${scoringJobs}
      where status = 'pending' or (status = 'running' and heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))
      order by case scope when 'question' then 0 else 1 end, id limit 1 for update skip locked)
    returning id`);
  const list = (rows as unknown as { rows: { id: number }[] }).rows;
  if (!list.length) return null;
  const [job] = await db
    .select()
    .from(scoringJobs)
    .where(eq(scoringJobs.id, Number(list[0].id)));
  return job ?? null;
}

export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Works through one job batch by batch (one question per transaction, the
 * job's cursor and progress written in the same transaction as the
 * scores), until it is done or the worker stops. Returns the job as it ended.
 */
export async function runJob(
  db: Database,
  claimed: JobRow,
  log: WorkerLog,
  shouldStop: () => boolean = () => false,
  onProgress?: (job: JobRow) => void,
): Promise<JobRow> {
  let job = claimed;
  if (job.processed === 0 && job.cursor === 0) {
    const [{ n }] =
      job.scope === 'question'
        ? [{ n: 1 }]
        : await db.select({ n: count() }).from(questionCategorySets).where(questionsOf(job));
    [job] = await db.update(scoringJobs).set({ total: n }).where(eq(scoringJobs.id, job.id)).returning();
  }
  try {
    for (;;) {
      if (shouldStop()) {
        // another worker (or this one after a restart) goes on from the cursor
        [job] = await db
          .update(scoringJobs)
          .set({ status: 'pending', heartbeatAt: null })
          .where(eq(scoringJobs.id, job.id))
          .returning();
        return job;
      }
      const questionId = await nextQuestion(db, job);
      if (questionId === null) {
        [job] = await db
          .update(scoringJobs)
          .set({
            status: 'done',
            finishedAt: sql`now()`,
            heartbeatAt: sql`now()`,
            total: sql`greatest(${scoringJobs.total}, ${scoringJobs.processed})`,
          })
          .where(eq(scoringJobs.id, job.id))
          .returning();
        log.info(
          {
            event: 'scoring.job.done',
            jobId: job.id,
            scope: job.scope,
            questions: job.processed,
            answers: job.answers,
          },
          'scoring job done',
        );
        onProgress?.(job);
        return job;
      }
      job = await db.transaction(async (tx) => {
        const scored = await scoreQuestionInDb(tx, questionId);
        const [row] = await tx
          .update(scoringJobs)
          .set({
            cursor: questionId,
            processed: sql`${scoringJobs.processed} + 1`,
            answers: sql`${scoringJobs.answers} + ${scored.answers}`,
            heartbeatAt: sql`now()`,
          })
          .where(eq(scoringJobs.id, job.id))
          .returning();
        return row;
      });
      onProgress?.(job);
    }
  } catch (error) {
    log.error({ event: 'scoring.job.failed', jobId: job.id, err: error }, 'scoring job failed');
    const message = error instanceof Error ? error.message.slice(0, 500) : 'failed';
    [job] = await db
      .update(scoringJobs)
      .set({ status: 'failed', error: message, finishedAt: sql`now()` })
      .where(eq(scoringJobs.id, job.id))
      .returning();
    return job;
  }
}

/**
 * The in-process worker of a server: woken when a job is queued here, and
 * polling every `pollMs` for jobs queued elsewhere (another server, the
 * command line) or left by a server that died. One job at a time.
 */
export class ScoringWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: WorkerLog,
    private readonly pollMs = 5000,
  ) {}

  start(): void {
    if (this.timer || this.pollMs <= 0) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (or right after the current job). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Works until no job is waiting (tests, the command line). */
  async drain(): Promise<void> {
    for (let round = 0; round < 1000; round += 1) {
      if (this.running) await this.running;
      this.again = false;
      this.wake();
      await this.running;
      const [waiting] = await this.db.select({ n: count() }).from(scoringJobs).where(eq(scoringJobs.status, 'pending'));
      if (!waiting.n || this.stopped) return;
    }
  }

  /** Starts again after stop() (tests). */
  resume(): void {
    this.stopped = false;
    this.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async loop(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const job = await claim(this.db);
        if (!job) return;
        await runJob(this.db, job, this.log, () => this.stopped);
      }
    } catch (error) {
      this.log.error({ event: 'scoring.worker.failed', err: error }, 'scoring worker failed');
    }
  }
}
