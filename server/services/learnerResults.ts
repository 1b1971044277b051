import { REPORT_LINK } from '../../domain/activities';
import { MESSAGES } from '../../domain/messages';
import type { Actor } from '../auth/actor';
import { isPlatformLevel } from '../auth/scope';
import type { Database } from '../db/client';
import { AppError, conflict, notFound } from '../errors';
import { learnerInScope } from '../repositories/exams';
import {
  answersInScope,
  answersToQuestion,
  confirmationOf,
  deleteAnswers,
  questionWithSet,
  saveConfirmation,
  scoredQuestionCount,
  testScoreTotals,
  wordsOfSet,
} from '../repositories/learnerResults';
import { writeLog } from './audit';
import { notify } from './notifications';
import { enqueueQuestions } from './scoringJobs';

/**
 * The learner results workflows (docs/api/reports.md "Score calls"): confirming a learner's totals, sending the
 * report to the family, deleting answers (their questions queued for rescoring), a word question's score file.
 * Every learner named must be in the caller's scope (404).
 */

/** A reviewer confirms the totals of a learner's test as they stand now (POST /confirm/score). */
export async function confirmScore(db: Database, actor: Actor, childId: number, examType: number) {
  await learnerInScope(db, actor, childId);
  return db.transaction(async (tx) => {
    const totals = await testScoreTotals(tx, childId, examType);
    if (!totals.n) throw conflict('app.reports.notScored');
    const values = {
      fluency: totals.fluency,
      flexibility: totals.flexibility,
      originality: totals.originality,
      confirmedBy: actor.id,
      confirmedAt: new Date(),
    };
    await saveConfirmation(tx, childId, examType, values);
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
}

/** Sends the learner's report (a link to /report/:id/:exam_type) to the family account (POST /report). */
export async function sendReport(
  db: Database,
  actor: Actor,
  input: { student_id: number; exam_type: number; content?: string },
) {
  const { student_id: childId, exam_type: examType, content } = input;
  const child = await learnerInScope(db, actor, childId);
  const link = `/report/${child.id}/${examType}`;
  if (content !== undefined) {
    const match = REPORT_LINK.exec(content);
    if (!match || Number(match[1]) !== child.id)
      throw new AppError(400, 'app.errors.badRequest', { content: 'app.reports.wrongReportLink' });
  }
  if (!child.parentId) throw conflict('app.reports.noFamily');
  if (!(await scoredQuestionCount(db, child.id, examType))) throw conflict('app.reports.notScored');
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
}

/**
 * Deletes answers of learners in scope (all or none: an id outside the scope or unknown answers 404); their
 * questions are queued to be scored again in the same transaction.
 */
export async function deleteAnswersInScope(db: Database, actor: Actor, ids: number[]) {
  return db.transaction(async (tx) => {
    const rows = await answersInScope(tx, actor, ids);
    if (rows.length !== ids.length) throw notFound();
    await deleteAnswers(tx, ids);
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
}

/** A word question's `npm run score` file: its text, its dictionary and every taker's answers (platform level only). */
export async function wordQuestionFile(db: Database, actor: Actor, questionId: number) {
  if (!isPlatformLevel(actor)) throw new AppError(403, 'app.reports.platformOnly');
  const q = await questionWithSet(db, questionId);
  if (!q) throw new AppError(404, 'app.errors.notFound');
  if (!q.set_id) throw conflict('app.reports.notWordQuestion');
  const dictionary: Record<string, Record<string, string[]>> = {};
  for (const w of await wordsOfSet(db, q.set_id)) ((dictionary[w.category] ??= {})[w.subcategory] ??= []).push(w.word);
  const takers = new Map<number, string[]>();
  for (const a of await answersToQuestion(db, questionId))
    (takers.get(a.exam_id) ?? takers.set(a.exam_id, []).get(a.exam_id)!).push(a.answer);
  return {
    question: q.text.ar || q.text.en || '',
    dictionary,
    takers: [...takers].map(([examId, list]) => ({ taker: `exam-${examId}`, answers: list })),
  };
}
