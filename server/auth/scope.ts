import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COURSE_APPROVAL, GROUP_STATUS, MEMBER_STATUS, USER_TYPE } from '../../domain/codes';
import type { LogEntity } from '../../domain/logs';
import { ROLE, type RoleKey } from '../../domain/permissions';
import { SEAT_STATUS } from '../../domain/schools';
import {
  activities,
  certificates,
  children,
  courseRequests,
  courses,
  examAnswers,
  exams,
  feedback,
  groupMembers,
  groups,
  logs,
  messages,
  regions,
  schoolClasses,
  schools,
  seatRequests,
  users,
} from '../db/schema';
import { AppError } from '../errors';
import type { Actor } from './actor';

/**
 * Where an actor stands (docs/PRODUCT.md §6 "Scope", docs/SCOPE.md): platform → region → school → group → family.
 * The role gives the level; the user's region or school gives the place.
 *
 * A permission opens a route; the scope says which rows it answers. No
 * permission widens the scope: a school admin granted access_logs,
 * access_dashboard, all_groups or every other permission still reads only
 * its school (and its own family). Every read of people's records builds its
 * condition here, from the functions below, whichever permission opened it.
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

/** The levels, lowest first: an actor's rank, and the rank of the level a built-in role gives. */
const LEVEL_RANK: Record<Scope['level'], number> = { family: 0, group: 1, school: 2, region: 3, platform: 4 };
/** The level each built-in role gives its holder (a marker marks what it is given, as a family would). */
export const ROLE_LEVEL: Readonly<Record<RoleKey, Scope['level']>> = {
  [ROLE.admin]: 'platform',
  [ROLE.regionAdmin]: 'region',
  [ROLE.schoolAdmin]: 'school',
  [ROLE.teacher]: 'group',
  [ROLE.student]: 'family',
  [ROLE.marker]: 'family',
};

/** Whether the actor stands at the platform level. */
export const isPlatformLevel = (actor: Actor) => scopeOf(actor).level === 'platform';

/**
 * 403 unless the actor stands at the platform level: creating a region, and
 * placing an account in a region (a region admin), are the platform's
 * (docs/SCOPE.md "Giving access"), whatever permission opened the route.
 */
export function requirePlatformLevel(actor: Actor): void {
  if (!isPlatformLevel(actor)) throw new AppError(403, 'app.errors.platformOnly');
}

/** 403 when one of these built-in roles gives a level above the actor's own (docs/SCOPE.md "Giving access"). */
export function assertRolesWithinLevel(actor: Actor, roleKeys: readonly RoleKey[]): void {
  const own = LEVEL_RANK[scopeOf(actor).level];
  if (roleKeys.some((key) => LEVEL_RANK[ROLE_LEVEL[key]] > own)) throw new AppError(403, 'app.errors.roleAboveLevel');
}

/**
 * Who may make an account with a built-in role (a region admin, a school
 * admin, a school's teacher): nobody makes one above their own level, and
 * only the platform places an account in a region (a region admin's reach
 * comes from that region, which the role alone does not give).
 */
export function assertMayAppoint(actor: Actor, role: RoleKey, place: { regionId?: number | null }): void {
  if (place.regionId != null) requirePlatformLevel(actor);
  assertRolesWithinLevel(actor, [role]);
}

const schoolsOfRegion = (regionId: number) =>
  sql`(select ${schools.id} from ${schools} where ${schools.regionId} = ${regionId})`;
/**
 * The children a teacher teaches or has taught (docs/SCOPE.md "Teachers and
 * membership"): members of the teacher's groups who are active, or were
 * active once and then left, were hidden or blocked (ever_active, set by the
 * database whenever a membership becomes active). Never a child whose
 * request is only pending or was refused: nothing of theirs is the teacher's to read.
 */
const childrenOfTeacher = (teacherId: number) =>
  sql`(select ${groupMembers.childId} from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groups.teacherId} = ${teacherId} and (${groupMembers.status} = ${MEMBER_STATUS.active} or ${groupMembers.everActive}))`;

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

/**
 * The children (learners) an actor may see: those of their level's place,
 * and at every level their own children (a school admin who is also a
 * parent sees its school and its own children, nothing more).
 */
export function childrenInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform':
      return undefined;
    case 'region':
      return or(inArray(children.schoolId, schoolsOfRegion(scope.regionId)), eq(children.parentId, actor.id));
    case 'school':
      return or(eq(children.schoolId, scope.schoolId), eq(children.parentId, actor.id));
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
 * The groups an actor may read: admins every group; region and school
 * admins their region's or school's; teachers their own; families the
 * groups their children are in (or asked to join). all_groups widens
 * nothing: below the platform, the groups of the holder's scope are all
 * the groups it may see.
 */
export function groupsInScope(actor: Actor): SQL | undefined {
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
  return scopeOf(actor).level === 'family' ? NOTHING : groupsInScope(actor);
}

const groupIdsManagedBy = (actor: Actor) => {
  const scope = groupsManagedBy(actor);
  return scope ? sql`(select ${groups.id} from ${groups} where ${scope})` : undefined;
};

/** The ids of the rows of a table an actor may see, as a subquery; undefined at the platform level (all). */
const idsWhere = (id: AnyColumn, table: Parameters<typeof sql>[1], scope: SQL | undefined) =>
  scope ? sql`(select ${id} from ${table} where ${scope})` : undefined;
/** The ids of the users in the actor's scope (usersInScope), as a subquery. */
export const userIdsInScope = (actor: Actor) => idsWhere(users.id, users, usersInScope(actor));
/** The ids of the children in the actor's scope (childrenInScope), as a subquery. */
export const childIdsInScope = (actor: Actor) => idsWhere(children.id, children, childrenInScope(actor));

/**
 * Group memberships (group_members rows) an actor may see: those of the
 * groups they manage; a family those of their own children.
 */
export function membershipsInScope(actor: Actor): SQL | undefined {
  if (scopeOf(actor).level === 'family') return inArray(groupMembers.childId, childrenOfFamily(actor.id));
  const managed = groupIdsManagedBy(actor);
  return managed ? inArray(groupMembers.groupId, managed) : undefined;
}

/** Courses the catalogue shows to everyone: approved and active. */
export const openCourse = (): SQL =>
  and(eq(courses.approval, COURSE_APPROVAL.approved), eq(courses.status, GROUP_STATUS.active))!;

/**
 * The courses an actor may read: admins and holders of course_auth every
 * course (the catalogue is the platform's content, not a tenant's records:
 * docs/SCOPE.md); others the open catalogue, the courses they made, those of the
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
 * Course requests an actor may see and answer (they name a child, so they
 * are the child's records: docs/SCOPE.md): the platform all; region and
 * school admins those of the children in their scope; a teacher those
 * addressed to them, for the courses they made or teach a group of; a family
 * their own children's (to see and withdraw, not to answer). course_auth
 * widens nothing here.
 */
export function courseRequestsInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  if (scope.level === 'platform') return undefined;
  if (scope.level === 'family') return inArray(courseRequests.childId, childrenOfFamily(actor.id));
  if (scope.level !== 'group') return inArray(courseRequests.childId, childIdsInScope(actor)!);
  const taught = sql`(select ${groups.courseId} from ${groups} where ${groups.teacherId} = ${scope.teacherId})`;
  return or(
    inArray(
      courseRequests.courseId,
      sql`(select ${courses.id} from ${courses} where ${courses.teacherId} = ${actor.id})`,
    ),
    inArray(courseRequests.courseId, taught),
    inArray(courseRequests.childId, childrenOfFamily(actor.id)),
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
 * admin those of their learners or groups (and their own children's).
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
        anyOf(activities.childId, childrenOfFamily(actor.id)),
      );
    case 'school':
      return or(
        anyOf(activities.groupId, groupsOfSchool(scope.schoolId)),
        anyOf(activities.childId, childrenOfSchool(scope.schoolId)),
        anyOf(activities.childId, childrenOfFamily(actor.id)),
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

/* ── Feedback and the audit log ────────────────────────────────────────────── */

/**
 * The feedback an actor may read when it reads others' (access_dashboard):
 * by its author's scope (usersInScope), so the platform reads all of it and a
 * school admin its school's people's. Feedback whose author is gone belongs
 * to nobody's place: the platform's only.
 */
export function feedbackInScope(actor: Actor): SQL | undefined {
  const ids = userIdsInScope(actor);
  return ids ? inArray(feedback.userId, ids) : undefined;
}

type LogPlace = (actor: Actor) => SQL | undefined;
const ofTable =
  (id: AnyColumn, table: Parameters<typeof sql>[1], scope: LogPlace): LogPlace =>
  (actor) =>
    idsWhere(id, table, scope(actor));
const ofChild =
  (id: AnyColumn, table: Parameters<typeof sql>[1], childColumn: AnyColumn): LogPlace =>
  (actor) => {
    const ids = childIdsInScope(actor);
    return ids ? sql`(select ${id} from ${table} where ${childColumn} in ${ids})` : undefined;
  };

/**
 * Where each kind of audit row is placed (docs/SCOPE.md "The audit log"): a
 * row names an entity and its id, and is in an actor's scope when that
 * record is. People's records are placed through their own scope (a user,
 * and a permission row, by the user; a child, an exam, an answer, a
 * certificate by the learner; an activity and its evaluation by the
 * activity; a group, a course request, feedback, a school, a class, a seat
 * request, a region by theirs). The platform's own content (roles, settings,
 * courses and lessons, the public inbox, the question bank, the dictionary,
 * scoring jobs, marking) is nobody's place: 'platform', read only there, as
 * is a row whose record is gone. A new kind must be placed here (the type asks for it).
 */
const LOG_PLACES: Readonly<Record<LogEntity, LogPlace | 'platform'>> = {
  user: ofTable(users.id, users, usersInScope),
  permission: ofTable(users.id, users, usersInScope),
  child: ofTable(children.id, children, childrenInScope),
  activity: ofTable(activities.id, activities, activitiesInScope),
  evaluation: ofTable(activities.id, activities, activitiesInScope),
  group: ofTable(groups.id, groups, groupsInScope),
  course_request: ofTable(courseRequests.id, courseRequests, courseRequestsInScope),
  feedback: ofTable(feedback.id, feedback, feedbackInScope),
  region: ofTable(regions.id, regions, regionsInScope),
  school: ofTable(schools.id, schools, schoolsInScope),
  school_class: ofTable(schoolClasses.id, schoolClasses, (actor) => schoolColumnInScope(schoolClasses.schoolId, actor)),
  seat_request: ofTable(seatRequests.id, seatRequests, (actor) => schoolColumnInScope(seatRequests.schoolId, actor)),
  certificate: ofChild(certificates.id, certificates, certificates.childId),
  exam: ofChild(exams.id, exams, exams.childId),
  exam_answer: ofChild(examAnswers.id, examAnswers, examAnswers.childId),
  role: 'platform',
  setting: 'platform',
  course: 'platform',
  lesson: 'platform',
  lesson_activity: 'platform',
  kit_order: 'platform',
  form: 'platform',
  exam_question: 'platform',
  question_set: 'platform',
  category: 'platform',
  category_set: 'platform',
  category_word: 'platform',
  scoring_job: 'platform',
  marking_allocation: 'platform',
  marking: 'platform',
};

/** The audit rows an actor may read: all at the platform level; below it, those about records in its scope. */
export function logsInScope(actor: Actor): SQL | undefined {
  if (isPlatformLevel(actor)) return undefined;
  const parts = (Object.entries(LOG_PLACES) as [LogEntity, LogPlace | 'platform'][]).flatMap(([entity, place]) => {
    if (place === 'platform') return [];
    const ids = place(actor);
    return ids ? [and(eq(logs.entity, entity), inArray(logs.entityId, ids))] : [];
  });
  return or(NOTHING, ...parts);
}

// ------------------------------------------------------------ teaching (courses, groups, members)

/** A family (or anyone without a teaching scope, whatever it was granted): sees only their own children's records. */
export const isFamilyLevel = (actor: Actor) => scopeOf(actor).level === 'family';

/** A teacher (group level): places a group with themselves as its teacher. */
export const isGroupLevel = (actor: Actor) => scopeOf(actor).level === 'group';

/** Those who make courses: course_auth holders, and whoever stands at the platform or group level (teachers). */
export const mayAuthorCourses = (actor: Actor) =>
  actor.permissions.has('course_auth') || ['platform', 'group'].includes(scopeOf(actor).level);

/** Whether a group may be placed at this school: the caller's region, school, or (a teacher) own school. */
export function mayPlaceGroupAt(actor: Actor, school: { id: number; regionId: number | null }): boolean {
  const scope = scopeOf(actor);
  return (
    scope.level === 'platform' ||
    (scope.level === 'region' && school.regionId === scope.regionId) ||
    (scope.level === 'school' && school.id === scope.schoolId) ||
    (scope.level === 'group' && school.id === actor.schoolId)
  );
}

/* ── Schools area: regions, schools, seats ─────────────────────────────────── */

/** The region a region-level actor administers; undefined at any other level. */
export function ownRegionId(actor: Actor): number | undefined {
  const scope = scopeOf(actor);
  return scope.level === 'region' ? scope.regionId : undefined;
}

/** The school a school-level actor administers; undefined at any other level. */
export function ownSchoolId(actor: Actor): number | undefined {
  const scope = scopeOf(actor);
  return scope.level === 'school' ? scope.schoolId : undefined;
}

/**
 * Seat requests waiting for this actor's decision (docs/api/schools.md "Seats"): at the platform, those the
 * region has decided; at a region, those awaiting the region's step; a school sees its own pending ones.
 */
export function seatRequestsAwaiting(actor: Actor): SQL {
  const pending = eq(seatRequests.status, SEAT_STATUS.pending);
  switch (scopeOf(actor).level) {
    case 'platform':
      return and(pending, sql`${seatRequests.regionStatus} <> ${SEAT_STATUS.pending}`)!;
    case 'region':
      return and(pending, eq(seatRequests.regionStatus, SEAT_STATUS.pending))!;
    default:
      return pending;
  }
}

// accounts (roles, users, auth)

/** Roles are the platform's: only an actor of platform scope defines them (a region's admin would change every region's users). */
export const mayDefineRoles = (actor: Actor): boolean => isPlatformLevel(actor);

// ---------------------------------------------------------------- exams

/**
 * Whether a teacher registering a pupil in class (/temp/register) may put them in this group: any group at the
 * platform level, a group of their school for a school admin, a group they teach for a teacher; never below.
 */
export function mayEnrolInGroup(actor: Actor, group: { teacherId: number | null; schoolId: number | null }): boolean {
  const scope = scopeOf(actor);
  return (
    scope.level === 'platform' ||
    (scope.level === 'group' && group.teacherId === actor.id) ||
    (scope.level === 'school' && group.schoolId === scope.schoolId)
  );
}
