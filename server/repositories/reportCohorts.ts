import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportFilter } from '../../domain/schemas/reports';
import type { Actor } from '../auth/actor';
import { childrenInScope, groupsManagedBy, regionsInScope, schoolsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { likePattern } from '../db/listing';
import { children, groups, regions, schools, wordScores } from '../db/schema';
import { notFound } from '../errors';
import { membersOfGroup, type BreakdownLevel, type Cohort, type TestRef } from './reports';

/**
 * The groups, schools and regions a report is about, each checked against the caller's scope (404 outside it),
 * and the cohorts (server/repositories/reports.ts Cohort) that report filters name (docs/api/reports.md "Cohort
 * reports").
 */

async function oneInScope<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound();
  return row;
}

export const groupInScope = (db: Executor, actor: Actor, id: number) =>
  oneInScope(
    db
      .select()
      .from(groups)
      .where(and(eq(groups.id, id), groupsManagedBy(actor))),
  );
export const schoolInScope = (db: Executor, actor: Actor, id: number) =>
  oneInScope(
    db
      .select()
      .from(schools)
      .where(and(eq(schools.id, id), schoolsInScope(actor))),
  );
export const regionInScope = (db: Executor, actor: Actor, id: number) =>
  oneInScope(
    db
      .select()
      .from(regions)
      .where(and(eq(regions.id, id), regionsInScope(actor))),
  );

/** The condition "an active member of this group", on `children`, for placementsOf. */
export const isMemberOf = (groupId: number) => sql`${children.id} in ${membersOfGroup(groupId)}`;

/** The groups of a school (a school's breakdown). */
export const groupsOfSchool = (schoolId: number) => eq(groups.schoolId, schoolId);
/** The schools of a region (a region's breakdown). */
export const schoolsOfRegion = (regionId: number) => eq(schools.regionId, regionId);

/** The active members of a group with no score in a test (challenge optional), by name. */
export function unscoredMembers(db: Executor, groupId: number, ref: TestRef) {
  return db
    .select({ student_id: children.id, name: children.name })
    .from(children)
    .where(
      and(
        inArray(children.id, membersOfGroup(groupId)),
        sql`not exists (select 1 from ${wordScores} where ${wordScores.childId} = ${children.id} and ${wordScores.examType} = ${ref.examType}
            ${ref.challenge ? sql`and ${wordScores.challenge} = ${ref.challenge}` : sql``})`,
      ),
    )
    .orderBy(children.name, children.id);
}

/** The ids of the active members of a group. */
export async function memberIds(db: Executor, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(inArray(children.id, membersOfGroup(groupId)));
  return rows.map((r) => r.id);
}

/** The cohort a filter names, checked against the caller's scope, and the level its breakdown shows. */
export async function filteredCohort(
  db: Executor,
  actor: Actor,
  f: Pick<ReportFilter, 'group_id' | 'school_id' | 'region_id'> & Partial<ReportFilter>,
): Promise<{ cohort: Cohort; level: BreakdownLevel | null; within: SQL | undefined }> {
  if (f.group_id) await groupInScope(db, actor, f.group_id);
  if (f.school_id) await schoolInScope(db, actor, f.school_id);
  if (f.region_id) await regionInScope(db, actor, f.region_id);
  const cohort: Cohort = {
    groupId: f.group_id,
    schoolId: f.school_id,
    regionId: f.region_id,
    gender: f.gender,
    ageGroup: f.age_group,
    from: f.from,
    to: f.to,
    scope: childrenInScope(actor),
  };
  const managed = groupsManagedBy(actor);
  let level: BreakdownLevel | null;
  let within: SQL | undefined;
  if (f.group_id) level = null;
  else if (f.school_id) [level, within] = ['group', and(eq(groups.schoolId, f.school_id), managed)];
  else if (f.region_id) [level, within] = ['school', eq(schools.regionId, f.region_id)];
  else if (regionsInScope(actor) === undefined) level = 'region';
  else [level, within] = ['school', schoolsInScope(actor)];
  return { cohort, level, within };
}

/** The groups a pre → post report breaks down into: those the actor manages within the group, school or region named. */
export const prePostGroupsWithin = (actor: Actor, f: { group_id?: number; school_id?: number; region_id?: number }) =>
  and(
    groupsManagedBy(actor),
    f.group_id ? eq(groups.id, f.group_id) : undefined,
    f.school_id ? eq(groups.schoolId, f.school_id) : undefined,
    f.region_id
      ? inArray(groups.schoolId, sql`(select ${schools.id} from ${schools} where ${schools.regionId} = ${f.region_id})`)
      : undefined,
  );

/** The pre → post learners whose name contains the text (over the pairs' `p`). */
export const pairNameContains = (text: string | undefined) =>
  text ? sql`p.name ilike ${likePattern(text)}` : undefined;
