import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COURSE_APPROVAL, GROUP_STATUS, MEMBER_STATUS, USER_TYPE } from '../../domain/codes';
import { ROLE } from '../../domain/permissions';
import {
  activities,
  children,
  courseRequests,
  courses,
  groupMembers,
  groups,
  messages,
  regions,
  schools,
  users,
} from '../db/schema';
import type { Actor } from './actor';

/**
 * Where an actor stands (docs/PRODUCT.md §6 "Scope"): platform → region → school → group → family.
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

/**
 * What a condition built from an actor's scope and id alone (activitiesInScope,
 * teacherActivityParts) is made of: two actors with the same key get the same
 * SQL from it, so a query built with one's conditions serves the other
 * (server/db/builtOnce.ts). Conditions that read permissions need more.
 */
export function scopeKey(actor: Actor): string {
  const scope = scopeOf(actor);
  return scope.level === 'platform' ? 'platform' : `${JSON.stringify(scope)}/${actor.id}`;
}

const schoolsOfRegion = (regionId: number) =>
  sql`(select ${schools.id} from ${schools} where ${schools.regionId} = ${regionId})`;
const childrenOfTeacher = (teacherId: number) =>
  sql`(select ${groupMembers.childId} from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groups.teacherId} = ${teacherId})`;

/** The users an actor may see: always themself, and those in their scope. */
export function usersInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  const self = eq(users.id, actor.id);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return or(self, eq(users.regionId, scope.regionId), inArray(users.schoolId, schoolsOfRegion(scope.regionId)));
    case 'school':
      return or(self, eq(users.schoolId, scope.schoolId));
    case 'group':
      return or(
        self,
        inArray(
          users.id,
          sql`(select ${children.parentId} from ${children} where ${children.id} in ${childrenOfTeacher(scope.teacherId)})`,
        ),
      );
    case 'family':
      return self;
  }
}

/**
 * The users whose card (name, photo) an actor may see: those in scope, and
 * every approved, active teacher (teachers' cards are shown to all signed-in users).
 */
export function userCardsInScope(actor: Actor): SQL | undefined {
  const scope = usersInScope(actor);
  return scope
    ? or(scope, and(eq(users.type, USER_TYPE.teacher), eq(users.approved, true), eq(users.removed, 0)))
    : undefined;
}

/** The children (learners) an actor may see. */
export function childrenInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return inArray(children.schoolId, schoolsOfRegion(scope.regionId));
    case 'school':
      return eq(children.schoolId, scope.schoolId);
    case 'group':
      return or(eq(children.parentId, actor.id), inArray(children.id, childrenOfTeacher(scope.teacherId)));
    case 'family':
      return eq(children.parentId, actor.id);
  }
}

const NOTHING = sql`false`;
const childrenOfFamily = (userId: number) =>
  sql`(select ${children.id} from ${children} where ${children.parentId} = ${userId})`;
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
    case 'platform':
      return undefined;
    case 'region':
      return inArray(groups.schoolId, schoolsOfRegion(scope.regionId));
    case 'school':
      return eq(groups.schoolId, scope.schoolId);
    case 'group':
      return eq(groups.teacherId, scope.teacherId);
    case 'family':
      return inArray(groups.id, groupsOfFamily(scope.userId));
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
  if (scopeOf(actor).level === 'family' && !sees(actor, 'all_groups'))
    return inArray(groupMembers.childId, childrenOfFamily(actor.id));
  const managed = groupIdsManagedBy(actor);
  return managed ? inArray(groupMembers.groupId, managed) : undefined;
}

/** Courses the catalogue shows to everyone: approved and active. */
export const openCourse = (): SQL =>
  and(eq(courses.approval, COURSE_APPROVAL.approved), eq(courses.status, GROUP_STATUS.active))!;

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
      ? inArray(
          courses.id,
          sql`(select ${courseRequests.courseId} from ${courseRequests} where ${courseRequests.childId} in ${childrenOfFamily(actor.id)})`,
        )
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
    inArray(
      courseRequests.courseId,
      sql`(select ${courses.id} from ${courses} where ${courses.teacherId} = ${actor.id})`,
    ),
    inArray(courseRequests.courseId, taught),
  );
}

/**
 * Kit orders, forms and their answers come from the public and belong to
 * the platform: only the platform level sees them (a region or school admin
 * given the permission sees none, and their ids answer 404).
 */
export function publicInboxInScope(actor: Actor): SQL | undefined {
  return scopeOf(actor).level === 'platform' ? undefined : sql`false`;
}

/* ── Activities area ───────────────────────────────────────────────────────── */

/**
 * `column = any(array(subquery))`: IN, with the list worked out first. An OR of
 * two of them can use both columns' indexes (a bitmap OR) where an OR of two
 * IN (subquery) scans the whole table (500,000 activities: 0.9 s, bench/lists.ts).
 */
const anyOf = (column: AnyColumn, subquery: SQL) => sql`${column} = any(array${subquery})`;
const groupsOfTeacher = (teacherId: number) =>
  sql`(select ${groups.id} from ${groups} where ${groups.teacherId} = ${teacherId})`;
const groupsOfSchool = (schoolId: number) =>
  sql`(select ${groups.id} from ${groups} where ${groups.schoolId} = ${schoolId})`;
const groupsOfRegion = (regionId: number) =>
  sql`(select ${groups.id} from ${groups} where ${groups.schoolId} in ${schoolsOfRegion(regionId)})`;
/** The groups a family's children are active members of (not asked, stopped, hidden or blocked). */
const activeGroupsOfFamily = (userId: number) =>
  sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.status} = ${MEMBER_STATUS.active} and ${groupMembers.childId} in ${childrenOfFamily(userId)})`;
const childrenOfSchool = (schoolId: number) =>
  sql`(select ${children.id} from ${children} where ${children.schoolId} = ${schoolId})`;
const childrenOfRegion = (regionId: number) =>
  sql`(select ${children.id} from ${children} where ${children.schoolId} in ${schoolsOfRegion(regionId)})`;

/**
 * The activities an actor may see: a family its children's; a teacher those
 * handed in to their groups (and their own children's); a school or region
 * admin those of their learners or groups.
 */
export function activitiesInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return or(
        anyOf(activities.groupId, groupsOfRegion(scope.regionId)),
        anyOf(activities.childId, childrenOfRegion(scope.regionId)),
      );
    case 'school':
      return or(
        anyOf(activities.groupId, groupsOfSchool(scope.schoolId)),
        anyOf(activities.childId, childrenOfSchool(scope.schoolId)),
      );
    case 'group':
      return or(...teacherActivityParts(actor)!);
    case 'family':
      return inArray(activities.childId, childrenOfFamily(actor.id));
  }
}

/**
 * A teacher's activities (group level) as the two parts activitiesInScope ORs
 * together: those of the groups they teach and those of their own children.
 * A list reads each part through its own index and merges the ids
 * (server/repositories/activities.ts listActivities); PostgreSQL answers the
 * OR by walking the newest activities of every group. Undefined at the other
 * levels, whose scopes are large enough that walking the newest is the fast way.
 */
export function teacherActivityParts(actor: Actor): [SQL, SQL] | undefined {
  const scope = scopeOf(actor);
  if (scope.level !== 'group') return undefined;
  return [
    anyOf(activities.groupId, groupsOfTeacher(scope.teacherId)),
    anyOf(activities.childId, childrenOfFamily(actor.id)),
  ];
}

/** The activities an actor may evaluate (with access_group): those of the groups in their scope; a family none. */
export function activitiesToEvaluate(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return inArray(activities.groupId, groupsOfRegion(scope.regionId));
    case 'school':
      return inArray(activities.groupId, groupsOfSchool(scope.schoolId));
    case 'group':
      return inArray(activities.groupId, groupsOfTeacher(scope.teacherId));
    case 'family':
      return sql`false`;
  }
}

/**
 * The gallery an actor sees: what they may see anyway, and for a family also
 * the works of the groups their children belong to (classmates' accepted works).
 */
export function galleryInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  if (scope.level === 'platform') return undefined;
  return or(activitiesInScope(actor), inArray(activities.groupId, activeGroupsOfFamily(actor.id)));
}

/**
 * The users an actor may write a message to: those in their scope, the
 * teachers of their children's groups, and whoever wrote to them.
 */
export function recipientsInScope(actor: Actor): SQL | undefined {
  const scope = usersInScope(actor);
  if (!scope) return undefined;
  return or(
    scope,
    inArray(
      users.id,
      sql`(select ${groups.teacherId} from ${groups} where ${groups.id} in ${activeGroupsOfFamily(actor.id)})`,
    ),
    inArray(users.id, sql`(select ${messages.senderId} from ${messages} where ${messages.recipientId} = ${actor.id})`),
  );
}

/**
 * The schools an actor administers: every school (platform), their region's,
 * their own; none below the school level. Reads and writes of the schools
 * area use it, so a guessed id outside answers 404.
 */
export function schoolsInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return eq(schools.regionId, scope.regionId);
    case 'school':
      return eq(schools.id, scope.schoolId);
    default:
      return NOTHING;
  }
}

/** A table's school column restricted to the schools the actor administers. */
export function schoolColumnInScope(column: AnyColumn, actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return inArray(column, schoolsOfRegion(scope.regionId));
    case 'school':
      return eq(column, scope.schoolId);
    default:
      return NOTHING;
  }
}

/** The regions an actor administers: all (platform), their own (region); none below. */
export function regionsInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return eq(regions.id, scope.regionId);
    default:
      return NOTHING;
  }
}
