import { eq, sql } from 'drizzle-orm';
import { MEMBER_STATUS } from '../../domain/codes';
import type { GroupInput } from '../../domain/schemas/teaching';
import type { Actor } from '../auth/actor';
import { groupsInScope, isFamilyLevel, isGroupLevel, mayPlaceGroupAt, ownSchoolId } from '../auth/scope';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { groups } from '../db/schema';
import { AppError, conflict, forbidden } from '../errors';
import {
  childIdInScope,
  courseIdInScope,
  groupsOfChild,
  groupsOfCourse,
  hasActiveChildIn,
  isApprovedCourseInScope,
  managedGroupIdsOfCourse,
  ownMemberStatuses,
  schoolPlace,
  teacherInScope,
} from '../repositories/groups';
import {
  findGroup,
  groupSearchText,
  managedGroup,
  presentGroup,
  presentGroupForFamily,
  type GroupListRow,
} from '../repositories/teaching';
import { changedFields, writeLog } from './audit';
import { randomCode, said } from './teaching';

/** Groups' workflows (docs/api/teaching.md "Groups"): create, edit, delete, exam toggle, hide/show, and who sees what. */

const invalid = (field: string) =>
  new AppError(400, 'app.errors.badRequest', { [field]: 'app.validation.invalidChoice' });

/** A promo code nobody has to think up. */
export const newPromoCode = () => randomCode(8);

/** Who teaches a new or edited group, and at which school: checked against the caller's scope. */
async function placement(db: Executor, actor: Actor, input: GroupInput, before?: GroupListRow) {
  let teacherId = before?.teacherId ?? actor.id;
  if (isGroupLevel(actor)) {
    if (input.teacher_id !== undefined && input.teacher_id !== actor.id) throw invalid('teacher_id');
    teacherId = before?.teacherId ?? actor.id;
  } else if (input.teacher_id !== undefined) {
    // a teacher of the caller's own scope (docs/SCOPE.md): a group puts its children in that teacher's scope
    const teacher = await teacherInScope(db, actor, input.teacher_id);
    if (!teacher) throw invalid('teacher_id');
    teacherId = teacher.id;
  }
  // a school admin's new group belongs to its own school when none is chosen
  const schoolId = input.school_id ?? ownSchoolId(actor) ?? null;
  if (schoolId !== null) {
    const school = await schoolPlace(db, schoolId);
    if (!school || !mayPlaceGroupAt(actor, school)) throw invalid('school_id');
  }
  if (!(await isApprovedCourseInScope(db, actor, input.course_id))) throw invalid('course_id');
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

/** A group as this caller may see it: a family sees no promo code (and the zoom link only as a member). */
export async function presentGroupFor(db: Executor, actor: Actor, row: GroupListRow) {
  if (!isFamilyLevel(actor)) return presentGroup(row);
  return presentGroupForFamily(row, await hasActiveChildIn(db, actor, row.id));
}

/** A new group, placed in the caller's scope. */
export async function createGroup(db: Executor, actor: Actor, input: GroupInput) {
  if (isFamilyLevel(actor)) throw forbidden();
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
  return presentGroup(await findGroup(db, id, undefined));
}

/** Edits a group the caller manages. */
export async function editGroup(db: Executor, actor: Actor, id: number, input: GroupInput) {
  const before = await managedGroup(db, actor, id);
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
  return presentGroup(await findGroup(db, before.id, undefined));
}

/** Deletes a group the caller manages. */
export async function deleteGroup(db: Executor, actor: Actor, id: number) {
  const before = await managedGroup(db, actor, id);
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
}

/** One group in the caller's scope; a family whose every child in it is blocked is told so (403). */
export async function showGroup(db: Executor, actor: Actor, id: number) {
  const row = await findGroup(db, id, groupsInScope(actor));
  if (isFamilyLevel(actor)) {
    // docs/PRODUCT.md §8 "Blocked from a group"
    const mine = await ownMemberStatuses(db, actor, row.id);
    if (mine.length && mine.every((m) => m.status === MEMBER_STATUS.blocked))
      throw new AppError(403, 'app.teaching.blockedFromGroup');
  }
  return presentGroupFor(db, actor, row);
}

/** A course's groups as the caller sees them: those it manages in full, the others as open to join. */
export async function courseGroups(db: Executor, actor: Actor, courseId: number) {
  const id = await courseIdInScope(db, actor, courseId);
  const rows = await groupsOfCourse(db, actor, id);
  const managedIds = (await managedGroupIdsOfCourse(db, actor, id)) ?? new Set(rows.map((r) => r.id));
  return Promise.all(
    rows.map((r) =>
      managedIds.has(r.id)
        ? presentGroup(r)
        : isFamilyLevel(actor)
          ? presentGroupFor(db, actor, r)
          : presentGroupForFamily(r, false),
    ),
  );
}

/** A child's groups with the child's status in each. */
export async function childGroups(db: Executor, actor: Actor, childId: number) {
  const id = await childIdInScope(db, actor, childId);
  const rows = await groupsOfChild(db, actor, id);
  return Promise.all(
    rows.map(async ({ row, memberStatus }) => ({
      ...(await presentGroupFor(db, actor, row)),
      member_status: memberStatus,
    })),
  );
}

/** Turns a managed group's exams off or on (the flip of today's state when none is given). */
export async function toggleGroupExams(db: Executor, actor: Actor, id: number, wanted: boolean | undefined) {
  const before = await managedGroup(db, actor, id);
  const disabled = wanted ?? !before.disabled;
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
}

/** Hides or shows a managed group. */
export async function setGroupStatus(db: Executor, actor: Actor, id: number, status: number) {
  const before = await managedGroup(db, actor, id);
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
  return presentGroup(await findGroup(db, before.id, undefined));
}
