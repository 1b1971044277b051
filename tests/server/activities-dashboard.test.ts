import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  children,
  courses,
  groups,
  logs,
  regions,
  roles,
  schoolQuotas,
  schools,
  rolePermissions,
  permissions,
  users,
} from '../../server/db/schema';
import { createAccount, createChild, createGroup } from './support/activities';
import { withApp } from './support/withApp';

/** The overview (docs/PRODUCT.md §2 "Admin overview"): counted by PostgreSQL, within the caller's scope. */
const t = withApp();
let schoolGroup: number;
/** the school admin's numbers before this file's activities (the demo data has some) */
let before: { counts: Record<string, number>; months: { month: string; count: number; evaluated: number }[] };

const { post } = t;
const n = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
/**
 * A day or month as the database sees it (to_char in the session's time zone), as the series are
 * computed: a date from this process's clock (UTC) differs from it near midnight wherever the server's
 * time zone is not UTC.
 */
const databaseText = async (expression: SQL) =>
  ((await t.db.execute(sql`select ${expression} as v`)) as unknown as { rows: { v: string }[] }).rows[0].v;

beforeAll(async () => {
  // the school admin reads the overview too
  const [perm] = await t.db.select().from(permissions).where(eq(permissions.name, 'access_dashboard'));
  const [role] = await t.db.select().from(roles).where(eq(roles.name, 'admin_school'));
  await t.db.insert(rolePermissions).values({ roleId: role.id, permissionId: perm.id });
  before = {
    counts: (await post('/api/dashboard/counts', {}, 'school')).json(),
    months: (await post('/api/dashboard/evaluations/month/count', {}, 'school')).json().months,
  };
  const family = await t.userId('family');
  const teacher = await t.userId('teacher');
  const teacher2 = await createAccount(t.db, 'teacher', 'teacher2@dash.test');
  const [{ schoolId }] = await t.db
    .execute(sql`select school_id as "schoolId" from users where email = 'school@demo.test'`)
    .then((r) => (r as unknown as { rows: { schoolId: number }[] }).rows);
  const a = await createChild(t.db, family, 'Dana', { schoolId });
  const b = await createChild(t.db, family, 'Hadi');
  schoolGroup = (await createGroup(t.db, teacher, 'Dash school group', [a], { schoolId })).id;
  const other = (await createGroup(t.db, teacher2, 'Dash other group', [b])).id;
  const monthsAgo = (m: number) => sql`now() - make_interval(months => ${m}::int)`;
  await t.db.insert(activities).values([
    { childId: a, groupId: schoolGroup, title: 'now 1', status: 0 },
    { childId: a, groupId: schoolGroup, title: 'now 2', status: 1 },
    { childId: a, groupId: schoolGroup, title: 'two months ago', status: 2, createdAt: monthsAgo(2) as never },
    { childId: b, groupId: other, title: 'other 1', status: 3 },
    { childId: b, groupId: other, title: 'other 2', status: 0, createdAt: monthsAgo(14) as never },
  ]);
});

describe('POST /dashboard/counts', () => {
  it('counts evaluations, groups, courses and students of the whole platform for the admin', async () => {
    const res = await post('/api/dashboard/counts', {}, 'admin');
    expect(res.statusCode).toBe(200);
    const total = await n(t.db.select({ n: count() }).from(activities));
    const pending = await n(t.db.select({ n: count() }).from(activities).where(eq(activities.status, 0)));
    expect(res.json()).toMatchObject({
      evaluations: total,
      task_count: total,
      pending,
      evaluated: total - pending,
      groups: await n(t.db.select({ n: count() }).from(groups)),
      courses: await n(t.db.select({ n: count() }).from(courses)),
      course_count: await n(t.db.select({ n: count() }).from(courses)),
      students: await n(t.db.select({ n: count() }).from(children)),
      teacher_count: await n(
        t.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.type, 1), eq(users.approved, true))),
      ),
      non_Active: await n(
        t.db
          .select({ n: count() })
          .from(users)
          .where(sql`${users.removed} <> 0`),
      ),
    });
  });

  it("counts only the school's for a school admin", async () => {
    const res = await post('/api/dashboard/counts', {}, 'school');
    expect(res.statusCode).toBe(200);
    const c = before.counts;
    expect(res.json()).toMatchObject({
      evaluations: c.evaluations + 3,
      pending: c.pending + 1,
      evaluated: c.evaluated + 2,
      groups: c.groups + 1,
      courses: c.courses + 1,
      students: c.students + 1,
    });
  });

  it('refuses the charts to users without access_dashboard; the counts answer every signed-in user', async () => {
    for (const who of ['teacher', 'family']) {
      for (const path of ['evaluations/groups/count', 'evaluations/month/count', 'logs/count']) {
        expect((await post(`/api/dashboard/${path}`, {}, who)).statusCode).toBe(403);
      }
      expect((await post('/api/dashboard/counts', {}, who)).statusCode).toBe(200);
    }
    expect((await t.inject({ method: 'POST', url: '/api/dashboard/counts' })).statusCode).toBe(401);
  });

  /** Approved seats summed over the schools that `where` picks. */
  const seatsWhere = async (where?: SQL) =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`coalesce(sum(${schoolQuotas.approvedSeats}), 0)` })
          .from(schoolQuotas)
          .innerJoin(schools, eq(schools.id, schoolQuotas.schoolId))
          .where(where)
      )[0].n,
    );
  const placeOf = async (who: string) =>
    (
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `${who}@demo.test`))
    )[0];

  it("gives the platform every seat, a region its schools' seats, a school its own (seat_count)", async () => {
    const region = await placeOf('region');
    const school = await placeOf('school');
    // a school outside the demo region, with seats of its own: counted for the platform only
    const [elsewhere] = await t.db.insert(regions).values({ name: 'Dash other region' }).returning();
    const [outside] = await t.db
      .insert(schools)
      .values({ name: 'Dash outside school', regionId: elsewhere.id })
      .returning();
    await t.db.insert(schoolQuotas).values({ schoolId: outside.id, approvedSeats: 37 });
    const all = await seatsWhere();
    const ofRegion = await seatsWhere(eq(schools.regionId, region.regionId!));
    const ofSchool = await seatsWhere(eq(schools.id, school.schoolId!));
    expect(ofSchool).toBeGreaterThan(0);
    expect(ofRegion).toBeGreaterThanOrEqual(ofSchool);
    expect(all).toBeGreaterThanOrEqual(ofRegion + 37);
    expect((await post('/api/dashboard/counts', {}, 'admin')).json().seat_count).toBe(all);
    expect((await post('/api/dashboard/counts', {}, 'region')).json().seat_count).toBe(ofRegion);
    expect((await post('/api/dashboard/counts', {}, 'school')).json().seat_count).toBe(ofSchool);
    for (const who of ['teacher', 'family', 'marker'])
      expect((await post('/api/dashboard/counts', {}, who)).json().seat_count).toBe(0);
  });

  it("counts a school admin's teachers and inactive members of its school only", async () => {
    const school = await placeOf('school');
    const inSchool = and(eq(users.schoolId, school.schoolId!));
    const teachers = await n(
      t.db
        .select({ n: count() })
        .from(users)
        .where(and(inSchool, eq(users.type, 1), eq(users.approved, true))),
    );
    const inactive = await n(
      t.db
        .select({ n: count() })
        .from(users)
        .where(and(inSchool, sql`${users.removed} <> 0`)),
    );
    const counts = (await post('/api/dashboard/counts', {}, 'school')).json();
    expect(counts).toMatchObject({ teacher_count: teachers, non_Active: inactive });
    expect(teachers).toBeGreaterThan(0);
    // an inactive teacher outside the school is not counted; one inside is
    const outsider = await createAccount(t.db, 'teacher', 'dash-out@dash.test');
    await t.db.update(users).set({ removed: 1 }).where(eq(users.id, outsider));
    expect((await post('/api/dashboard/counts', {}, 'school')).json().non_Active).toBe(inactive);
    const insider = await createAccount(t.db, 'teacher', 'dash-in@dash.test');
    await t.db.update(users).set({ removed: 1, schoolId: school.schoolId }).where(eq(users.id, insider));
    expect((await post('/api/dashboard/counts', {}, 'school')).json().non_Active).toBe(inactive + 1);
  });

  it("counts a teacher's own groups, courses and tasks, not another teacher's", async () => {
    const teacher = await t.userId('teacher');
    const own = await t.db.select().from(groups).where(eq(groups.teacherId, teacher));
    const tasks = await n(
      t.db
        .select({ n: count() })
        .from(activities)
        .where(
          sql`${activities.groupId} in (select ${groups.id} from ${groups} where ${groups.teacherId} = ${teacher})`,
        ),
    );
    const courseIds = new Set([
      ...own.map((g) => g.courseId),
      ...(await t.db.select({ id: courses.id }).from(courses).where(eq(courses.teacherId, teacher))).map((c) => c.id),
    ]);
    const counts = (await post('/api/dashboard/counts', {}, 'teacher')).json();
    expect(counts).toMatchObject({
      groups: own.length,
      task_count: tasks,
      evaluations: tasks,
      course_count: courseIds.size,
      teacher_count: 1,
      seat_count: 0,
    });
    // the other teacher's group (two activities, from beforeAll) is in none of them
    const whole = await n(t.db.select({ n: count() }).from(activities));
    expect(counts.task_count).toBeLessThan(whole);
    const other = await t.signIn('teacher2@dash.test');
    expect((await post('/api/dashboard/counts', {}, other)).json()).toMatchObject({
      groups: 1,
      task_count: 2,
      students: 1,
    });
  });

  it('counts a family its own children and their tasks', async () => {
    const family = await t.userId('family');
    const own = await n(t.db.select({ n: count() }).from(children).where(eq(children.parentId, family)));
    const counts = (await post('/api/dashboard/counts', {}, 'family')).json();
    expect(counts).toMatchObject({ students: own, teacher_count: 0, seat_count: 0 });
  });
});

describe('series', () => {
  it('activities per group, largest first, the rest as other', async () => {
    const res = await post('/api/dashboard/evaluations/groups/count', { limit: 50 }, 'admin');
    expect(res.statusCode).toBe(200);
    const perGroup = await t.db
      .select({ group_id: activities.groupId, count: count() })
      .from(activities)
      .where(sql`${activities.groupId} is not null`)
      .groupBy(activities.groupId);
    const rows = res.json().groups as { group_id: number; count: number }[];
    expect(rows.map((r) => [r.group_id, r.count]).sort()).toEqual(perGroup.map((r) => [r.group_id, r.count]).sort());
    expect(rows.map((r) => r.count)).toEqual([...rows.map((r) => r.count)].sort((x, y) => y - x));
    expect(rows.find((r) => r.group_id === schoolGroup)).toEqual({
      group_id: schoolGroup,
      group_name: 'Dash school group',
      count: 3,
    });
    expect(res.json().other).toBe(0);
    const top = await post('/api/dashboard/evaluations/groups/count', { limit: 1 }, 'admin');
    expect(top.json().groups).toEqual([rows[0]]);
    expect(top.json().other).toBe(rows.slice(1).reduce((s2, r) => s2 + r.count, 0));
    const school = (await post('/api/dashboard/evaluations/groups/count', {}, 'school')).json();
    const schoolOf = new Map(
      (await t.db.select({ id: groups.id, schoolId: groups.schoolId }).from(groups)).map((g) => [g.id, g.schoolId]),
    );
    expect(new Set(school.groups.map((g: { group_id: number }) => schoolOf.get(g.group_id)))).toEqual(
      new Set([schoolOf.get(schoolGroup)]),
    );
    expect(school.groups.find((g: { group_id: number }) => g.group_id === schoolGroup)).toMatchObject({ count: 3 });
    expect((await post('/api/dashboard/evaluations/groups/count', { limit: 0 }, 'admin')).statusCode).toBe(400);
  });

  it('activities per month: every month of the window, zero-filled, oldest first', async () => {
    const res = await post('/api/dashboard/evaluations/month/count', { months: 12 }, 'school');
    expect(res.statusCode).toBe(200);
    const months = res.json().months as { month: string; count: number; evaluated: number }[];
    expect(months).toHaveLength(12);
    const thisMonth = await databaseText(sql`to_char(now(), 'YYYY-MM')`);
    const twoAgo = await databaseText(sql`to_char(now() - interval '2 months', 'YYYY-MM')`);
    const delta = months.map((m, i) => ({
      month: m.month,
      count: m.count - before.months[i].count,
      evaluated: m.evaluated - before.months[i].evaluated,
    }));
    expect(delta.at(-1)).toEqual({ month: thisMonth, count: 2, evaluated: 1 });
    expect(delta.find((m) => m.month === twoAgo)).toEqual({ month: twoAgo, count: 1, evaluated: 1 });
    expect(delta.reduce((s2, m) => s2 + m.count, 0)).toBe(3);
    expect([...months].map((m) => m.month).sort()).toEqual(months.map((m) => m.month));
    // fourteen months back is outside a year, inside two
    const admin12 = (await post('/api/dashboard/evaluations/month/count', {}, 'admin')).json().months;
    const admin24 = (await post('/api/dashboard/evaluations/month/count', { months: 24 }, 'admin')).json().months;
    const sum = (ms: { count: number }[]) => ms.reduce((s, m) => s + m.count, 0);
    expect(sum(admin24) - sum(admin12)).toBe(1);
    expect((await post('/api/dashboard/evaluations/month/count', { months: 99 }, 'admin')).statusCode).toBe(400);
  });

  it('interactions per day from the log, zero-filled', async () => {
    await post('/api/feedback/add', { message: 'one more interaction' }, 'admin');
    const res = await post('/api/dashboard/logs/count', { days: 7 }, 'admin');
    expect(res.statusCode).toBe(200);
    const days = res.json().days as { day: string; count: number }[];
    expect(days).toHaveLength(7);
    const today = await n(
      t.db
        .select({ n: count() })
        .from(logs)
        .where(sql`${logs.createdAt} >= date_trunc('day', now())`),
    );
    expect(days.at(-1)).toEqual({ day: await databaseText(sql`to_char(now(), 'YYYY-MM-DD')`), count: today });
    expect(today).toBeGreaterThan(0);
    expect((await post('/api/dashboard/logs/count', { days: 'x' }, 'admin')).json().errors).toEqual({
      days: 'app.validation.invalidNumber',
    });
  });
});
