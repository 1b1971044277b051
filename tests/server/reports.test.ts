import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { degreeOf } from '../../domain/reports';
import { children, schools } from '../../server/db/schema';
import { createAccount } from './support/activities';
import { PRE, examOf, scoreLearner, seedWorkedScores } from './support/reports';
import { withApp } from './support/withApp';

/**
 * The reports on the worked example of tests/server/support/reports.ts.
 * Pre-test challenge 1, five takers (fluency, flexibility, originality, total):
 *   Yousef 10 6 5 21 · Laila 2 1 0 3 · Omar 4 3 1 8 · Sara 4 2 0 6 · Karim 5 3 4 12
 * fluency:     mean 5,  sample SD 3      (squares 9+1+1+0+25 = 36, /4 = 9)      → above > 6.5,  below < 3.5
 * flexibility: mean 3,  SD √3.5 = 1.87   (9+4+0+1+0 = 14, /4)                  → above > 3.94, below < 2.06
 * originality: mean 2,  SD √5.5 = 2.35   (9+4+1+4+4 = 22, /4)                  → above > 3.17, below < 0.83
 * total:       mean 10, SD √48.5 = 6.96  (121+49+4+16+4 = 194, /4)             → above > 13.48, below < 6.52
 * Drawing A (the demo teacher's group) has Yousef, Omar and Sara; Karim is in Drawing B; all four at
 * Nile school; Laila at Delta school; both schools in Cairo region.
 */
const t = withApp();
let ids: Record<string, number>;

beforeAll(async () => {
  ids = await seedWorkedScores(t.db);
});

const { get, post } = t;
type Measure = {
  measure: string;
  score: number;
  mean: number;
  sd: number;
  max: number;
  takers: number;
  degree: string;
  percentile: number;
};
const firstRow = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows[0];
const byMeasure = (measures: Measure[]) => Object.fromEntries(measures.map((m) => [m.measure, m]));

describe('student report /report/:stu_id/:exam_type', () => {
  it('shows each dimension against every taker of the test, with the label and percentile', async () => {
    const res = await get(`/api/reports/student/${ids.Yousef}/1`, 'family');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      exam_type: 1,
      challenge: null,
      status: 'scored',
      takers: 5,
      test_date: '2026-03-01T09:00:00.000Z',
    });
    expect(r.student).toMatchObject({ id: ids.Yousef, name: 'Yousef', gender: 1, age: 9 });
    const m = byMeasure(r.measures);
    expect(m.fluency).toEqual({
      measure: 'fluency',
      score: 10,
      mean: 5,
      sd: 3,
      max: 10,
      takers: 5,
      degree: 'above',
      percentile: 90,
    });
    expect(m.flexibility).toMatchObject({ score: 6, mean: 3, sd: 1.87, degree: 'above', percentile: 90 });
    expect(m.originality).toMatchObject({ score: 5, mean: 2, sd: 2.35, degree: 'above', percentile: 90 });
    expect(m.total).toMatchObject({ score: 21, mean: 10, sd: 6.96, max: 21, degree: 'above', percentile: 90 });
    expect(r.challenges).toEqual([
      {
        challenge: 1,
        fluency: 10,
        flexibility: 6,
        originality: 5,
        total: 21,
        average: { takers: 5, fluency: 5, flexibility: 3, originality: 2, total: 10 },
      },
    ]);
    expect(r.confirmation).toBeNull();
  });

  it('labels below and average by the half-SD rule, with ties counted half', async () => {
    const laila = byMeasure((await get(`/api/reports/student/${ids.Laila}/1`, 'family')).json().measures);
    expect(laila.fluency).toMatchObject({ score: 2, degree: 'below', percentile: 10 });
    expect(laila.total).toMatchObject({ score: 3, degree: 'below', percentile: 10 });
    const omar = byMeasure((await get(`/api/reports/student/${ids.Omar}/1`, 'teacher')).json().measures);
    // 4 is tied with Sara: (1 lower + ½·2 equal) / 5 = 40 %; 4 is above 3.5, so average
    expect(omar.fluency).toMatchObject({ score: 4, degree: 'average', percentile: 40 });
    expect(omar.flexibility).toMatchObject({ score: 3, degree: 'average', percentile: 60 });
    expect(omar.originality).toMatchObject({ score: 1, degree: 'average', percentile: 50 });
    expect(omar.total).toMatchObject({ score: 8, degree: 'average', percentile: 50 });
    const sara = byMeasure((await get(`/api/reports/student/${ids.Sara}/1`, 'teacher')).json().measures);
    expect(sara.flexibility).toMatchObject({ score: 2, degree: 'below' });
    expect(sara.total).toMatchObject({ score: 6, degree: 'below', percentile: 30 });
  });

  it('says when a test was not taken or is not scored yet', async () => {
    const notTaken = (await get(`/api/reports/student/${ids.Laila}/2`, 'family')).json();
    expect(notTaken).toMatchObject({ status: 'not_taken', measures: [], takers: 3 });
    const [mariam] = await t.db.select().from(children).where(eq(children.name, 'Mariam'));
    await examOf(t.db, mariam.id, 1, 2);
    const notScored = (await get(`/api/reports/student/${mariam.id}/1`, 'admin')).json();
    expect(notScored).toMatchObject({ status: 'not_scored', measures: [] });
  });

  it('answers 404 outside the caller scope, 401 without a token, 400 for a bad exam type', async () => {
    expect((await get(`/api/reports/student/${ids.Omar}/1`, 'family')).statusCode).toBe(404);
    expect((await get(`/api/reports/student/${ids.Laila}/1`, 'teacher')).statusCode).toBe(404);
    expect((await get(`/api/reports/student/${ids.Laila}/1`, 'school')).statusCode).toBe(404);
    expect((await get(`/api/reports/student/${ids.Yousef}/1`, 'school')).statusCode).toBe(200);
    expect((await get(`/api/reports/student/${ids.Laila}/1`, 'region')).statusCode).toBe(200);
    expect((await get(`/api/reports/student/${ids.Yousef}/1`, 'marker')).statusCode).toBe(404);
    expect((await get(`/api/reports/student/999999/1`, 'admin')).statusCode).toBe(404);
    expect((await get(`/api/reports/student/${ids.Yousef}/1`)).statusCode).toBe(401);
    expect((await get(`/api/reports/student/${ids.Yousef}/3`, 'admin')).statusCode).toBe(400);
    expect((await get(`/api/reports/student/abc/1`, 'admin')).statusCode).toBe(400);
  });
});

describe('per challenge and score summary', () => {
  it('POST /answers/test/one/report compares with the takers of that challenge only', async () => {
    // Karim also took challenge 2 alone: the challenge 2 report has one taker, so he is average (nothing to compare)
    await scoreLearner(t.db, ids.Karim, 1, 2, { fluency: 9, flexibility: 5, originality: 2 });
    const one = await post('/api/answers/test/one/report', { student_id: ids.Karim, exam_type: 1 }, 'teacher');
    expect(one.statusCode).toBe(200);
    expect(byMeasure(one.json().measures).fluency).toMatchObject({
      score: 5,
      mean: 5,
      takers: 5,
      degree: 'average',
      percentile: 70,
    });
    const two = (await post('/api/answers/test/two/report', { student_id: ids.Karim, exam_type: 1 }, 'teacher')).json();
    expect(two).toMatchObject({ challenge: 2, takers: 1 });
    expect(byMeasure(two.measures).fluency).toMatchObject({
      score: 9,
      mean: 9,
      sd: null,
      degree: 'average',
      percentile: 50,
    });
    const three = (
      await post('/api/answers/test/three/report', { student_id: ids.Karim, exam_type: 1 }, 'teacher')
    ).json();
    expect(three.status).toBe('not_taken');
    // the whole pre-test now sums both challenges for Karim: 14 fluency against the mean (10+2+4+4+14)/5 = 6.8
    const whole = (await post('/api/answers/studentScore', { student_id: ids.Karim, exam_type: 1 }, 'teacher')).json();
    expect(byMeasure(whole.measures).fluency).toMatchObject({ score: 14, mean: 6.8, percentile: 90 });
    expect(whole.challenges.map((c: { challenge: number }) => c.challenge)).toEqual([1, 2]);
    expect(
      (await post('/api/answers/test/one/report', { student_id: ids.Karim, exam_type: 1 }, 'family')).statusCode,
    ).toBe(404);
    expect((await post('/api/answers/test/one/report', { exam_type: 1 }, 'admin')).statusCode).toBe(400);
    await seedWorkedScores(t.db);
  });
});

describe('group, school and region reports', () => {
  const drawingA = async () => (await firstRow<{ id: number }>(sql`select id from groups where name = 'Drawing A'`)).id;

  it('a group: its learners placed among every taker, its means against the programme', async () => {
    const res = await post(`/api/reports/group/${await drawingA()}`, { exam_type: 1 }, 'teacher');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ takers: 3, programme_takers: 5, challenge: null });
    // Yousef 10, Omar 4, Sara 4: mean 6, SD √12 = 3.46; median 4
    const fluency = r.measures.find((m: { measure: string }) => m.measure === 'fluency');
    expect(fluency).toMatchObject({
      n: 3,
      mean: 6,
      sd: 3.46,
      min: 4,
      max: 10,
      median: 4,
      programme_mean: 5,
      programme_sd: 3,
      above: 1,
      average: 2,
      below: 0,
    });
    // totals 21, 8, 6 against the programme: above 1 (21), average 1 (8), below 1 (6)
    expect(r.measures.find((m: { measure: string }) => m.measure === 'total')).toMatchObject({
      above: 1,
      average: 1,
      below: 1,
      mean: 11.67,
    });
    expect(r.students.map((s: { name: string }) => s.name)).toEqual(['Omar', 'Sara', 'Yousef']);
    expect(byMeasure(r.students[2].measures).total).toMatchObject({ score: 21, degree: 'above', percentile: 90 });
    expect(r.histogram).toEqual([
      { total: 6, count: 1 },
      { total: 8, count: 1 },
      { total: 21, count: 1 },
    ]);
    expect(r.by_challenge).toEqual([
      { challenge: 1, takers: 3, fluency: 6, flexibility: 3.67, originality: 2, total: 11.67 },
    ]);
    expect(r.not_scored).toEqual([]);
  });

  it('the SQL label counts agree with the label rule for every learner', async () => {
    const r = (await post('/api/exam/report', { exam_type: 1 }, 'admin')).json();
    for (const measure of ['fluency', 'flexibility', 'originality', 'total'] as const) {
      const scores = Object.values(PRE).map((s) =>
        measure === 'total' ? s.fluency + s.flexibility + s.originality : s[measure],
      );
      const mean = scores.reduce((a, b) => a + b) / scores.length;
      const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / (scores.length - 1));
      const expected = { above: 0, average: 0, below: 0 };
      for (const s of scores) expected[degreeOf(s, { n: 5, mean, sd })] += 1;
      expect(r.measures.find((m: { measure: string }) => m.measure === measure)).toMatchObject(expected);
    }
  });

  it('answers 404 for a group, school or region outside the scope and 403 without a report permission', async () => {
    const group = await drawingA();
    expect((await post(`/api/reports/group/${group}`, {}, 'family')).statusCode).toBe(403);
    expect((await post(`/api/reports/group/${group}`, {}, 'marker')).statusCode).toBe(403);
    expect((await post(`/api/reports/group/${group}`, {}, 'school')).statusCode).toBe(200);
    expect((await post('/api/reports/group/999999', {}, 'admin')).statusCode).toBe(404);
    const delta = await firstRow<{ id: number }>(sql`select id from schools where name = 'Delta Future School'`);
    expect((await post(`/api/reports/school/${delta.id}`, {}, 'school')).statusCode).toBe(404);
    expect((await post(`/api/reports/school/${delta.id}`, {}, 'teacher')).statusCode).toBe(404);
    const regionRes = await post(`/api/reports/school/${delta.id}`, {}, 'region');
    expect(regionRes.statusCode).toBe(200);
    expect(regionRes.json()).toMatchObject({ takers: 1, school: { name: 'Delta Future School' } });
    expect((await post('/api/reports/region/999999', {}, 'admin')).statusCode).toBe(404);
    expect((await post(`/api/reports/group/${group}`, { exam_type: 'x' }, 'admin')).statusCode).toBe(400);
    expect((await post(`/api/reports/group/${group}`, {})).statusCode).toBe(401);
  });

  it('a school: its groups side by side; a region: its schools', async () => {
    const nile = await firstRow<{ id: number; region_id: number }>(
      sql`select id, region_id from schools where name = 'Nile Creative School'`,
    );
    const school = (await post(`/api/reports/school/${nile.id}`, { exam_type: 1 }, 'school')).json();
    expect(school.takers).toBe(4);
    expect(school.breakdown.level).toBe('group');
    expect(school.breakdown.rows.map((g: { name: string; takers: number }) => [g.name, g.takers])).toEqual([
      ['Drawing A', 3],
      ['Drawing B', 1],
    ]);
    const region = (await post(`/api/reports/region/${nile.region_id}`, { exam_type: 1 }, 'region')).json();
    expect(region.takers).toBe(5);
    expect(region.breakdown).toMatchObject({ level: 'school' });
    expect(
      region.breakdown.rows.map((s: { name: string; takers: number; total: number }) => [s.name, s.takers, s.total]),
    ).toEqual([
      ['Delta Future School', 1, 3],
      ['Nile Creative School', 4, 11.75],
    ]);
  });
});

describe('programme report POST /exam/report', () => {
  it('filters by gender, school, age group and date, with the breakdown one level down', async () => {
    const all = (await post('/api/exam/report', { exam_type: 1 }, 'admin')).json();
    expect(all).toMatchObject({ takers: 5, programme_takers: 5, breakdown: { level: 'region' } });
    const girls = (await post('/api/exam/report', { exam_type: 1, gender: 2 }, 'admin')).json();
    // Laila and Sara: fluency 2 and 4
    expect(girls.takers).toBe(2);
    expect(girls.measures.find((m: { measure: string }) => m.measure === 'fluency')).toMatchObject({
      mean: 3,
      below: 1,
      average: 1,
      above: 0,
    });
    // age at 2026-03-01: Yousef 9, Laila 7, Omar 10, Sara 10, Karim 9 → 9 to 12: four; 6 to 8: Laila
    expect((await post('/api/exam/report', { exam_type: 1, age_group: 3 }, 'admin')).json().takers).toBe(4);
    expect((await post('/api/exam/report', { exam_type: 1, age_group: 2 }, 'admin')).json().takers).toBe(1);
    expect((await post('/api/exam/report', { exam_type: 1, from: '2026-03-02' }, 'admin')).json().takers).toBe(0);
    expect(
      (await post('/api/exam/report', { exam_type: 1, from: '2026-03-01', to: '2026-03-01' }, 'admin')).json().takers,
    ).toBe(5);
    const bad = await post('/api/exam/report', { exam_type: 1, from: '2026-03-05', to: '2026-03-01' }, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ to: 'app.reports.datesReversed' });
    expect((await post('/api/exam/report', { exam_type: 1 }, 'teacher')).statusCode).toBe(403);
    expect((await post('/api/exam/report', { exam_type: 1, school_id: 999999 }, 'admin')).statusCode).toBe(404);
  });
});

describe('pre → post', () => {
  /*
   * Yousef, Omar and Sara took both tests (Laila and Karim only the pre-test).
   * fluency changes 2, 3, 0: mean 1.67, SD √(14/3 ÷ 2) = 1.53, d = 1.09 (large)
   * flexibility 1, 1, 0: mean 0.67, SD 0.58, d = 1.15
   * originality 1, 1, 3: mean 1.67, SD 1.15, d = 1.44
   * total 4, 5, 3: mean 4, SD 1, d = 4
   */
  it('each learner change and, per group, the mean change with its effect size', async () => {
    const res = await post('/api/reports/pre-post', { order_by: 'name', order_direction: 'asc' }, 'admin');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.count).toBe(3);
    expect(r.students.map((s: { name: string }) => s.name)).toEqual(['Omar', 'Sara', 'Yousef']);
    expect(r.students[0].measures.find((m: { measure: string }) => m.measure === 'total')).toEqual({
      measure: 'total',
      pre: 8,
      post: 13,
      change: 5,
    });
    const overall = byMeasure(r.overall.measures);
    expect(r.overall.n).toBe(3);
    expect(overall.fluency).toMatchObject({
      n: 3,
      pre_mean: 6,
      post_mean: 7.67,
      mean_change: 1.67,
      sd_change: 1.53,
      effect_size: 1.09,
      band: 'large',
    });
    expect(overall.flexibility).toMatchObject({ mean_change: 0.67, sd_change: 0.58, effect_size: 1.15 });
    expect(overall.originality).toMatchObject({ mean_change: 1.67, sd_change: 1.15, effect_size: 1.44 });
    expect(overall.total).toMatchObject({ mean_change: 4, sd_change: 1, effect_size: 4, band: 'large' });
    expect(r.groups.map((g: { name: string; n: number }) => [g.name, g.n])).toEqual([['Drawing A', 3]]);
    const sorted = (
      await post('/api/reports/pre-post', { order_by: 'total_change', order_direction: 'desc', limit: 2 }, 'admin')
    ).json();
    expect(sorted.students.map((s: { name: string }) => s.name)).toEqual(['Omar', 'Yousef']);
    expect(sorted.count).toBe(3);
    expect(
      (await post('/api/reports/pre-post', { search_text: 'sar' }, 'admin'))
        .json()
        .students.map((s: { name: string }) => s.name),
    ).toEqual(['Sara']);
  });

  it('is scoped: a family is refused, a school admin of another school sees nobody', async () => {
    expect((await post('/api/reports/pre-post', {}, 'family')).statusCode).toBe(403);
    const teacher = (await post('/api/reports/pre-post', {}, 'teacher')).json();
    expect(teacher.count).toBe(3);
    // Nile school's admin sees its three learners who took both tests
    const nile = (await post('/api/reports/pre-post', {}, 'school')).json();
    expect(nile.students.map((s: { name: string }) => s.name).sort()).toEqual(['Omar', 'Sara', 'Yousef']);
    // Delta school's admin (a school of the same region, where nobody took both tests) sees nobody
    const [delta] = await t.db.select({ id: schools.id }).from(schools).where(eq(schools.name, 'Delta Future School'));
    await createAccount(t.db, 'admin_school', 'delta.admin@demo.test', { schoolId: delta.id });
    const other = await post('/api/reports/pre-post', {}, 'delta.admin@demo.test');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ count: 0, students: [], groups: [], overall: { n: 0 } });
    expect((await post('/api/reports/pre-post', { order_by: 'password' }, 'admin')).statusCode).toBe(400);
  });
});

describe('guest report by its link', () => {
  it("GET /guest-report/{token}: the guest against every taker, nobody else's scores", async () => {
    const reg = await post('/api/temp/register', {});
    expect(reg.statusCode).toBe(201);
    const { student, report_link } = reg.json();
    const tokenPart = report_link.split('/').pop();
    // the guest took pre-test challenge 1 and scored like Omar (total 8 among 6 takers now)
    await scoreLearner(t.db, student.id, 1, 1, { fluency: 4, flexibility: 3, originality: 1 });
    const res = await get(`/api/guest-report/${tokenPart}?exam_type=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const r = res.json();
    expect(r).toMatchObject({ status: 'scored', takers: 6, student: { id: student.id } });
    // totals 21, 3, 8, 6, 12, 8: mean 9.67; the two 8s: (2 below + ½·2 level) / 6 = 50
    expect(byMeasure(r.measures).total).toMatchObject({ score: 8, mean: 9.67, degree: 'average', percentile: 50 });
    expect(r.fluency).toEqual([{ student_id: student.id, score: 4, exam_date: '2026-03-01T09:00:00.000Z' }]);
    expect(r.summary.fluency).toMatchObject({ takers: 6, max: 10, sum: 29 });
    expect(JSON.stringify(r)).not.toContain('Yousef');
    expect((await get(`/api/guest-report/${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await get('/api/guest-report/short')).statusCode).toBe(400);
    await seedWorkedScores(t.db);
  });
});
