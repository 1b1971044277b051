import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canResubmit, canSaveEvaluation, familyActions, NO_BADGE } from '../../../domain/activities';
import { ACTIVITY_STATUS, MEMBER_STATUS } from '../../../domain/codes';
import {
  activityEditSchema,
  activityListSchema,
  activitySubmitSchema,
  evaluationDeleteQuerySchema,
} from '../../../domain/schemas/activities';
import type { Actor } from '../../auth/actor';
import { activitiesInScope, activitiesToEvaluate } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { activities, children, groupMembers, groups, lessonActivities, lessons } from '../../db/schema';
import { AppError, conflict, forbidden, notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  activityMatches,
  findActivity,
  listActivities,
  presentActivity,
  shownInGallery,
  titleSearchWords,
  type ActivityShown,
} from '../../repositories/activities';
import { writeLog } from '../../services/audit';
import { notify } from '../../services/notifications';
import { filterFromBodyOrQuery } from '../listing';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { activityListOut, activityOneOut } from './schemas';

export const IMAGE_FOLDER = 'activities';

/** The group a child belongs to (active member), with its course and teacher; null otherwise. */
async function activeGroupOf(db: Executor, childId: number, groupId: number) {
  const [row] = await db
    .select({ id: groups.id, courseId: groups.courseId, teacherId: groups.teacherId, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.childId, childId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, MEMBER_STATUS.active),
      ),
    );
  return row ?? null;
}

/** Whether the actor may evaluate (and so delete at any status) this activity: access_group and the group in their scope. */
export async function mayEvaluate(db: Executor, actor: Actor, id: number): Promise<boolean> {
  return actor.permissions.has('access_group') && activityMatches(db, id, activitiesToEvaluate(actor));
}

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

/**
 * A child's activities: the family hands one in for a group the child is in,
 * changes or deletes it while it is Pending; everyone in scope reads it.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const one = async (actor: Actor, id: number) => {
    const row = await findActivity(db, id, activitiesInScope(actor));
    return { activity: presentActivity(row), actions: await actionsFor(db, actor, row) };
  };

  /** Stores an uploaded image, runs the change, and removes the image again if the change fails. */
  async function withImage<T>(
    file: { data: Buffer } | undefined,
    change: (image: string | null) => Promise<T>,
  ): Promise<T> {
    const image = file ? await app.storage.saveImage(IMAGE_FOLDER, file.data) : null;
    try {
      return await change(image);
    } catch (error) {
      if (image) await app.storage.remove(IMAGE_FOLDER, image);
      throw error;
    }
  }

  app.post(
    '/evaluation/add',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: activityOneOut, ...authErrors, 409: errorOut, 413: errorOut, 415: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const form = await readForm(request);
      const input = parseInput(activitySubmitSchema, form.fields);
      // only the child's own family hands in its work
      const [child] = await db
        .select()
        .from(children)
        .where(and(eq(children.id, input.child_id), eq(children.parentId, actor.id)));
      if (!child) throw notFound();
      const group = await activeGroupOf(db, child.id, input.group_id);
      if (!group) throw new AppError(400, 'app.activities.notInGroup', { group_id: 'app.activities.notInGroup' });
      if (input.lesson_activity_id) {
        const [task] = await db
          .select({ id: lessonActivities.id })
          .from(lessonActivities)
          .innerJoin(lessons, eq(lessons.id, lessonActivities.lessonId))
          .where(
            and(
              eq(lessonActivities.id, input.lesson_activity_id),
              group.courseId ? eq(lessons.courseId, group.courseId) : sql`false`,
            ),
          );
        if (!task)
          throw new AppError(400, 'app.activities.lessonNotInCourse', {
            lesson_activity_id: 'app.activities.lessonNotInCourse',
          });
      }
      if (input.previous_id) {
        const [previous] = await db
          .select({ status: activities.status })
          .from(activities)
          .where(and(eq(activities.id, input.previous_id), eq(activities.childId, child.id)));
        if (!previous) throw notFound();
        if (!canResubmit(previous.status))
          throw conflict('app.activities.notResubmittable', { previous_id: 'app.activities.notResubmittable' });
      }
      const id = await withImage(form.file, (image) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(activities)
            .values({
              childId: child.id,
              groupId: group.id,
              courseId: group.courseId,
              title: input.title,
              searchText: titleSearchWords(input.title),
              message: input.message ?? null,
              image,
              previousId: input.previous_id ?? null,
              lessonActivityId: input.lesson_activity_id ?? null,
              name: child.name,
            })
            .returning({ id: activities.id });
          await writeLog(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'activity',
            entityId: row.id,
            newValue: { id: row.id, child_id: child.id, group_id: group.id, title: input.title },
          });
          if (group.teacherId) {
            await notify(tx, {
              userId: group.teacherId,
              type: 'activity_submitted',
              actorId: actor.id,
              studentId: child.id,
              params: { child: child.name, title: input.title, group: group.name },
              link: `/activities/${row.id}/show`,
            });
          }
          return row.id;
        }),
      );
      reply.code(201);
      return one(actor, id);
    },
  );

  app.get(
    '/evaluation/show/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['activities'], params: idParams, response: { 200: activityOneOut, ...authErrors } },
    },
    async (request) => one(actorOf(request), request.params.id),
  );

  app.post(
    '/evaluation/edit/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: activityOneOut, ...authErrors, 409: errorOut, 413: errorOut, 415: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await findActivity(db, request.params.id, activitiesInScope(actor));
      if (before.parentId !== actor.id) throw forbidden();
      if (!familyActions(before.activity.status).edit) throw conflict('app.activities.notEditable');
      const form = await readForm(request);
      const input = parseInput(activityEditSchema, form.fields);
      await withImage(form.file, (image) =>
        db.transaction(async (tx) => {
          // the status is checked again inside the change: an evaluation saved meanwhile wins
          const updated = await tx
            .update(activities)
            .set({
              title: input.title,
              searchText: titleSearchWords(input.title),
              message: input.message ?? null,
              ...(image ? { image } : {}),
              updatedAt: sql`now()`,
            })
            .where(and(eq(activities.id, before.activity.id), eq(activities.status, ACTIVITY_STATUS.pending)))
            .returning({ id: activities.id });
          if (!updated.length) throw conflict('app.activities.notEditable');
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
      if (form.file && before.activity.image) await app.storage.remove(IMAGE_FOLDER, before.activity.image);
      return one(actor, before.activity.id);
    },
  );

  app.post(
    '/evaluation/activity',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['activities'], body: activityListSchema, response: { 200: activityListOut, ...authErrors } },
    },
    async (request) => {
      const { rows, ...totals } = await listActivities(db, actorOf(request), request.body);
      return { activities: rows.map(presentActivity), ...totals };
    },
  );

  app.delete(
    '/evaluation/delete/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        querystring: evaluationDeleteQuerySchema,
        response: { 200: messageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await findActivity(db, request.params.id, activitiesInScope(actor));
      const a = before.activity;
      const evaluator = await mayEvaluate(db, actor, a.id);
      if (request.query.type === 'evaluation') {
        if (!evaluator) throw forbidden();
        await db.transaction(async (tx) => {
          await tx
            .update(activities)
            .set({
              status: ACTIVITY_STATUS.pending,
              feedback: null,
              teacherRate: null,
              rate: null,
              grade: null,
              badgeId: NO_BADGE,
              originality: null,
              fluency: null,
              flexibility: null,
              activityScore: null,
              teacherId: null,
              evaluatedAt: null,
              updatedAt: sql`now()`,
            })
            .where(eq(activities.id, a.id));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'delete',
            entity: 'evaluation',
            entityId: a.id,
            oldValue: { status: a.status, badge_id: a.badgeId, grade: a.grade },
          });
        });
        return { message: 'The evaluation has been withdrawn', key: 'app.notify.evaluationDeleted' };
      }
      const owner = before.parentId === actor.id;
      if (!evaluator) {
        if (!owner) throw forbidden();
        if (!familyActions(a.status).delete) throw conflict('app.activities.notDeletable');
      }
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(activities)
          .where(and(eq(activities.id, a.id), evaluator ? undefined : eq(activities.status, ACTIVITY_STATUS.pending)))
          .returning({ id: activities.id });
        if (!deleted.length) throw conflict('app.activities.notDeletable');
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'activity',
          entityId: a.id,
          oldValue: { id: a.id, child_id: a.childId, group_id: a.groupId, title: a.title, status: a.status },
        });
      });
      if (a.image) await app.storage.remove(IMAGE_FOLDER, a.image);
      return { message: 'Activity deleted', key: 'app.notify.activityDeleted' };
    },
  );

  app.get(
    '/evaluation/image/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        querystring: z.object({
          size: z.enum(['full', 'thumb'], { error: 'app.validation.invalidChoice' }).default('full'),
          v: z.string().max(20).optional(),
        }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const [row] = await db
        .select({ image: activities.image })
        .from(activities)
        .where(and(eq(activities.id, request.params.id), or(activitiesInScope(actor), shownInGallery(actor))));
      if (!row?.image) throw notFound();
      const file = await app.storage.read(
        IMAGE_FOLDER,
        row.image,
        request.query.size === 'thumb' ? 'thumb' : undefined,
      );
      if (!file) throw notFound();
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
