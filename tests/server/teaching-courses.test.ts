import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseRequests, courses, lessonActivities, lessonImages, lessons, logs } from '../../server/db/schema';
import { multipart, notAnImage, pngImage } from './support/files';
import { withApp } from './support/withApp';
import { childId, courseId, makeFamily, makeTeacher } from './support/teaching';

/** Courses, approval, course requests, lessons, lesson activities and advanced activities (docs/api/teaching.md). */
const t = withApp();
let other: { id: number; token: string };
let drawing: number;
beforeAll(async () => {
  other = await makeTeacher(t, 'other.courses@demo.test');
  t.keep('other', other.token);
  drawing = await courseId(t, 'Creative Drawing');
});

const { get, post } = t;
const form = async (url: string, fields: Record<string, string>, who: string, image?: Buffer) => {
  const body = multipart(fields, ...(image ? [{ name: 'image', filename: 'cover.png', data: image }] : []));
  return t.inject({
    method: 'POST',
    url,
    payload: body.body,
    headers: body.headers,
    as: who,
  });
};
const courseFields = {
  name: 'Clay Stories',
  description: 'Modelling characters in clay',
  age_group: '3',
  languages: 'ar,en',
  start_date: '2026-02-01',
  end_date: '2026-05-01',
};

describe('courses', () => {
  it('refuses a course without its required fields, each with its message, and stores nothing', async () => {
    const before = await t.db.select().from(courses);
    const res = await form('/api/courses/save', {}, 'teacher', await pngImage());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'app.validation.required',
      description: 'app.validation.courseDescriptionRequired',
      age_group: 'app.validation.ageGroupRequired',
      languages: 'app.validation.languagesRequired',
      start_date: 'app.validation.startDateRequired',
      end_date: 'app.validation.endDateRequired',
    });
    const dates = await form(
      '/api/courses/save',
      { ...courseFields, end_date: '2026-01-01' },
      'teacher',
      await pngImage(),
    );
    expect(dates.json().errors).toEqual({ end_date: 'app.validation.endBeforeStart' });
    const codes = await form(
      '/api/courses/save',
      { ...courseFields, age_group: '9', languages: 'ar,xx', status: '2' },
      'teacher',
      await pngImage(),
    );
    expect(codes.json().errors).toEqual({
      age_group: 'app.validation.invalidChoice',
      'languages.1': 'app.validation.invalidChoice',
      status: 'app.validation.invalidChoice',
    });
    expect((await form('/api/courses/save', courseFields, 'teacher')).json().errors).toEqual({
      image: 'app.validation.imageRequired',
    });
    expect((await form('/api/courses/save', courseFields, 'teacher', notAnImage())).statusCode).toBe(415);
    expect(await t.db.select().from(courses)).toHaveLength(before.length);
  });

  it("a teacher's course waits for approval; the image is served only to those who may see the course", async () => {
    const res = await form('/api/courses/save', courseFields, 'teacher', await pngImage());
    expect(res.statusCode).toBe(201);
    const course = res.json().course;
    expect(course).toMatchObject({
      name: 'Clay Stories',
      age_group: 3,
      languages: ['ar', 'en'],
      start_date: '2026-02-01',
      end_date: '2026-05-01',
      status: 1,
      approval: 0,
    });
    expect((await get(course.image, 'teacher')).headers['content-type']).toBe('image/png');
    expect((await get(course.image, 'teacher')).headers['cache-control']).toContain('private');
    expect((await get(course.image, 'family')).statusCode).toBe(404);
    expect((await get(`/api/courses/show/${course.id}`, 'family')).statusCode).toBe(404);
    expect((await get(`/api/courses/show/${course.id}`, 'other')).statusCode).toBe(404);
    const waiting = await post('/api/auth/courses', {}, 'admin');
    expect(waiting.json().courses.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Clay Stories', 'Little Makers']),
    );
    expect((await post('/api/auth/courses', {}, 'teacher')).statusCode).toBe(403);
    const approved = await post(`/api/auth/courses/${course.id}`, { approval: 1 }, 'admin');
    expect(approved.json().course.approval).toBe(1);
    expect((await post(`/api/auth/courses/${course.id}`, { approval: 0 }, 'admin')).json().errors).toEqual({
      approval: 'app.validation.invalidChoice',
    });
    expect((await get(`/api/courses/show/${course.id}`, 'family')).statusCode).toBe(200);
    expect((await get(course.image, 'family')).statusCode).toBe(200);
    expect(
      (
        await t.db
          .select()
          .from(logs)
          .where(and(eq(logs.entity, 'course'), eq(logs.entityId, course.id)))
      ).map((l) => l.action),
    ).toEqual(['create', 'approve']);
  });

  it("an admin's course is approved at once; families and region admins may not make courses", async () => {
    expect(
      (await form('/api/courses/save', { ...courseFields, name: 'Admin course' }, 'admin', await pngImage())).json()
        .course.approval,
    ).toBe(1);
    expect((await form('/api/courses/save', courseFields, 'family', await pngImage())).statusCode).toBe(403);
    expect((await form('/api/courses/save', courseFields, 'region', await pngImage())).statusCode).toBe(403);
  });

  it('edits: the maker (image kept when none is sent); another teacher gets 404 and nothing changes', async () => {
    const denied = await form(`/api/courses/save/${drawing}`, { ...courseFields, name: 'Taken over' }, 'other');
    expect(denied.statusCode).toBe(404);
    expect((await t.db.select().from(courses).where(eq(courses.id, drawing)))[0].name).toBe('Creative Drawing');
    const res = await form(
      `/api/courses/save/${drawing}`,
      { ...courseFields, name: 'Creative Drawing', age_group: '5', status: '3' },
      'teacher',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().course).toMatchObject({ age_group: 5, status: 3, image: null });
    await form(
      `/api/courses/save/${drawing}`,
      { ...courseFields, name: 'Creative Drawing', age_group: '5', status: '1' },
      'teacher',
    );
  });

  it('lists the catalogue: age group 5 fits every age filter; language and search filters; a family sees only open courses', async () => {
    const names = async (payload: object, who = 'family') =>
      (await post('/api/courses', payload, who)).json().courses.map((c: { name: string }) => c.name);
    expect(await names({ age_group: 3 })).toEqual(expect.arrayContaining(['Creative Drawing', 'Story Writing']));
    expect(await names({ age_group: 2 })).toContain('Creative Drawing');
    expect(await names({ age_group: 2 })).not.toContain('Story Writing');
    expect(await names({ language: 'en' })).toContain('Creative Drawing');
    expect(await names({ language: 'en' })).not.toContain('Story Writing');
    expect(await names({ search_text: 'short stories' })).toEqual(['Story Writing']);
    expect(await names({})).not.toContain('Little Makers');
    expect(await names({}, 'admin')).toContain('Little Makers');
    const paged = await post('/api/courses', { limit: 1, order_by: 'name', order_direction: 'asc' }, 'admin');
    expect(paged.json().courses).toHaveLength(1);
    expect(paged.json().count).toBeGreaterThan(2);
    expect((await post('/api/courses', { order_by: 'image' }, 'admin')).statusCode).toBe(400);
  });
});

describe('course requests', () => {
  it('a family asks for its child, cannot ask twice, and the teacher accepts once', async () => {
    const fam = await makeFamily(t, 'course.family@demo.test', { name: 'Course Kid', birthdate: '2015-01-01' });
    const stories = await courseId(t, 'Story Writing');
    const ask = await post(`/api/courses/add/${stories}/1`, { user_id: fam.childId }, fam.token);
    expect(ask.json()).toEqual({
      message: 'The request has been sent',
      key: 'app.notify.requestSent',
      request_status: 0,
    });
    expect((await post(`/api/courses/add/${stories}/1`, { user_id: fam.childId }, fam.token)).json().key).toBe(
      'app.teaching.alreadyRequested',
    );
    const list = await post('/api/users/courses/requests', { status: 0, course_id: stories }, 'teacher');
    expect(list.json().requests.map((r: { child_name: string }) => r.child_name)).toEqual(
      expect.arrayContaining(['Course Kid', 'Omar']),
    );
    expect((await post('/api/users/courses/requests', {}, 'other')).json().requests).toEqual([]);
    const mine = await post('/api/users/courses/requests', {}, fam.token);
    expect(mine.json().requests.map((r: { child_name: string; kind: string }) => [r.child_name, r.kind])).toEqual([
      ['Course Kid', 'course'],
    ]);
    expect(
      (await post('/api/users/change/course/status', { course_id: stories, user_id: fam.childId, status: 1 }, 'other'))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/users/change/course/status',
          { course_id: stories, user_id: fam.childId, status: 1 },
          fam.token,
        )
      ).statusCode,
    ).toBe(403);
    const accept = await post(
      '/api/users/change/course/status',
      { course_id: stories, user_id: fam.childId, status: 1 },
      'teacher',
    );
    expect(accept.json().key).toBe('app.notify.requestAccepted');
    expect(
      (
        await post(
          '/api/users/change/course/status',
          { course_id: stories, user_id: fam.childId, status: 2 },
          'teacher',
        )
      ).json().key,
    ).toBe('app.teaching.requestAnswered');
    expect((await post(`/api/courses/add/${stories}/1`, { user_id: fam.childId }, fam.token)).json().key).toBe(
      'app.teaching.alreadyMember',
    );
    const [row] = await t.db
      .select()
      .from(courseRequests)
      .where(and(eq(courseRequests.courseId, stories), eq(courseRequests.childId, fam.childId)));
    expect(row.status).toBe(1);
  });

  it("withdraws a waiting request; refuses age mismatch, closed courses, another family's child", async () => {
    const fam = await makeFamily(t, 'course.family2@demo.test', { name: 'Small Kid', birthdate: '2022-03-03' });
    const stories = await courseId(t, 'Story Writing');
    const age = await post(`/api/courses/add/${stories}/1`, { user_id: fam.childId }, fam.token);
    expect(age.json()).toMatchObject({
      key: 'app.teaching.ageGroupMismatch',
      errors: { user_id: 'app.teaching.ageGroupMismatch' },
    });
    expect(
      (await post(`/api/courses/add/${drawing}/1`, { user_id: fam.childId }, fam.token)).json().request_status,
    ).toBe(0);
    expect((await post(`/api/courses/add/${drawing}/0`, { user_id: fam.childId }, fam.token)).json().key).toBe(
      'app.notify.requestWithdrawn',
    );
    expect((await post(`/api/courses/add/${drawing}/0`, { user_id: fam.childId }, fam.token)).json().key).toBe(
      'app.teaching.notRequested',
    );
    expect(
      (await post(`/api/courses/add/${await courseId(t, 'Little Makers')}/1`, { user_id: fam.childId }, fam.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/courses/add/${drawing}/1`, { user_id: await childId(t, 'Yousef') }, fam.token)).statusCode,
    ).toBe(404);
    // a course the family still sees (through its request) but that no longer takes requests
    expect((await post(`/api/courses/add/${drawing}/1`, { user_id: fam.childId }, fam.token)).statusCode).toBe(200);
    await post('/api/users/change/course/status', { course_id: drawing, user_id: fam.childId, status: 2 }, 'teacher');
    await t.db.update(courses).set({ status: 0 }).where(eq(courses.id, drawing));
    try {
      const closed = await post(`/api/courses/add/${drawing}/1`, { user_id: fam.childId }, fam.token);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({
        key: 'app.teaching.courseClosed',
        message: 'This course does not take requests now',
      });
      const [row] = await t.db
        .select()
        .from(courseRequests)
        .where(and(eq(courseRequests.courseId, drawing), eq(courseRequests.childId, fam.childId)));
      expect(row.status).toBe(2);
    } finally {
      await t.db.update(courses).set({ status: 1 }).where(eq(courses.id, drawing));
    }
  });
});

describe('lessons', () => {
  let lessonIds: number[];
  it('adds a lesson with its required messages; only the maker of the course may', async () => {
    const empty = await post('/api/lessons/save', {}, 'teacher');
    expect(empty.json().errors).toEqual({
      course_id: 'app.validation.courseRequired',
      title: 'app.validation.titleRequired',
      content: 'app.validation.lessonContentRequired',
    });
    const blank = await post('/api/lessons/save', { course_id: drawing, title: 'T', content: '   ' }, 'teacher');
    expect(blank.json().errors).toEqual({ content: 'app.validation.lessonContentRequired' });
    expect(
      (await post('/api/lessons/save', { course_id: drawing, title: 'Mine now', content: 'x' }, 'other')).statusCode,
    ).toBe(404);
    const res = await post(
      '/api/lessons/save',
      { course_id: drawing, title: 'Shadows', content: 'We draw shadows.' },
      'teacher',
    );
    expect(res.statusCode).toBe(201);
    const titles = res.json().lessons.map((l: { title: string }) => l.title);
    expect(titles).toEqual(['Lines and shapes', 'Colours and feelings', 'My imaginary world', 'Shadows']);
    lessonIds = res.json().lessons.map((l: { id: number }) => l.id);
  });

  it('stores a new order set by drag and drop, and refuses an order with a lesson missing or of another course', async () => {
    const order = [lessonIds[3], lessonIds[0], lessonIds[2], lessonIds[1]];
    const res = await post(`/api/lessons/sort/${drawing}`, { ids: order }, 'teacher');
    expect(res.json().lessons.map((l: { id: number }) => l.id)).toEqual(order);
    const show = await get(`/api/courses/show/${drawing}`, 'family');
    expect(show.json().lessons.map((l: { id: number; position: number }) => [l.id, l.position])).toEqual(
      order.map((id, i) => [id, i + 1]),
    );
    expect(show.json().can_edit).toBe(false);
    expect((await get(`/api/courses/show/${drawing}`, 'teacher')).json().can_edit).toBe(true);
    expect((await post(`/api/lessons/sort/${drawing}`, { ids: order.slice(1) }, 'teacher')).json().key).toBe(
      'app.validation.orderIncomplete',
    );
    const storyLesson = (
      await t.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, await courseId(t, 'Story Writing')))
    )[0].id;
    expect(
      (await post(`/api/lessons/sort/${drawing}`, { ids: [...order.slice(1), storyLesson] }, 'teacher')).statusCode,
    ).toBe(400);
    expect((await post(`/api/lessons/sort/${drawing}`, { ids: order }, 'other')).statusCode).toBe(404);
  });

  it('adds content pictures checked by their bytes and serves them to those who see the course', async () => {
    const lessonId = lessonIds[3];
    const upload = (who: string, data: Buffer) => {
      const body = multipart({ lesson_id: String(lessonId) }, { name: 'image', filename: 'a.png', data });
      return t.inject({
        method: 'POST',
        url: '/api/contentImg',
        payload: body.body,
        headers: body.headers,
        as: who,
      });
    };
    expect((await upload('other', await pngImage())).statusCode).toBe(404);
    expect((await upload('teacher', notAnImage())).statusCode).toBe(415);
    const res = await upload('teacher', await pngImage(400, 300));
    expect(res.statusCode).toBe(201);
    const { image } = res.json();
    expect(image.url).toBe(`/api/files/content/${image.name}`);
    expect((await get(image.url, 'family')).statusCode).toBe(200);
    expect((await get(`${image.url}?thumb=1`, 'family')).statusCode).toBe(200);
    expect((await t.inject({ url: image.url })).statusCode).toBe(401);
    const show = await get(`/api/courses/show/${drawing}`, 'teacher');
    expect(show.json().lessons.find((l: { id: number }) => l.id === lessonId).images).toEqual([image]);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/contentImg/${image.id}`, token: other.token })).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/contentImg/${image.id}`, as: 'teacher' })).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(lessonImages).where(eq(lessonImages.id, image.id))).toEqual([]);
    expect((await get(image.url, 'teacher')).statusCode).toBe(404);
  });

  it('edits and deletes a lesson', async () => {
    expect(
      (await post(`/api/lessons/save/${lessonIds[3]}`, { title: 'Light and shadow', content: 'Again' }, 'teacher'))
        .json()
        .lessons.find((l: { id: number }) => l.id === lessonIds[3]).title,
    ).toBe('Light and shadow');
    expect((await post(`/api/lessons/save/${lessonIds[3]}`, { title: 'x', content: 'y' }, 'other')).statusCode).toBe(
      404,
    );
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/lessons/delete/${lessonIds[3]}`, as: 'teacher' })).json().key,
    ).toBe('app.notify.lessonDeleted');
    expect(await t.db.select().from(lessons).where(eq(lessons.id, lessonIds[3]))).toEqual([]);
  });
});

describe('lesson activities and advanced activities', () => {
  let lessonId: number;
  let activityId: number;
  beforeAll(async () => {
    lessonId = (await t.db.select().from(lessons).where(eq(lessons.title, 'Lines and shapes')))[0].id;
  });

  it('adds an activity with a stable id, with its messages; orders activities', async () => {
    expect((await post('/api/lessons/activities/save', { lesson_id: lessonId }, 'teacher')).json().errors).toEqual({
      title: 'app.validation.titleRequired',
      description: 'app.validation.descriptionRequired',
      kind: 'app.validation.kindRequired',
    });
    const res = await post(
      '/api/lessons/activities/save',
      { lesson_id: lessonId, title: 'Puzzle', description: 'Solve it', kind: 4 },
      'teacher',
    );
    expect(res.statusCode).toBe(201);
    activityId = res.json().activity.id;
    expect(res.json().activity).toMatchObject({ lesson_id: lessonId, kind: 4, has_advanced: false, position: 3 });
    expect(
      (
        await post(
          `/api/lessons/activities/save/${activityId}`,
          { title: 'Puzzle!', description: 'Solve it', kind: 4 },
          'teacher',
        )
      ).json().activity.id,
    ).toBe(activityId);
    const current = (await t.db.select().from(lessonActivities).where(eq(lessonActivities.lessonId, lessonId))).map(
      (a) => a.id,
    );
    const order = [activityId, ...current.filter((i) => i !== activityId)];
    expect(
      (await post(`/api/lessons/activities/sort/${lessonId}`, { ids: order }, 'teacher'))
        .json()
        .activities.map((a: { id: number }) => a.id),
    ).toEqual(order);
    expect(
      (
        await post(
          '/api/lessons/activities/save',
          { lesson_id: lessonId, title: 'x', description: 'y', kind: 0 },
          'other',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('saves an advanced activity checked by its schema and reads it back as JSON (GET and POST)', async () => {
    const content = {
      instructions: 'Do it',
      steps: [
        { type: 'text', text: 'Look' },
        { type: 'choice', question: 'Which?', options: ['A', 'B'] },
        { type: 'list', prompt: 'Ideas', min_answers: 2 },
      ],
    };
    const bad = await post(
      `/api/advanced/save/${activityId}`,
      { steps: [{ type: 'choice', question: 'Q', options: ['only one'] }, { type: 'video' }] },
      'teacher',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'steps.0.options': 'app.validation.invalid',
      'steps.1.type': 'app.validation.invalidChoice',
    });
    expect((await post(`/api/advanced/save/${activityId}`, { steps: [] }, 'teacher')).json().errors).toEqual({
      steps: 'app.validation.required',
    });
    expect((await post(`/api/advanced/save/${activityId}`, content, 'other')).statusCode).toBe(404);
    const saved = await post(`/api/advanced/save/${activityId}`, content, 'teacher');
    expect(saved.statusCode).toBe(200);
    const expected = {
      version: 1,
      instructions: 'Do it',
      steps: [
        { type: 'text', text: 'Look' },
        { type: 'choice', question: 'Which?', options: ['A', 'B'], multiple: false },
        { type: 'list', prompt: 'Ideas', min_answers: 2 },
      ],
    };
    expect(saved.json().advanced).toEqual(expected);
    expect((await get(`/api/advanced/get/json?id=${activityId}`, 'family')).json()).toEqual({
      id: activityId,
      lesson_id: lessonId,
      title: 'Puzzle!',
      advanced: expected,
    });
    expect((await post('/api/advanced/get/json', { id: activityId }, 'family')).json().advanced).toEqual(expected);
    const waitingLesson = (
      await post(
        '/api/lessons/save',
        { course_id: await courseId(t, 'Little Makers'), title: 'Cut', content: 'Cut paper' },
        'teacher',
      )
    ).json().lessons[0].id;
    const hiddenActivity = (
      await post(
        '/api/lessons/activities/save',
        { lesson_id: waitingLesson, title: 'Cut', description: 'Cut', kind: 2 },
        'teacher',
      )
    ).json().activity.id;
    expect((await get(`/api/advanced/get/json?id=${hiddenActivity}`, 'family')).statusCode).toBe(404);
    expect((await get(`/api/advanced/get/json?id=${hiddenActivity}`, 'teacher')).json().advanced).toBeNull();
  });

  it('deletes an activity', async () => {
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/lessons/activities/delete/${activityId}`, token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/lessons/activities/delete/${activityId}`,
          as: 'teacher',
        })
      ).json().key,
    ).toBe('app.notify.activityDeleted');
    expect(await t.db.select().from(lessonActivities).where(eq(lessonActivities.id, activityId))).toEqual([]);
  });
});
