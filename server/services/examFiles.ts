import type { FileStorage, StoredFile } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { notFound } from '../errors';
import { examFileById, learnerInScope } from '../repositories/exams';
import { seedFigurePng } from './sampleFigures';

/** Where a test's files are stored: learners' stage images, 3D models (theirs and questions'), questions' figures. */
export const STAGE_IMAGE_FOLDER = 'exams';
export const MODEL_FOLDER = 'exam-models';
export const QUESTION_IMAGE_FOLDER = 'exam-questions';

export const folderOf = (f: { kind: string; questionId: number | null }) =>
  f.kind === 'model' ? MODEL_FOLDER : f.questionId ? QUESTION_IMAGE_FOLDER : STAGE_IMAGE_FOLDER;

/** The folder of a question's figure or model. */
export const questionFolderOf = (kind: string) => (kind === 'model' ? MODEL_FOLDER : QUESTION_IMAGE_FOLDER);

/** The folder of a learner's stage file (image or model). */
export const stageFolderOf = (kind: string) => (kind === 'model' ? MODEL_FOLDER : STAGE_IMAGE_FOLDER);

/**
 * A test's file, only to whoever may see it: a question's figure or model to every signed-in user, a learner's
 * drawing, photo or model to those with the learner in scope (404 otherwise).
 */
export async function readExamFile(
  db: Executor,
  storage: FileStorage,
  actor: Actor,
  id: number,
  variant: 'thumb' | undefined,
): Promise<StoredFile> {
  const file = await examFileById(db, id);
  if (!file) throw notFound();
  if (file.childId) await learnerInScope(db, actor, file.childId);
  else if (!file.questionId) throw notFound();
  const wanted = file.kind === 'image' ? variant : undefined;
  const stored =
    (await storage.read(folderOf(file), file.name, wanted)) ??
    (await seedFigurePng(file.name, wanted)?.then((data) => ({ body: data, size: data.length, mime: 'image/png' })));
  if (!stored) throw notFound();
  return stored;
}
