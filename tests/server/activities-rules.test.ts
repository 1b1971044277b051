import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, activityLikes, notifications } from '../../server/db/schema';
import { createAccount, createChild, createGroup } from './support/activities';
import { multipart, pngImage } from './support/files';
import { withApp } from './support/withApp';

/**
 * The activities area's rules in one table each (issue 11 "What it must
 * show"): every call on an activity answers 404 outside the caller's scope
 * and changes nothing; what each status allows; the validation message of
 * every count a list or chart takes; the report notification's answers.
 */
const t = withApp();
const ids = {} as Record<
  'family' | 'teacher' | 'family2' | 'teacher2' | 'yousef' | 'omar' | 'salma' | 'g1' | 'g2',
  number
>;

beforeAll(async () => {
  ids.family = await t.userId('family');
  ids.teacher = await t.userId('teacher');
  ids.family2 = await createAccount(t.db, 'student', 'family2@rules.test');
  ids.teacher2 = await createAccount(t.db, 'teacher', 'teacher2@rules.test');
  t.keep('family2', await t.signIn('family2@rules.test'));
  t.keep('teacher2', await t.signIn('teacher2@rules.test'));
  ids.yousef = await createChild(t.db, ids.family, 'Yousef');
  ids.omar = await createChild(t.db, ids.family2, 'Omar');
  // a school student: in the teacher's group, with no family account
  ids.salma = await createChild(t.db, null, 'Salma');
  ids.g1 = (await createGroup(t.db, ids.teacher, 'Rules G1', [ids.yousef, ids.salma])).id;
  ids.g2 = (await createGroup(t.db, ids.teacher2, 'Rules G2', [ids.omar])).id;
});

const { get, post, delete: del } = t;

async function handIn(fields: Record<string, string> = {}, who = 'family') {
  const form = multipart(
    { child_id: String(ids.yousef), group_id: String(ids.g1), title: 'Rules', ...fields },
    { name: 'image', filename: 'p.png', data: await pngImage(), type: 'image/png' },
  );
  return t.inject({
    method: 'POST',
    url: '/api/evaluation/add',
    payload: form.body,
    headers: form.headers,
    as: who,
  });
}
const activityAt = async (status: number) => {
  const res = await handIn();
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().activity.id as number;
  if (status !== 0)
    expect(
      (await post(`/api/evaluation/save/${id}`, { status, feedback: 'Seen', badge_id: 2 }, 'teacher')).statusCode,
    ).toBe(200);
  return id;
};
const rowOf = async (id: number) => (await t.db.select().from(activities).where(eq(activities.id, id)))[0];

describe('every call on an activity answers 404 outside the caller’s scope, and changes nothing', () => {
  /** each call with the body the caller's role would send */
  const calls = (id: number) =>
    [
      ['show', (who: string) => get(`/api/evaluation/show/${id}`, who)],
      ['image', (who: string) => get(`/api/evaluation/image/${id}`, who)],
      ['thumb', (who: string) => get(`/api/evaluation/image/${id}?size=thumb`, who)],
      ['json (GET)', (who: string) => get(`/api/evaluations/get/json?id=${id}`, who)],
      ['json (POST)', (who: string) => post('/api/evaluations/get/json', { id }, who)],
      ['edit', (who: string) => post(`/api/evaluation/edit/${id}`, { title: 'taken over' }, who)],
      ['evaluate', (who: string) => post(`/api/evaluation/save/${id}`, { status: 3, feedback: 'taken over' }, who)],
      ['rate', (who: string) => post(`/api/evaluation/save/${id}`, { rate: 1 }, who)],
      ['like', (who: string) => post('/api/evaluation/likes', { activity_id: id, like: true }, who)],
      ['withdraw the evaluation', (who: string) => del(`/api/evaluation/delete/${id}?type=evaluation`, who)],
      ['delete', (who: string) => del(`/api/evaluation/delete/${id}`, who)],
    ] as const;

  it.each([0, 1])('a teacher of another group and another family, on an activity at status %i', async (status) => {
    const id = await activityAt(status);
    const before = await rowOf(id);
    for (const who of ['teacher2', 'family2']) {
      for (const [name, send] of calls(id)) {
        const res = await send(who);
        expect(res.statusCode, `${who} ${name}: ${res.body}`).toBe(404);
        expect(res.json().key, `${who} ${name}`).toBe('app.errors.notFound');
      }
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await t.db.select().from(activityLikes).where(eq(activityLikes.activityId, id))).toEqual([]);
  });

  it('an id that does not exist answers 404 to everyone, the admin too', async () => {
    for (const who of ['admin', 'teacher', 'family']) {
      for (const [name, send] of calls(2_000_000_000)) expect((await send(who)).statusCode, `${who} ${name}`).toBe(404);
    }
  });

  it("a family reading or handing in for another family's child: 404", async () => {
    expect((await get(`/api/student/details/${ids.yousef}`, 'family2')).statusCode).toBe(404);
    expect((await get(`/api/student/details/${ids.omar}`, 'family')).statusCode).toBe(404);
    expect((await get(`/api/student/details/${ids.omar}`, 'teacher')).statusCode).toBe(404);
    const listed = await post('/api/evaluation/activity', { child_id: ids.yousef }, 'family2');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ activities: [], count: 0 });
    const res = await handIn({ child_id: String(ids.yousef) }, 'family2');
    expect(res.statusCode).toBe(404);
    expect((await handIn({ child_id: String(ids.omar), group_id: String(ids.g2) }, 'family')).statusCode).toBe(404);
  });
});

describe('what each status allows (docs/PRODUCT.md §4 "Activity status")', () => {
  /** [status, family edits, family deletes, teacher saves, family rates, family resubmits] */
  const TABLE = [
    [0, 200, 200, 200, 'app.activities.notEvaluated', 'app.activities.notResubmittable'],
    [1, 'app.activities.notEditable', 'app.activities.notDeletable', 200, 200, 'app.activities.notResubmittable'],
    [2, 'app.activities.notEditable', 'app.activities.notDeletable', 200, 200, 'app.activities.notResubmittable'],
    [3, 'app.activities.notEditable', 'app.activities.notDeletable', 'app.activities.resubmitRequested', 200, 201],
  ] as const;
  const expectAnswer = (
    res: { statusCode: number; body: string; json(): { key?: string } },
    want: number | string,
    what: string,
  ) => {
    if (typeof want === 'number') expect(res.statusCode, `${what}: ${res.body}`).toBe(want);
    else {
      expect(res.statusCode, what).toBe(409);
      expect(res.json().key, what).toBe(want);
    }
  };

  it.each(TABLE)('status %i', async (status, edit, remove, evaluate, rate, resubmit) => {
    const id = await activityAt(status);
    expectAnswer(await post(`/api/evaluation/edit/${id}`, { title: 'changed' }, 'family'), edit, 'edit');
    expectAnswer(await handIn({ title: 'again', previous_id: String(id) }), resubmit, 'resubmit');
    expectAnswer(await post(`/api/evaluation/save/${id}`, { rate: 4 }, 'family'), rate, 'rate');
    const afterRate = await rowOf(id);
    expect(afterRate.rate).toBe(rate === 200 ? 4 : null);
    // the rating is the family's: the teacher's rate is refused whatever the status
    expect((await post(`/api/evaluation/save/${id}`, { rate: 5 }, 'teacher')).json().key).toBe(
      'app.activities.onlyFamiliesRate',
    );
    if (status !== 3) {
      expectAnswer(
        await post(`/api/evaluation/save/${id}`, { status: 2, feedback: 'Again' }, 'teacher'),
        evaluate,
        'evaluate',
      );
      // the teacher's save does not touch the family's rating
      expect((await rowOf(id)).rate).toBe(afterRate.rate);
    } else
      expectAnswer(
        await post(`/api/evaluation/save/${id}`, { status: 1, feedback: 'Again' }, 'teacher'),
        evaluate,
        'evaluate',
      );
    const other = await activityAt(status);
    expectAnswer(await del(`/api/evaluation/delete/${other}`, 'family'), remove, 'delete');
    if (status === 0) expect(await rowOf(other)).toBeUndefined();
    else expect((await rowOf(other)).status).toBe(status);
  });

  it('a refused change leaves the activity as it was', async () => {
    const id = await activityAt(1);
    const before = await rowOf(id);
    await post(`/api/evaluation/edit/${id}`, { title: 'changed', message: 'changed' }, 'family');
    await del(`/api/evaluation/delete/${id}`, 'family');
    await post(`/api/evaluation/save/${id}`, { status: 1 }, 'teacher');
    expect(await rowOf(id)).toEqual(before);
  });
});

describe('the counts lists and charts take say what is wrong', () => {
  const CASES = [
    [
      '/api/dashboard/evaluations/groups/count',
      'limit',
      8,
      [
        [0, 'app.validation.outOfRange'],
        [51, 'app.validation.outOfRange'],
        ['x', 'app.validation.invalidNumber'],
        [2.5, 'app.validation.invalidNumber'],
      ],
    ],
    [
      '/api/dashboard/evaluations/month/count',
      'months',
      12,
      [
        [0, 'app.validation.outOfRange'],
        [37, 'app.validation.outOfRange'],
        ['x', 'app.validation.invalidNumber'],
      ],
    ],
    [
      '/api/dashboard/logs/count',
      'days',
      30,
      [
        [0, 'app.validation.outOfRange'],
        [367, 'app.validation.outOfRange'],
        ['x', 'app.validation.invalidNumber'],
      ],
    ],
  ] as const;

  it.each(CASES)('%s: %s', async (url, field, _fallback, bad) => {
    for (const [value, key] of bad) {
      const res = await post(url, { [field]: value }, 'admin');
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().errors, `${field}=${value}`).toEqual({ [field]: key });
    }
    expect((await post(url, { [field]: '' }, 'admin')).statusCode).toBe(200);
  });

  it('the defaults: 8 groups, 12 months, 30 days', async () => {
    expect((await post('/api/dashboard/evaluations/month/count', {}, 'admin')).json().months).toHaveLength(12);
    expect((await post('/api/dashboard/logs/count', {}, 'admin')).json().days).toHaveLength(30);
  });

  it('gallery, answer gallery and notifications pages', async () => {
    const cases: [string, string, unknown, string][] = [
      ['/api/evaluation/gallery?limit=0', 'limit', 0, 'app.validation.outOfRange'],
      ['/api/evaluation/gallery?limit=101', 'limit', 101, 'app.validation.outOfRange'],
      ['/api/evaluation/gallery?offset=-1', 'offset', -1, 'app.validation.outOfRange'],
      ['/api/evaluation/gallery?offset=x', 'offset', 'x', 'app.validation.invalidNumber'],
      ['/api/answer/gallery?status=4', 'status', 4, 'app.validation.outOfRange'],
      ['/api/answer/gallery?status=x', 'status', 'x', 'app.validation.invalidNumber'],
    ];
    for (const [url, field, , key] of cases) {
      const res = await get(url, 'family');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual({ [field]: key });
    }
    const read = await post(
      '/api/users/notifications/read',
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'family',
    );
    expect(read.statusCode).toBe(400);
    expect(read.json().errors).toEqual({ ids: 'app.validation.outOfRange' });
    const limit = await post('/api/users/notifications', { limit: 500 }, 'family');
    expect(limit.json().errors).toEqual({ limit: 'app.validation.outOfRange' });
  });
});

describe('the report notification (POST /users/notifications/report)', () => {
  it("answers 409 'no family' for a school student, and tells nobody", async () => {
    const before = await t.db.select().from(notifications);
    const res = await post(
      '/api/users/notifications/report',
      { student_id: ids.salma, content: `/report/${ids.salma}/1` },
      'teacher',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('app.notifications.noFamily');
    expect(await t.db.select().from(notifications)).toHaveLength(before.length);
  });

  it('answers the translated confirmation when sent', async () => {
    const res = await post(
      '/api/users/notifications/report',
      { student_id: ids.yousef, content: `/report/${ids.yousef}/2` },
      'teacher',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      key: 'app.notify.reportSent',
      notification: { type: 'report', student_id: ids.yousef },
    });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, res.json().notification.id));
    expect(row.userId).toBe(ids.family);
  });
});
