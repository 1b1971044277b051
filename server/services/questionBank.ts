import type { QuestionInput } from '../../domain/schemas/exams';
import type { FileStorage } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { badRequest, conflict } from '../errors';
import {
  answerCountOf,
  deleteQuestion,
  deleteQuestionFiles,
  filesOfQuestion,
  insertQuestion,
  insertQuestionFile,
  questionById,
  updateQuestion,
} from '../repositories/examQuestions';
import { writeLog } from './audit';
import { questionFolderOf } from './examFiles';
import { checkModel } from './models3d';

/**
 * The question bank's changes (docs/api/exams.md "Question bank"), each with its audit row in one transaction;
 * a question already answered keeps its place in the test, and cannot be deleted.
 */
export async function createQuestion(db: Database, actor: Actor, input: QuestionInput): Promise<number> {
  return db.transaction(async (tx) => {
    const created = await insertQuestion(tx, input);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'create',
      entity: 'exam_question',
      entityId: created.id,
      newValue: input,
    });
    return created.id;
  });
}

export async function changeQuestion(db: Database, actor: Actor, id: number, input: QuestionInput): Promise<void> {
  const before = await questionById(db, id);
  await db.transaction(async (tx) => {
    // a question already answered keeps its place in the test: answers point at it
    const n = await answerCountOf(tx, before.id);
    const moved =
      before.examType !== input.exam_type ||
      before.challenge !== input.challenge ||
      before.stage !== input.stage ||
      before.kind !== input.kind;
    if (n > 0 && moved) throw conflict('app.exams.questionHasAnswers');
    await updateQuestion(tx, before.id, input);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'exam_question',
      entityId: before.id,
      oldValue: { text: before.text, options: before.options },
      newValue: input,
    });
  });
}

/** Deletes a question no one has answered, then its figure and model files. */
export async function removeQuestion(db: Database, storage: FileStorage, actor: Actor, id: number): Promise<void> {
  const before = await questionById(db, id);
  const files = await filesOfQuestion(db, before.id);
  await db.transaction(async (tx) => {
    if ((await answerCountOf(tx, before.id)) > 0) throw conflict('app.exams.questionHasAnswers');
    await deleteQuestion(tx, before.id);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'exam_question',
      entityId: before.id,
      oldValue: { text: before.text },
    });
  });
  for (const f of files) await storage.remove(questionFolderOf(f.kind), f.name);
}

/** An uploaded file of a question's form: its field (img, image or model) and bytes. */
export interface QuestionUpload {
  field: string;
  data: Buffer;
}

/**
 * A question's figure (img) or 3D model (model), replacing the one it had; the new file is removed if the write
 * fails. The upload is read once the question is known to exist.
 */
export async function replaceQuestionFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: number,
  readUpload: () => Promise<QuestionUpload | undefined>,
): Promise<void> {
  const question = await questionById(db, id);
  const file = await readUpload();
  if (!file || !['img', 'image', 'model'].includes(file.field))
    throw badRequest('app.errors.badRequest', { img: 'app.validation.imageRequired' });
  const kind = file.field === 'model' ? 'model' : 'image';
  const folder = questionFolderOf(kind);
  const name =
    kind === 'model'
      ? await storage.saveFile(folder, file.data, checkModel(file.data))
      : await storage.saveImage(folder, file.data);
  const replaced = await db
    .transaction(async (tx) => {
      const old = await deleteQuestionFiles(tx, question.id, kind);
      await insertQuestionFile(tx, question.id, kind, name);
      await writeLog(tx, {
        actorId: actor.id,
        action: `${kind}_upload`,
        entity: 'exam_question',
        entityId: question.id,
      });
      return old;
    })
    .catch(async (error: unknown) => {
      await storage.remove(folder, name);
      throw error;
    });
  for (const f of replaced) await storage.remove(folder, f.name);
}

/** Removes a question's figure or model (with an audit row when there was one). */
export async function removeQuestionFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: number,
  kind: 'image' | 'model',
): Promise<void> {
  const question = await questionById(db, id);
  const removed = await db.transaction(async (tx) => {
    const rows = await deleteQuestionFiles(tx, question.id, kind);
    if (rows.length)
      await writeLog(tx, {
        actorId: actor.id,
        action: `${kind}_delete`,
        entity: 'exam_question',
        entityId: question.id,
      });
    return rows;
  });
  for (const f of removed) await storage.remove(questionFolderOf(f.kind), f.name);
}
