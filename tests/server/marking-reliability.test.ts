import ExcelJS from 'exceljs';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  children,
  examFiles,
  exams,
  examSubmissions,
  imageMarks,
  markingAssignments,
  permissions,
  schools,
  userPermissions,
} from '../../server/db/schema';
import { newCode } from '../../server/repositories/marking';
import { RELIABILITY_MARKERS, RELIABILITY_TESTS } from '../../server/seed/reliability';
import { withApp } from './support/withApp';

/**
 * Marker reliability (docs/api/marking.md "Marker reliability", docs/RELIABILITY.md): the cohorts, a cohort's report
 * and its workbook, for admin_neomi only, within the caller's scope. A small cohort built here is worked by hand.
 */
const t = withApp();

interface Report {
  cohort: { id: string; double_marked: number };
  double_marked: number;
  criteria: {
    key: string;
    tests: number;
    drawings: number;
    exact: number | null;
    icc: { value: number; lower: number; upper: number } | null;
    kappa_quadratic: { value: number; se: number } | null;
    kappa_linear: { value: number } | null;
  }[];
  markers: {
    name: string;
    tests: number;
    criteria: { key: string; mean_deviation: number | null; flagged: boolean }[];
    flagged: boolean;
  }[];
}

/** The hand-worked cohort: post-test challenge 3, started in October 2025 (academic year 2025/26). */
const HAND = '2-3-2025';
const who: Record<'mona' | 'salma' | 'tarek', number> = { mona: 0, salma: 0, tarek: 0 };

/**
 * Three tests of Delta Future School learners, one drawing each, marked twice. Originality (round 1, round 2):
 * T1 Mona 3 / Salma 2, T2 Salma 1 / Tarek 1, T3 Tarek 0 / Mona 1; every other item 1 in every marking.
 */
beforeAll(async () => {
  who.mona = await t.userId('marker');
  who.salma = await t.userId(RELIABILITY_MARKERS[0].email);
  who.tarek = await t.userId(RELIABILITY_MARKERS[1].email);
  const [delta] = await t.db.select().from(schools).where(eq(schools.name, 'Delta Future School'));
  const learners = await t.db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.schoolId, delta.id), isNull(children.parentId)))
    .orderBy(asc(children.id))
    .limit(3);
  const plan: [number, keyof typeof who, number][][] = [
    [
      [1, 'mona', 3],
      [2, 'salma', 2],
    ],
    [
      [1, 'salma', 1],
      [2, 'tarek', 1],
    ],
    [
      [1, 'tarek', 0],
      [2, 'mona', 1],
    ],
  ];
  for (const [i, learner] of learners.entries()) {
    const startedAt = new Date(`2025-10-${10 + i}T09:00:00Z`);
    const [exam] = await t.db
      .insert(exams)
      .values({
        childId: learner.id,
        examType: 2,
        challenge: 3,
        startedAt,
        durationSeconds: 1800,
        finishedAt: new Date(startedAt.getTime() + 1_000_000),
      })
      .returning();
    const [sub] = await t.db
      .insert(examSubmissions)
      .values({ examId: exam.id, stage: 1, submissionKey: `hand-${exam.id}` })
      .returning();
    const [file] = await t.db
      .insert(examFiles)
      .values({ kind: 'image', name: `hand-${exam.id}.png`, submissionId: sub.id, childId: learner.id, drawn: true })
      .returning();
    for (const [round, marker, originality] of plan[i]) {
      const [a] = await t.db
        .insert(markingAssignments)
        .values({
          examId: exam.id,
          markerId: who[marker],
          round,
          code: newCode(),
          status: 'finished',
          finishedAt: new Date(startedAt.getTime() + round * 86_400_000),
        })
        .returning();
      await t.db
        .insert(imageMarks)
        .values({ assignmentId: a.id, fileId: file.id, scores: { originality, elaboration: 1, closure: 1, title: 1 } });
    }
  }
});

const report = async (cohort: string, as = 'admin') =>
  t.get(`/api/marking/reliability?cohort=${encodeURIComponent(cohort)}`, as);

describe('marker reliability', () => {
  it('lists the cohorts of double-marked tests, the demo’s pre-test challenge 3 among them', async () => {
    const res = await t.get('/api/marking/reliability/cohorts', 'admin');
    expect(res.statusCode).toBe(200);
    const cohorts: {
      id: string;
      exam_type: number;
      challenge: number;
      year: number;
      label: string;
      double_marked: number;
    }[] = res.json().cohorts;
    expect(cohorts.find((c) => c.id === HAND)).toEqual({
      id: HAND,
      exam_type: 2,
      challenge: 3,
      year: 2025,
      label: '2025/26',
      double_marked: 3,
    });
    // the demo's tests marked twice, in one or two academic years (they were started over the last weeks)
    const demoCohorts = cohorts.filter((c) => c.exam_type === 1 && c.challenge === 3);
    expect(demoCohorts.reduce((s, c) => s + c.double_marked, 0)).toBe(RELIABILITY_TESTS);
  });

  it('reports the hand-worked cohort: ICC 5/7, quadratic kappa 0.625, and each marker against the others', async () => {
    const res = await report(HAND);
    expect(res.statusCode).toBe(200);
    const body: Report = res.json();
    expect(body.cohort).toMatchObject({ id: HAND, double_marked: 3 });
    const originality = body.criteria.find((c) => c.key === 'originality')!;
    // pairs (3,2), (1,1), (0,1): BMS 13/6, JMS 0, EMS 1/2, ICC = (13/6 − 1/2) / (13/6 + 1/2 − 1/3) = 5/7
    expect(originality).toMatchObject({ tests: 3, drawings: 3 });
    expect(originality.exact).toBeCloseTo(1 / 3, 10);
    expect(originality.icc!.value).toBeCloseTo(5 / 7, 10);
    // p_o = 25/27, p_e = 65/81 with weights 1 − (i − j)²/9: κ = (75 − 65) / (81 − 65) = 0.625
    expect(originality.kappa_quadratic!.value).toBeCloseTo(0.625, 10);
    // the drawing total is originality + 3: the same ICC and, with weights over 0–10, the same kappa
    const total = body.criteria.find((c) => c.key === 'total')!;
    expect(total.icc!.value).toBeCloseTo(5 / 7, 10);
    expect(total.kappa_quadratic!.value).toBeCloseTo(0.625, 10);
    // elaboration: 1 everywhere, nothing varies: not defined, scored alike on every drawing
    expect(body.criteria.find((c) => c.key === 'elaboration')).toMatchObject({
      exact: 1,
      icc: null,
      kappa_quadratic: null,
    });
    // Mona: 3 − 2 = +1 and 1 − 0 = +1 → +1; Salma: 2 − 3 = −1 and 1 − 1 = 0 → −0.5; Tarek: 1 − 1 = 0, 0 − 1 = −1 → −0.5
    const mean = (name: string) =>
      body.markers.find((m) => m.name === name)!.criteria.find((c) => c.key === 'originality')!.mean_deviation;
    expect(mean('Mona Marker')).toBeCloseTo(1, 10);
    expect(mean('Salma Marker')).toBeCloseTo(-0.5, 10);
    expect(mean('Tarek Marker')).toBeCloseTo(-0.5, 10);
    // two tests each, fewer than the five the drift rule needs: nobody is flagged
    expect(body.markers.map((m) => [m.tests, m.flagged])).toEqual([
      [2, false],
      [2, false],
      [2, false],
    ]);
  });

  it('flags the demo marker who leans (Tarek: more originality, less elaboration)', async () => {
    const cohorts: { id: string; exam_type: number; challenge: number; double_marked: number }[] = (
      await t.get('/api/marking/reliability/cohorts', 'admin')
    ).json().cohorts;
    const busiest = cohorts
      .filter((c) => c.exam_type === 1 && c.challenge === 3)
      .sort((a, b) => b.double_marked - a.double_marked)[0];
    const body: Report = (await report(busiest.id)).json();
    const tarek = body.markers.find((m) => m.name === 'Tarek Marker')!;
    expect(tarek.flagged).toBe(true);
    expect(tarek.criteria.find((c) => c.key === 'originality')!.mean_deviation).toBeGreaterThan(0.45);
    expect(body.criteria.every((c) => c.icc !== null && c.kappa_quadratic !== null)).toBe(true);
  });

  it('answers 404 for a cohort with no double-marked test (or none in the caller’s scope), 400 for a malformed one', async () => {
    expect((await report('2-1-2030')).statusCode).toBe(404);
    const bad = await report('pre-2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cohort: 'app.reliability.cohortInvalid' });
    expect((await t.get('/api/marking/reliability', 'admin')).statusCode).toBe(400);
    // a school admin of Nile Creative School given admin_neomi sees its own school's learners only: Delta's cohort is 404
    const [perm] = await t.db.select().from(permissions).where(eq(permissions.name, 'admin_neomi'));
    await t.db.insert(userPermissions).values({ userId: await t.userId('school'), permissionId: perm.id });
    const school = await t.signIn('school');
    expect((await report(HAND, school)).statusCode).toBe(404);
    expect((await t.get(`/api/marking/reliability/export?cohort=${HAND}`, school)).statusCode).toBe(404);
    const theirs = (await t.get('/api/marking/reliability/cohorts', school)).json().cohorts;
    expect(theirs.map((c: { id: string }) => c.id)).not.toContain(HAND);
  });

  it('refuses other roles (403) and strangers (401)', async () => {
    for (const as of ['marker', 'teacher', 'region', 'family'])
      for (const url of [
        '/api/marking/reliability/cohorts',
        `/api/marking/reliability?cohort=${HAND}`,
        `/api/marking/reliability/export?cohort=${HAND}`,
      ])
        expect([as, url, (await t.get(url, as)).statusCode]).toEqual([as, url, 403]);
    expect((await t.get('/api/marking/reliability/cohorts')).statusCode).toBe(401);
  });

  it('gives the same figures as a workbook in Arabic: a right-to-left sheet per criterion and one per marker', async () => {
    const res = await t.get(`/api/marking/reliability/export?cohort=${HAND}&locale=ar`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`marker-reliability-${HAND}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['الثبات', 'المصححون']);
    const [criteria, markers] = workbook.worksheets;
    expect(criteria.views[0]).toMatchObject({ rightToLeft: true });
    const header = (criteria.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual([
      'الفوج',
      'المعيار',
      'اختبارات مصحَّحة مرتين',
      'الرسومات',
      'نسبة التطابق',
      'ICC(2,1)',
    ]);
    const originality = (criteria.getRow(2).values as unknown[]).slice(1);
    expect(originality.slice(0, 6)).toEqual(['بعدي، التحدي 3، 2025/26', 'الأصالة', 3, 3, 0.333, 0.714]);
    expect(originality[8]).toBe(0.625);
    const rows = [];
    for (let r = 2; r <= markers.rowCount; r++) rows.push((markers.getRow(r).values as unknown[]).slice(1));
    expect(rows.find((r) => r[0] === 'Mona Marker' && r[1] === 'الأصالة')).toEqual([
      'Mona Marker',
      'الأصالة',
      2,
      2,
      1,
      1,
      0.45,
      'لا',
    ]);
  });
});
