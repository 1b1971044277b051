import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COURSE_APPROVAL, GROUP_STATUS, USER_TYPE } from '../../domain/codes';
import { ROLE } from '../../domain/permissions';
import { children, courseRequests, courses, groupMembers, groups, schools, users } from '../db/schema';
import type { Actor } from './actor';

/**
 * Where an actor stands (DESIGN.md §5): platform → region → school → group → family.
 * The role gives the level; the user's region or school gives the place.
 */
export type Scope =
  | { level: 'platform' }
  | { level: 'region'; regionId: number }
  | { level: 'school'; schoolId: number }
  | { level: 'group'; teacherId: number }
  | { level: 'family'; userId: number };

export function scopeOf(actor: Actor): Scope {
  if (actor.roles.includes(ROLE.admin)) return { level: 'platform' };
  if (actor.roles.includes(ROLE.regionAdmin) && actor.regionId) return { level: 'region', regionId: actor.regionId };
  if (actor.roles.includes(ROLE.schoolAdmin) && actor.schoolId) return { level: 'school', schoolId: actor.schoolId };
  if (actor.roles.includes(ROLE.teacher)) return { level: 'group', teacherId: actor.id };
  return { level: 'family', userId: actor.id };
}

const schoolsOfRegion = (regionId: number) => sql`(select ${schools.id} from ${schools} where ${schools.regionId} = ${regionId})`;
const childrenOfTeacher = (teacherId: number) =>
  sql`(select ${groupMembers.childId} from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groups.teacherId} = ${teacherId})`;

/** The users an actor may see: always themself, and those in their scope. */
export function usersInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  const self = eq(users.id, actor.id);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return or(self, eq(users.regionId, scope.regionId), inArray(users.schoolId, schoolsOfRegion(scope.regionId)));
    case 'school': return or(self, eq(users.schoolId, scope.schoolId));
    case 'group': return or(self, inArray(users.id, sql`(select ${children.parentId} from ${children} where ${children.id} in ${childrenOfTeacher(scope.teacherId)})`));
    case 'family': return self;
  }
}

/**
 * The users whose card (name, photo) an actor may see: those in scope, and
 * every approved, active teacher (teachers' cards are shown to all signed-in users).
 */
export function userCardsInScope(actor: Actor): SQL | undefined {
  const scope = usersInScope(actor);
  return scope ? or(scope, and(eq(users.type, USER_TYPE.teacher), eq(users.approved, true), eq(users.removed, 0))) : undefined;
}

/** The children (learners) an actor may see. */
export function childrenInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return inArray(children.schoolId, schoolsOfRegion(scope.regionId));
    case 'school': return eq(children.schoolId, scope.schoolId);
    case 'group': return or(eq(children.parentId, actor.id), inArray(children.id, childrenOfTeacher(scope.teacherId)));
    case 'family': return eq(children.parentId, actor.id);
  }
}

const NOTHING = sql`false`;
const childrenOfFamily = (userId: number) => sql`(select ${children.id} from ${children} where ${children.parentId} = ${userId})`;
const groupsOfFamily = (userId: number) =>
  sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.childId} in ${childrenOfFamily(userId)})`;
const sees = (actor: Actor, permission: string) => actor.permissions.has(permission);

/**
 * The groups an actor may read: admins and holders of all_groups every
 * group; region and school admins their region's or school's; teachers
 * their own; families the groups their children are in (or asked to join).
 */
export function groupsInScope(actor: Actor): SQL | undefined {
  if (sees(actor, 'all_groups')) return undefined;
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return inArray(groups.schoolId, schoolsOfRegion(scope.regionId));
    case 'school': return eq(groups.schoolId, scope.schoolId);
    case 'group': return eq(groups.teacherId, scope.teacherId);
    case 'family': return inArray(groups.id, groupsOfFamily(scope.userId));
  }
}

/** The groups an actor may change (edit, delete, toggle, manage students): as groupsInScope, never a family's. */
export function groupsManagedBy(actor: Actor): SQL | undefined {
  return scopeOf(actor).level === 'family' && !sees(actor, 'all_groups') ? NOTHING : groupsInScope(actor);
}

const groupIdsManagedBy = (actor: Actor) => {
  const scope = groupsManagedBy(actor);
  return scope ? sql`(select ${groups.id} from ${groups} where ${scope})` : undefined;
};

/**
 * Group memberships (group_members rows) an actor may see: those of the
 * groups they manage; a family those of their own children.
 */
export function membershipsInScope(actor: Actor): SQL | undefined {
  if (scopeOf(actor).level === 'family' && !sees(actor, 'all_groups')) return inArray(groupMembers.childId, childrenOfFamily(actor.id));
  const managed = groupIdsManagedBy(actor);
  return managed ? inArray(groupMembers.groupId, managed) : undefined;
}

/** Courses the catalogue shows to everyone: approved and active. */
export const openCourse = (): SQL => and(eq(courses.approval, COURSE_APPROVAL.approved), eq(courses.status, GROUP_STATUS.active))!;

/**
 * The courses an actor may read: admins and holders of course_auth every
 * course; others the open catalogue, the courses they made, those of the
 * groups they see, and (families) those their children asked to join.
 */
export function coursesInScope(actor: Actor): SQL | undefined {
  if (sees(actor, 'course_auth') || scopeOf(actor).level === 'platform') return undefined;
  const groupScope = groupsInScope(actor);
  const ofGroups = sql`(select ${groups.courseId} from ${groups} where ${groupScope ?? sql`true`})`;
  const scope = scopeOf(actor);
  return or(
    openCourse(),
    eq(courses.teacherId, actor.id),
    inArray(courses.id, ofGroups),
    scope.level === 'family'
      ? inArray(courses.id, sql`(select ${courseRequests.courseId} from ${courseRequests} where ${courseRequests.childId} in ${childrenOfFamily(actor.id)})`)
      : undefined,
  );
}

/** The courses an actor may change (with their lessons and activities): course_auth holders all, a teacher those they made. */
export function coursesManagedBy(actor: Actor): SQL | undefined {
  if (sees(actor, 'course_auth') || scopeOf(actor).level === 'platform') return undefined;
  return scopeOf(actor).level === 'group' ? eq(courses.teacherId, actor.id) : NOTHING;
}

/**
 * Course requests an actor may see and answer: course_auth holders all;
 * a teacher those for the courses they made or teach a group of; region
 * and school admins those for courses with groups of theirs; a family
 * their own children's (to see and withdraw, not to answer).
 */
export function courseRequestsInScope(actor: Actor): SQL | undefined {
  if (sees(actor, 'course_auth') || scopeOf(actor).level === 'platform') return undefined;
  if (scopeOf(actor).level === 'family') return inArray(courseRequests.childId, childrenOfFamily(actor.id));
  const managed = groupIdsManagedBy(actor);
  const taught = sql`(select ${groups.courseId} from ${groups} where ${groups.id} in ${managed ?? sql`(select ${groups.id} from ${groups})`})`;
  return or(
    inArray(courseRequests.courseId, sql`(select ${courses.id} from ${courses} where ${courses.teacherId} = ${actor.id})`),
    inArray(courseRequests.courseId, taught),
  );
}
