import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canSaveEvaluation,
  EVALUATION_STATUSES,
  familyActions,
  gradeOf,
  NO_BADGE,
  RATING_RANGE,
  SCORE_RANGE,
} from '../../../domain/activities';
import { ACTIVITY_STATUS, ACTIVITY_STATUSES, BADGES, isBadgeShown } from '../../../domain/codes';
import {
  evaluationJsonQuerySchema,
  evaluationSaveBodySchema,
  evaluationSchema,
} from '../../../domain/schemas/activities';
import { activitiesInScope } from '../../auth/scope';
import { activities } from '../../db/schema';
import { AppError, conflict, forbidden, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { findActivity, presentActivity, type ActivityShown } from '../../repositories/activities';
import { writeLog } from '../../services/audit';
import { notify } from '../../services/notifications';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';
import { actionsFor, mayEvaluate } from './activities';
import { activityOneOut, evaluationJsonOut } from './schemas';

const EVALUATION_FIELDS = [
  'status',
  'feedback',
  'teacher_rate',
  'originality',
  'fluency',
  'flexibility',
  'activity_score',
  'badge_id',
] as const;

const labelOf = (list: readonly { id: number; labelKey: string }[], id: number) =>
  list.find((c) => c.id === id)?.labelKey ?? list[0].labelKey;

/** An evaluation as one JSON document (GET|POST /evaluations/get/json): what a client needs to show it. */
function evaluationJson(row: ActivityShown) {
  const a = row.activity;
  return {
    activity_id: a.id,
    title: a.title,
    child: { id: a.childId, name: row.childName },
    group: a.groupId && row.groupName ? { id: a.groupId, name: row.groupName } : null,
    course: a.courseId && row.courseName ? { id: a.courseId, name: row.courseName } : null,
    status: { id: a.status, label_key: labelOf(ACTIVITY_STATUSES, a.status) },
    badge: { id: a.badgeId, label_key: labelOf(BADGES, a.badgeId), shown: isBadgeShown(a.badgeId) },
    scores: { originality: a.originality, fluency: a.fluency, flexibility: a.flexibility, activity: a.activityScore },
    grade: a.grade,
    feedback: a.feedback,
    teacher_rate: a.teacherRate,
    rate: a.rate,
    teacher: a.teacherId && row.teacherName ? { id: a.teacherId, name: row.teacherName } : null,
    evaluated_at: a.evaluatedAt?.toISOString() ?? null,
    submitted_at: a.createdAt.toISOString(),
  };
}

const SCALES = {
  statuses: EVALUATION_STATUSES.map((s) => ({ id: s.id, label_key: s.labelKey })),
  badges: BADGES.map((b) => ({ id: b.id, label_key: b.labelKey })),
  score: SCORE_RANGE,
  rating: RATING_RANGE,
};

/**
 * POST /evaluation/save/{id}: the teacher's evaluation (status, feedback,
 * scores, badge, teacher_rate) or the family's rating (rate) — only the
 * child's family rates, and only an evaluated activity.
 */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/evaluation/save/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        body: evaluationSaveBodySchema,
        response: { 200: activityOneOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findActivity(db, request.params.id, activitiesInScope(actor));
      const a = row.activity;
      const body = request.body;
      const owner = row.parentId === actor.id;
      const evaluator = await mayEvaluate(db, actor, a.id);
      const evaluating = EVALUATION_FIELDS.some((k) => body[k] !== undefined);

      if (body.rate !== undefined) {
        if (!owner) throw new AppError(403, 'app.activities.onlyFamiliesRate');
        if (evaluating && !evaluator) throw forbidden();
        if (!familyActions(a.status).rate) throw conflict('app.activities.notEvaluated');
      }
      if (body.rate !== undefined && !evaluating) {
        const rate = body.rate;
        await db.transaction(async (tx) => {
          await tx
            .update(activities)
            .set({ rate, updatedAt: sql`now()` })
            .where(eq(activities.id, a.id));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'rate',
            entity: 'evaluation',
            entityId: a.id,
            oldValue: { rate: a.rate },
            newValue: { rate },
          });
          if (a.teacherId) {
            await notify(tx, {
              userId: a.teacherId,
              type: 'activity_rated',
              actorId: actor.id,
              studentId: a.childId,
              params: { child: row.childName, title: a.title, rate },
              link: `/activities/${a.id}/show`,
            });
          }
        });
      } else {
        if (!evaluator) throw forbidden();
        if (!canSaveEvaluation(a.status)) throw conflict('app.activities.resubmitRequested');
        const input = parseInput(evaluationSchema, body);
        const rate = body.rate;
        const changes = {
          status: input.status,
          feedback: input.feedback,
          teacherRate: input.teacher_rate ?? null,
          originality: input.originality ?? null,
          fluency: input.fluency ?? null,
          flexibility: input.flexibility ?? null,
          activityScore: input.activity_score ?? null,
          badgeId: input.badge_id ?? NO_BADGE,
          grade: gradeOf(input),
          teacherId: actor.id,
          evaluatedAt: sql`now()`,
          updatedAt: sql`now()`,
          ...(rate !== undefined ? { rate } : {}),
        };
        await db.transaction(async (tx) => {
          // re-checked inside the change: a resubmission asked for meanwhile wins
          const saved = await tx
            .update(activities)
            .set(changes)
            .where(and(eq(activities.id, a.id), ne(activities.status, ACTIVITY_STATUS.resubmit)))
            .returning({ id: activities.id });
          if (!saved.length) throw conflict('app.activities.resubmitRequested');
          await writeLog(tx, {
            actorId: actor.id,
            action: a.evaluatedAt ? 'update' : 'create',
            entity: 'evaluation',
            entityId: a.id,
            oldValue: { status: a.status, badge_id: a.badgeId, grade: a.grade },
            newValue: { status: changes.status, badge_id: changes.badgeId, grade: changes.grade },
          });
          if (row.parentId) {
            await notify(tx, {
              userId: row.parentId,
              type: 'activity_evaluated',
              actorId: actor.id,
              studentId: a.childId,
              params: { child: row.childName, title: a.title },
              link: `/activities/${a.id}/show`,
            });
          }
        });
      }
      const after = await findActivity(db, a.id, undefined);
      return { activity: presentActivity(after), actions: await actionsFor(db, actor, after) };
    },
  );

  const jsonRoute = {
    config: { access: 'signed-in' as const },
    schema: { tags: ['activities'], response: { 200: evaluationJsonOut, ...authErrors } },
  };
  const jsonHandler = async (request: Parameters<typeof actorOf>[0], id: number) => {
    const row = await findActivity(db, id, activitiesInScope(actorOf(request)));
    return { evaluation: evaluationJson(row), scales: SCALES };
  };
  app.get(
    '/evaluations/get/json',
    { ...jsonRoute, schema: { ...jsonRoute.schema, querystring: evaluationJsonQuerySchema } },
    async (request) => jsonHandler(request, request.query.id),
  );
  app.post(
    '/evaluations/get/json',
    {
      ...jsonRoute,
      preValidation: filterFromBodyOrQuery,
      schema: { ...jsonRoute.schema, body: evaluationJsonQuerySchema },
    },
    async (request) => jsonHandler(request, request.body.id),
  );
};
