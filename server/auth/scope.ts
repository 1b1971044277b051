import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import { activities, children, groupMembers, groups, messages, schools, users } from '../db/schema';
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

/* ── Activities area ───────────────────────────────────────────────────────── */

const groupsOfTeacher = (teacherId: number) => sql`(select ${groups.id} from ${groups} where ${groups.teacherId} = ${teacherId})`;
const groupsOfSchool = (schoolId: number) => sql`(select ${groups.id} from ${groups} where ${groups.schoolId} = ${schoolId})`;
const groupsOfRegion = (regionId: number) => sql`(select ${groups.id} from ${groups} where ${groups.schoolId} in ${schoolsOfRegion(regionId)})`;
const childrenOfParent = (parentId: number) => sql`(select ${children.id} from ${children} where ${children.parentId} = ${parentId})`;
const childrenOfSchool = (schoolId: number) => sql`(select ${children.id} from ${children} where ${children.schoolId} = ${schoolId})`;
const childrenOfRegion = (regionId: number) => sql`(select ${children.id} from ${children} where ${children.schoolId} in ${schoolsOfRegion(regionId)})`;
const groupsOfParent = (parentId: number) =>
  sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.childId} in ${childrenOfParent(parentId)})`;

/**
 * The activities an actor may see: a family its children's; a teacher those
 * handed in to their groups (and their own children's); a school or region
 * admin those of their learners or groups.
 */
export function activitiesInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return or(inArray(activities.groupId, groupsOfRegion(scope.regionId)), inArray(activities.childId, childrenOfRegion(scope.regionId)));
    case 'school': return or(inArray(activities.groupId, groupsOfSchool(scope.schoolId)), inArray(activities.childId, childrenOfSchool(scope.schoolId)));
    case 'group': return or(inArray(activities.groupId, groupsOfTeacher(scope.teacherId)), inArray(activities.childId, childrenOfParent(actor.id)));
    case 'family': return inArray(activities.childId, childrenOfParent(actor.id));
  }
}

/** The activities an actor may evaluate (with access_group): those of the groups in their scope; a family none. */
export function activitiesToEvaluate(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return inArray(activities.groupId, groupsOfRegion(scope.regionId));
    case 'school': return inArray(activities.groupId, groupsOfSchool(scope.schoolId));
    case 'group': return inArray(activities.groupId, groupsOfTeacher(scope.teacherId));
    case 'family': return sql`false`;
  }
}

/**
 * The gallery an actor sees: what they may see anyway, and for a family also
 * the works of the groups their children belong to (classmates' accepted works).
 */
export function galleryInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  if (scope.level === 'platform') return undefined;
  return or(activitiesInScope(actor), inArray(activities.groupId, groupsOfParent(actor.id)));
}

/** The groups an actor may see in the activities area (filters, the overview's pie). */
export function groupsInActivityScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return inArray(groups.id, groupsOfRegion(scope.regionId));
    case 'school': return eq(groups.schoolId, scope.schoolId);
    case 'group': return or(eq(groups.teacherId, scope.teacherId), inArray(groups.id, groupsOfParent(actor.id)));
    case 'family': return inArray(groups.id, groupsOfParent(actor.id));
  }
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
    inArray(users.id, sql`(select ${groups.teacherId} from ${groups} where ${groups.id} in ${groupsOfParent(actor.id)})`),
    inArray(users.id, sql`(select ${messages.senderId} from ${messages} where ${messages.recipientId} = ${actor.id})`),
  );
}
