import type { FileStorage } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { conflict, notFound } from '../errors';
import {
  answerById,
  correctAnswerText,
  deleteExams,
  restartTimer,
  saveTestDuration,
} from '../repositories/examAnswers';
import {
  findExam,
  learnerInScope,
  presentAnswer,
  presentExam,
  submittedStages,
  testDuration,
} from '../repositories/exams';
import { writeLog } from './audit';
import { stageFolderOf } from './examFiles';
import { enqueueQuestions, enqueueStageScoring } from './scoringJobs';

// the exam tools' changes (docs/api/exams.md "Answers and tools"), each written with its audit row in one transaction

/** Corrects one answer's text (the learner in the caller's scope, 404 otherwise); its question is scored again. */
export async function correctAnswer(
  db: Database,
  scoringJobs: { wake(): void },
  actor: Actor,
  id: number,
  text: string,
) {
  const before = await answerById(db, id);
  if (!before) throw notFound();
  await learnerInScope(db, actor, before.childId);
  const after = await db.transaction(async (tx) => {
    const row = await correctAnswerText(tx, before, text);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'exam_answer',
      entityId: before.id,
      oldValue: { answer: before.answer },
      newValue: { answer: text },
    });
    await enqueueQuestions(tx, [before.questionId]);
    return row;
  });
  scoringJobs.wake();
  return presentAnswer(after);
}

export interface ExamRef {
  student_id: number;
  exam_type: number;
  challenge: number;
}

/** Starts a started exam's timer again, with today's duration; 409 notStarted when it has not started. */
export async function resetTimer(db: Database, actor: Actor, ref: ExamRef) {
  const { student_id, exam_type, challenge } = ref;
  const child = await learnerInScope(db, actor, student_id);
  const exam = await findExam(db, child.id, exam_type, challenge);
  if (!exam) throw conflict('app.exams.notStarted');
  const duration = await testDuration(db);
  const after = await db.transaction(async (tx) => {
    const row = await restartTimer(tx, exam.id, duration);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'reset_timer',
      entity: 'exam',
      entityId: exam.id,
      oldValue: { started_at: exam.startedAt, duration: exam.durationSeconds },
      newValue: { started_at: row.startedAt, duration },
    });
    return row;
  });
  const done = (await submittedStages(db, [after.id])).get(after.id)!;
  return presentExam({ childId: child.id, examType: exam_type, challenge }, after, done, duration);
}

export interface RedoDeps {
  db: Database;
  storage: FileStorage;
  scoringJobs: { wake(): void };
  log: { info(obj: object, msg: string): void };
}

/**
 * Deletes a learner's answers to one challenge (or every challenge of the exam type) so that the test can be taken
 * again; fewer takers, so the word questions of those challenges are scored again. Returns what was deleted.
 */
export async function redoTest(
  deps: RedoDeps,
  actor: Actor,
  ref: { student_id: number; exam_type: number; challenge?: number },
) {
  const { db, storage } = deps;
  const { student_id, exam_type, challenge } = ref;
  const child = await learnerInScope(db, actor, student_id);
  const { files, deleted } = await db.transaction(async (tx) => {
    const gone = await deleteExams(tx, child.id, exam_type, challenge);
    const ids = gone.exams.map((r) => r.id);
    if (!ids.length) return { files: [], deleted: { exams: 0, answers: 0, files: 0 } };
    const counts = { exams: ids.length, answers: gone.answers, files: gone.files.length };
    // fewer takers: the word questions of these challenges are scored again
    for (const r of gone.exams) await enqueueStageScoring(tx, { examType: exam_type, challenge: r.challenge });
    await writeLog(tx, {
      actorId: actor.id,
      action: 'redo_test',
      entity: 'exam',
      entityId: ids[0],
      oldValue: { student_id: child.id, exam_type, challenges: gone.exams.map((r) => r.challenge), ...counts },
    });
    return { files: gone.files, deleted: counts };
  });
  deps.scoringJobs.wake();
  for (const f of files) await storage.remove(stageFolderOf(f.kind), f.name);
  deps.log.info(
    { event: 'exam.redo', childId: child.id, examType: exam_type, challenge: challenge ?? null, ...deleted },
    'exam answers deleted for a redo',
  );
  return deleted;
}

/** Sets the test duration new exams start with. */
export async function setTestDuration(db: Database, actor: Actor, seconds: number): Promise<void> {
  const before = await testDuration(db);
  await db.transaction(async (tx) => {
    await saveTestDuration(tx, seconds);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'setting',
      entityId: null,
      oldValue: { test_duration_seconds: before },
      newValue: { test_duration_seconds: seconds },
    });
  });
}
