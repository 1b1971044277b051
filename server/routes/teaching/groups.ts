import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COURSE_APPROVAL, GROUP_STATUS, MEMBER_STATUS, USER_TYPE } from '../../../domain/codes';
import {
  groupListSchema,
  groupSchema,
  groupStatusSchema,
  toggleSchema,
  childRefSchema,
  type GroupInput,
} from '../../../domain/schemas/teaching';
import type { Actor } from '../../auth/actor';
import {
  childrenInScope,
  coursesInScope,
  groupsInScope,
  groupsManagedBy,
  membershipsInScope,
  scopeOf,
  usersInScope,
} from '../../auth/scope';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { children, courses, groupMembers, groups, schools, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  findGroup,
  groupSearchText,
  presentGroup,
  presentGroupForFamily,
  selectGroups,
  type GroupListRow,
} from '../../repositories/teaching';
import { changedFields, writeLog } from '../../services/audit';
import { likePattern, orderBy, pageAndTotal } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';
import { isFamily, managedGroup, randomCode, said } from './access';
import { groupOut, statusMessageOut } from './schemas';

const ORDER = { id: groups.id, name: groups.name, created_at: groups.createdAt, start_from: groups.startFrom };
const listOut = z.object({ groups: z.array(groupOut), count: z.number() });
const oneOut = z.object({ group: groupOut });
const invalid = (field: string) =>
  new AppError(400, 'app.errors.badRequest', { [field]: 'app.validation.invalidChoice' });

/** A promo code nobody has to think up. */
export const newPromoCode = () => randomCode(8);

/** Who teaches a new or edited group, and at which school: checked against the caller's scope. */
async function placement(db: Executor, actor: Actor, input: GroupInput, before?: GroupListRow) {
  const scope = scopeOf(actor);
  let teacherId = before?.teacherId ?? actor.id;
  if (scope.level === 'group') {
    if (input.teacher_id !== undefined && input.teacher_id !== actor.id) throw invalid('teacher_id');
    teacherId = before?.teacherId ?? actor.id;
  } else if (input.teacher_id !== undefined) {
    const [teacher] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, input.teacher_id),
          eq(users.type, USER_TYPE.teacher),
          eq(users.approved, true),
          eq(users.removed, 0),
          // a teacher of the caller's own scope (docs/SCOPE.md): a group puts its children in that teacher's scope
          usersInScope(actor),
        ),
      );
    if (!teacher) throw invalid('teacher_id');
    teacherId = teacher.id;
  }
  let schoolId = input.school_id ?? null;
  if (scope.level === 'school' && schoolId === null) schoolId = scope.schoolId;
  if (schoolId !== null) {
    const [school] = await db
      .select({ id: schools.id, regionId: schools.regionId })
      .from(schools)
      .where(eq(schools.id, schoolId));
    const allowed =
      school &&
      (scope.level === 'platform' ||
        (scope.level === 'region' && school.regionId === scope.regionId) ||
        (scope.level === 'school' && school.id === scope.schoolId) ||
        (scope.level === 'group' && school.id === actor.schoolId));
    if (!allowed) throw invalid('school_id');
  }
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, input.course_id), eq(courses.approval, COURSE_APPROVAL.approved), coursesInScope(actor)));
  if (!course) throw invalid('course_id');
  return { teacherId, schoolId };
}

const groupColumns = (input: GroupInput, promoCode: string) => ({
  name: input.name,
  days: input.days,
  courseId: input.course_id,
  grade: input.grade,
  school: input.school,
  country: input.country,
  city: input.city,
  promoCode,
  startFrom: input.start_from ?? null,
  endAt: input.end_at ?? null,
  ageGroup: input.age_group ?? null,
  ageClass: input.age_class ?? null,
  zoomLink: input.zoom_link ?? null,
  gender: input.gender ?? null,
  aboutMe: input.about_me ?? null,
  searchText: groupSearchText({ name: input.name, promoCode, school: input.school, city: input.city }),
});

/** Saves, turning a taken promo code into 409 on the field. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('app.teaching.promoCodeTaken', { promo_code: 'app.teaching.promoCodeTaken' });
    throw error;
  }
}

/** Groups (docs/api/teaching.md "Groups"): lists, create, edit, delete, show, exam toggle, hide/show. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** A group as this caller may see it: a family sees no promo code (and the zoom link only as a member). */
  async function presentFor(actor: Actor, row: GroupListRow) {
    if (!isFamily(actor)) return presentGroup(row);
    const [member] = await db
      .select({ n: count() })
      .from(groupMembers)
      .where(
        and(eq(groupMembers.groupId, row.id), membershipsInScope(actor), eq(groupMembers.status, MEMBER_STATUS.active)),
      );
    return presentGroupForFamily(row, member.n > 0);
  }

  app.post(
    '/groups/my_groups',
    {
      config: { access: 'access_group' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['groups'], body: groupListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.body;
      const where = and(
        groupsInScope(actor),
        f.status === undefined ? undefined : eq(groups.status, f.status),
        f.course_id === undefined ? undefined : eq(groups.courseId, f.course_id),
        f.search_text ? sql`${groups.searchText} like ${likePattern(f.search_text.toLowerCase())}` : undefined,
      );
      const { rows, total } = await pageAndTotal(
        selectGroups(db)
          .where(where)
          .orderBy(orderBy(ORDER[f.order_by], f.order_direction), orderBy(groups.id, f.order_direction))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(groups).where(where),
      );
      return { groups: await Promise.all(rows.map((r) => presentFor(actor, r))), count: total };
    },
  );

  app.post(
    '/groups/add_group',
    {
      config: { access: 'access_group' },
      schema: { tags: ['groups'], body: groupSchema, response: { 201: oneOut, ...authErrors, 409: errorOut } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (isFamily(actor)) throw forbidden();
      const input = request.body;
      const { teacherId, schoolId } = await placement(db, actor, input);
      const id = await saving(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(groups)
            .values({
              ...groupColumns(input, input.promo_code ?? newPromoCode()),
              teacherId,
              schoolId,
              status: input.status ?? 1,
            })
            .returning();
          await writeLog(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'group',
            entityId: row.id,
            newValue: { name: row.name, course_id: row.courseId, teacher_id: row.teacherId },
          });
          return row.id;
        }),
      );
      reply.code(201);
      return { group: presentGroup(await findGroup(db, id, undefined)) };
    },
  );

  app.put(
    '/groups/edit/:id',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: groupSchema,
        response: { 200: oneOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await managedGroup(db, actor, request.params.id);
      const input = request.body;
      const { teacherId, schoolId } = await placement(db, actor, input, before);
      await saving(() =>
        db.transaction(async (tx) => {
          const [after] = await tx
            .update(groups)
            .set({
              ...groupColumns(input, input.promo_code ?? before.promoCode ?? newPromoCode()),
              teacherId,
              schoolId,
              status: input.status ?? before.status,
              updatedAt: sql`now()`,
            })
            .where(eq(groups.id, before.id))
            .returning();
          const diff = changedFields(presentGroup(before), presentGroup({ ...before, ...after }));
          delete diff.old.updated_at;
          delete diff.new.updated_at;
          await writeLog(tx, {
            actorId: actor.id,
            action: 'update',
            entity: 'group',
            entityId: before.id,
            oldValue: diff.old,
            newValue: diff.new,
          });
        }),
      );
      return { group: presentGroup(await findGroup(db, before.id, undefined)) };
    },
  );

  app.delete(
    '/groups/delete/:id',
    {
      config: { access: 'access_group' },
      schema: { tags: ['groups'], params: idParams, response: { 200: statusMessageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await managedGroup(db, actor, request.params.id);
      await db.transaction(async (tx) => {
        await tx.delete(groups).where(eq(groups.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'group',
          entityId: before.id,
          oldValue: {
            name: before.name,
            course_id: before.courseId,
            teacher_id: before.teacherId,
            students: before.studentsCount,
          },
        });
      });
      return said('app.notify.groupDeleted');
    },
  );

  app.get(
    '/groups/show/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['groups'], params: idParams, response: { 200: oneOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findGroup(db, request.params.id, groupsInScope(actor));
      if (isFamily(actor)) {
        // a family whose every child in this group is blocked is told so (docs/PRODUCT.md §8 "Blocked from a group")
        const mine = await db
          .select({ status: groupMembers.status })
          .from(groupMembers)
          .where(and(eq(groupMembers.groupId, row.id), membershipsInScope(actor)));
        if (mine.length && mine.every((m) => m.status === MEMBER_STATUS.blocked))
          throw new AppError(403, 'app.teaching.blockedFromGroup');
      }
      return { group: await presentFor(actor, row) };
    },
  );

  app.get(
    '/groups/course_groups/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['groups'],
        params: idParams,
        response: { 200: z.object({ groups: z.array(groupOut) }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [course] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.id, request.params.id), coursesInScope(actor)));
      if (!course) throw notFound();
      // staff see the groups they manage; everyone sees the active groups open to join
      const managed = groupsManagedBy(actor);
      const rows = await selectGroups(db)
        .where(
          and(
            eq(groups.courseId, course.id),
            sql`(${managed ?? sql`true`} or ${groups.status} = ${GROUP_STATUS.active})`,
          ),
        )
        .orderBy(asc(groups.name), asc(groups.id));
      const managedIds = new Set(
        managed === undefined
          ? rows.map((r) => r.id)
          : (
              await db
                .select({ id: groups.id })
                .from(groups)
                .where(and(eq(groups.courseId, course.id), managed))
            ).map((r) => r.id),
      );
      return {
        groups: await Promise.all(
          rows.map((r) =>
            managedIds.has(r.id)
              ? presentGroup(r)
              : isFamily(actor)
                ? presentFor(actor, r)
                : presentGroupForFamily(r, false),
          ),
        ),
      };
    },
  );

  app.post(
    '/groups/student_groups',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['groups'],
        body: childRefSchema,
        response: { 200: z.object({ groups: z.array(groupOut.extend({ member_status: z.number() })) }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [child] = await db
        .select({ id: children.id })
        .from(children)
        .where(and(eq(children.id, request.body.user_id), childrenInScope(actor)));
      if (!child) throw notFound();
      const rows = await selectGroups(db, { memberStatus: groupMembers.status })
        .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
        .where(and(eq(groupMembers.childId, child.id), membershipsInScope(actor)))
        .orderBy(desc(groupMembers.createdAt));
      return {
        groups: await Promise.all(
          rows.map(async (r) => ({
            ...(await presentFor(actor, r)),
            member_status: (r as unknown as { memberStatus: number }).memberStatus,
          })),
        ),
      };
    },
  );

  app.post(
    '/groups/:id/toggle',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: toggleSchema,
        response: {
          200: z.object({ group_id: z.number(), group_disabled: z.boolean(), message: z.string(), key: z.string() }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await managedGroup(db, actor, request.params.id);
      const disabled = request.body.group_disabled ?? !before.disabled;
      await db.transaction(async (tx) => {
        await tx
          .update(groups)
          .set({ disabled, updatedAt: sql`now()` })
          .where(eq(groups.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'group',
          entityId: before.id,
          oldValue: { disabled: before.disabled },
          newValue: { disabled },
        });
      });
      return { group_id: before.id, group_disabled: disabled, ...said('app.teaching.groupExamUpdated') };
    },
  );

  app.post(
    '/groups/status/:id',
    {
      config: { access: 'access_group' },
      schema: { tags: ['groups'], params: idParams, body: groupStatusSchema, response: { 200: oneOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await managedGroup(db, actor, request.params.id);
      const status = request.body.status;
      await db.transaction(async (tx) => {
        await tx
          .update(groups)
          .set({ status, updatedAt: sql`now()` })
          .where(eq(groups.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'group',
          entityId: before.id,
          oldValue: { status: before.status },
          newValue: { status },
        });
      });
      return { group: presentGroup(await findGroup(db, before.id, undefined)) };
    },
  );
};
