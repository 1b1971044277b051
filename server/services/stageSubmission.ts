import { createHash } from 'node:crypto';
import {
  EXAM_LANGUAGES,
  STAGE_COUNT,
  initialScore,
  isTooLate,
  localText,
  stageErrors,
  type StageItem,
} from '../../domain/exams';
import { STAGE_IMAGE_MAX_SIDE } from '../../domain/codes';
import type { MessageKey } from '../../domain/messages';
import { normaliseText } from '../../domain/scoring/normalise';
import { stageEnvelopeSchema, stageItemsSchema } from '../../domain/schemas/exams';
import type { FileStorage } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { QuestionOption } from '../db/schema';
import { AppError, badRequest, conflict, parseInput } from '../errors';
import { assertExamsEnabled } from '../repositories/examGate';
import {
  examState,
  findExam,
  learnerInScope,
  startExam,
  submittedStages,
  type ExamRow,
  type QuestionRow,
} from '../repositories/exams';
import {
  finishExam,
  insertStage,
  questionsByIds,
  stageQuestions,
  storedStage,
  submissionByKey,
  type StageAnswerRow,
} from '../repositories/examSubmissions';
import { MODEL_FOLDER, STAGE_IMAGE_FOLDER } from './examFiles';
import { checkModel } from './models3d';
import { enqueueStageScoring } from './scoringJobs';
import { randomToken } from './secrets';

/**
 * A stage submission as posted (docs/PRODUCT.md §3 "Exam answer payload"): text
 * fields, some repeated (answer[], options[]), stage items as
 * items[n][field], the stage image (img) and an optional 3D model (model).
 * Read from the request by server/routes/exams/stageForm.ts.
 */
export interface StageForm {
  fields: Record<string, string>;
  /** top-level repeated fields: answer[] → answer: [...] */
  lists: Record<string, string[]>;
  /** items[n][field] (and items[n][field][]) by n, each field a list of values */
  items: Map<number, Record<string, string[]>>;
  img?: Buffer;
  model?: Buffer;
}

const hashOf = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** [name, value] pairs sorted by name: the order of distinct fields in a form carries no meaning. */
const byName = <V>(record: Record<string, V>): [string, V][] =>
  Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * sha256 of a stage as sent, in a canonical form (docs/api/exams.md
 * "Idempotency and the offline queue"): the text fields by name (without
 * the key itself, which may come as a field or as the Idempotency-Key
 * header), the repeated fields and each item's fields by name with their
 * values in the order sent (the order of answers is kept), the items by
 * number, and the sha256 of each file's bytes. The same stage sent again,
 * multipart or JSON, gives the same hash; any other answer or drawing does not.
 */
export function stageHash(form: StageForm): string {
  const { submission_key: _key, ...fields } = form.fields;
  const lists = { ...form.lists };
  delete lists.submission_key;
  const canonical = {
    fields: byName(fields),
    lists: byName(lists),
    items: [...form.items.entries()].sort(([a], [b]) => a - b).map(([n, item]) => [n, byName(item)]),
    img: form.img ? hashOf(form.img) : null,
    model: form.model ? hashOf(form.model) : null,
  };
  return hashOf(JSON.stringify(canonical));
}

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

type AnswerDraft = StageAnswerRow;

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
async function storedResult(db: Executor, exam: ExamRow, submissionId: number) {
  return {
    exam: await examState(db, exam.childId, exam.examType, exam.challenge),
    stage: await storedStage(db, submissionId),
  };
}

/**
 * A retry of a key already stored: the stored result, when it was for this
 * learner's exam and the same stage as sent then (the same hash); a key
 * sent again with other answers or files is refused (409 keyMismatch), so
 * a client never takes "replayed" for "these answers are stored". A stage
 * stored before hashes were kept (body_hash null) is replayed as before.
 */
async function replay(db: Executor, key: string, childId: number, examType: number, hash: string) {
  const row = await submissionByKey(db, key);
  if (!row) return null;
  if (row.exam.childId !== childId || row.exam.examType !== examType) throw conflict('app.exams.keyReused');
  if (row.sub.bodyHash !== null && row.sub.bodyHash !== hash) throw conflict('app.exams.keyMismatch');
  return storedResult(db, row.exam, row.sub.id);
}

/** What storing a stage needs besides its input: the database, the file storage, the scoring jobs, a logger. */
export interface StageDeps {
  db: Database;
  storage: FileStorage;
  scoringJobs: { wake(): void };
  log: { info(obj: object, msg: string): void };
}

export interface StageSubmission {
  actor: Actor;
  form: StageForm;
  /** the Idempotency-Key header as sent, if any (the form's submission_key comes first) */
  idempotencyKey: string | string[] | undefined;
  mode: SubmitMode;
  /** the stage when neither the form nor its questions say which */
  defaultStage: number;
}

/**
 * Stores one stage (docs/ARCHITECTURE.md §4 "On the server"): checks the learner's scope, the
 * idempotency key (and that a retry carries the same stage), the group's exam switch, the order of stages, the timer
 * and the stage rules; then the image (and model) are checked by content
 * and stored, and the stage with every answer and its files is written in
 * one transaction. Nothing is stored when any check fails.
 */
export async function submitStage(deps: StageDeps, input: StageSubmission) {
  const { db, storage } = deps;
  const { actor, form, mode, defaultStage } = input;
  const envelope = parseInput(stageEnvelopeSchema, form.fields);
  const child = await learnerInScope(db, actor, envelope.student_id);
  const header = input.idempotencyKey;
  const key =
    envelope.submission_key ??
    (typeof header === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(header) ? header : undefined);

  const hash = stageHash(form);
  if (key) {
    const stored = await replay(db, key, child.id, envelope.exam_type, hash);
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
  const asked = await questionsByIds(db, [...new Set(items.map((i) => i.question_id))]);
  const challenge = envelope.challenge ?? asked[0]?.challenge ?? 1;
  const stage = envelope.stage ?? asked[0]?.stage ?? defaultStage;
  if (asked.some((q) => q.examType !== envelope.exam_type || q.challenge !== challenge)) {
    throw badRequest('app.exams.stagesMixed', { items: 'app.exams.stagesMixed' });
  }
  const questions = await stageQuestions(db, envelope.exam_type, challenge, stage);
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
  const imageName = await storage.saveImage(STAGE_IMAGE_FOLDER, form.img!, { maxSide: STAGE_IMAGE_MAX_SIDE });
  const modelName = form.model && modelExt ? await storage.saveFile(MODEL_FOLDER, form.model, modelExt) : null;
  const removeFiles = async () => {
    await storage.remove(STAGE_IMAGE_FOLDER, imageName);
    if (modelName) await storage.remove(MODEL_FOLDER, modelName);
  };

  const submissionKey = key ?? randomToken(18);
  let exam: ExamRow;
  let submissionId: number;
  try {
    ({ exam, submissionId } = await db.transaction(async (tx) => {
      const started = existing ?? (await startExam(tx, child.id, envelope.exam_type, challenge, actor.id));
      const id = await insertStage(tx, {
        exam: started,
        stage,
        submissionKey,
        bodyHash: hash,
        submittedBy: actor.id,
        byTeacher: mode === 'teacher',
        language,
        answers: rows,
        imageName,
        modelName,
        drawn: envelope.drawn ?? false,
      });
      if (done.length + 1 >= STAGE_COUNT) await finishExam(tx, started.id);
      // the stage's word questions are scored again for every taker, by a job (docs/api/scoring.md "Word scores")
      await enqueueStageScoring(tx, { examType: envelope.exam_type, challenge, stage });
      return { exam: started, submissionId: id };
    }));
    deps.scoringJobs.wake();
  } catch (error) {
    await removeFiles();
    if (isUniqueViolation(error)) {
      // the same key sent twice at once: the other request stored it
      const stored = key ? await replay(db, key, child.id, envelope.exam_type, hash) : null;
      if (stored) return { status: 200 as const, body: { ...stored, replayed: true } };
      throw conflict('app.exams.stageDone');
    }
    throw error;
  }
  deps.log.info({ event: 'exam.stage', childId: child.id, examId: exam.id, stage, mode }, 'exam stage stored');
  return { status: 201 as const, body: { ...(await storedResult(db, exam, submissionId)), replayed: false } };
}
