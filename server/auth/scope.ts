import { eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import { children, groupMembers, groups, regions, schools, users } from '../db/schema';
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

const NOTHING = sql`false`;

/**
 * The schools an actor administers: every school (platform), their region's,
 * their own; none below the school level. Reads and writes of the schools
 * area use it, so a guessed id outside answers 404.
 */
export function schoolsInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return eq(schools.regionId, scope.regionId);
    case 'school': return eq(schools.id, scope.schoolId);
    default: return NOTHING;
  }
}

/** A table's school column restricted to the schools the actor administers. */
export function schoolColumnInScope(column: AnyColumn, actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return inArray(column, schoolsOfRegion(scope.regionId));
    case 'school': return eq(column, scope.schoolId);
    default: return NOTHING;
  }
}

/** The regions an actor administers: all (platform), their own (region); none below. */
export function regionsInScope(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  switch (scope.level) {
    case 'platform': return undefined;
    case 'region': return eq(regions.id, scope.regionId);
    default: return NOTHING;
  }
}
