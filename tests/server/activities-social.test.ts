import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedback, messages, notifications } from '../../server/db/schema';
import { addMember, createAccount, createChild, createGroup } from './support/activities';
import { multipart, pngImage } from './support/files';
import { demo, withApp } from './support/withApp';

/** Gallery and likes, messages between users, notifications with the report notification, feedback. */
const t = withApp();
const ids = {} as Record<
  'family' | 'teacher' | 'admin' | 'family2' | 'family3' | 'teacher2' | 'yousef' | 'omar' | 'rana' | 'g1' | 'g2',
  number
>;
const act = {} as Record<'accepted' | 'modified' | 'pending' | 'resubmit' | 'other', number>;

const { get, post } = t;

async function handIn(
  who: string,
  childId: number,
  groupId: number,
  title: string,
  status?: number,
  teacher = 'teacher',
) {
  const form = multipart(
    { child_id: String(childId), group_id: String(groupId), title },
    { name: 'image', filename: 'd.png', data: await pngImage(), type: 'image/png' },
  );
  const res = await t.inject({
    method: 'POST',
    url: '/api/evaluation/add',
    payload: form.body,
    headers: form.headers,
    as: who,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().activity.id as number;
  if (status)
    expect(
      (await post(`/api/evaluation/save/${id}`, { status, feedback: 'seen', badge_id: 4 }, teacher)).statusCode,
    ).toBe(200);
  return id;
}

beforeAll(async () => {
  ids.family = await t.userId('family');
  ids.teacher = await t.userId('teacher');
  ids.admin = await t.userId('admin');
  ids.family2 = await createAccount(t.db, 'student', 'family2@social.test', { name: 'Second Family' });
  ids.family3 = await createAccount(t.db, 'student', 'family3@social.test', { name: 'Third Family' });
  ids.teacher2 = await createAccount(t.db, 'teacher', 'teacher2@social.test', { name: 'Other Teacher' });
  for (const who of ['family2', 'family3', 'teacher2']) t.keep(who, await t.signIn(`${who}@social.test`));
  ids.yousef = await createChild(t.db, ids.family, 'Yousef Ahmed');
  ids.omar = await createChild(t.db, ids.family2, 'Omar Khaled');
  ids.rana = await createChild(t.db, ids.family3, 'Rana');
  ids.g1 = (await createGroup(t.db, ids.teacher, 'Gallery G1', [ids.yousef])).id;
  ids.g2 = (await createGroup(t.db, ids.teacher2, 'Gallery G2', [ids.rana])).id;
  act.accepted = await handIn('family', ids.yousef, ids.g1, 'Accepted work', 1);
  act.modified = await handIn('family', ids.yousef, ids.g1, 'Modified work', 2);
  act.resubmit = await handIn('family', ids.yousef, ids.g1, 'Resubmit work', 3);
  act.pending = await handIn('family', ids.yousef, ids.g1, 'Pending work');
  act.other = await handIn('family3', ids.rana, ids.g2, 'Other group work', 1, 'teacher2');
});

const galleryIds = async (who: string, query = '') =>
  (await get(`/api/evaluation/gallery${query}`, who))
    .json()
    .gallery.map((g: { id: number }) => g.id)
    .sort((a: number, b: number) => a - b);

describe('gallery (/evaluation/gallery, /evaluation/mobile/gallery)', () => {
  it('shows accepted works with an image to the family, the group teacher and the admin', async () => {
    const expected = [act.accepted, act.modified].sort((a, b) => a - b);
    expect(await galleryIds('family')).toEqual(expected);
    expect(await galleryIds('teacher')).toEqual(expected);
    expect(await galleryIds('admin')).toEqual([...expected, act.other].sort((a, b) => a - b));
    const res = await get('/api/evaluation/gallery?limit=1', 'family');
    expect(res.json().count).toBe(2);
    expect(res.json().gallery[0]).toMatchObject({
      kind: 'activity',
      child_name: 'Yousef',
      group_name: 'Gallery G1',
      badge_id: 4,
      likes: 0,
      liked: false,
    });
    expect(res.json().gallery[0].thumb).toMatch(/size=thumb/);
  });

  it("hides other groups' works; a classmate's family sees them, by first name only, and their images", async () => {
    expect(await galleryIds('family2')).toEqual([]);
    expect((await get(`/api/evaluation/image/${act.accepted}`, 'family2')).statusCode).toBe(404);
    await addMember(t.db, ids.g1, ids.omar);
    expect(await galleryIds('family2')).toEqual([act.accepted, act.modified].sort((a, b) => a - b));
    const item = (await get('/api/evaluation/gallery', 'family2')).json().gallery[0];
    expect(item.child_name).toBe('Yousef');
    expect((await get(item.thumb, 'family2')).statusCode).toBe(200);
    // a classmate's pending or resubmit work stays private
    expect((await get(`/api/evaluation/image/${act.pending}`, 'family2')).statusCode).toBe(404);
    expect((await get(`/api/evaluation/show/${act.accepted}`, 'family2')).statusCode).toBe(404);
    expect(await galleryIds('teacher2')).toEqual([act.other]);
  });

  it('filters by group and child, sorts by likes, and has a mobile form with next_offset', async () => {
    expect(await galleryIds('admin', `?group_id=${ids.g2}`)).toEqual([act.other]);
    expect(await galleryIds('admin', `?child_id=${ids.yousef}`)).toEqual(
      [act.accepted, act.modified].sort((a, b) => a - b),
    );
    expect((await get('/api/evaluation/gallery?order_by=name', 'admin')).statusCode).toBe(400);
    const mobile = await get('/api/evaluation/mobile/gallery?limit=1', 'family');
    expect(mobile.statusCode).toBe(200);
    expect(mobile.json()).toMatchObject({ count: 2, next_offset: 1 });
    expect(Object.keys(mobile.json().data[0]).sort()).toEqual([
      'badge_id',
      'child_name',
      'created_at',
      'id',
      'image',
      'liked',
      'likes',
      'thumb',
      'title',
    ]);
    expect((await get('/api/evaluation/mobile/gallery?offset=1', 'family')).json().next_offset).toBeNull();
  });
});

describe('likes (POST /evaluation/likes)', () => {
  it('likes, toggles and takes back, one like per user', async () => {
    const like = await post('/api/evaluation/likes', { activity_id: act.modified, like: true }, 'family');
    expect(like.json()).toEqual({ activity_id: act.modified, liked: true, likes: 1 });
    expect(
      (await post('/api/evaluation/likes', { activity_id: act.modified, like: true }, 'family')).json().likes,
    ).toBe(1);
    expect((await post('/api/evaluation/likes', { activity_id: act.modified }, 'teacher')).json()).toMatchObject({
      liked: true,
      likes: 2,
    });
    expect((await post('/api/evaluation/likes', { activity_id: act.modified }, 'teacher')).json()).toMatchObject({
      liked: false,
      likes: 1,
    });
    const top = (await get('/api/evaluation/gallery?order_by=likes', 'family')).json().gallery[0];
    expect(top).toMatchObject({ id: act.modified, likes: 1, liked: true });
    expect(
      (await post('/api/evaluation/likes', { activity_id: act.modified, like: false }, 'family')).json(),
    ).toMatchObject({ liked: false, likes: 0 });
  });

  it('only what the caller sees in the gallery: 404 otherwise; 400 without an activity', async () => {
    expect((await post('/api/evaluation/likes', { activity_id: act.pending }, 'family')).statusCode).toBe(404);
    expect((await post('/api/evaluation/likes', { activity_id: act.other }, 'family')).statusCode).toBe(404);
    expect((await post('/api/evaluation/likes', {}, 'family')).json().errors).toEqual({
      activity_id: 'app.validation.required',
    });
  });
});

describe('answer gallery (/answer/gallery)', () => {
  it("lists every image handed in within the caller's scope, any status, filterable", async () => {
    const teacher = await get('/api/answer/gallery?limit=50', 'teacher');
    const listed = teacher.json().gallery.map((g: { id: number }) => g.id);
    expect(listed).toEqual(expect.arrayContaining([act.accepted, act.modified, act.resubmit, act.pending]));
    expect(listed).not.toContain(act.other);
    expect(
      (await get('/api/answer/gallery?status=0', 'teacher')).json().gallery.map((g: { id: number }) => g.id),
    ).toEqual([act.pending]);
    expect((await get('/api/answer/gallery', 'family2')).json().count).toBe(0);
    expect((await get('/api/answer/gallery?status=9', 'teacher')).statusCode).toBe(400);
  });
});

describe('messages (POST /users/send_mail, /messages)', () => {
  it("a family writes to its child's teacher: stored, mailed, the teacher is told and reads it", async () => {
    const res = await post(
      '/api/users/send_mail',
      { user_id: ids.teacher, subject: 'عن الرسمة', content: 'شكرًا على التقييم' },
      'family',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      key: 'app.notify.messageSent',
      mail: { subject: 'عن الرسمة', sender: { id: ids.family }, recipient: { id: ids.teacher }, read: false },
    });
    await t.app.jobs.drain(); // mail is delivered by a background job
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(demo.teacher.email);
    expect(mail.subject).toContain('عن الرسمة');
    expect(mail.text).toContain('شكرًا على التقييم');
    const id = res.json().mail.id;
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/message?id=${id}`));
    expect(told).toMatchObject({ userId: ids.teacher, type: 'message' });

    const inbox = await post('/api/messages', { box: 'inbox' }, 'teacher');
    expect(inbox.json().unread).toBeGreaterThanOrEqual(1);
    expect(inbox.json().messages[0]).toMatchObject({ id, read: false });
    const read = await get(`/api/messages/${id}`, 'teacher');
    expect(read.json().mail.read).toBe(true);
    expect((await post('/api/messages', { box: 'sent' }, 'family')).json().messages[0].id).toBe(id);
    expect((await post('/api/messages', { search_text: 'الرسمة' }, 'teacher')).json().count).toBe(1);

    const reply = await post(
      '/api/users/send_mail',
      { user_id: ids.family, subject: 'Re', content: 'You are welcome', reply_to: id },
      'teacher',
    );
    expect(reply.json().mail).toMatchObject({ reply_to_id: id });
  });

  it("refuses users outside the sender's reach (404), writing to oneself, empty fields", async () => {
    expect(
      (await post('/api/users/send_mail', { user_id: ids.family3, subject: 's', content: 'c' }, 'family')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/users/send_mail', { user_id: ids.teacher2, subject: 's', content: 'c' }, 'family')).statusCode,
    ).toBe(404);
    const self = await post('/api/users/send_mail', { user_id: ids.family, subject: 's', content: 'c' }, 'family');
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ user_id: 'app.messages.notToSelf' });
    const empty = await post('/api/users/send_mail', { subject: ' ', content: '' }, 'family');
    expect(empty.json().errors).toEqual({
      user_id: 'app.validation.required',
      subject: 'app.validation.required',
      content: 'app.validation.required',
    });
    const [first] = await t.db.select().from(messages).limit(1);
    expect((await get(`/api/messages/${first.id}`, 'family3')).statusCode).toBe(404);
    expect(
      (
        await post(
          '/api/users/send_mail',
          { user_id: ids.teacher, subject: 's', content: 'c', reply_to: first.id },
          'family3',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('whoever wrote to you can be answered; the admin reaches everyone; recipients are searched by name', async () => {
    expect(
      (
        await post(
          '/api/users/send_mail',
          { user_id: ids.family3, subject: 'Hello', content: 'From the admin' },
          'admin',
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await post('/api/users/send_mail', { user_id: ids.admin, subject: 'Re', content: 'Thanks' }, 'family3'))
        .statusCode,
    ).toBe(201);
    const found = await post('/api/messages/recipients', { search: 'tarek' }, 'family');
    expect(found.json().users).toEqual([expect.objectContaining({ id: ids.teacher, roles: ['teacher'] })]);
    expect((await post('/api/messages/recipients', { search: 'Other' }, 'family')).json().users).toEqual([]);
  });
});

describe('notifications (POST /users/notifications, /users/notifications/read)', () => {
  it('lists the caller’s own, newest first, with the unread count and docs/PRODUCT.md §3 fields, marks them read', async () => {
    const res = await post('/api/users/notifications', { limit: 50 }, 'teacher');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.count).toBe(list.notifications.length);
    expect(list.unread).toBeGreaterThan(0);
    const n = list.notifications.find((x: { type: string }) => x.type === 'activity_submitted');
    expect(n).toMatchObject({
      title: 'app.notifications.kinds.activity_submitted',
      message: 'app.notifications.messages.activity_submitted',
      icon: 'assignment',
      timeout: 5000,
      position: 'top-right',
      params: { child: 'Yousef Ahmed' },
    });
    const unreadOnly = (await post('/api/users/notifications', { unread: true, limit: 100 }, 'teacher')).json();
    expect(unreadOnly.notifications.map((x: { id: number }) => x.id)).toContain(n.id);
    expect(unreadOnly.notifications.every((x: { read: boolean }) => !x.read)).toBe(true);
    const one = await post('/api/users/notifications/read', { ids: [n.id] }, 'teacher');
    expect(one.json().unread).toBe(list.unread - 1);
    // another user's notification is not theirs to mark
    const familyList = (await post('/api/users/notifications', {}, 'family')).json();
    await post(
      '/api/users/notifications/read',
      { ids: familyList.notifications.map((x: { id: number }) => x.id) },
      'teacher',
    );
    expect((await post('/api/users/notifications', {}, 'family')).json().unread).toBe(familyList.unread);
    expect((await post('/api/users/notifications/read', {}, 'teacher')).json().unread).toBe(0);
    expect((await post('/api/users/notifications/read', { ids: ['x'] }, 'teacher')).statusCode).toBe(400);
  });

  it('sends the report notification: content (the report link) and student_id, to the family', async () => {
    const res = await post(
      '/api/users/notifications/report',
      { student_id: ids.yousef, content: `/report/${ids.yousef}/1` },
      'teacher',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().notification).toMatchObject({
      type: 'report',
      content: `/report/${ids.yousef}/1`,
      student_id: ids.yousef,
      link: `/report/${ids.yousef}/1`,
    });
    const family = (await post('/api/users/notifications', { type: 'report' }, 'family')).json();
    expect(family.notifications[0]).toMatchObject({
      content: `/report/${ids.yousef}/1`,
      student_id: ids.yousef,
      read: false,
      params: { child: 'Yousef Ahmed', sender: 'Tarek Teacher' },
    });
  });

  it('refuses a link that is not this student’s report, another teacher’s student (404), a family (403)', async () => {
    for (const content of ['https://evil.test/report/1', `/report/${ids.omar}/1`, `/report/${ids.yousef}/7`, '']) {
      const res = await post('/api/users/notifications/report', { student_id: ids.yousef, content }, 'teacher');
      expect(res.statusCode, content).toBe(400);
      expect(res.json().errors.content).toBe(content ? 'app.validation.reportLink' : 'app.validation.required');
    }
    expect(
      (
        await post(
          '/api/users/notifications/report',
          { student_id: ids.yousef, content: `/report/${ids.yousef}` },
          'teacher2',
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/users/notifications/report',
          { student_id: ids.yousef, content: `/report/${ids.yousef}` },
          'family',
        )
      ).statusCode,
    ).toBe(403);
    const before = (await t.db.select().from(notifications).where(eq(notifications.type, 'report'))).length;
    expect(before).toBe(1);
  });
});

describe('feedback (/feedback)', () => {
  it('anyone sends feedback; each reads their own; the dashboard holders read all, mark read and delete', async () => {
    const res = await post('/api/feedback/add', { message: 'المعرض جميل', rating: 5 }, 'family');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      key: 'app.notify.feedbackSent',
      feedback: { message: 'المعرض جميل', rating: 5, user_id: ids.family, read: false },
    });
    await post('/api/feedback/add', { message: 'More colours please' }, 'family2');
    const mine = (await post('/api/feedback', {}, 'family')).json();
    expect(mine.feedback.map((f: { message: string }) => f.message)).toContain('المعرض جميل');
    expect(mine.feedback.every((f: { user_id: number }) => f.user_id === ids.family)).toBe(true);
    const all = (await post('/api/feedback', { limit: 100 }, 'admin')).json();
    expect(all.count).toBe((await t.db.select().from(feedback)).length);
    const id = res.json().feedback.id;
    expect((await post(`/api/feedback/read/${id}`, {}, 'family')).statusCode).toBe(403);
    expect((await post(`/api/feedback/read/${id}`, {}, 'admin')).json().feedback.read).toBe(true);
    expect(
      (await post('/api/feedback', { status: 0, limit: 100 }, 'admin'))
        .json()
        .feedback.some((f: { id: number }) => f.id === id),
    ).toBe(false);
    expect((await t.inject({ method: 'DELETE', url: `/api/feedback/delete/${id}`, as: 'family2' })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'DELETE', url: `/api/feedback/delete/${id}`, as: 'family' })).statusCode).toBe(
      200,
    );
  });

  it('says what is wrong', async () => {
    const res = await post('/api/feedback/add', { message: ' ', rating: 9 }, 'family');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ message: 'app.validation.required', rating: 'app.validation.outOfRange' });
  });
});
