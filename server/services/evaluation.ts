import type { z } from 'zod';
import {
  canSaveEvaluation,
  EVALUATION_STATUSES,
  familyActions,
  gradeOf,
  NO_BADGE,
  RATING_RANGE,
  SCORE_RANGE,
} from '../../domain/activities';
import { ACTIVITY_STATUSES, BADGES, isBadgeShown } from '../../domain/codes';
import { evaluationSchema, type evaluationSaveBodySchema } from '../../domain/schemas/activities';
import type { Actor } from '../auth/actor';
import { activitiesInScope } from '../auth/scope';
import type { Database, Executor } from '../db/client';
import { AppError, conflict, forbidden, parseInput } from '../errors';
import {
  findActivity,
  mayEvaluate,
  rateActivityRow,
  saveEvaluationRow,
  type ActivityShown,
  type EvaluationChanges,
} from '../repositories/activities';
import { shownWithActions } from './activities';
import { writeLog } from './audit';
import { notify } from './notifications';

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

/**
 * POST /evaluation/save/{id}: the teacher's evaluation (status, feedback,
 * scores, badge, teacher_rate) or the family's rating (rate) — only the
 * child's family rates, and only an evaluated activity. The family's rating
 * tells the evaluator, an evaluation tells the family; each is logged in the
 * transaction of its change. Answers the activity as it is now, with the actor's actions.
 */
export async function saveEvaluation(
  db: Database,
  actor: Actor,
  id: number,
  body: z.output<typeof evaluationSaveBodySchema>,
) {
  const row = await findActivity(db, id, activitiesInScope(actor));
  const a = row.activity;
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
      await rateActivityRow(tx, a.id, rate);
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
    const changes: EvaluationChanges = {
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
      ...(rate !== undefined ? { rate } : {}),
    };
    await db.transaction(async (tx) => {
      // re-checked inside the change: a resubmission asked for meanwhile wins
      if (!(await saveEvaluationRow(tx, a.id, changes))) throw conflict('app.activities.resubmitRequested');
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
  return shownWithActions(db, actor, await findActivity(db, a.id, undefined));
}

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

/** An activity's evaluation in the actor's scope (404 outside it) as one JSON document, with the scales it uses. */
export async function evaluationDocument(db: Executor, actor: Actor, id: number) {
  const row = await findActivity(db, id, activitiesInScope(actor));
  return { evaluation: evaluationJson(row), scales: SCALES };
}
