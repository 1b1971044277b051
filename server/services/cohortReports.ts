import type { SQL } from 'drizzle-orm';
import { MEASURES, ageAt, effectSizeBand, pairedEffectSize, round2 } from '../../domain/reports';
import type { PrePostInput, ReportFilter } from '../../domain/schemas/reports';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { forbidden } from '../errors';
import {
  filteredCohort,
  groupInScope,
  groupsOfSchool,
  isMemberOf,
  pairNameContains,
  prePostGroupsWithin,
  regionInScope,
  schoolInScope,
  schoolsOfRegion,
  unscoredMembers,
} from '../repositories/reportCohorts';
import {
  breakdown,
  byChallenge,
  cohortSummary,
  distributionOf,
  placementsOf,
  prePostByGroup,
  prePostOverall,
  prePostPairs,
  totalHistogram,
  type BreakdownLevel,
  type ChangeStats,
  type Cohort,
  type TestRef,
} from '../repositories/reports';
import { comparedMeasures } from './learnerReports';

/**
 * Reports on groups, schools and regions, the programme-wide report with filters and pre → post
 * (docs/api/reports.md "Cohort reports"): each checks the report permission and that the group, school or
 * region is in the caller's scope (404 otherwise).
 */

/** Who may see reports on groups, schools and regions (within their scope): docs/PRODUCT.md §6 "Permissions". */
export const REPORT_VIEWERS = ['access_neomi', 'admin_neomi', 'admin_schools', 'admin_regions'] as const;

export function requireReportViewer(actor: Actor): void {
  if (!REPORT_VIEWERS.some((p) => actor.permissions.has(p))) throw forbidden();
}

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

/** A group's report: the cohort report, each scored member against every taker, and the members not scored. */
export async function groupReport(db: Executor, actor: Actor, groupId: number, ref: TestRef) {
  requireReportViewer(actor);
  const group = await groupInScope(db, actor, groupId);
  const [report, programme, placed, notScored] = await Promise.all([
    cohortReport(db, ref, { groupId: group.id }, null),
    distributionOf(db, ref),
    placementsOf(db, ref, isMemberOf(group.id)),
    unscoredMembers(db, group.id, ref),
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
}

/** A school's report, broken down by its groups. */
export async function schoolReport(db: Executor, actor: Actor, schoolId: number, ref: TestRef) {
  requireReportViewer(actor);
  const school = await schoolInScope(db, actor, schoolId);
  const report = await cohortReport(db, ref, { schoolId: school.id }, 'group', groupsOfSchool(school.id));
  return { ...report, school: { id: school.id, name: school.name, region_id: school.regionId } };
}

/** A region's report, broken down by its schools. */
export async function regionReport(db: Executor, actor: Actor, regionId: number, ref: TestRef) {
  requireReportViewer(actor);
  const region = await regionInScope(db, actor, regionId);
  const report = await cohortReport(db, ref, { regionId: region.id }, 'school', schoolsOfRegion(region.id));
  return { ...report, region: { id: region.id, name: region.name } };
}

/** The programme-wide report with filters (/exam/report): the cohort the filter names, in the caller's scope. */
export async function filteredReport(db: Executor, actor: Actor, f: ReportFilter) {
  const { cohort, level, within } = await filteredCohort(db, actor, f);
  return cohortReport(db, { examType: f.exam_type, challenge: f.challenge }, cohort, level, within);
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

/** Pre → post: a page of paired learners, the overall change and the change per group. */
export async function prePostReport(db: Executor, actor: Actor, f: PrePostInput) {
  requireReportViewer(actor);
  const { cohort } = await filteredCohort(db, actor, f);
  const [page, overall, byGroup] = await Promise.all([
    prePostPairs(db, cohort, {
      limit: f.limit,
      offset: f.offset,
      order: f.order_by,
      direction: f.order_direction,
      search: pairNameContains(f.search_text),
    }),
    prePostOverall(db, cohort),
    prePostByGroup(db, cohort, prePostGroupsWithin(actor, f)),
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
}
