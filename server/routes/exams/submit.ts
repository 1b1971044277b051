import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EXAM_LANGUAGES,
  STAGE_COUNT,
  initialScore,
  isTooLate,
  localText,
  stageErrors,
  type StageItem,
} from '../../../domain/exams';
import type { MessageKey } from '../../../domain/messages';
import { normaliseText } from '../../../domain/scoring/normalise';
import { stageEnvelopeSchema, stageItemsSchema } from '../../../domain/schemas/exams';
import type { Actor } from '../../auth/actor';
import { isUniqueViolation } from '../../db/errors';
import { examAnswers, examFiles, examQuestions, exams, examSubmissions, type QuestionOption } from '../../db/schema';
import { AppError, badRequest, conflict, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  examState,
  findExam,
  learnerInScope,
  presentStage,
  startExam,
  submittedStages,
  type ExamRow,
  type QuestionRow,
} from '../../repositories/exams';
import { checkModel } from '../../services/models3d';
import { enqueueStageScoring } from '../../services/scoringJobs';
import { randomToken } from '../../services/secrets';
import { assertExamsEnabled } from './groupGate';
import { readStageForm, stageHash, type StageForm } from './stageForm';

export const STAGE_IMAGE_FOLDER = 'exams';
export const MODEL_FOLDER = 'exam-models';

/**
 * Who sends the stage: the learner's own session (timed, stages in order,
 * each once) or a teacher entering a paper test (/answers/addteacher: not
 * timed, any order, still each stage once).
 */
export type SubmitMode = 'taker' | 'teacher';

/** The items of a form: items[n][...] or the first clients' flat stage-1 shape (question_id, answer[], options[]). */
function itemsOf(form: StageForm): unknown[] {
  const first = (v: string[] | undefined) => v?.[0];
  if (form.items.size) {
    return [...form.items.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, f]) => ({
        question_id: first(f.question_id),
        options: [...(f.option ?? []), ...(f.options ?? [])],
        answers: f.answer ?? f.answers ?? [],
        other: first(f.other),
        // an item's own copies of the envelope must agree with it
        _student_id: first(f.student_id),
        _exam_type: first(f.exam_type),
      }));
  }
  const questionId = form.fields.question_id;
  if (!questionId) return [];
  const list = (name: string) => form.lists[name] ?? (form.fields[name] !== undefined ? [form.fields[name]] : []);
  return [{ question_id: questionId, options: list('options'), answers: list('answer'), other: form.fields.other }];
}

/** A typed text equal to one of the question's options (in any language) is that option. */
const optionForText = (options: QuestionOption[], text: string): QuestionOption | undefined => {
  const wanted = normaliseText(text);
  return options.find((o) => Object.values(o.text).some((t) => t && normaliseText(t) === wanted));
};

interface AnswerDraft {
  questionId: number;
  source: 'option' | 'text' | 'other';
  optionKey: string | null;
  answer: string;
  score: number | null;
}

/** Each word answer as its own row, in the order given, per question. */
function answerRows(items: StageItem[], questions: Map<number, QuestionRow>, language: string): AnswerDraft[] {
  const rows: AnswerDraft[] = [];
  for (const item of items) {
    const q = questions.get(item.question_id)!;
    const option = (key: string) => q.options.find((o) => o.key === key)!;
    const fromOption = (o: QuestionOption): AnswerDraft => ({
      questionId: q.id,
      source: 'option',
      optionKey: o.key,
      answer: localText(o.text, language),
      score: initialScore(o.text.ar) ?? initialScore(localText(o.text, language)),
    });
    for (const key of item.options ?? []) rows.push(fromOption(option(key)));
    for (const text of item.answers ?? []) {
      if (!text.trim()) continue;
      const matched = q.options.length ? optionForText(q.options, text) : undefined;
      rows.push(
        matched
          ? fromOption(matched)
          : { questionId: q.id, source: 'text', optionKey: null, answer: text.trim(), score: initialScore(text) },
      );
    }
    if (item.other?.trim())
      rows.push({
        questionId: q.id,
        source: 'other',
        optionKey: null,
        answer: item.other.trim(),
        score: initialScore(item.other),
      });
  }
  return rows;
}

const firstError = (errors: Record<string, string>): MessageKey => {
  const order = ['answer', 'items', 'second_answer', 'img'];
  for (const k of order) if (errors[k]) return errors[k] as MessageKey;
  return (Object.values(errors)[0] ?? 'app.errors.badRequest') as MessageKey;
};

/** The stage as stored, with the exam's state: the answer to the first submission and to every retry of its key. */
async function storedResult(app: FastifyInstance, exam: ExamRow, submissionId: number) {
  const db = app.db;
  const [sub] = await db.select().from(examSubmissions).where(eq(examSubmissions.id, submissionId));
  const [answers, files] = await Promise.all([
    db
      .select()
      .from(examAnswers)
      .where(eq(examAnswers.submissionId, sub.id))
      .orderBy(examAnswers.questionId, examAnswers.position),
    db.select().from(examFiles).where(eq(examFiles.submissionId, sub.id)).orderBy(examFiles.id),
  ]);
  return {
    exam: await examState(db, exam.childId, exam.examType, exam.challenge),
    stage: presentStage(sub, answers, files),
  };
}

/**
 * A retry of a key already stored: the stored result, when it was for this
 * learner's exam and the same stage as sent then (the same hash); a key
 * sent again with other answers or files is refused (409 keyMismatch), so
 * a client never takes "replayed" for "these answers are stored". A stage
 * stored before hashes were kept (body_hash null) is replayed as before.
 */
async function replay(app: FastifyInstance, key: string, childId: number, examType: number, hash: string) {
  const [row] = await app.db
    .select({ sub: examSubmissions, exam: exams })
    .from(examSubmissions)
    .innerJoin(exams, eq(exams.id, examSubmissions.examId))
    .where(eq(examSubmissions.submissionKey, key));
  if (!row) return null;
  if (row.exam.childId !== childId || row.exam.examType !== examType) throw conflict('app.exams.keyReused');
  if (row.sub.bodyHash !== null && row.sub.bodyHash !== hash) throw conflict('app.exams.keyMismatch');
  return storedResult(app, row.exam, row.sub.id);
}

/**
 * Stores one stage (docs/ARCHITECTURE.md §4 "On the server"): checks the learner's scope, the
 * idempotency key (and that a retry carries the same stage), the group's exam switch, the order of stages, the timer
 * and the stage rules; then the image (and model) are checked by content
 * and stored, and the stage with every answer and its files is written in
 * one transaction. Nothing is stored when any check fails.
 */
export async function submitStage(
  app: FastifyInstance,
  request: FastifyRequest,
  mode: SubmitMode,
  defaultStage: number,
) {
  const db = app.db;
  const actor: Actor = actorOf(request);
  const form = await readStageForm(request);
  const envelope = parseInput(stageEnvelopeSchema, form.fields);
  const child = await learnerInScope(db, actor, envelope.student_id);
  const header = request.headers['idempotency-key'];
  const key =
    envelope.submission_key ??
    (typeof header === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(header) ? header : undefined);

  const hash = stageHash(form);
  if (key) {
    const stored = await replay(app, key, child.id, envelope.exam_type, hash);
    if (stored) return { status: 200 as const, body: { ...stored, replayed: true } };
  }

  const rawItems = itemsOf(form);
  for (const item of rawItems as { _student_id?: string; _exam_type?: string }[]) {
    if (
      (item._student_id && Number(item._student_id) !== child.id) ||
      (item._exam_type && Number(item._exam_type) !== envelope.exam_type)
    ) {
      throw badRequest('app.exams.stagesMixed', { items: 'app.exams.stagesMixed' });
    }
  }
  const items = parseInput(
    stageItemsSchema,
    rawItems.map((i) => {
      const { _student_id: _s, _exam_type: _e, ...rest } = i as Record<string, unknown>;
      return rest;
    }),
  );

  // which challenge and stage: as given, else those of the questions answered
  const asked = items.length
    ? await db
        .select()
        .from(examQuestions)
        .where(inArray(examQuestions.id, [...new Set(items.map((i) => i.question_id))]))
    : [];
  const challenge = envelope.challenge ?? asked[0]?.challenge ?? 1;
  const stage = envelope.stage ?? asked[0]?.stage ?? defaultStage;
  if (asked.some((q) => q.examType !== envelope.exam_type || q.challenge !== challenge)) {
    throw badRequest('app.exams.stagesMixed', { items: 'app.exams.stagesMixed' });
  }
  const questions = await db
    .select()
    .from(examQuestions)
    .where(
      and(
        eq(examQuestions.examType, envelope.exam_type),
        eq(examQuestions.challenge, challenge),
        eq(examQuestions.stage, stage),
      ),
    );
  if (!questions.length) throw conflict('app.exams.noQuestions');

  await assertExamsEnabled(db, child.id);
  const existing = await findExam(db, child.id, envelope.exam_type, challenge);
  const done = existing ? (await submittedStages(db, [existing.id])).get(existing.id)! : [];
  if (done.length >= STAGE_COUNT) throw conflict('app.exams.finished');
  if (done.includes(stage)) throw conflict('app.exams.stageDone');
  if (mode === 'taker') {
    for (let s = 1; s < stage; s++) if (!done.includes(s)) throw conflict('app.exams.previousStageFirst');
    if (existing && isTooLate(existing.startedAt, existing.durationSeconds)) throw conflict('app.exams.timeOver');
  }

  const errors = stageErrors(
    stage,
    items,
    !!form.img,
    questions.map((q) => ({ id: q.id, kind: q.kind, stage: q.stage, options: q.options })),
  );
  if (Object.keys(errors).length) throw new AppError(400, firstError(errors), errors);

  const language = envelope.language ?? (EXAM_LANGUAGES.includes(child.language as never) ? child.language! : 'ar');
  const rows = answerRows(items, new Map(questions.map((q) => [q.id, q])), language);
  const modelExt = form.model ? checkModel(form.model) : null;
  const imageName = await app.storage.saveImage(STAGE_IMAGE_FOLDER, form.img!);
  const modelName = form.model && modelExt ? await app.storage.saveFile(MODEL_FOLDER, form.model, modelExt) : null;
  const removeFiles = async () => {
    await app.storage.remove(STAGE_IMAGE_FOLDER, imageName);
    if (modelName) await app.storage.remove(MODEL_FOLDER, modelName);
  };

  const submissionKey = key ?? randomToken(18);
  let exam: ExamRow;
  let submissionId: number;
  try {
    ({ exam, submissionId } = await db.transaction(async (tx) => {
      const started = existing ?? (await startExam(tx, child.id, envelope.exam_type, challenge, actor.id));
      const [sub] = await tx
        .insert(examSubmissions)
        .values({
          examId: started.id,
          stage,
          submissionKey,
          bodyHash: hash,
          submittedBy: actor.id,
          byTeacher: mode === 'teacher',
        })
        .returning();
      const positions = new Map<number, number>();
      if (rows.length) {
        await tx.insert(examAnswers).values(
          rows.map((r) => {
            const position = (positions.get(r.questionId) ?? 0) + 1;
            positions.set(r.questionId, position);
            return {
              examId: started.id,
              submissionId: sub.id,
              childId: child.id,
              examType: envelope.exam_type,
              challenge,
              stage,
              questionId: r.questionId,
              position,
              source: r.source,
              optionKey: r.optionKey,
              answer: r.answer,
              language,
              score: r.score,
            };
          }),
        );
      }
      await tx
        .insert(examFiles)
        .values([
          { kind: 'image', name: imageName, submissionId: sub.id, childId: child.id, drawn: envelope.drawn ?? false },
          ...(modelName ? [{ kind: 'model', name: modelName, submissionId: sub.id, childId: child.id }] : []),
        ]);
      if (done.length + 1 >= STAGE_COUNT)
        await tx.update(exams).set({ finishedAt: new Date(), updatedAt: new Date() }).where(eq(exams.id, started.id));
      // the stage's word questions are scored again for every taker, by a job (docs/api/scoring.md "Word scores")
      await enqueueStageScoring(tx, { examType: envelope.exam_type, challenge, stage });
      return { exam: started, submissionId: sub.id };
    }));
    app.scoringJobs.wake();
  } catch (error) {
    await removeFiles();
    if (isUniqueViolation(error)) {
      // the same key sent twice at once: the other request stored it
      const stored = key ? await replay(app, key, child.id, envelope.exam_type, hash) : null;
      if (stored) return { status: 200 as const, body: { ...stored, replayed: true } };
      throw conflict('app.exams.stageDone');
    }
    throw error;
  }
  request.log.info({ event: 'exam.stage', childId: child.id, examId: exam.id, stage, mode }, 'exam stage stored');
  return { status: 201 as const, body: { ...(await storedResult(app, exam, submissionId)), replayed: false } };
}
