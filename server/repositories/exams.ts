import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EXAM_STATUS, STAGE_COUNT, firstUnfinishedStage, remainingSeconds, type ExamStatus } from '../../domain/exams';
import type { Actor } from '../auth/actor';
import { childrenInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { children, examAnswers, examFiles, examQuestions, exams, examSubmissions } from '../db/schema';
import { notFound } from '../errors';
import { getSetting } from './settings';

export type QuestionRow = typeof examQuestions.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;
export type AnswerRow = typeof examAnswers.$inferSelect;
export type FileRow = typeof examFiles.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

/** The learner (children row) a caller may see, or 404: ids outside the scope don't leak. */
export async function learnerInScope(db: Executor, actor: Actor, childId: number): Promise<ChildRow> {
  const scope = childrenInScope(actor);
  const [row] = await db
    .select()
    .from(children)
    .where(scope ? and(eq(children.id, childId), scope) : eq(children.id, childId));
  if (!row) throw notFound();
  return row;
}

/** The test duration admins set (POST /test/set/time), in seconds. */
export const testDuration = (db: Executor) => getSetting(db, 'test_duration_seconds');

// ---------------------------------------------------------------- questions

export const fileUrl = (id: number) => `/api/exam/files/${id}`;

export async function questionsOf(db: Executor, filter: { examType?: number; challenge?: number; stage?: number }) {
  return db
    .select()
    .from(examQuestions)
    .where(
      and(
        filter.examType ? eq(examQuestions.examType, filter.examType) : undefined,
        filter.challenge ? eq(examQuestions.challenge, filter.challenge) : undefined,
        filter.stage ? eq(examQuestions.stage, filter.stage) : undefined,
      ),
    )
    .orderBy(
      asc(examQuestions.examType),
      asc(examQuestions.challenge),
      asc(examQuestions.stage),
      asc(examQuestions.position),
      asc(examQuestions.id),
    );
}

/** Figures and models of questions, by question id. */
export async function questionFiles(db: Executor, questionIds: number[]) {
  const map = new Map<
    number,
    { image: { id: number; url: string } | null; model: { id: number; url: string } | null }
  >();
  for (const id of questionIds) map.set(id, { image: null, model: null });
  if (!questionIds.length) return map;
  const rows = await db
    .select()
    .from(examFiles)
    .where(inArray(examFiles.questionId, questionIds))
    .orderBy(asc(examFiles.id));
  for (const f of rows) {
    const entry = map.get(f.questionId!)!;
    entry[f.kind === 'model' ? 'model' : 'image'] = { id: f.id, url: fileUrl(f.id) };
  }
  return map;
}

export async function presentQuestions(db: Executor, rows: QuestionRow[]) {
  const files = await questionFiles(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((q) => ({
    id: q.id,
    exam_type: q.examType,
    challenge: q.challenge,
    stage: q.stage,
    kind: q.kind,
    text: q.text,
    options: q.options,
    allow_other: q.allowOther,
    position: q.position,
    image: files.get(q.id)!.image,
    model: files.get(q.id)!.model,
  }));
}
export type QuestionOut = Awaited<ReturnType<typeof presentQuestions>>[number];

/** Questions are returned indexed by stage (docs/api/exams.md "Question bank"). */
export const byStage = <T extends { stage: number }>(rows: T[]): Record<string, T[]> => {
  const out: Record<string, T[]> = { 1: [], 2: [], 3: [] };
  for (const r of rows) (out[String(r.stage)] ??= []).push(r);
  return out;
};

// ---------------------------------------------------------------- exams and their state

export async function findExam(
  db: Executor,
  childId: number,
  examType: number,
  challenge: number,
): Promise<ExamRow | undefined> {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.childId, childId), eq(exams.examType, examType), eq(exams.challenge, challenge)));
  return row;
}

/** Starts the exam (started_at now, the current duration) unless it has started already; returns it. */
export async function startExam(
  db: Executor,
  childId: number,
  examType: number,
  challenge: number,
  actorId: number,
): Promise<ExamRow> {
  const duration = await testDuration(db);
  await db
    .insert(exams)
    .values({ childId, examType, challenge, startedAt: new Date(), durationSeconds: duration, startedBy: actorId })
    .onConflictDoNothing();
  return (await findExam(db, childId, examType, challenge))!;
}

export async function submittedStages(db: Executor, examIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(examIds.map((id) => [id, []]));
  if (!examIds.length) return map;
  const rows = await db
    .select({ examId: examSubmissions.examId, stage: examSubmissions.stage })
    .from(examSubmissions)
    .where(inArray(examSubmissions.examId, examIds))
    .orderBy(asc(examSubmissions.stage));
  for (const r of rows) map.get(r.examId)!.push(r.stage);
  return map;
}

export function examStatus(exam: ExamRow | undefined, stages: number[], now = new Date()): ExamStatus {
  if (!exam) return EXAM_STATUS.notStarted;
  if (stages.length >= STAGE_COUNT) return EXAM_STATUS.finished;
  return remainingSeconds(exam.startedAt, exam.durationSeconds, now) === 0 ? EXAM_STATUS.timeOver : EXAM_STATUS.open;
}

/** What the stepper needs: status, the stage to show, the timer (counted from the server's start time). */
export function presentExam(
  ref: { childId: number; examType: number; challenge: number },
  exam: ExamRow | undefined,
  stages: number[],
  duration: number,
) {
  const now = new Date();
  const status = examStatus(exam, stages, now);
  return {
    id: exam?.id ?? null,
    student_id: ref.childId,
    exam_type: ref.examType,
    challenge: ref.challenge,
    status,
    submitted_stages: stages,
    current_stage: firstUnfinishedStage(stages),
    started_at: exam?.startedAt.toISOString() ?? null,
    finished_at: exam?.finishedAt?.toISOString() ?? null,
    duration: exam?.durationSeconds ?? duration,
    remaining_seconds:
      status === EXAM_STATUS.finished
        ? 0
        : remainingSeconds(exam?.startedAt ?? null, exam?.durationSeconds ?? duration, now),
    server_time: now.toISOString(),
  };
}
export type ExamOut = ReturnType<typeof presentExam>;

export async function examState(db: Executor, childId: number, examType: number, challenge: number): Promise<ExamOut> {
  const exam = await findExam(db, childId, examType, challenge);
  const stages = exam ? (await submittedStages(db, [exam.id])).get(exam.id)! : [];
  return presentExam({ childId, examType, challenge }, exam, stages, await testDuration(db));
}

/** Every exam of some learners with its state, by learner id. */
export async function examStatesOf(db: Executor, childIds: number[]) {
  const map = new Map<number, ExamOut[]>(childIds.map((id) => [id, []]));
  if (!childIds.length) return map;
  const rows = await db
    .select()
    .from(exams)
    .where(inArray(exams.childId, childIds))
    .orderBy(asc(exams.examType), asc(exams.challenge));
  const stages = await submittedStages(
    db,
    rows.map((r) => r.id),
  );
  const duration = await testDuration(db);
  for (const e of rows) {
    map
      .get(e.childId)!
      .push(
        presentExam(
          { childId: e.childId, examType: e.examType, challenge: e.challenge },
          e,
          stages.get(e.id)!,
          duration,
        ),
      );
  }
  return map;
}

// ---------------------------------------------------------------- answers

export const presentAnswer = (a: AnswerRow) => ({
  id: a.id,
  question_id: a.questionId,
  exam_type: a.examType,
  challenge: a.challenge,
  stage: a.stage,
  position: a.position,
  source: a.source,
  option_key: a.optionKey,
  answer: a.answer,
  language: a.language,
  score: a.score,
  created_at: a.createdAt.toISOString(),
});

export const presentFile = (f: FileRow) => ({ id: f.id, kind: f.kind, drawn: f.drawn, url: fileUrl(f.id) });

/** The submitted stages of some exams with their answers and files, by exam id. */
export async function stagesOf(db: Executor, examIds: number[]) {
  const map = new Map<number, ReturnType<typeof presentStage>[]>(examIds.map((id) => [id, []]));
  if (!examIds.length) return map;
  const [subs, answers, files] = await Promise.all([
    db
      .select()
      .from(examSubmissions)
      .where(inArray(examSubmissions.examId, examIds))
      .orderBy(asc(examSubmissions.stage)),
    db
      .select()
      .from(examAnswers)
      .where(inArray(examAnswers.examId, examIds))
      .orderBy(asc(examAnswers.stage), asc(examAnswers.questionId), asc(examAnswers.position)),
    db
      .select()
      .from(examFiles)
      .where(
        inArray(
          examFiles.submissionId,
          sql`(select ${examSubmissions.id} from ${examSubmissions} where ${inArray(examSubmissions.examId, examIds)})`,
        ),
      )
      .orderBy(asc(examFiles.id)),
  ]);
  for (const s of subs) {
    map.get(s.examId)!.push(
      presentStage(
        s,
        answers.filter((a) => a.submissionId === s.id),
        files.filter((f) => f.submissionId === s.id),
      ),
    );
  }
  return map;
}

export function presentStage(s: typeof examSubmissions.$inferSelect, answers: AnswerRow[], files: FileRow[]) {
  return {
    stage: s.stage,
    submission_key: s.submissionKey,
    submitted_at: s.createdAt.toISOString(),
    by_teacher: s.byTeacher,
    image: files.find((f) => f.kind === 'image') ? presentFile(files.find((f) => f.kind === 'image')!) : null,
    model: files.find((f) => f.kind === 'model') ? presentFile(files.find((f) => f.kind === 'model')!) : null,
    answers: answers.map(presentAnswer),
  };
}
export type StageOut = ReturnType<typeof presentStage>;

export const presentLearner = (c: ChildRow) => ({
  id: c.id,
  name: c.name,
  gender: c.gender,
  birthdate: c.birthdate,
  language: c.language,
  school_id: c.schoolId,
});

/** A test's stored file (a question's figure or model, a learner's stage image or model). */
export async function examFileById(db: Executor, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(examFiles).where(eq(examFiles.id, id));
  return row;
}
