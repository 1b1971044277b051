import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children, logs, notifications, scoreConfirmations } from '../../server/db/schema';
import { seedWorkedScores } from './support/reports';
import { withApp } from './support/withApp';

/**
 * The calls behind the score screens (/score, /score/review/:exam_type/:id,
 * /search/user, /exam/report) as those screens use them, with the negative
 * answers reports-scores.test.ts leaves out: permission (403), scope and
 * unknown ids (404, writes too), bad input (400) and the 409s, none of which
 * changes anything. Worked example of tests/server/support/reports.ts.
 */
const t = withApp();
let ids: Record<string, number>;

beforeAll(async () => {
  ids = await seedWorkedScores(t.db);
});

const { get, post } = t;
const confirmations = async () => (await t.db.select().from(scoreConfirmations)).length;

describe('/score: the ranked list and the figures', () => {
  it('filters by challenge and name, and pages', async () => {
    const named = (await post('/api/answers/countSorted', { exam_type: 1, search_text: 'ous' }, 'admin')).json();
    expect(named.data.map((r: { name: string }) => r.name)).toEqual(['Yousef']);
    const page2 = (
      await post(
        '/api/answers/countSorted',
        { exam_type: 1, order_by: 'name', order_direction: 'asc', limit: 2, offset: 2 },
        'admin',
      )
    ).json();
    expect(page2).toMatchObject({ count: 5, data: [{ name: 'Omar' }, { name: 'Sara' }] });
    expect((await post('/api/answers/countSorted', { exam_type: 1, challenge: 3 }, 'admin')).json()).toEqual({
      data: [],
      count: 0,
    });
    expect((await post('/api/answers/countSorted', { exam_type: 3 }, 'admin')).statusCode).toBe(400);
    expect((await post('/api/answers/countSorted', { confirmed: 'maybe' }, 'admin')).statusCode).toBe(400);
    expect((await post('/api/answers/countSorted', {})).statusCode).toBe(401);
  });

  it('GET /usersCount counts in scope; families and markers are refused', async () => {
    const all = (await get('/api/usersCount', 'admin')).json().tests[0];
    const teacher = (await get('/api/usersCount', 'teacher')).json().tests[0];
    expect(all).toMatchObject({ exam_type: 1, scored: 5 });
    expect(teacher).toMatchObject({ exam_type: 1, scored: 4 });
    expect((await get('/api/usersCount', 'family')).statusCode).toBe(403);
    expect((await get('/api/usersCount', 'marker')).statusCode).toBe(403);
  });
});

describe("/score/review: one learner's test, confirmation, report", () => {
  it('POST /answers/get/user/exam/score gives that test only; out of scope or unknown: 404; no permission: 403', async () => {
    const post1 = (
      await post('/api/answers/get/user/exam/score', { student_id: ids.Yousef, exam_type: 2 }, 'admin')
    ).json();
    expect(post1.tests.map((x: { exam_type: number; total: number }) => [x.exam_type, x.total])).toEqual([[2, 25]]);
    expect(
      (await post('/api/answers/get/user/exam/score', { student_id: ids.Laila, exam_type: 2 }, 'admin')).json().tests,
    ).toEqual([]);
    expect(
      (await post('/api/answers/get/user/exam/score', { student_id: ids.Laila, exam_type: 1 }, 'teacher')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/answers/get/user/exam/score', { student_id: 999999, exam_type: 1 }, 'admin')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/answers/get/user/exam/score', { student_id: ids.Yousef, exam_type: 1 }, 'family')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/answers/get/user/exam/score', { student_id: ids.Yousef, exam_type: 1 }, 'marker')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/answers/get/user/exam/score', { student_id: 'x', exam_type: 1 }, 'admin')).statusCode,
    ).toBe(400);
  });

  it('POST /confirm/score: unknown learner 404, bad test 400, school admin 403; nothing is written', async () => {
    const before = await confirmations();
    expect((await post('/api/confirm/score', { student_id: 999999, exam_type: 1 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/confirm/score', { student_id: ids.Yousef, exam_type: 3 }, 'admin')).statusCode).toBe(400);
    expect((await post('/api/confirm/score', { student_id: ids.Yousef, exam_type: 1 }, 'school')).statusCode).toBe(403);
    expect((await post('/api/confirm/score', { student_id: ids.Yousef, exam_type: 1 }, 'region')).statusCode).toBe(403);
    const notScored = await post('/api/confirm/score', { student_id: ids.Laila, exam_type: 2 }, 'admin');
    expect(notScored.json()).toMatchObject({ key: 'app.reports.notScored' });
    expect(await confirmations()).toBe(before);
    const logged = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'confirm_score'), eq(logs.entityId, ids.Laila)));
    expect(logged).toEqual([]);
  });

  it('POST /report: a learner without a family account is a 409 and notifies no one', async () => {
    await t.db.update(children).set({ parentId: null }).where(eq(children.id, ids.Karim));
    const res = await post('/api/report', { student_id: ids.Karim, exam_type: 1 }, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'app.reports.noFamily' });
    expect(await t.db.select().from(notifications).where(eq(notifications.studentId, ids.Karim))).toEqual([]);
    expect((await post('/api/report', { student_id: 999999, exam_type: 1 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/report', { student_id: ids.Yousef, exam_type: 1 }, 'family')).statusCode).toBe(403);
  });
});

describe('/search/user and /exam/report', () => {
  it('/search/user: tests taken; GET with the query; no permission 403', async () => {
    const found = (await get('/api/search/user?search_text=yous', 'admin')).json().data;
    expect(found).toEqual([expect.objectContaining({ student_id: ids.Yousef, name: 'Yousef', tests: [1, 2] })]);
    expect((await post('/api/search/user', { search_text: 'yous' }, 'family')).statusCode).toBe(403);
    expect((await post('/api/search/user', { search_text: 'yous' }, 'marker')).statusCode).toBe(403);
    expect((await post('/api/search/user', { search_text: 'x'.repeat(101) }, 'admin')).statusCode).toBe(400);
  });

  it('POST /exam/report: the filters the screen sends; out of scope 404, without admin_neomi 403', async () => {
    const byGender = (await post('/api/exam/report', { exam_type: 1, challenge: 1, gender: 1 }, 'admin')).json();
    expect(byGender.takers).toBeGreaterThan(0);
    expect(byGender.by_challenge).toEqual([]);
    for (const field of ['group_id', 'school_id', 'region_id']) {
      expect((await post('/api/exam/report', { exam_type: 1, [field]: 999999 }, 'admin')).statusCode).toBe(404);
    }
    const reversed = await post('/api/exam/report', { exam_type: 1, from: '2026-05-02', to: '2026-05-01' }, 'admin');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ to: 'app.reports.datesReversed' });
    expect((await post('/api/exam/report', { exam_type: 1, age_group: 9 }, 'admin')).statusCode).toBe(400);
    for (const who of ['region', 'school', 'family', 'marker'])
      expect((await post('/api/exam/report', { exam_type: 1 }, who)).statusCode).toBe(403);
  });
});
