import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchDocument } from '../../domain/search';
import {
  activities,
  activityLikes,
  groups,
  lessonActivities,
  lessons,
  logs,
  notifications,
} from '../../server/db/schema';
import { addMember, createAccount, createChild, createGroup } from './support/activities';
import { jpegWithGps, multipart, notAnImage, pngImage } from './support/files';
import { SEARCH_COUNT_CAP } from '../../server/db/listing';
import { titleSearchWords } from '../../server/repositories/activities';
import { withApp } from './support/withApp';

/**
 * A child's activity from hand-in to evaluation (docs/PRODUCT.md §3 "Activity", §4 "Activity status"):
 * scope, every validation message, every status rule, images without EXIF.
 */
const t = withApp();
const ids = {} as Record<
  'family' | 'teacher' | 'family2' | 'teacher2' | 'yousef' | 'laila' | 'other' | 'g1' | 'g2',
  number
>;

beforeAll(async () => {
  ids.family = await t.userId('family');
  ids.teacher = await t.userId('teacher');
  ids.family2 = await createAccount(t.db, 'student', 'family2@act.test');
  ids.teacher2 = await createAccount(t.db, 'teacher', 'teacher2@act.test');
  t.keep('family2', await t.signIn('family2@act.test'));
  t.keep('teacher2', await t.signIn('teacher2@act.test'));
  ids.yousef = await createChild(t.db, ids.family, 'يوسف أحمد');
  ids.laila = await createChild(t.db, ids.family, 'Laila');
  ids.other = await createChild(t.db, ids.family2, 'Omar');
  ids.g1 = (await createGroup(t.db, ids.teacher, 'Drawing G1', [ids.yousef])).id;
  ids.g2 = (await createGroup(t.db, ids.teacher2, 'Drawing G2', [ids.other])).id;
});

const { get, post } = t;

async function submit(who: string, fields: Record<string, string>, image?: Buffer) {
  const form = multipart(
    fields,
    ...(image ? [{ name: 'image', filename: 'photo.jpg', data: image, type: 'image/jpeg' }] : []),
  );
  return t.inject({
    method: 'POST',
    url: '/api/evaluation/add',
    payload: form.body,
    headers: form.headers,
    as: who,
  });
}
const handIn = async (title = 'رسمة البيت', image?: Buffer) => {
  const res = await submit(
    'family',
    { child_id: String(ids.yousef), group_id: String(ids.g1), title, message: 'رسمها وحده' },
    image,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().activity.id as number;
};
const evaluate = (id: number, body: Record<string, unknown>, who = 'teacher') =>
  post(`/api/evaluation/save/${id}`, body, who);
const uploads = () => path.join(t.config.dataDir, 'uploads', 'activities');
const storedFiles = () => (fs.existsSync(uploads()) ? fs.readdirSync(uploads()).filter((f) => f !== 'thumbs') : []);

describe('a family hands in an activity (POST /evaluation/add)', () => {
  it('stores it Pending for the child in the group, with the photo re-encoded without EXIF, and tells the teacher', async () => {
    const res = await submit(
      'family',
      { child_id: String(ids.yousef), group_id: String(ids.g1), title: 'بيت الأحلام', message: 'رسمها وحده' },
      await jpegWithGps(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { activity, actions } = res.json();
    expect(activity).toMatchObject({
      child_id: ids.yousef,
      child_name: 'يوسف أحمد',
      group_id: ids.g1,
      group_name: 'Drawing G1',
      title: 'بيت الأحلام',
      message: 'رسمها وحده',
      status: 0,
      badge_id: 1,
      grade: null,
      feedback: null,
      parent_id: ids.family,
    });
    expect(actions).toEqual({
      edit: true,
      delete: true,
      evaluate: false,
      rate: false,
      resubmit: false,
      withdraw: false,
    });
    expect(activity.image).toMatch(new RegExp(`^/api/evaluation/image/${activity.id}\\?v=`));

    const image = await t.inject({ url: activity.image, as: 'family' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // orientation 6 applied: the 80×40 photo stands upright
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(image.rawPayload.includes(Buffer.from('NeomiTestCam'))).toBe(false);
    // the stored file itself carries no EXIF either
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.id));
    expect((await sharp(fs.readFileSync(path.join(uploads(), row.image!))).metadata()).exif).toBeUndefined();

    const thumb = await t.inject({ url: activity.thumb, as: 'teacher' });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).exif).toBeUndefined();

    const told = await t.db.select().from(notifications).where(eq(notifications.userId, ids.teacher));
    expect(told.find((n) => n.link === `/activities/${activity.id}/show`)).toMatchObject({
      type: 'activity_submitted',
      studentId: ids.yousef,
    });
    const [log] = await t.db.select().from(logs).where(eq(logs.entityId, activity.id));
    expect(log).toMatchObject({ entity: 'activity', action: 'create', actorId: ids.family });
  });

  it("answers a lesson task of the group's course, and no other", async () => {
    const [g1] = await t.db.select({ courseId: groups.courseId }).from(groups).where(eq(groups.id, ids.g1));
    const [g2] = await t.db.select({ courseId: groups.courseId }).from(groups).where(eq(groups.id, ids.g2));
    const task = async (courseId: number) => {
      const [lesson] = await t.db
        .insert(lessons)
        .values({ courseId, title: 'Lesson', content: 'Draw' })
        .returning({ id: lessons.id });
      const [row] = await t.db
        .insert(lessonActivities)
        .values({ lessonId: lesson.id, title: 'Task', description: 'Draw a house', kind: 1 })
        .returning({ id: lessonActivities.id });
      return row.id;
    };
    const ours = await task(g1.courseId!);
    const theirs = await task(g2.courseId!);
    const ok = await post(
      '/api/evaluation/add',
      { child_id: ids.yousef, group_id: ids.g1, title: 'Task answer', lesson_activity_id: ours },
      'family',
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().activity.lesson_activity_id).toBe(ours);
    const list = await post('/api/evaluation/activity', { lesson_activity_id: ours }, 'teacher');
    expect(list.json().activities.map((a: { id: number }) => a.id)).toEqual([ok.json().activity.id]);
    const wrong = await post(
      '/api/evaluation/add',
      { child_id: ids.yousef, group_id: ids.g1, title: 'x', lesson_activity_id: theirs },
      'family',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ lesson_activity_id: 'app.activities.lessonNotInCourse' });
  });

  it('takes JSON without an image too', async () => {
    const res = await post(
      '/api/evaluation/add',
      { child_id: ids.yousef, group_id: ids.g1, title: 'Text only' },
      'family',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().activity).toMatchObject({ image: null, thumb: null, message: null });
  });

  it('says which field is missing or wrong', async () => {
    const res = await submit('family', { title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'app.errors.badRequest',
      errors: {
        child_id: 'app.validation.required',
        group_id: 'app.validation.required',
        title: 'app.validation.required',
      },
    });
    const bad = await submit('family', { child_id: 'x', group_id: '-3', title: 'a'.repeat(256) });
    expect(bad.json().errors).toEqual({
      child_id: 'app.validation.invalidNumber',
      group_id: 'app.validation.invalidNumber',
      title: 'app.validation.tooLong',
    });
  });

  it('refuses a group the child is not an active member of', async () => {
    const res = await submit('family', { child_id: String(ids.laila), group_id: String(ids.g1), title: 'Not mine' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'app.activities.notInGroup',
      errors: { group_id: 'app.activities.notInGroup' },
    });
    await addMember(t.db, ids.g1, ids.laila, 2);
    expect(
      (await submit('family', { child_id: String(ids.laila), group_id: String(ids.g1), title: 'Inactive member' }))
        .statusCode,
    ).toBe(400);
  });

  it("answers 404 for another family's child, and for a teacher handing in", async () => {
    const count = (await t.db.select().from(activities)).length;
    expect(
      (await submit('family2', { child_id: String(ids.yousef), group_id: String(ids.g1), title: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await submit('teacher', { child_id: String(ids.yousef), group_id: String(ids.g1), title: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await submit('family', { child_id: String(ids.other), group_id: String(ids.g2), title: 'x' })).statusCode,
    ).toBe(404);
    expect((await t.db.select().from(activities)).length).toBe(count);
  });

  it('answers 415 for a file that is not a picture, 413 above 20 MB, and stores nothing', async () => {
    const before = storedFiles().length;
    const count = (await t.db.select().from(activities)).length;
    const fake = await submit(
      'family',
      { child_id: String(ids.yousef), group_id: String(ids.g1), title: 'fake' },
      notAnImage(),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ key: 'app.validation.invalidImage' });
    const huge = await submit(
      'family',
      { child_id: String(ids.yousef), group_id: String(ids.g1), title: 'huge' },
      Buffer.alloc(21 * 1024 * 1024, 1),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/20 MB/);
    expect(storedFiles().length).toBe(before);
    expect((await t.db.select().from(activities)).length).toBe(count);
  });

  it('needs a signed-in user', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/evaluation/add', payload: {} })).statusCode).toBe(401);
  });
});

describe('reading activities', () => {
  it('shows an activity to its family, its group teacher and the admin; 404 for everyone else', async () => {
    const id = await handIn();
    expect((await get(`/api/evaluation/show/${id}`, 'family')).statusCode).toBe(200);
    const teacher = await get(`/api/evaluation/show/${id}`, 'teacher');
    expect(teacher.json().actions).toEqual({
      edit: false,
      delete: true,
      evaluate: true,
      rate: false,
      resubmit: false,
      withdraw: false,
    });
    expect((await get(`/api/evaluation/show/${id}`, 'admin')).json().actions.evaluate).toBe(true);
    expect((await get(`/api/evaluation/show/${id}`, 'family2')).statusCode).toBe(404);
    expect((await get(`/api/evaluation/show/${id}`, 'teacher2')).statusCode).toBe(404);
    const image = await handIn('with photo', await pngImage());
    const [row] = await t.db.select().from(activities).where(eq(activities.id, image));
    expect((await get(`/api/evaluation/image/${image}`, 'family2')).statusCode).toBe(404);
    expect((await get(`/api/evaluation/image/${image}?size=huge`, 'family')).statusCode).toBe(400);
    expect(row.image).toBeTruthy();
  });

  it('lists the student activity table: scoped, filtered, searched by title words, sorted and counted', async () => {
    await handIn('الشمس والقمر');
    await handIn('Sun and sea');
    const mine = await post('/api/evaluation/activity', { child_id: ids.yousef, limit: 50 }, 'family');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().count).toBe(mine.json().activities.length);
    // at least the two handed in just now
    expect(mine.json().count).toBeGreaterThanOrEqual(2);
    expect(mine.json().activities.every((a: { child_id: number }) => a.child_id === ids.yousef)).toBe(true);
    for (const text of ['القم', 'قمر', 'والقمر', 'الشّمس']) {
      const arabic = await post('/api/evaluation/activity', { search_text: text }, 'family');
      expect(
        arabic.json().activities.map((a: { title: string }) => a.title),
        text,
      ).toEqual(['الشمس والقمر']);
    }
    const words = await post('/api/evaluation/activity', { search_text: 'sea SUN' }, 'teacher');
    expect(words.json().activities.map((a: { title: string }) => a.title)).toEqual(['Sun and sea']);
    const all = (await post('/api/evaluation/activity', {}, 'family')).json().count;
    expect((await post('/api/evaluation/activity', { search_text: '%_' }, 'family')).json().count).toBe(all);
    const sorted = await post(
      '/api/evaluation/activity',
      { order_by: 'title', order_direction: 'asc', limit: 2 },
      'family',
    );
    expect(sorted.json().activities).toHaveLength(2);
    expect(sorted.json().count).toBe(all);
    expect((await post('/api/evaluation/activity', {}, 'family2')).json()).toEqual({
      activities: [],
      count: 0,
      count_capped: false,
    });
    expect((await post('/api/evaluation/activity', { group_id: ids.g1 }, 'teacher2')).json().count).toBe(0);
    const bad = await post('/api/evaluation/activity', { order_by: 'title; drop table activities' }, 'family');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ order_by: 'app.validation.invalidOrder' });
    const query = await t.inject({
      method: 'POST',
      url: `/api/evaluation/activity?status=0&child_id=${ids.yousef}&limit=1`,
      as: 'family',
    });
    expect(query.json().activities).toHaveLength(1);
  });

  it('answers each value and each caller for itself when a list of the same shape runs again (queries built once)', async () => {
    const lailaGroup = (await createGroup(t.db, ids.teacher, 'Drawing G3', [ids.laila])).id;
    const [forLaila, forOther] = await t.db
      .insert(activities)
      .values([
        {
          childId: ids.laila,
          groupId: lailaGroup,
          title: 'Laila draws',
          searchText: titleSearchWords('Laila draws'),
          status: 1,
        },
        { childId: ids.other, groupId: ids.g2, title: 'Omar draws', searchText: titleSearchWords('Omar draws') },
      ])
      .returning({ id: activities.id });
    try {
      const list = async (who: string, body: Record<string, unknown>) =>
        (await post('/api/evaluation/activity', { limit: 50, ...body }, who)).json();
      const idsOf = (answer: { activities: { id: number }[] }) => answer.activities.map((a) => a.id);
      // one shape, other values: the child, the status, the words, the page
      expect(idsOf(await list('family', { child_id: ids.laila }))).toEqual([forLaila.id]);
      expect(idsOf(await list('family', { child_id: ids.yousef }))).not.toContain(forLaila.id);
      const accepted = (await list('family', { status: 1 })).activities;
      expect(accepted.map((a: { id: number }) => a.id)).toContain(forLaila.id);
      expect(accepted.every((a: { status: number }) => a.status === 1)).toBe(true);
      const pending = (await list('family', { status: 0 })).activities;
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((a: { status: number }) => a.status === 0)).toBe(true);
      expect(idsOf(await list('teacher', { search_text: 'Laila' }))).toEqual([forLaila.id]);
      expect(idsOf(await list('teacher', { search_text: 'Omar' }))).toEqual([]);
      const all = idsOf(await list('family', {}));
      expect(idsOf(await list('family', { limit: 1, offset: 1 }))).toEqual([all[1]]);
      // one shape, other callers of the same level: each their own scope, whoever came first
      for (const [who, theirs, notTheirs] of [
        ['teacher', forLaila.id, forOther.id],
        ['teacher2', forOther.id, forLaila.id],
        ['family', forLaila.id, forOther.id],
        ['family2', forOther.id, forLaila.id],
      ] as const) {
        const seen = idsOf(await list(who, {}));
        expect(seen, who).toContain(theirs);
        expect(seen, who).not.toContain(notTheirs);
      }
      expect(idsOf(await list('admin', {}))).toEqual(expect.arrayContaining([forLaila.id, forOther.id]));
    } finally {
      await t.db.delete(activities).where(inArray(activities.id, [forLaila.id, forOther.id]));
      await t.db.delete(groups).where(eq(groups.id, lailaGroup));
    }
  });

  it("lists a teacher who is also a parent their groups' activities and their own children's, each once, in every order", async () => {
    const own = await createChild(t.db, ids.teacher, 'Salma');
    const inserted = await t.db
      .insert(activities)
      .values([
        { childId: own, groupId: ids.g1, title: 'in my own group' }, // both parts of the teacher's scope
        { childId: own, groupId: ids.g2, title: "in a colleague's group" }, // only as the parent
        { childId: ids.other, groupId: ids.g2, title: 'not mine' },
      ])
      .returning({ id: activities.id });
    try {
      const list = async (body: Record<string, unknown>) =>
        (await post('/api/evaluation/activity', { limit: 50, ...body }, 'teacher')).json();
      const byId = await list({ order_by: 'id', order_direction: 'desc' });
      const byDate = await list({ order_by: 'created_at', order_direction: 'asc' });
      const ids1 = byId.activities.map((a: { id: number }) => a.id);
      expect(ids1).toEqual([...ids1].sort((a, b) => b - a));
      expect(new Set(ids1).size).toBe(ids1.length);
      expect(ids1).toEqual(expect.arrayContaining([inserted[0].id, inserted[1].id]));
      expect(ids1).not.toContain(inserted[2].id);
      expect(byId.count).toBe(byDate.count);
      expect([...ids1].sort()).toEqual(byDate.activities.map((a: { id: number }) => a.id).sort());
      const page2 = await list({ order_by: 'id', order_direction: 'asc', limit: 1, offset: 1 });
      expect(page2.activities.map((a: { id: number }) => a.id)).toEqual([[...ids1].reverse()[1]]);
      expect((await list({ order_by: 'id', child_id: own })).count).toBe(2);
      expect((await list({ order_by: 'id', group_id: ids.g2 })).activities.map((a: { id: number }) => a.id)).toEqual([
        inserted[1].id,
      ]);
    } finally {
      await t.db.delete(activities).where(eq(activities.childId, own));
      await t.db.delete(activities).where(eq(activities.id, inserted[2].id));
    }
  });

  it(`counts a title search's matches up to ${SEARCH_COUNT_CAP}, then says count_capped (and pages on)`, async () => {
    const child = await createChild(t.db, ids.family, 'Nour');
    const many = SEARCH_COUNT_CAP + 5;
    await t.db.execute(sql`
      insert into activities (child_id, group_id, title, search_text)
      select ${child}, ${ids.g1}, 'نجمة ' || n, to_tsvector('simple', ${searchDocument('نجمة')} || ' s' || n)
      from generate_series(1, ${many}) n`);
    try {
      const capped = await post('/api/evaluation/activity', { search_text: 'نجمة', limit: 25 }, 'family');
      expect(capped.statusCode).toBe(200);
      expect(capped.json()).toMatchObject({ count: SEARCH_COUNT_CAP, count_capped: true });
      expect(capped.json().activities).toHaveLength(25);
      const last = await post(
        '/api/evaluation/activity',
        { search_text: 'نجمة', limit: 25, offset: many - 5 },
        'family',
      );
      expect(last.json().activities).toHaveLength(5);
      expect(last.json().count_capped).toBe(true);
      // under the cap a search is counted exactly; without one every list is
      const startingS1 = Array.from({ length: many }, (_, i) => `s${i + 1}`).filter((word) =>
        word.startsWith('s1'),
      ).length;
      expect(startingS1).toBeGreaterThan(25);
      expect(
        (await post('/api/evaluation/activity', { search_text: 'نجمة s1', limit: 25 }, 'teacher')).json(),
      ).toMatchObject({ count: startingS1, count_capped: false });
      const byChild = (await post('/api/evaluation/activity', { child_id: child, limit: 1 }, 'family')).json();
      expect(byChild).toMatchObject({ count: many, count_capped: false });
      expect((await post('/api/evaluation/activity', { search_text: 'نجمة' }, 'teacher2')).json()).toMatchObject({
        count: 0,
        count_capped: false,
      });
    } finally {
      await t.db.delete(activities).where(eq(activities.childId, child));
    }
  });
});

describe('the family changes or deletes only while Pending', () => {
  it('edits title, message and photo at 0', async () => {
    const id = await handIn('first title', await pngImage());
    const form = multipart(
      { title: 'new title', message: '' },
      { name: 'image', filename: 'p.jpg', data: await jpegWithGps(), type: 'image/jpeg' },
    );
    const res = await t.inject({
      method: 'POST',
      url: `/api/evaluation/edit/${id}`,
      payload: form.body,
      headers: form.headers,
      as: 'family',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activity).toMatchObject({ title: 'new title', message: null });
    const image = await t.inject({ url: res.json().activity.image, as: 'family' });
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    const empty = await post(`/api/evaluation/edit/${id}`, { title: '' }, 'family');
    expect(empty.json()).toMatchObject({ errors: { title: 'app.validation.required' } });
  });

  it('refuses others: the teacher 403, another family 404', async () => {
    const id = await handIn();
    expect((await post(`/api/evaluation/edit/${id}`, { title: 'x' }, 'teacher')).statusCode).toBe(403);
    expect((await post(`/api/evaluation/edit/${id}`, { title: 'x' }, 'family2')).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: 'family2' })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: 'teacher2' })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: 'school' })).statusCode).toBe(
      404,
    );
  });

  it.each([1, 2, 3])('at status %i: no edit (409), no delete (409), view and rate offered', async (status) => {
    const id = await handIn();
    expect((await evaluate(id, { status, feedback: 'Seen' })).statusCode).toBe(200);
    const edit = await post(`/api/evaluation/edit/${id}`, { title: 'changed' }, 'family');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().key).toBe('app.activities.notEditable');
    const del = await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: 'family' });
    expect(del.statusCode).toBe(409);
    expect(del.json().key).toBe('app.activities.notDeletable');
    const shown = await get(`/api/evaluation/show/${id}`, 'family');
    expect(shown.json().actions).toEqual({
      edit: false,
      delete: false,
      evaluate: false,
      rate: true,
      resubmit: status === 3,
      withdraw: false,
    });
    expect((await get(`/api/evaluation/show/${id}`, 'teacher')).json().actions).toMatchObject({
      withdraw: true,
      evaluate: status !== 3,
    });
    expect(shown.json().activity.title).not.toBe('changed');
  });

  it('deletes at 0 with its image', async () => {
    const id = await handIn('to delete', await pngImage());
    const [row] = await t.db.select().from(activities).where(eq(activities.id, id));
    const res = await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: 'family' });
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toBe('app.notify.activityDeleted');
    expect(await t.db.select().from(activities).where(eq(activities.id, id))).toEqual([]);
    expect(fs.existsSync(path.join(uploads(), row.image!))).toBe(false);
  });
});

describe('the teacher evaluates (POST /evaluation/save/{id})', () => {
  it("saves status, feedback, scores, badge and the teacher's rating; computes the grade; tells the family", async () => {
    const id = await handIn();
    const res = await evaluate(id, {
      status: 1,
      feedback: 'ممتاز',
      originality: 8,
      fluency: 7,
      flexibility: 6,
      activity_score: 9,
      badge_id: 3,
      teacher_rate: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activity).toMatchObject({
      status: 1,
      feedback: 'ممتاز',
      originality: 8,
      fluency: 7,
      flexibility: 6,
      activity_score: 9,
      badge_id: 3,
      teacher_rate: 5,
      grade: 75,
      teacher_id: ids.teacher,
      teacher_name: 'Tarek Teacher',
      rate: null,
    });
    expect(res.json().activity.evaluated_at).toBeTruthy();
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, ids.family));
    expect(told.find((n) => n.type === 'activity_evaluated' && n.link === `/activities/${id}/show`)).toBeTruthy();
    // the teacher may change an evaluation that is not waiting for a resubmission
    const again = await evaluate(id, { status: 2, feedback: 'Add a door' });
    expect(again.json().activity).toMatchObject({ status: 2, badge_id: 1, grade: null, originality: null });
  });

  it("answers 'Please select an activity status.' without a status, or with Pending", async () => {
    const id = await handIn();
    for (const body of [
      { feedback: 'x' },
      { status: '', feedback: 'x' },
      { status: 0, feedback: 'x' },
      { status: 7, feedback: 'x' },
    ]) {
      const res = await evaluate(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.status).toBe('app.validation.activityStatus');
    }
    expect((await get(`/api/evaluation/show/${id}`, 'family')).json().activity.status).toBe(0);
  });

  it('checks every other field', async () => {
    const id = await handIn();
    const res = await evaluate(id, {
      status: 1,
      feedback: ' ',
      originality: 11,
      fluency: -1,
      flexibility: 'a',
      activity_score: 2.5,
      badge_id: 9,
      teacher_rate: 6,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      feedback: 'app.validation.required',
      originality: 'app.validation.outOfRange',
      fluency: 'app.validation.outOfRange',
      flexibility: 'app.validation.invalidNumber',
      activity_score: 'app.validation.invalidNumber',
      badge_id: 'app.validation.invalidChoice',
      teacher_rate: 'app.validation.outOfRange',
    });
  });

  it('answers 404 to a teacher of another group, 403 to the family and to staff without access_group', async () => {
    const id = await handIn();
    expect((await evaluate(id, { status: 1, feedback: 'x' }, 'teacher2')).statusCode).toBe(404);
    expect((await evaluate(id, { status: 1, feedback: 'x' }, 'family2')).statusCode).toBe(404);
    expect((await evaluate(id, { status: 1, feedback: 'x' }, 'family')).statusCode).toBe(403);
    expect((await evaluate(999999, { status: 1, feedback: 'x' })).statusCode).toBe(404);
    expect((await get(`/api/evaluation/show/${id}`, 'family')).json().activity.status).toBe(0);
  });

  it('saves no evaluation while the activity waits for a resubmission (status 3); the family hands in a new version', async () => {
    const id = await handIn('first try');
    expect((await evaluate(id, { status: 3, feedback: 'Please add colours' })).statusCode).toBe(200);
    const locked = await evaluate(id, { status: 1, feedback: 'ok now' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().key).toBe('app.activities.resubmitRequested');
    expect((await get(`/api/evaluation/show/${id}`, 'teacher')).json().actions.evaluate).toBe(false);

    const pending = await handIn('still pending');
    const wrong = await submit('family', {
      child_id: String(ids.yousef),
      group_id: String(ids.g1),
      title: 'v2',
      previous_id: String(pending),
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().key).toBe('app.activities.notResubmittable');
    const again = await submit('family', {
      child_id: String(ids.yousef),
      group_id: String(ids.g1),
      title: 'second try',
      previous_id: String(id),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().activity).toMatchObject({ previous_id: id, status: 0 });
  });

  it('withdraws an evaluation (DELETE ?type=evaluation): back to Pending; only an evaluator may', async () => {
    const id = await handIn();
    await evaluate(id, { status: 1, feedback: 'good', badge_id: 4, originality: 5 });
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/evaluation/delete/${id}?type=evaluation`,
          as: 'family',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}?type=whatever`, as: 'teacher' }))
        .statusCode,
    ).toBe(400);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/evaluation/delete/${id}?type=evaluation`,
      as: 'teacher',
    });
    expect(res.json().key).toBe('app.notify.evaluationDeleted');
    expect((await get(`/api/evaluation/show/${id}`, 'family')).json().activity).toMatchObject({
      status: 0,
      badge_id: 1,
      feedback: null,
      originality: null,
      grade: null,
    });
  });

  it('lets the group teacher delete an evaluated activity', async () => {
    const id = await handIn();
    await evaluate(id, { status: 1, feedback: 'good' });
    expect((await t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: 'teacher' })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/evaluation/show/${id}`, 'teacher')).statusCode).toBe(404);
  });
});

/**
 * The group page's activities (docs/PRODUCT.md §2 "Group detail"): the group's teacher lists them
 * (POST /evaluation/activity {group_id}) and deletes one after a confirmation (DELETE /evaluation/delete/{id}).
 */
describe('deleting an activity from the group page', () => {
  const groupList = (who: string) => post('/api/evaluation/activity', { group_id: ids.g1, limit: 50 }, who);
  const del = (id: number, who: string) => t.inject({ method: 'DELETE', url: `/api/evaluation/delete/${id}`, as: who });
  const exists = async (id: number) => (await t.db.select().from(activities).where(eq(activities.id, id))).length > 0;

  it('the teacher deletes an evaluated one: its likes go, its resubmission forgets it, the log says so, one transaction', async () => {
    const first = await handIn('first try');
    await evaluate(first, { status: 3, feedback: 'again please' });
    const again = await submit('family', {
      child_id: String(ids.yousef),
      group_id: String(ids.g1),
      title: 'second try',
      previous_id: String(first),
    });
    expect(again.statusCode, again.body).toBe(201);
    await t.db.insert(activityLikes).values({ activityId: first, userId: ids.family });
    expect((await groupList('teacher')).json().activities.map((a: { id: number }) => a.id)).toContain(first);

    const res = await del(first, 'teacher');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Activity deleted', key: 'app.notify.activityDeleted' });
    expect(await exists(first)).toBe(false);
    expect(await t.db.select().from(activityLikes).where(eq(activityLikes.activityId, first))).toEqual([]);
    const [second] = await t.db.select().from(activities).where(eq(activities.id, again.json().activity.id));
    expect(second.previousId).toBeNull();
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'activity'), eq(logs.entityId, first), eq(logs.action, 'delete')));
    expect(log).toMatchObject({ actorId: ids.teacher, oldValue: expect.objectContaining({ group_id: ids.g1 }) });
    expect((await groupList('teacher')).json().activities.map((a: { id: number }) => a.id)).not.toContain(first);
  });

  it('deletes nothing when a step of the deletion fails: the row, its likes and the log stay together', async () => {
    const id = await handIn('kept whole');
    await t.db.insert(activityLikes).values({ activityId: id, userId: ids.family });
    // the log insert (the deletion's last step) fails for this activity only
    await t.db.execute(
      sql.raw(`create or replace function refuse_log() returns trigger language plpgsql as $$
      begin if new.entity = 'activity' and new.entity_id = ${id} then raise exception 'refused'; end if; return new; end $$`),
    );
    await t.db.execute(sql`create trigger refuse_log before insert on logs for each row execute function refuse_log()`);
    try {
      expect((await del(id, 'teacher')).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_log on logs`);
      await t.db.execute(sql`drop function refuse_log()`);
    }
    expect(await exists(id)).toBe(true);
    expect(await t.db.select().from(activityLikes).where(eq(activityLikes.activityId, id))).toHaveLength(1);
    expect((await del(id, 'teacher')).statusCode).toBe(200);
  });

  it("answers 404 to another group's teacher and to a guessed id, 409 to the family once it is evaluated", async () => {
    const id = await handIn('not yours');
    expect((await groupList('teacher2')).json().activities).toEqual([]);
    expect((await del(id, 'teacher2')).statusCode).toBe(404);
    expect((await del(999999, 'teacher')).statusCode).toBe(404);
    await evaluate(id, { status: 1, feedback: 'fine' });
    const family = await del(id, 'family');
    expect(family.statusCode).toBe(409);
    expect(family.json().key).toBe('app.activities.notDeletable');
    expect(await exists(id)).toBe(true);
  });
});

describe('only families rate (rate)', () => {
  it('the family rates an evaluated activity 1 to 5; the teacher is told', async () => {
    const id = await handIn();
    const early = await evaluate(id, { rate: 4 }, 'family');
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('app.activities.notEvaluated');
    await evaluate(id, { status: 2, feedback: 'Nearly' });
    for (const rate of [0, 6, 'x']) expect((await evaluate(id, { rate }, 'family')).statusCode).toBe(400);
    expect((await evaluate(id, { rate: 6 }, 'family')).json().errors).toEqual({ rate: 'app.validation.outOfRange' });
    const res = await evaluate(id, { rate: 4 }, 'family');
    expect(res.statusCode).toBe(200);
    expect(res.json().activity).toMatchObject({ rate: 4, status: 2, feedback: 'Nearly' });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, ids.teacher));
    expect(told.some((n) => n.type === 'activity_rated' && n.link === `/activities/${id}/show`)).toBe(true);
  });

  it('refuses a rating from the teacher (403) and from anyone outside (404), and an evaluation from the family', async () => {
    const id = await handIn();
    await evaluate(id, { status: 1, feedback: 'ok' });
    const teacher = await evaluate(id, { rate: 5 });
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().key).toBe('app.activities.onlyFamiliesRate');
    expect((await evaluate(id, { status: 1, feedback: 'ok', rate: 5 })).json().key).toBe(
      'app.activities.onlyFamiliesRate',
    );
    expect((await evaluate(id, { rate: 5 }, 'admin')).statusCode).toBe(403);
    expect((await evaluate(id, { rate: 5 }, 'family2')).statusCode).toBe(404);
    expect((await evaluate(id, { rate: 5, status: 1, feedback: 'mine' }, 'family')).statusCode).toBe(403);
    expect((await get(`/api/evaluation/show/${id}`, 'family')).json().activity.rate).toBeNull();
  });
});

describe('an evaluation as JSON (/evaluations/get/json)', () => {
  it('gives the evaluation and the scales, by GET or POST, within scope', async () => {
    const id = await handIn('json');
    await evaluate(id, { status: 1, feedback: 'fine', badge_id: 5, originality: 10 });
    const res = await get(`/api/evaluations/get/json?id=${id}`, 'family');
    expect(res.statusCode).toBe(200);
    expect(res.json().evaluation).toMatchObject({
      activity_id: id,
      title: 'json',
      child: { id: ids.yousef },
      group: { id: ids.g1, name: 'Drawing G1' },
      status: { id: 1, label_key: 'app.codes.activityStatus.accepted' },
      badge: { id: 5, label_key: 'app.codes.badge.excellence', shown: true },
      scores: { originality: 10, fluency: null },
      grade: 100,
      feedback: 'fine',
      teacher: { id: ids.teacher },
    });
    expect(res.json().scales.statuses.map((s: { id: number }) => s.id)).toEqual([1, 2, 3]);
    expect(res.json().scales.badges.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await post('/api/evaluations/get/json', { id }, 'teacher')).json().evaluation.activity_id).toBe(id);
    expect((await get(`/api/evaluations/get/json?id=${id}`, 'family2')).statusCode).toBe(404);
    expect((await get('/api/evaluations/get/json', 'family')).json().errors).toEqual({ id: 'app.validation.required' });
  });
});

describe('a child: details, and its photo without EXIF', () => {
  it('GET /student/details/{id}: details, groups and activity counts for the family and the group teacher; 404 otherwise', async () => {
    const res = await get(`/api/student/details/${ids.yousef}`, 'family');
    expect(res.statusCode).toBe(200);
    expect(res.json().child).toMatchObject({ id: ids.yousef, name: 'يوسف أحمد', parent_id: ids.family });
    expect(res.json().groups).toEqual([
      expect.objectContaining({ id: ids.g1, name: 'Drawing G1', teacher_id: ids.teacher, member_status: 1 }),
    ]);
    expect(res.json().activities.total).toBeGreaterThan(3);
    expect(Object.keys(res.json().activities.by_status)).toEqual(['0', '1', '2', '3']);
    expect((await get(`/api/student/details/${ids.yousef}`, 'teacher')).statusCode).toBe(200);
    expect((await get(`/api/student/details/${ids.yousef}`, 'teacher2')).statusCode).toBe(404);
    expect((await get(`/api/student/details/${ids.yousef}`, 'family2')).statusCode).toBe(404);
  });

  it('a child added with a GPS-tagged photo keeps the picture, not the EXIF', async () => {
    const form = multipart(
      { name: 'Sami', gender: '1', birthdate: '2017-02-03' },
      { name: 'image', filename: 'kid.jpg', data: await jpegWithGps(), type: 'image/jpeg' },
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/users/add/child',
      payload: form.body,
      headers: form.headers,
      as: 'family',
    });
    expect(res.statusCode).toBe(201);
    const photo = await t.inject({ url: res.json().child.image, as: 'family' });
    expect(photo.statusCode).toBe(200);
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });
});
