import type { z } from 'zod';
import { canResubmit, canSaveEvaluation, familyActions } from '../../domain/activities';
import { ACTIVITY_STATUS } from '../../domain/codes';
import type { activityEditSchema, activitySubmitSchema } from '../../domain/schemas/activities';
import type { FileStorage, StoredFile } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import { activitiesInScope } from '../auth/scope';
import type { Database, Executor } from '../db/client';
import { AppError, conflict, forbidden, notFound } from '../errors';
import {
  activeGroupOf,
  activityImageFor,
  childOfFamily,
  clearEvaluation,
  deleteActivityRow,
  earlierActivityStatus,
  findActivity,
  insertActivity,
  isTaskOfCourse,
  mayEvaluate,
  presentActivity,
  updatePendingActivity,
  type ActivityShown,
} from '../repositories/activities';
import { writeLog } from './audit';
import { notify } from './notifications';

/** The storage folder of activities' images. */
export const IMAGE_FOLDER = 'activities';

/** What the caller may do with an activity: the domain's status rules and their relation to it. */
export async function actionsFor(db: Executor, actor: Actor, row: ActivityShown) {
  const owner = row.parentId === actor.id;
  const status = row.activity.status;
  const family = familyActions(status);
  const evaluator = await mayEvaluate(db, actor, row.activity.id);
  return {
    edit: owner && family.edit,
    delete: (owner && family.delete) || evaluator,
    evaluate: evaluator && canSaveEvaluation(status),
    rate: owner && family.rate,
    resubmit: owner && canResubmit(status),
    /** take the evaluation back (DELETE ?type=evaluation) */
    withdraw: evaluator && status !== ACTIVITY_STATUS.pending,
  };
}

/** An activity as its page shows it, with what the caller may do with it. */
export async function shownWithActions(db: Executor, actor: Actor, row: ActivityShown) {
  return { activity: presentActivity(row), actions: await actionsFor(db, actor, row) };
}

/** One activity in the actor's scope (404 outside it), shown with the actor's actions. */
export async function activityFor(db: Executor, actor: Actor, id: number) {
  return shownWithActions(db, actor, await findActivity(db, id, activitiesInScope(actor)));
}

/** Stores an uploaded image, runs the change, and removes the image again if the change fails. */
async function withImage<T>(
  storage: FileStorage,
  file: { data: Buffer } | undefined,
  change: (image: string | null) => Promise<T>,
): Promise<T> {
  const image = file ? await storage.saveImage(IMAGE_FOLDER, file.data) : null;
  try {
    return await change(image);
  } catch (error) {
    if (image) await storage.remove(IMAGE_FOLDER, image);
    throw error;
  }
}

/**
 * A family hands in a child's activity for a group the child is active in
 * (docs/api/activities.md): checks the child, group, lesson task and the
 * activity it resubmits, stores the image, and in one transaction inserts the
 * activity, logs it and tells the group's teacher. Answers the new id.
 */
export async function submitActivity(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  input: z.output<typeof activitySubmitSchema>,
  file: { data: Buffer } | undefined,
): Promise<number> {
  const child = await childOfFamily(db, input.child_id, actor.id);
  if (!child) throw notFound();
  const group = await activeGroupOf(db, child.id, input.group_id);
  if (!group) throw new AppError(400, 'app.activities.notInGroup', { group_id: 'app.activities.notInGroup' });
  if (input.lesson_activity_id && !(await isTaskOfCourse(db, input.lesson_activity_id, group.courseId)))
    throw new AppError(400, 'app.activities.lessonNotInCourse', {
      lesson_activity_id: 'app.activities.lessonNotInCourse',
    });
  if (input.previous_id) {
    const previous = await earlierActivityStatus(db, input.previous_id, child.id);
    if (previous === null) throw notFound();
    if (!canResubmit(previous))
      throw conflict('app.activities.notResubmittable', { previous_id: 'app.activities.notResubmittable' });
  }
  return withImage(storage, file, (image) =>
    db.transaction(async (tx) => {
      const id = await insertActivity(tx, {
        childId: child.id,
        groupId: group.id,
        courseId: group.courseId,
        title: input.title,
        message: input.message ?? null,
        image,
        previousId: input.previous_id ?? null,
        lessonActivityId: input.lesson_activity_id ?? null,
        name: child.name,
      });
      await writeLog(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'activity',
        entityId: id,
        newValue: { id, child_id: child.id, group_id: group.id, title: input.title },
      });
      if (group.teacherId) {
        await notify(tx, {
          userId: group.teacherId,
          type: 'activity_submitted',
          actorId: actor.id,
          studentId: child.id,
          params: { child: child.name, title: input.title, group: group.name },
          link: `/activities/${id}/show`,
        });
      }
      return id;
    }),
  );
}

/** The activity its family may still change: in scope (404), theirs (403), Pending (409). */
export async function editableActivity(db: Executor, actor: Actor, id: number): Promise<ActivityShown> {
  const before = await findActivity(db, id, activitiesInScope(actor));
  if (before.parentId !== actor.id) throw forbidden();
  if (!familyActions(before.activity.status).edit) throw conflict('app.activities.notEditable');
  return before;
}

/**
 * Changes a Pending activity (of editableActivity): title, message, a new
 * image replacing the old one. The status is checked again inside the
 * transaction: an evaluation saved meanwhile wins (409).
 */
export async function editActivity(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  before: ActivityShown,
  input: z.output<typeof activityEditSchema>,
  file: { data: Buffer } | undefined,
): Promise<void> {
  await withImage(storage, file, (image) =>
    db.transaction(async (tx) => {
      const updated = await updatePendingActivity(tx, before.activity.id, {
        title: input.title,
        message: input.message ?? null,
        image,
      });
      if (!updated) throw conflict('app.activities.notEditable');
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'activity',
        entityId: before.activity.id,
        oldValue: { title: before.activity.title },
        newValue: { title: input.title, image: image ? 'replaced' : 'kept' },
      });
    }),
  );
  if (file && before.activity.image) await storage.remove(IMAGE_FOLDER, before.activity.image);
}

/**
 * DELETE /evaluation/delete/{id}: `evaluation` takes the evaluation back (its
 * evaluators only); otherwise the activity goes (its family while Pending, its
 * evaluators at any status), with its image. Answers what was removed.
 */
export async function removeActivity(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: number,
  type: 'evaluation' | 'activity' | undefined,
): Promise<'evaluation' | 'activity'> {
  const before = await findActivity(db, id, activitiesInScope(actor));
  const a = before.activity;
  const evaluator = await mayEvaluate(db, actor, a.id);
  if (type === 'evaluation') {
    if (!evaluator) throw forbidden();
    await db.transaction(async (tx) => {
      await clearEvaluation(tx, a.id);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'delete',
        entity: 'evaluation',
        entityId: a.id,
        oldValue: { status: a.status, badge_id: a.badgeId, grade: a.grade },
      });
    });
    return 'evaluation';
  }
  const owner = before.parentId === actor.id;
  if (!evaluator) {
    if (!owner) throw forbidden();
    if (!familyActions(a.status).delete) throw conflict('app.activities.notDeletable');
  }
  await db.transaction(async (tx) => {
    if (!(await deleteActivityRow(tx, a.id, evaluator))) throw conflict('app.activities.notDeletable');
    await writeLog(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'activity',
      entityId: a.id,
      oldValue: { id: a.id, child_id: a.childId, group_id: a.groupId, title: a.title, status: a.status },
    });
  });
  if (a.image) await storage.remove(IMAGE_FOLDER, a.image);
  return 'activity';
}

/** An activity's image (or its thumbnail) for a caller who may see the activity or finds it in their gallery; 404 otherwise. */
export async function activityImage(
  db: Executor,
  storage: FileStorage,
  actor: Actor,
  id: number,
  size: 'full' | 'thumb',
): Promise<StoredFile> {
  const image = await activityImageFor(db, actor, id);
  if (!image) throw notFound();
  const file = await storage.read(IMAGE_FOLDER, image, size === 'thumb' ? 'thumb' : undefined);
  if (!file) throw notFound();
  return file;
}
