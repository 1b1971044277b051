import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_STATUS } from '../../domain/codes';
import {
  AGE_GROUP_YEARS,
  DEGREE_SD_MARGIN,
  MEASURES,
  degreeOf,
  percentileOf,
  round2,
  type Degree,
  type Measure,
} from '../../domain/reports';
import type { Executor } from '../db/client';
import { children, exams, groupMembers, groups, regions, schools, wordScores } from '../db/schema';

/**
 * The report queries (docs/api/reports.md). Every aggregate is computed by
 * PostgreSQL (sum, avg, stddev_samp, rank, cume_dist, percentile_cont,
 * count ... filter) over the stored word scores (word_scores: one row per
 * learner's test and word question); no score row is loaded to be counted
 * here. The statistics rules applied to what SQL returns are in
 * domain/reports.
 *
 * A learner's score in a test (exam type, and optionally one challenge) is
 * the sum over its word questions of each dimension; total = fluency +
 * flexibility + originality. The takers of a test are the learners with at
 * least one scored question in it; they are the base every learner is
 * compared with (the "average of all takers"), whoever asks.
 */

/** Rows of a raw query on either driver (node-postgres and PGlite both answer { rows }). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface TestRef {
  examType: number;
  challenge?: number;
}

/** A "contains" pattern for ilike: % and _ in the text match themselves. */

const col = (measure: Measure | string) => sql.raw(`"${measure}"`);
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Per-learner totals of a test, one row per taker: child_id, fluency,
 * flexibility, originality, total, test_date (when its first scored
 * challenge started).
 */
export const testTotals = (ref: TestRef) => sql`
  select ws.child_id,
    sum(ws.fluency)::int as fluency, sum(ws.flexibility)::int as flexibility, sum(ws.originality)::int as originality,
    (sum(ws.fluency) + sum(ws.flexibility) + sum(ws.originality))::int as total,
    min(e.started_at) as test_date
  from ${wordScores} ws join ${exams} e on e.id = ws.exam_id
  where ws.exam_type = ${ref.examType}${ref.challenge ? sql` and ws.challenge = ${ref.challenge}` : sql``}
  group by ws.child_id`;

// ---------------------------------------------------------------- cohorts

/** Which learners a report is about; conditions on `children` and on the totals `t` (test_date). */
export interface Cohort {
  groupId?: number;
  schoolId?: number;
  regionId?: number;
  gender?: number;
  ageGroup?: number;
  from?: string;
  to?: string;
  /** the caller's scope on children (server/auth/scope.ts childrenInScope) */
  scope?: SQL;
}

export const membersOfGroup = (groupId: number) =>
  sql`(select ${groupMembers.childId} from ${groupMembers} where ${groupMembers.groupId} = ${groupId} and ${groupMembers.status} = ${MEMBER_STATUS.active})`;

/** The SQL condition of a cohort, over `children` and `t`. */
export function cohortCondition(c: Cohort): SQL {
  const parts: SQL[] = [sql`true`];
  if (c.groupId) parts.push(sql`${children.id} in ${membersOfGroup(c.groupId)}`);
  if (c.schoolId) parts.push(sql`${children.schoolId} = ${c.schoolId}`);
  if (c.regionId)
    parts.push(
      sql`${children.schoolId} in (select ${schools.id} from ${schools} where ${schools.regionId} = ${c.regionId})`,
    );
  if (c.gender !== undefined) parts.push(sql`${children.gender} = ${c.gender}`);
  const years = c.ageGroup ? AGE_GROUP_YEARS[c.ageGroup] : null;
  if (years)
    parts.push(
      sql`date_part('year', age(t.test_date::date::timestamp, ${children.birthdate}::timestamp)) between ${years[0]} and ${years[1]}`,
    );
  if (c.from) parts.push(sql`t.test_date::date >= ${c.from}::date`);
  if (c.to) parts.push(sql`t.test_date::date <= ${c.to}::date`);
  if (c.scope) parts.push(c.scope);
  return sql.join(parts, sql` and `);
}

// ---------------------------------------------------------------- distributions

export interface MeasureStats {
  n: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
  sum: number;
}

const statsColumns = sql.join(
  MEASURES.map(
    (m) => sql`
  avg(t.${col(m)})::float8 as ${col(`${m}_mean`)}, stddev_samp(t.${col(m)})::float8 as ${col(`${m}_sd`)},
  min(t.${col(m)}) as ${col(`${m}_min`)}, max(t.${col(m)}) as ${col(`${m}_max`)}, coalesce(sum(t.${col(m)}), 0)::float8 as ${col(`${m}_sum`)}`,
  ),
  sql`,`,
);

const readStats = (row: Record<string, unknown>, n: number): Record<Measure, MeasureStats> =>
  Object.fromEntries(
    MEASURES.map((m) => [
      m,
      {
        n,
        mean: num(row[`${m}_mean`]),
        sd: num(row[`${m}_sd`]),
        min: num(row[`${m}_min`]),
        max: num(row[`${m}_max`]),
        sum: Number(row[`${m}_sum`] ?? 0),
      },
    ]),
  ) as Record<Measure, MeasureStats>;

/** Count, mean, SD, min, max and sum of each measure over the takers of a test (a cohort of them when given). */
export async function distributionOf(
  db: Executor,
  ref: TestRef,
  cohort?: Cohort,
): Promise<Record<Measure, MeasureStats>> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with t as (${testTotals(ref)})
    select count(*)::int as n, ${statsColumns}
    from t join ${children} on ${children.id} = t.child_id
    where ${cohort ? cohortCondition(cohort) : sql`true`}`,
  );
  return readStats(row, Number(row.n));
}

// ---------------------------------------------------------------- learners placed among all takers

export interface Placement {
  score: number;
  /** takers with a lower score, and with the same score (the learner included) */
  below: number;
  equal: number;
}
export interface PlacedLearner {
  childId: number;
  name: string;
  gender: number | null;
  birthdate: string | null;
  testDate: string | null;
  takers: number;
  scores: Record<Measure, Placement>;
}

const rankColumns = sql.join(
  MEASURES.map(
    (m) => sql`
  rank() over (order by t.${col(m)}) as ${col(`${m}_rank`)}, cume_dist() over (order by t.${col(m)}) as ${col(`${m}_cume`)}`,
  ),
  sql`,`,
);

/**
 * Learners placed among every taker of the test: their scores with the
 * number of takers below and level with them (rank() − 1 and
 * cume_dist()·n − below), for the percentile of domain/reports.
 */
export async function placementsOf(
  db: Executor,
  ref: TestRef,
  where: SQL,
  order: SQL = sql`${children.name}, ${children.id}`,
): Promise<PlacedLearner[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with t as (${testTotals(ref)}),
    r as (select t.*, count(*) over () as takers, ${rankColumns} from t)
    select t.*, ${children.name} as name, ${children.gender} as gender, ${children.birthdate}::text as birthdate
    from r t join ${children} on ${children.id} = t.child_id
    where ${where}
    order by ${order}`,
  );
  return rows.map(placedLearner);
}

function placedLearner(row: Record<string, unknown>): PlacedLearner {
  const takers = Number(row.takers);
  return {
    childId: Number(row.child_id),
    name: String(row.name),
    gender: num(row.gender),
    birthdate: (row.birthdate as string | null) ?? null,
    testDate: row.test_date ? new Date(row.test_date as string).toISOString() : null,
    takers,
    scores: Object.fromEntries(
      MEASURES.map((m) => {
        const below = Number(row[`${m}_rank`]) - 1;
        const atOrBelow = Math.round(Number(row[`${m}_cume`]) * takers);
        return [m, { score: Number(row[m]), below, equal: atOrBelow - below }];
      }),
    ) as Record<Measure, Placement>,
  };
}

/** A measure of a learner as reports show it: score, the takers' mean, SD and maximum, label and percentile. */
export function compared(placement: Placement, stats: MeasureStats) {
  return {
    score: placement.score,
    mean: round2(stats.mean),
    sd: round2(stats.sd),
    max: stats.max,
    takers: stats.n,
    degree: degreeOf(placement.score, stats) as Degree,
    percentile: percentileOf(placement.below, placement.equal, stats.n),
  };
}
export type Compared = ReturnType<typeof compared>;

// ---------------------------------------------------------------- cohort summaries

export interface CohortSummary {
  n: number;
  stats: Record<Measure, MeasureStats & { median: number | null; p25: number | null; p75: number | null }>;
  /** learners of the cohort above, level with and below the programme's takers (domain/reports degreeOf, counted in SQL) */
  degrees: Record<Measure, Record<Degree, number>>;
}

/**
 * A cohort's distribution, quartiles and how many of its learners are
 * above / average / below against the programme (every taker of the test).
 * The label rule is domain/reports degreeOf, written here as SQL counts
 * with the same margin and strict comparisons (checked equal in the tests).
 */
export async function cohortSummary(
  db: Executor,
  ref: TestRef,
  cohort: Cohort,
  programme: Record<Measure, MeasureStats>,
): Promise<CohortSummary> {
  const quartiles = sql.join(
    MEASURES.map(
      (m) => sql`
    percentile_cont(0.5) within group (order by t.${col(m)})::float8 as ${col(`${m}_median`)},
    percentile_cont(0.25) within group (order by t.${col(m)})::float8 as ${col(`${m}_p25`)},
    percentile_cont(0.75) within group (order by t.${col(m)})::float8 as ${col(`${m}_p75`)}`,
    ),
    sql`,`,
  );
  const degreeCounts = sql.join(
    MEASURES.map((m) => {
      const p = programme[m];
      const spread = p.n >= 2 && p.mean !== null && p.sd !== null && p.sd > 0;
      if (!spread) {
        return sql`0 as ${col(`${m}_above`)}, count(*)::int as ${col(`${m}_average`)}, 0 as ${col(`${m}_below`)}`;
      }
      const hi = p.mean! + DEGREE_SD_MARGIN * p.sd!;
      const lo = p.mean! - DEGREE_SD_MARGIN * p.sd!;
      return sql`
      count(*) filter (where t.${col(m)} > ${hi}::float8)::int as ${col(`${m}_above`)},
      count(*) filter (where t.${col(m)} between ${lo}::float8 and ${hi}::float8)::int as ${col(`${m}_average`)},
      count(*) filter (where t.${col(m)} < ${lo}::float8)::int as ${col(`${m}_below`)}`;
    }),
    sql`,`,
  );
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with t as (${testTotals(ref)})
    select count(*)::int as n, ${statsColumns}, ${quartiles}, ${degreeCounts}
    from t join ${children} on ${children.id} = t.child_id
    where ${cohortCondition(cohort)}`,
  );
  const n = Number(row.n);
  const base = readStats(row, n);
  return {
    n,
    stats: Object.fromEntries(
      MEASURES.map((m) => [
        m,
        {
          ...base[m],
          median: round2(num(row[`${m}_median`])),
          p25: round2(num(row[`${m}_p25`])),
          p75: round2(num(row[`${m}_p75`])),
        },
      ]),
    ) as CohortSummary['stats'],
    degrees: Object.fromEntries(
      MEASURES.map((m) => [
        m,
        {
          above: Number(row[`${m}_above`]),
          average: Number(row[`${m}_average`]),
          below: Number(row[`${m}_below`]),
        },
      ]),
    ) as CohortSummary['degrees'],
  };
}

/** How many takers of the cohort reached each total score (a bar chart of the distribution). */
export async function totalHistogram(
  db: Executor,
  ref: TestRef,
  cohort: Cohort,
): Promise<{ total: number; count: number }[]> {
  const rows = await rowsOf<{ total: number; count: number }>(
    db,
    sql`
    with t as (${testTotals(ref)})
    select t.total, count(*)::int as count
    from t join ${children} on ${children.id} = t.child_id
    where ${cohortCondition(cohort)}
    group by t.total order by t.total`,
  );
  return rows.map((r) => ({ total: Number(r.total), count: Number(r.count) }));
}

/** Means of a cohort per challenge of the exam type. */
export async function byChallenge(db: Executor, examType: number, cohort: Cohort) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with t as (
      select ws.child_id, ws.challenge, sum(ws.fluency)::int as fluency, sum(ws.flexibility)::int as flexibility,
        sum(ws.originality)::int as originality, (sum(ws.fluency) + sum(ws.flexibility) + sum(ws.originality))::int as total,
        min(e.started_at) as test_date
      from ${wordScores} ws join ${exams} e on e.id = ws.exam_id
      where ws.exam_type = ${examType}
      group by ws.child_id, ws.challenge)
    select t.challenge, count(*)::int as n, ${statsColumns}
    from t join ${children} on ${children.id} = t.child_id
    where ${cohortCondition(cohort)}
    group by t.challenge order by t.challenge`,
  );
  return rows.map((r) => ({ challenge: Number(r.challenge), ...meansOf(r) }));
}

const meansOf = (row: Record<string, unknown>) => ({
  takers: Number(row.n),
  ...(Object.fromEntries(MEASURES.map((m) => [m, round2(num(row[`${m}_mean`]))])) as Record<Measure, number | null>),
});

export type BreakdownLevel = 'region' | 'school' | 'group';

/**
 * A cohort's means by region, school or group (each with its number of
 * takers); `within` restricts the groups or schools listed (the caller's scope).
 */
export async function breakdown(db: Executor, ref: TestRef, cohort: Cohort, level: BreakdownLevel, within?: SQL) {
  const unit = {
    region: {
      id: sql`${regions.id}`,
      name: sql`${regions.name}`,
      join: sql`join ${schools} on ${schools.id} = ${children.schoolId} join ${regions} on ${regions.id} = ${schools.regionId}`,
    },
    school: {
      id: sql`${schools.id}`,
      name: sql`${schools.name}`,
      join: sql`join ${schools} on ${schools.id} = ${children.schoolId}`,
    },
    group: {
      id: sql`${groups.id}`,
      name: sql`${groups.name}`,
      join: sql`join ${groupMembers} on ${groupMembers.childId} = ${children.id} and ${groupMembers.status} = ${MEMBER_STATUS.active} join ${groups} on ${groups.id} = ${groupMembers.groupId}`,
    },
  }[level];
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with t as (${testTotals(ref)})
    select ${unit.id} as id, ${unit.name} as name, count(*)::int as n, ${statsColumns}
    from t join ${children} on ${children.id} = t.child_id ${unit.join}
    where ${cohortCondition(cohort)} and ${within ?? sql`true`}
    group by ${unit.id}, ${unit.name} order by ${unit.name}, ${unit.id}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), ...meansOf(r) }));
}

// ---------------------------------------------------------------- pre → post

const changeColumns = (prefix: string) =>
  sql.join(
    MEASURES.map(
      (m) => sql`
  avg(p.${col(`${m}_change`)})::float8 as ${col(`${prefix}${m}_mean_change`)},
  stddev_samp(p.${col(`${m}_change`)})::float8 as ${col(`${prefix}${m}_sd_change`)},
  avg(p.${col(`${m}_pre`)})::float8 as ${col(`${prefix}${m}_pre_mean`)},
  avg(p.${col(`${m}_post`)})::float8 as ${col(`${prefix}${m}_post_mean`)}`,
    ),
    sql`,`,
  );

/** Learners with both a pre-test and a post-test score: each measure before, after and its change. */
const pairsSql = (cohort: Cohort) => sql`
  with pre as (${testTotals({ examType: 1 })}), post as (${testTotals({ examType: 2 })}),
  p as (
    select ${children.id} as child_id, ${children.name} as name,
      ${sql.join(
        MEASURES.map(
          (m) =>
            sql`pre.${col(m)} as ${col(`${m}_pre`)}, post.${col(m)} as ${col(`${m}_post`)}, post.${col(m)} - pre.${col(m)} as ${col(`${m}_change`)}`,
        ),
        sql`,`,
      )}
    from pre join post on post.child_id = pre.child_id
    join ${children} on ${children.id} = pre.child_id
    cross join lateral (select pre.test_date) as t(test_date)
    where ${cohortCondition(cohort)})`;

export interface PairRow {
  childId: number;
  name: string;
  measures: Record<Measure, { pre: number; post: number; change: number }>;
}

/** A page of learners' pre → post changes, with the number of learners in all. */
export async function prePostPairs(
  db: Executor,
  cohort: Cohort,
  page: {
    limit: number;
    offset: number;
    order: 'name' | 'id' | 'total_change';
    direction: 'asc' | 'desc';
    search?: SQL;
  },
) {
  const orderColumn = { name: sql`p.name`, id: sql`p.child_id`, total_change: sql`p.total_change` }[page.order];
  const direction = sql.raw(page.direction);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    ${pairsSql(cohort)}
    select p.*, count(*) over ()::int as full_count from p
    where ${page.search ?? sql`true`}
    order by ${orderColumn} ${direction}, p.child_id ${direction}
    limit ${page.limit} offset ${page.offset}`,
  );
  return {
    count: Number(rows[0]?.full_count ?? 0),
    rows: rows.map((r): PairRow => ({
      childId: Number(r.child_id),
      name: String(r.name),
      measures: Object.fromEntries(
        MEASURES.map((m) => [
          m,
          { pre: Number(r[`${m}_pre`]), post: Number(r[`${m}_post`]), change: Number(r[`${m}_change`]) },
        ]),
      ) as PairRow['measures'],
    })),
  };
}

export interface ChangeStats {
  n: number;
  measures: Record<
    Measure,
    { meanChange: number | null; sdChange: number | null; preMean: number | null; postMean: number | null }
  >;
}

const readChanges = (row: Record<string, unknown>, prefix = ''): ChangeStats => ({
  n: Number(row[`${prefix}n`] ?? 0),
  measures: Object.fromEntries(
    MEASURES.map((m) => [
      m,
      {
        meanChange: num(row[`${prefix}${m}_mean_change`]),
        sdChange: num(row[`${prefix}${m}_sd_change`]),
        preMean: num(row[`${prefix}${m}_pre_mean`]),
        postMean: num(row[`${prefix}${m}_post_mean`]),
      },
    ]),
  ) as ChangeStats['measures'],
});

/** The mean change and the SD of the changes of every pair in the cohort. */
export async function prePostOverall(db: Executor, cohort: Cohort): Promise<ChangeStats> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`${pairsSql(cohort)} select count(*)::int as n, ${changeColumns('')} from p`,
  );
  return readChanges(row);
}

/** The same per group (active members), for the groups `within` allows. */
export async function prePostByGroup(db: Executor, cohort: Cohort, within?: SQL) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    ${pairsSql(cohort)}
    select ${groups.id} as id, ${groups.name} as name, count(*)::int as n, ${changeColumns('')}
    from p join ${groupMembers} on ${groupMembers.childId} = p.child_id and ${groupMembers.status} = ${MEMBER_STATUS.active}
    join ${groups} on ${groups.id} = ${groupMembers.groupId}
    where ${within ?? sql`true`}
    group by ${groups.id}, ${groups.name} order by ${groups.name}, ${groups.id}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), ...readChanges(r) }));
}
