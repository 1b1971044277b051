import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEASURES, ageAt, effectSizeBand, pairedEffectSize, round2 } from '../../../domain/reports';
import {
  levelParams,
  levelReportSchema,
  prePostSchema,
  reportFilterSchema,
  type ReportFilter,
} from '../../../domain/schemas/reports';
import type { Actor } from '../../auth/actor';
import { childrenInScope, groupsManagedBy, regionsInScope, schoolsInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { children, groups, regions, schools, wordScores } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  breakdown,
  byChallenge,
  cohortSummary,
  distributionOf,
  membersOfGroup,
  placementsOf,
  prePostByGroup,
  prePostOverall,
  prePostPairs,
  totalHistogram,
  type BreakdownLevel,
  type ChangeStats,
  type Cohort,
  type TestRef,
} from '../../repositories/reports';
import { likePattern } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { comparedMeasures } from './build';
import { cohortReportOut, groupReportOut, prePostOut, regionReportOut, reportErrors, schoolReportOut } from './schemas';

/** Who may see reports on groups, schools and regions (within their scope): docs/PRODUCT.md §6 "Permissions". */
export const REPORT_VIEWERS = ['access_neomi', 'admin_neomi', 'admin_schools', 'admin_regions'] as const;

export function requireReportViewer(actor: Actor): void {
  if (!REPORT_VIEWERS.some((p) => actor.permissions.has(p))) throw forbidden();
}

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

/** A cohort's report: its measures against the programme, distribution, challenges and a breakdown one level down. */
export async function cohortReport(
  db: Executor,
  ref: TestRef,
  cohort: Cohort,
  level: BreakdownLevel | null,
  within?: SQL,
) {
  const programme = await distributionOf(db, ref);
  const [summary, histogram, challenges, rows] = await Promise.all([
    cohortSummary(db, ref, cohort, programme),
    totalHistogram(db, ref, cohort),
    ref.challenge ? Promise.resolve([]) : byChallenge(db, ref.examType, cohort),
    level ? breakdown(db, ref, cohort, level, within) : Promise.resolve([]),
  ]);
  return {
    exam_type: ref.examType,
    challenge: ref.challenge ?? null,
    takers: summary.n,
    programme_takers: programme.total.n,
    measures: MEASURES.map((m) => {
      const s = summary.stats[m];
      return {
        measure: m,
        n: s.n,
        mean: round2(s.mean),
        sd: round2(s.sd),
        min: s.min,
        max: s.max,
        median: s.median,
        p25: s.p25,
        p75: s.p75,
        programme_mean: round2(programme[m].mean),
        programme_sd: round2(programme[m].sd),
        ...summary.degrees[m],
      };
    }),
    histogram,
    by_challenge: challenges,
    breakdown: { level, rows },
  };
}

const changesOut = (stats: ChangeStats) =>
  MEASURES.map((m) => {
    const s = stats.measures[m];
    const d = pairedEffectSize({ n: stats.n, meanChange: s.meanChange, sdChange: s.sdChange });
    return {
      measure: m,
      n: stats.n,
      pre_mean: round2(s.preMean),
      post_mean: round2(s.postMean),
      mean_change: round2(s.meanChange),
      sd_change: round2(s.sdChange),
      effect_size: d,
      band: effectSizeBand(d),
    };
  });

/**
 * Reports on groups, schools and regions, the programme-wide report with
 * filters (/exam/report, /neomi-exams-report) and pre → post
 * (docs/api/reports.md "Cohort reports"). Each checks the permission and
 * that the group, school or region is in the caller's scope (404 otherwise).
 */
export const levelReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const route = { config: { access: 'signed-in' as const }, preValidation: filterFromBodyOrQuery };

  app.post(
    '/reports/group/:id',
    {
      ...route,
      schema: {
        tags: ['reports'],
        params: levelParams,
        body: levelReportSchema,
        response: { 200: groupReportOut, ...reportErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireReportViewer(actor);
      const group = await groupInScope(db, actor, request.params.id);
      const ref = { examType: request.body.exam_type, challenge: request.body.challenge };
      const [report, programme, placed, notScored] = await Promise.all([
        cohortReport(db, ref, { groupId: group.id }, null),
        distributionOf(db, ref),
        placementsOf(db, ref, sql`${children.id} in ${membersOfGroup(group.id)}`),
        db
          .select({ student_id: children.id, name: children.name })
          .from(children)
          .where(
            and(
              inArray(children.id, membersOfGroup(group.id)),
              sql`not exists (select 1 from ${wordScores} where ${wordScores.childId} = ${children.id} and ${wordScores.examType} = ${ref.examType}
            ${ref.challenge ? sql`and ${wordScores.challenge} = ${ref.challenge}` : sql``})`,
            ),
          )
          .orderBy(children.name, children.id),
      ]);
      return {
        ...report,
        group: { id: group.id, name: group.name, school_id: group.schoolId, teacher_id: group.teacherId },
        students: placed.map((p) => ({
          student_id: p.childId,
          name: p.name,
          gender: p.gender,
          age: ageAt(p.birthdate, p.testDate),
          test_date: p.testDate,
          measures: comparedMeasures(p, programme),
        })),
        not_scored: notScored,
      };
    },
  );

  app.post(
    '/reports/school/:id',
    {
      ...route,
      schema: {
        tags: ['reports'],
        params: levelParams,
        body: levelReportSchema,
        response: { 200: schoolReportOut, ...reportErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireReportViewer(actor);
      const school = await schoolInScope(db, actor, request.params.id);
      const report = await cohortReport(
        db,
        { examType: request.body.exam_type, challenge: request.body.challenge },
        { schoolId: school.id },
        'group',
        eq(groups.schoolId, school.id),
      );
      return { ...report, school: { id: school.id, name: school.name, region_id: school.regionId } };
    },
  );

  app.post(
    '/reports/region/:id',
    {
      ...route,
      schema: {
        tags: ['reports'],
        params: levelParams,
        body: levelReportSchema,
        response: { 200: regionReportOut, ...reportErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireReportViewer(actor);
      const region = await regionInScope(db, actor, request.params.id);
      const report = await cohortReport(
        db,
        { examType: request.body.exam_type, challenge: request.body.challenge },
        { regionId: region.id },
        'school',
        eq(schools.regionId, region.id),
      );
      return { ...report, region: { id: region.id, name: region.name } };
    },
  );

  /** The cohort a filter names, checked against the caller's scope, and the level its breakdown shows. */
  async function filteredCohort(
    actor: Actor,
    f: Pick<ReportFilter, 'group_id' | 'school_id' | 'region_id'> & Partial<ReportFilter>,
  ) {
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

  app.post(
    '/exam/report',
    {
      config: { access: 'admin_neomi' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportFilterSchema, response: { 200: cohortReportOut, ...reportErrors } },
    },
    async (request) => {
      const f = request.body;
      const { cohort, level, within } = await filteredCohort(actorOf(request), f);
      return cohortReport(db, { examType: f.exam_type, challenge: f.challenge }, cohort, level, within);
    },
  );

  app.post(
    '/reports/pre-post',
    {
      ...route,
      schema: { tags: ['reports'], body: prePostSchema, response: { 200: prePostOut, ...reportErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      requireReportViewer(actor);
      const f = request.body;
      const { cohort } = await filteredCohort(actor, f);
      const groupsWithin = and(
        groupsManagedBy(actor),
        f.group_id ? eq(groups.id, f.group_id) : undefined,
        f.school_id ? eq(groups.schoolId, f.school_id) : undefined,
        f.region_id
          ? inArray(
              groups.schoolId,
              sql`(select ${schools.id} from ${schools} where ${schools.regionId} = ${f.region_id})`,
            )
          : undefined,
      );
      const [page, overall, byGroup] = await Promise.all([
        prePostPairs(db, cohort, {
          limit: f.limit,
          offset: f.offset,
          order: f.order_by,
          direction: f.order_direction,
          search: f.search_text ? sql`p.name ilike ${likePattern(f.search_text)}` : undefined,
        }),
        prePostOverall(db, cohort),
        prePostByGroup(db, cohort, groupsWithin),
      ]);
      return {
        students: page.rows.map((r) => ({
          student_id: r.childId,
          name: r.name,
          measures: MEASURES.map((m) => ({ measure: m, ...r.measures[m] })),
        })),
        count: page.count,
        overall: { n: overall.n, measures: changesOut(overall) },
        groups: byGroup.map((g) => ({ id: g.id, name: g.name, n: g.n, measures: changesOut(g) })),
      };
    },
  );
};
