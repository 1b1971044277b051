import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COURSE_APPROVAL, GROUP_STATUS, MEMBER_STATUS } from '../../../domain/codes';
import {
  answerSchema,
  childRefSchema,
  filteredStudentsSchema,
  groupStudentsSchema,
  joinGroupSchema,
  joinStatusParams,
  moveStudentSchema,
  orderSchema,
  requestListSchema,
  studentListSchema,
  studentStatusSchema,
} from '../../../domain/schemas/teaching';
import type { Actor } from '../../auth/actor';
import { membershipsInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { children, courses, groupMembers, groups } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { membershipRows, presentStudent, selectStudents } from '../../repositories/teaching';
import { writeLog } from '../../services/audit';
import { orderBy, pageAndTotal, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';
import { checkAgeGroup, checkManagedGroup, familyChild, isFamily, managedGroup, said } from './access';
import { requestsOut, statusMessageOut, studentsOut } from './schemas';

const STUDENT_ORDER = {
  id: children.id,
  name: children.name,
  position: groupMembers.position,
  created_at: groupMembers.createdAt,
};

/** The membership of a child in a group, or undefined. */
const membership = async (db: Executor, groupId: number, childId: number) =>
  (
    await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.childId, childId)))
  )[0];

/** The next place at the end of a group's order. */
const nextPosition = (groupId: number) =>
  sql<number>`(select coalesce(max(${groupMembers.position}), 0) + 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupId})`;

const logMember = (
  db: Executor,
  actor: Actor,
  groupId: number,
  childId: number,
  action: string,
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

type StudentFilter = {
  limit: number;
  offset: number;
  order_by: keyof typeof STUDENT_ORDER;
  order_direction: 'asc' | 'desc';
  search_text?: string;
  status?: number;
};

/** A page of a group's students (not the pending requests), with the total. */
async function studentsPage(db: Executor, groupId: number, f: StudentFilter) {
  const where = and(
    eq(groupMembers.groupId, groupId),
    ne(groupMembers.status, MEMBER_STATUS.pending),
    f.status === undefined ? undefined : eq(groupMembers.status, f.status),
    searchCondition(f.search_text, [children.name]),
  );
  const { rows, total } = await pageAndTotal(
    selectStudents(db)
      .where(where)
      .orderBy(orderBy(STUDENT_ORDER[f.order_by], f.order_direction), orderBy(children.id, f.order_direction))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(children, eq(children.id, groupMembers.childId))
      .where(where),
  );
  return { students: rows.map(presentStudent), count: total };
}

/**
 * Group membership: joining by promo code, a group's students (paged,
 * filtered, in the teacher's order), removing and moving students, the
 * requests to join and the members' statuses.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/groups/add/:id/:status',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['groups'],
        params: joinStatusParams,
        body: joinGroupSchema,
        response: {
          200: statusMessageOut.extend({ member_status: z.number().nullable() }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const child = await familyChild(db, actor, request.body.user_id);
      const [group] = await db
        .select({ id: groups.id, promoCode: groups.promoCode, ageGroup: groups.ageGroup, courseAge: courses.ageGroup })
        .from(groups)
        .innerJoin(courses, eq(courses.id, groups.courseId))
        .where(
          and(
            eq(groups.id, request.params.id),
            eq(groups.status, GROUP_STATUS.active),
            eq(courses.approval, COURSE_APPROVAL.approved),
          ),
        );
      if (!group) throw notFound();
      const before = await membership(db, group.id, child.id);
      if (before?.status === MEMBER_STATUS.blocked) throw new AppError(403, 'app.teaching.blockedFromGroup');

      if (request.params.status === 0) {
        if (before?.status !== MEMBER_STATUS.pending) throw conflict('app.teaching.notRequested');
        await db.transaction(async (tx) => {
          await tx
            .delete(groupMembers)
            .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, child.id)));
          await logMember(tx, actor, group.id, child.id, 'delete', before.status, null);
        });
        return { ...said('app.notify.requestWithdrawn'), member_status: null };
      }

      if (before && (before.status === MEMBER_STATUS.active || before.status === MEMBER_STATUS.hidden))
        throw conflict('app.teaching.alreadyMember');
      const code = request.body.promo_code;
      if (code !== undefined && code.toLowerCase() !== (group.promoCode ?? '').toLowerCase()) {
        throw new AppError(400, 'app.teaching.promoCodeWrong', { promo_code: 'app.teaching.promoCodeWrong' });
      }
      if (code === undefined && before?.status === MEMBER_STATUS.pending)
        throw conflict('app.teaching.alreadyRequested');
      checkAgeGroup(group.ageGroup ?? group.courseAge, child.birthdate);
      const status = code === undefined ? MEMBER_STATUS.pending : MEMBER_STATUS.active;
      await db.transaction(async (tx) => {
        await tx
          .insert(groupMembers)
          .values({ groupId: group.id, childId: child.id, status, position: nextPosition(group.id) })
          .onConflictDoUpdate({
            target: [groupMembers.groupId, groupMembers.childId],
            set: { status, position: nextPosition(group.id), updatedAt: sql`now()` },
          });
        await logMember(tx, actor, group.id, child.id, before ? 'update' : 'create', before?.status ?? null, status);
      });
      return {
        ...said(status === MEMBER_STATUS.active ? 'app.notify.joined' : 'app.notify.requestSent'),
        member_status: status,
      };
    },
  );

  const pageRoute = (schema: typeof groupStudentsSchema | typeof filteredStudentsSchema) => ({
    config: { access: 'access_group' as const },
    preValidation: filterFromBodyOrQuery,
    schema: { tags: ['groups'], params: idParams, body: schema, response: { 200: studentsOut, ...authErrors } },
  });

  /** The page is read beside the scope check (one round trip less); a group not managed still answers 404 and nothing else. */
  const checkedStudentsPage = async (actor: Actor, groupId: number, f: StudentFilter) =>
    (await Promise.all([checkManagedGroup(db, actor, groupId), studentsPage(db, groupId, f)]))[1];

  app.post('/groups/group/students/:id', pageRoute(groupStudentsSchema), async (request) => {
    const { status: _status, ...f } = request.body;
    return checkedStudentsPage(actorOf(request), request.params.id, f);
  });

  app.post('/groups/group/students/filtered/:id', pageRoute(filteredStudentsSchema), async (request) =>
    checkedStudentsPage(actorOf(request), request.params.id, request.body as StudentFilter),
  );

  app.post(
    '/groups/group/sorted/students/:id',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: z.preprocess((v) => v ?? {}, orderSchema.partial()),
        response: { 200: studentsOut, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await managedGroup(db, actor, request.params.id);
      const ids = request.body.ids;
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
    },
  );

  app.post(
    '/groups/remove/user/:id',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: childRefSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await managedGroup(db, actor, request.params.id);
      const before = await membership(db, group.id, request.body.user_id);
      if (!before) throw conflict('app.teaching.notMember', { user_id: 'app.teaching.notMember' });
      await db.transaction(async (tx) => {
        await tx
          .delete(groupMembers)
          .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, before.childId)));
        await logMember(tx, actor, group.id, before.childId, 'delete', before.status, null);
      });
      return said('app.notify.studentRemoved');
    },
  );

  app.post(
    '/users/change/student_group',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['groups'],
        body: moveStudentSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { user_id: childId, from_group_id: fromId, to_group_id: toId } = request.body;
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
    },
  );

  // ------------------------------------------------------------ requests and statuses

  app.post(
    '/users/groups/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['requests'], body: requestListSchema, response: { 200: requestsOut, ...authErrors } },
    },
    async (request) => {
      const f = request.body;
      const { rows, count } = await membershipRows(
        db,
        [
          membershipsInScope(actorOf(request)),
          eq(groupMembers.status, MEMBER_STATUS.pending),
          f.group_id === undefined ? undefined : eq(groupMembers.groupId, f.group_id),
          f.course_id === undefined ? undefined : eq(groups.courseId, f.course_id),
          searchCondition(f.search_text, [children.name, groups.name]),
        ],
        f,
      );
      return { requests: rows, count };
    },
  );

  app.post(
    '/users/change/group/status/:id',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['requests'],
        params: idParams,
        body: answerSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await managedGroup(db, actor, request.params.id);
      const before = await membership(db, group.id, request.body.user_id);
      if (!before) throw notFound();
      if (before.status !== MEMBER_STATUS.pending) throw conflict('app.teaching.requestAnswered');
      const accept = request.body.status === 1;
      const status = accept ? MEMBER_STATUS.active : MEMBER_STATUS.inactive;
      await db.transaction(async (tx) => {
        await tx
          .update(groupMembers)
          .set({ status, updatedAt: sql`now()` })
          .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, before.childId)));
        await logMember(tx, actor, group.id, before.childId, accept ? 'approve' : 'unapprove', before.status, status);
      });
      return said(accept ? 'app.notify.requestAccepted' : 'app.notify.requestRefused');
    },
  );

  app.post(
    '/users/student/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['requests'], body: studentListSchema, response: { 200: requestsOut, ...authErrors } },
    },
    async (request) => {
      const f = request.body;
      const { rows, count } = await membershipRows(
        db,
        [
          membershipsInScope(actorOf(request)),
          ne(groupMembers.status, MEMBER_STATUS.pending),
          f.status === undefined ? undefined : eq(groupMembers.status, f.status),
          f.group_id === undefined ? undefined : eq(groupMembers.groupId, f.group_id),
          searchCondition(f.search_text, [children.name, groups.name]),
        ],
        f,
      );
      return { requests: rows, count };
    },
  );

  app.post(
    '/users/change/student/status',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['requests'],
        body: studentStatusSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (isFamily(actor)) throw forbidden();
      const group = await managedGroup(db, actor, request.body.group_id);
      const before = await membership(db, group.id, request.body.user_id);
      if (!before) throw notFound();
      if (before.status === MEMBER_STATUS.pending)
        throw conflict('app.teaching.notMember', { user_id: 'app.teaching.notMember' });
      const status = request.body.status;
      await db.transaction(async (tx) => {
        await tx
          .update(groupMembers)
          .set({ status, updatedAt: sql`now()` })
          .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.childId, before.childId)));
        await logMember(tx, actor, group.id, before.childId, 'update', before.status, status);
      });
      return said('app.notify.statusChanged');
    },
  );
};
