import { and, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import {
  activitiesInScope,
  childrenInScope,
  groupsInScope,
  isPlatformLevel,
  logsInScope,
  schoolColumnInScope,
  usersInScope,
} from '../auth/scope';
import type { Executor } from '../db/client';
import { countedRows } from '../db/rowCounts';
import { activities, children, courses, groups, logs, schoolQuotas, users } from '../db/schema';

/*
 * The overview's numbers (docs/PRODUCT.md §2 "Admin overview", §3 "Dashboard counts"),
 * each counted by PostgreSQL within the caller's scope (the platform's
 * largest totals read from row_counts, kept exact by triggers): count, group by and
 * date_trunc over indexed columns; no rows are loaded to be counted here.
 */

/** Rows of a raw query on either driver (node-postgres and PGlite both answer { rows }). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Courses in scope: every course for the platform, else the courses of the groups in scope and those the caller made. */
async function courseCount(db: Executor, actor: Actor): Promise<number> {
  if (isPlatformLevel(actor)) return (await db.select({ n: count() }).from(courses))[0].n;
  const scope = groupsInScope(actor);
  const ofGroups = sql`(select ${groups.courseId} from ${groups} where ${scope ?? sql`true`})`;
  return (
    await db
      .select({ n: count() })
      .from(courses)
      .where(or(inArray(courses.id, ofGroups), eq(courses.teacherId, actor.id)))
  )[0].n;
}

/**
 * Approved seats of the schools the caller administers (schoolColumnInScope: every school, the region's, its own);
 * none below the school level, where no school is the caller's.
 */
async function seatCount(db: Executor, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(coalesce(sum(${schoolQuotas.approvedSeats}), 0) as integer)` })
    .from(schoolQuotas)
    .where(schoolColumnInScope(schoolQuotas.schoolId, actor));
  return row.n;
}

/** Activities in scope and those evaluated; the platform's from the counters kept by triggers. */
async function activityCounts(db: Executor, actor: Actor): Promise<{ total: number; evaluated: number }> {
  if (isPlatformLevel(actor)) {
    const counted = await countedRows(db, ['activities', 'activities.evaluated']);
    return { total: counted.activities, evaluated: counted['activities.evaluated'] };
  }
  const [row] = await db
    .select({
      total: count(),
      evaluated: sql<number>`cast(count(*) filter (where ${activities.status} <> 0) as integer)`,
    })
    .from(activities)
    .where(activitiesInScope(actor));
  return row;
}

/** Learners in scope; the platform's from the counter kept by triggers. */
async function childCount(db: Executor, actor: Actor): Promise<number> {
  if (isPlatformLevel(actor)) return (await countedRows(db, ['children'])).children;
  return (await db.select({ n: count() }).from(children).where(childrenInScope(actor)))[0].n;
}

/**
 * POST /dashboard/counts, for every signed-in user: activities (evaluated, pending), groups, courses, learners,
 * teachers, inactive accounts and approved seats, each within the caller's own scope (server/auth/scope.ts).
 */
export async function dashboardCounts(db: Executor, actor: Actor) {
  const [a, [g], courseTotal, students, [u], seats] = await Promise.all([
    activityCounts(db, actor),
    db.select({ n: count() }).from(groups).where(groupsInScope(actor)),
    courseCount(db, actor),
    childCount(db, actor),
    db
      .select({
        teachers: sql<number>`cast(count(*) filter (where ${users.type} = ${USER_TYPE.teacher} and ${users.approved}) as integer)`,
        inactive: sql<number>`cast(count(*) filter (where ${users.removed} <> 0) as integer)`,
      })
      .from(users)
      .where(usersInScope(actor)),
    seatCount(db, actor),
  ]);
  return {
    evaluations: a.total,
    evaluated: a.evaluated,
    pending: a.total - a.evaluated,
    groups: g.n,
    courses: courseTotal,
    students,
    teacher_count: u.teachers,
    course_count: courseTotal,
    non_Active: u.inactive,
    task_count: a.total,
    seat_count: seats,
  };
}

/** The `limit` groups with the most activities in scope, and how many activities the other groups have. */
export async function activitiesPerGroup(db: Executor, actor: Actor, limit: number) {
  const rows = await db
    .select({
      group_id: groups.id,
      group_name: groups.name,
      count: count(),
      total: sql<number>`cast(sum(count(*)) over () as integer)`,
    })
    .from(activities)
    .innerJoin(groups, eq(groups.id, activities.groupId))
    .where(and(activitiesInScope(actor), isNotNull(activities.groupId)))
    .groupBy(groups.id, groups.name)
    .orderBy(desc(count()), groups.id)
    .limit(limit);
  const shown = rows.reduce((n, r) => n + r.count, 0);
  return {
    groups: rows.map(({ group_id, group_name, count: n }) => ({ group_id, group_name, count: n })),
    other: (rows[0]?.total ?? 0) - shown,
  };
}

/** Activities in scope handed in (and of them evaluated) per month, the last `months` months including this one. */
export async function activitiesPerMonth(db: Executor, actor: Actor, months: number) {
  const back = months - 1;
  const start = sql`date_trunc('month', now()) - make_interval(months => ${back}::int)`;
  const perMonth = db
    .select({
      month: sql`date_trunc('month', ${activities.createdAt})`.as('month'),
      n: sql`count(*)`.as('n'),
      evaluated: sql`count(*) filter (where ${activities.status} <> 0)`.as('evaluated'),
    })
    .from(activities)
    .where(and(activitiesInScope(actor), sql`${activities.createdAt} >= ${start}`))
    .groupBy(sql`1`);
  const rows = await rowsOf<{ month: string; count: number; evaluated: number }>(
    db,
    sql`
      select to_char(m.month, 'YYYY-MM') as month, cast(coalesce(c.n, 0) as integer) as count, cast(coalesce(c.evaluated, 0) as integer) as evaluated
      from generate_series(${start}, date_trunc('month', now()), interval '1 month') as m(month)
      left join (${perMonth}) as c on c.month = m.month
      order by m.month`,
  );
  return { months: rows.map((m) => ({ month: m.month, count: Number(m.count), evaluated: Number(m.evaluated) })) };
}

/** Audit log rows the caller's log shows (docs/SCOPE.md "The audit log") per day, the last `days` days including today. */
export async function logsPerDay(db: Executor, actor: Actor, days: number) {
  const back = days - 1;
  const start = sql`date_trunc('day', now()) - make_interval(days => ${back}::int)`;
  const perDay = db
    .select({ day: sql`date_trunc('day', ${logs.createdAt})`.as('day'), n: sql`count(*)`.as('n') })
    .from(logs)
    .where(and(sql`${logs.createdAt} >= ${start}`, logsInScope(actor)))
    .groupBy(sql`1`);
  const rows = await rowsOf<{ day: string; count: number }>(
    db,
    sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, cast(coalesce(c.n, 0) as integer) as count
      from generate_series(${start}, date_trunc('day', now()), interval '1 day') as d(day)
      left join (${perDay}) as c on c.day = d.day
      order by d.day`,
  );
  return { days: rows.map((d) => ({ day: d.day, count: Number(d.count) })) };
}
