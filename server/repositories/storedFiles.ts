import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activities, children, examFiles, examSubmissions, exams, users } from '../db/schema';

/** A file a row names: which kind of row (its folder follows: server/services/erasure.ts) and the stored name. */
export interface FileRef {
  of: 'child-photo' | 'user-photo' | 'activity-image' | 'stage-image' | 'stage-model';
  name: string;
}

/**
 * Locks learners' rows until the transaction ends (FOR UPDATE): a row that would name one of them (a stage, an
 * activity) waits, and then finds the learner gone, so no file is added after their files were collected.
 */
export async function lockLearners(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length) await tx.select({ id: children.id }).from(children).where(inArray(children.id, ids)).for('update');
}

/** The learners of a family account (children.parent_id), locked as lockLearners does. */
export async function lockChildrenOf(tx: Executor, userId: number): Promise<number[]> {
  const rows = await tx.select({ id: children.id }).from(children).where(eq(children.parentId, userId)).for('update');
  return rows.map((r) => r.id);
}

/** An account's own profile photo, its row locked (FOR UPDATE) so that no new photo replaces it meanwhile. */
export async function lockedUserPhoto(tx: Executor, userId: number): Promise<string | null> {
  const [row] = await tx.select({ photo: users.photo }).from(users).where(eq(users.id, userId)).for('update');
  return row?.photo ?? null;
}

/**
 * Every stored file of these learners that deleting them removes with their rows (the cascades of
 * server/db/schema): their profile photos, their activities' images, their test stages' drawings and photos and
 * 3D models (by the learner, or by a stage of one of their tests).
 */
export async function learnerFileRefs(tx: Executor, ids: number[]): Promise<FileRef[]> {
  if (!ids.length) return [];
  const photos = await tx
    .select({ name: children.image })
    .from(children)
    .where(and(inArray(children.id, ids), isNotNull(children.image)));
  const images = await tx
    .select({ name: activities.image })
    .from(activities)
    .where(and(inArray(activities.childId, ids), isNotNull(activities.image)));
  const stageFiles = await tx
    .select({ kind: examFiles.kind, name: examFiles.name })
    .from(examFiles)
    .where(
      and(
        isNull(examFiles.questionId),
        or(
          inArray(examFiles.childId, ids),
          inArray(
            examFiles.submissionId,
            tx
              .select({ id: examSubmissions.id })
              .from(examSubmissions)
              .innerJoin(exams, eq(exams.id, examSubmissions.examId))
              .where(inArray(exams.childId, ids)),
          ),
        ),
      ),
    );
  return [
    ...photos.map((r) => ({ of: 'child-photo' as const, name: r.name! })),
    ...images.map((r) => ({ of: 'activity-image' as const, name: r.name! })),
    ...stageFiles.map((r) => ({
      of: r.kind === 'model' ? ('stage-model' as const) : ('stage-image' as const),
      name: r.name,
    })),
  ];
}

/** The stored names of test files by their ids (the files of stages, as repositories/exams.ts stagesOf shows them). */
export async function examFileNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: examFiles.id, name: examFiles.name })
    .from(examFiles)
    .where(inArray(examFiles.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
