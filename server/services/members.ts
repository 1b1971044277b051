import type { LogAction } from '../../domain/logs';
import { and, eq, ne, sql } from 'drizzle-orm';
import { MEMBER_STATUS } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { isFamilyLevel } from '../auth/scope';
import type { Executor } from '../db/client';
import { groupMembers } from '../db/schema';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { groupOpenToJoin, membership, studentsPage } from '../repositories/members';
import { familyChild, managedGroup } from '../repositories/teaching';
import { writeLog } from './audit';
import { checkAgeGroup, said } from './teaching';

/**
 * Group membership's workflows (docs/api/teaching.md "Groups"): joining by promo code or by request, the
 * teacher's order of the students, removing and moving students, answering requests, members' statuses.
 */

/** The next place at the end of a group's order. */
const nextPosition = (groupId: number) =>
  sql<number>`(select coalesce(max(${groupMembers.position}), 0) + 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupId})`;

const logMember = (
  db: Executor,
  actor: Actor,
  groupId: number,
  childId: number,
  action: LogAction,
  oldStatus: number | null,
  newStatus: number | null,
) =>
  writeLog(db, {
    actorId: actor.id,
    action,
    entity: 'group',
    entityId: groupId,
    oldValue: { child_id: childId, status: oldStatus },
    newValue: { child_id: childId, status: newStatus },
  });

/**
 * A family's child joins a group (status 1): at once with the right promo code, else as a request; or
 * withdraws its pending request (status 0).
 */
export async function joinGroup(
  db: Executor,
  actor: Actor,
  groupId: number,
  status: number,
  input: { user_id: number; promo_code?: string },
) {
  const child = await familyChild(db, actor, input.user_id);
  const group = await groupOpenToJoin(db, groupId);
  const before = await membership(db, group.id, child.id);
  if (before?.status === MEMBER_STATUS.blocked) throw new AppError(403, 'app.teaching.blockedFromGroup');

  if (status === 0) {
    if (before?.status !== MEMBER_STATUS.pending) throw conflict('app.teaching.notRequested');
    await db.transaction(async (tx) => {
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, child.id)));
      await logMember(tx, actor, group.id, child.id, 'delete', before.status, null);
    });
    return { ...said('app.notify.requestWithdrawn'), member_status: null };
  }

  if (before && (before.status === MEMBER_STATUS.active || before.status === MEMBER_STATUS.hidden))
    throw conflict('app.teaching.alreadyMember');
  const code = input.promo_code;
  if (code !== undefined && code.toLowerCase() !== (group.promoCode ?? '').toLowerCase()) {
    throw new AppError(400, 'app.teaching.promoCodeWrong', { promo_code: 'app.teaching.promoCodeWrong' });
  }
  if (code === undefined && before?.status === MEMBER_STATUS.pending) throw conflict('app.teaching.alreadyRequested');
  checkAgeGroup(group.ageGroup ?? group.courseAge, child.birthdate);
  const memberStatus = code === undefined ? MEMBER_STATUS.pending : MEMBER_STATUS.active;
  await db.transaction(async (tx) => {
    await tx
      .insert(groupMembers)
      .values({ groupId: group.id, childId: child.id, status: memberStatus, position: nextPosition(group.id) })
      .onConflictDoUpdate({
        target: [groupMembers.groupId, groupMembers.childId],
        set: { status: memberStatus, position: nextPosition(group.id), updatedAt: sql`now()` },
      });
    await logMember(tx, actor, group.id, child.id, before ? 'update' : 'create', before?.status ?? null, memberStatus);
  });
  return {
    ...said(memberStatus === MEMBER_STATUS.active ? 'app.notify.joined' : 'app.notify.requestSent'),
    member_status: memberStatus,
  };
}

/** Puts a managed group's students in this order (every student exactly once) when given; answers them in order. */
export async function orderStudents(db: Executor, actor: Actor, groupId: number, ids: number[] | undefined) {
  const group = await managedGroup(db, actor, groupId);
  if (ids) {
    await db.transaction(async (tx) => {
      const members = await tx
        .select({ childId: groupMembers.childId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), ne(groupMembers.status, MEMBER_STATUS.pending)));
      const known = new Set(members.map((m) => m.childId));
      if (ids.length !== known.size || ids.some((i) => !known.has(i))) {
        throw new AppError(400, 'app.validation.orderIncomplete', { ids: 'app.validation.orderIncomplete' });
      }
      await tx.execute(sql`update ${groupMembers} set position = o.position, updated_at = now()
          from (select unnest(${sql.raw(`array[${ids.map(Number).join(',')}]::integer[]`)}) as child_id, generate_series(1, ${ids.length}) as position) o
          where ${groupMembers.groupId} = ${group.id} and ${groupMembers.childId} = o.child_id`);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'group',
        entityId: group.id,
        newValue: { order: ids },
      });
    });
  }
  return studentsPage(db, group.id, { limit: 5000, offset: 0, order_by: 'position', order_direction: 'asc' });
}

/** Takes a child out of a managed group. */
export async function removeStudent(db: Executor, actor: Actor, groupId: number, childId: number) {
  const group = await managedGroup(db, actor, groupId);
  const before = await membership(db, group.id, childId);
  if (!before) throw conflict('app.teaching.notMember', { user_id: 'app.teaching.notMember' });
  await db.transaction(async (tx) => {
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, before.childId)));
    await logMember(tx, actor, group.id, before.childId, 'delete', before.status, null);
  });
  return said('app.notify.studentRemoved');
}

/** Moves a student from one managed group to another, keeping its status. */
export async function moveStudent(db: Executor, actor: Actor, childId: number, fromId: number, toId: number) {
  const from = await managedGroup(db, actor, fromId);
  const to = await managedGroup(db, actor, toId);
  const before = await membership(db, from.id, childId);
  if (!before || before.status === MEMBER_STATUS.pending)
    throw conflict('app.teaching.notMember', { user_id: 'app.teaching.notMember' });
  if (from.id === to.id || (await membership(db, to.id, childId)))
    throw conflict('app.teaching.sameGroup', { to_group_id: 'app.teaching.sameGroup' });
  await db.transaction(async (tx) => {
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, from.id), eq(groupMembers.childId, childId)));
    await tx
      .insert(groupMembers)
      .values({ groupId: to.id, childId, status: before.status, position: nextPosition(to.id) });
    await logMember(tx, actor, from.id, childId, 'delete', before.status, null);
    await logMember(tx, actor, to.id, childId, 'create', null, before.status);
  });
  return said('app.notify.studentMoved');
}

/** Accepts (status 1) or refuses a pending request to join a managed group. */
export async function answerGroupRequest(db: Executor, actor: Actor, groupId: number, childId: number, answer: number) {
  const group = await managedGroup(db, actor, groupId);
  const before = await membership(db, group.id, childId);
  if (!before) throw notFound();
  if (before.status !== MEMBER_STATUS.pending) throw conflict('app.teaching.requestAnswered');
  const accept = answer === 1;
  const status = accept ? MEMBER_STATUS.active : MEMBER_STATUS.inactive;
  await db.transaction(async (tx) => {
    await tx
      .update(groupMembers)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, before.childId)));
    await logMember(tx, actor, group.id, before.childId, accept ? 'approve' : 'unapprove', before.status, status);
  });
  return said(accept ? 'app.notify.requestAccepted' : 'app.notify.requestRefused');
}

/** Changes a member's status in a managed group (not a pending request's). */
export async function setStudentStatus(db: Executor, actor: Actor, groupId: number, childId: number, status: number) {
  if (isFamilyLevel(actor)) throw forbidden();
  const group = await managedGroup(db, actor, groupId);
  const before = await membership(db, group.id, childId);
  if (!before) throw notFound();
  if (before.status === MEMBER_STATUS.pending)
    throw conflict('app.teaching.notMember', { user_id: 'app.teaching.notMember' });
  await db.transaction(async (tx) => {
    await tx
      .update(groupMembers)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, before.childId)));
    await logMember(tx, actor, group.id, before.childId, 'update', before.status, status);
  });
  return said('app.notify.statusChanged');
}
