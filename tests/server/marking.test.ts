import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementOf, IMAGE_MAX, isAssessed, RUBRIC } from '../../domain/marking/rubric';
import {
  children,
  examAnswers,
  examQuestions,
  exams,
  imageMarks,
  logs,
  markingAssignments,
  roles,
  settings,
  userRoles,
  users,
} from '../../server/db/schema';
import { DEMO_TAKERS } from '../../server/seed/marking';
import { call, createTestApp, login, type TestApp } from './support/testApp';

let t: TestApp;
const token: Record<string, string> = {};
const markerIds: Record<string, number> = {};
/** demo tests by the taker's name, all allocated to marker@demo.test */
const examOf: Record<string, number> = {};

const FULL = { originality: 2, elaboration: 3, closure: 1, title: 0 };

/** Another marker account (role marker), signed in. */
async function addMarker(name: string): Promise<void> {
  const [model] = await t.db.select().from(users).where(eq(users.email, 'marker@demo.test'));
  const [role] = await t.db.select().from(roles).where(eq(roles.name, 'marker'));
  const [user] = await t.db
    .insert(users)
    .values({ name: `${name} Marker`, email: `${name}@demo.test`, passwordHash: model.passwordHash, type: model.type })
    .returning();
  await t.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  markerIds[name] = user.id;
  token[name] = await login(t.app, `${name}@demo.test`);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'teacher', 'family', 'marker'] as const) token[role] = await login(t.app, role);
  markerIds.marker = (await t.db.select().from(users).where(eq(users.email, 'marker@demo.test')))[0].id;
  await addMarker('second');
  await addMarker('third');
  const rows = await t.db
    .select({ examId: markingAssignments.examId, name: children.name })
    .from(markingAssignments)
    .innerJoin(exams, eq(exams.id, markingAssignments.examId))
    .innerJoin(children, eq(children.id, exams.childId));
  for (const r of rows) examOf[r.name] = r.examId;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, as: string) =>
  call(t.app, { method: 'POST', url, payload, token: token[as] ?? as });
const get = (url: string, as: string) => call(t.app, { url, token: token[as] ?? as });

interface QueueItem {
  id: number;
  code: string;
  exam_type: number;
  challenge: number;
  images: number;
  marked: number;
  version: number;
  status: string;
}
interface TestForMarking {
  id: number;
  code: string;
  version: number;
  status: string;
  marked: number;
  images: { file_id: number; stage: number; titles: string[]; scores: Record<string, number>; assessed: boolean }[];
}

const queue = async (as: string): Promise<QueueItem[]> => (await post('/api/users/to/mark', {}, as)).json().data;
const open = async (as: string, assignmentId: number): Promise<TestForMarking> =>
  (await post('/api/exam/report/for/marking', { assignment_id: assignmentId }, as)).json();
const assignmentOf = async (examId: number, markerId: number) =>
  (
    await t.db
      .select()
      .from(markingAssignments)
      .where(and(eq(markingAssignments.examId, examId), eq(markingAssignments.markerId, markerId)))
  )[0];

/** Marks every drawing of an assignment with the given scores, one draft at a time; returns the last version. */
async function markAll(
  as: string,
  assignmentId: number,
  scores: (i: number) => Record<string, number>,
): Promise<number> {
  let test = await open(as, assignmentId);
  let version = test.version;
  for (const [i, image] of test.images.entries()) {
    const res = await post(
      '/api/mark/exam/report',
      { assignment_id: assignmentId, file_id: image.file_id, version, scores: scores(i) },
      as,
    );
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
  }
  test = await open(as, assignmentId);
  expect(test.version).toBe(version);
  return version;
}

describe('the rubric (domain/marking)', () => {
  it('assesses a drawing only when every item has a score in range, and works the documented example out', () => {
    expect(IMAGE_MAX).toBe(10);
    expect(isAssessed(FULL)).toBe(true);
    expect(isAssessed({ originality: 2, elaboration: 3, closure: 1 })).toBe(false);
    expect(isAssessed({ ...FULL, closure: 3 })).toBe(false);
    const a = new Map([
      [1, { originality: 2, elaboration: 3, closure: 1, title: 0 }],
      [2, { originality: 1, elaboration: 1, closure: 2, title: 1 }],
    ]);
    const b = new Map([
      [1, { originality: 2, elaboration: 2, closure: 1, title: 0 }],
      [2, { originality: 0, elaboration: 1, closure: 2, title: 2 }],
    ]);
    const agreement = agreementOf(a, b);
    expect([agreement.first, agreement.second, agreement.difference]).toEqual([11, 10, 1]);
    expect(agreement.items.map((i) => i.difference)).toEqual([1, 1, 0, 1]);
    expect(agreement.exact).toBe(5 / 8);
    expect(RUBRIC.map((r) => r.key)).toEqual(['originality', 'elaboration', 'closure', 'title']);
  });
});

describe("the marker's queue and anonymity", () => {
  it('lists the tests allocated to the marker by pseudonymous code, with x of y marked, and no learner anywhere', async () => {
    const res = await post('/api/users/to/mark', {}, 'marker');
    expect(res.statusCode).toBe(200);
    const items: QueueItem[] = res.json().data;
    expect(items).toHaveLength(DEMO_TAKERS.length);
    for (const item of items) {
      expect(item.code).toMatch(/^NT-[A-Z2-9]{8}$/);
      expect(item).toMatchObject({ exam_type: 1, challenge: 1, images: 3, marked: 0, status: 'open' });
      expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['child_id']));
    }
    expect(new Set(items.map((i) => i.code)).size).toBe(items.length);
    const opened = await post('/api/exam/report/for/marking', { assignment_id: items[0].id }, 'marker');
    expect(opened.statusCode).toBe(200);
    const body = opened.body;
    const kids = await t.db
      .select()
      .from(children)
      .where(
        inArray(
          children.id,
          (await t.db.select({ id: exams.childId }).from(exams)).map((e) => e.id),
        ),
      );
    for (const kid of kids) {
      expect(body).not.toContain(kid.name);
      if (kid.birthdate) expect(body).not.toContain(kid.birthdate);
    }
    expect(body).not.toMatch(/child|student|school|birth/i);
    const test: TestForMarking = opened.json();
    expect(test.images.map((i) => i.stage)).toEqual([1, 2, 3]);
    expect(test.images[0]).toMatchObject({ assessed: false, scores: {} });
  });

  it("shows each drawing with the titles the learner typed for it (rubric item 'title'), in order, and still no learner", async () => {
    const [item] = await queue('marker');
    const [assignment] = await t.db.select().from(markingAssignments).where(eq(markingAssignments.id, item.id));
    // the demo learner named the stage-1 drawing 'شمس'; a second named drawing joins it
    const [named] = await t.db
      .select()
      .from(examAnswers)
      .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
      .where(and(eq(examAnswers.examId, assignment.examId), eq(examQuestions.kind, 'repeated_draw')));
    expect(named.exam_answers.answer).toBe('شمس');
    const { id: _id, ...second } = named.exam_answers;
    await t.db.insert(examAnswers).values({ ...second, position: 2, answer: 'قمر في النهار' });
    const opened = await post('/api/exam/report/for/marking', { assignment_id: item.id }, 'marker');
    expect(opened.statusCode).toBe(200);
    const test: TestForMarking = opened.json();
    expect(test.images.map((i) => [i.stage, i.titles])).toEqual([
      [1, ['شمس', 'قمر في النهار']],
      [2, []],
      [3, []],
    ]);
    const [kid] = await t.db.select().from(children).where(eq(children.id, named.exam_answers.childId));
    expect(opened.body).not.toContain(kid.name);
    expect(opened.body).not.toMatch(/child|student|school|birth/i);
  });

  it('serves the drawings of its own tests only; the learner-scoped file route stays closed to the marker', async () => {
    const [item] = await queue('marker');
    const test = await open('marker', item.id);
    const image = await get(`/api/marking/images/${item.id}/${test.images[0].file_id}`, 'marker');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('private');
    expect((await get(`/api/exam/files/${test.images[0].file_id}`, 'marker')).statusCode).toBe(404);
    const [other] = await queue('marker').then((q) => q.slice(1));
    const otherTest = await open('marker', other.id);
    // a drawing of another test through this assignment
    expect((await get(`/api/marking/images/${item.id}/${otherTest.images[0].file_id}`, 'marker')).statusCode).toBe(404);
  });

  it("answers 404 for another marker's test (read, image, draft, finish) and 403 for users who do not mark", async () => {
    const [item] = await queue('marker');
    const test = await open('marker', item.id);
    expect((await post('/api/exam/report/for/marking', { assignment_id: item.id }, 'second')).statusCode).toBe(404);
    expect((await post('/api/exam/report/for/marking', { assignment_id: 999999 }, 'marker')).statusCode).toBe(404);
    expect((await get(`/api/marking/images/${item.id}/${test.images[0].file_id}`, 'second')).statusCode).toBe(404);
    const draft = await post(
      '/api/mark/exam/report',
      { assignment_id: item.id, file_id: test.images[0].file_id, version: test.version, scores: FULL },
      'second',
    );
    expect(draft.statusCode).toBe(404);
    expect(
      (await post('/api/mark/exam/finish', { assignment_id: item.id, version: test.version }, 'second')).statusCode,
    ).toBe(404);
    expect((await open('marker', item.id)).version).toBe(test.version);
    expect(await t.db.select().from(imageMarks).where(eq(imageMarks.assignmentId, item.id))).toHaveLength(0);
    for (const who of ['teacher', 'family']) expect((await post('/api/users/to/mark', {}, who)).statusCode).toBe(403);
    // the platform admin holds every permission, mark_neomi_test too, but sees only what is allocated to them
    expect((await post('/api/users/to/mark', {}, 'admin')).json()).toEqual({ data: [], total: 0 });
    expect((await post('/api/exam/report/for/marking', { assignment_id: item.id }, 'admin')).statusCode).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/api/users/to/mark' })).statusCode).toBe(401);
  });
});

describe('marking a test', () => {
  it('saves each mark as a draft, counts x of y, refuses scores outside the rubric and finishing before every drawing is assessed', async () => {
    const item = (await queue('marker')).find((i) => i.exam_type === 1)!;
    let test = await open('marker', item.id);
    const [first, second, third] = test.images;
    const draft = await post(
      '/api/mark/exam/report',
      { assignment_id: item.id, file_id: first.file_id, version: test.version, scores: FULL },
      'marker',
    );
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({
      key: 'app.marking.saved',
      version: test.version + 1,
      marked: 1,
      image: { file_id: first.file_id, assessed: true, scores: FULL },
    });
    let version: number = draft.json().version;

    // out of range, unknown item: 400 and nothing changes
    for (const scores of [
      { ...FULL, closure: 3 },
      { ...FULL, speed: 1 },
      { ...FULL, title: -1 },
      { originality: 'x' },
    ]) {
      const bad = await post(
        '/api/mark/exam/report',
        { assignment_id: item.id, file_id: second.file_id, version, scores },
        'marker',
      );
      expect(bad.statusCode, JSON.stringify(scores)).toBe(400);
    }
    // a drawing of another test: 404
    const other = (await queue('marker')).find((i) => i.id !== item.id)!;
    const otherFile = (await open('marker', other.id)).images[0].file_id;
    expect(
      (
        await post(
          '/api/mark/exam/report',
          { assignment_id: item.id, file_id: otherFile, version, scores: FULL },
          'marker',
        )
      ).statusCode,
    ).toBe(404);
    expect((await open('marker', item.id)).version).toBe(version);

    // a partial draft is kept but the drawing is not assessed
    const partial = await post(
      '/api/mark/exam/report',
      { assignment_id: item.id, file_id: second.file_id, version, scores: { originality: 1 } },
      'marker',
    );
    expect(partial.json()).toMatchObject({ marked: 1, image: { assessed: false, scores: { originality: 1 } } });
    version = partial.json().version;

    const refused = await post('/api/mark/exam/finish', { assignment_id: item.id, version }, 'marker');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('app.marking.assessAll');
    expect(refused.json().message).toBe('You have to assess all the test');
    expect(Object.keys(refused.json().errors).sort()).toEqual(
      [`images.${second.file_id}`, `images.${third.file_id}`].sort(),
    );
    expect((await assignmentOf(examOfAssignment(item.id), markerIds.marker)).status).toBe('open');

    for (const image of [second, third]) {
      const res = await post(
        '/api/mark/exam/report',
        { assignment_id: item.id, file_id: image.file_id, version, scores: FULL },
        'marker',
      );
      version = res.json().version;
    }
    test = await open('marker', item.id);
    expect(test.marked).toBe(3);
    const done = await post('/api/mark/exam/finish', { assignment_id: item.id, version }, 'marker');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ key: 'app.marking.done', test: { status: 'finished', marked: 3 } });

    // it leaves the queue for /corrected-exams, and its marks no longer change
    expect((await queue('marker')).map((i) => i.id)).not.toContain(item.id);
    const corrected = (await post('/api/users/with/marked/answers', {}, 'marker')).json().data;
    expect(corrected.map((i: QueueItem) => i.id)).toContain(item.id);
    const after = await post(
      '/api/mark/exam/report',
      {
        assignment_id: item.id,
        file_id: first.file_id,
        version: done.json().test.version,
        scores: { ...FULL, title: 2 },
      },
      'marker',
    );
    expect(after.statusCode).toBe(409);
    expect(after.json().key).toBe('app.marking.finished');
    expect(
      (await post('/api/mark/exam/finish', { assignment_id: item.id, version: done.json().test.version }, 'marker'))
        .statusCode,
    ).toBe(409);
    const logged = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'marking'), eq(logs.entityId, item.id)));
    expect(logged.map((l) => l.action)).toContain('finish');
  });

  it('refuses a save naming an older version (409 with a clear message) and keeps the first save (two saves at once: a real proof only on PostgreSQL, PGlite has one connection)', async () => {
    const item = (await queue('marker'))[0];
    const test = await open('marker', item.id);
    const file = test.images[0].file_id;
    // two sessions opened the test at the same version; the first save wins
    const [a, b] = await Promise.all([
      post(
        '/api/mark/exam/report',
        { assignment_id: item.id, file_id: file, version: test.version, scores: FULL },
        'marker',
      ),
      post(
        '/api/mark/exam/report',
        { assignment_id: item.id, file_id: file, version: test.version, scores: { ...FULL, originality: 0 } },
        'marker',
      ),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    const won = a.statusCode === 200 ? a : b;
    expect(lost.json()).toMatchObject({ key: 'app.marking.stale' });
    expect(lost.json().message).toMatch(/Another session saved marks on this test/);
    const stored = await open('marker', item.id);
    expect(stored.images[0].scores).toEqual(won.json().image.scores);
    expect(stored.version).toBe(test.version + 1);
    // a finish naming the old version is refused too
    expect(
      (await post('/api/mark/exam/finish', { assignment_id: item.id, version: test.version }, 'marker')).statusCode,
    ).toBe(409);
  });
});

/** The exam of an assignment (the test reads the database; the marker's API never says). */
const assignmentExam = new Map<number, number>();
function examOfAssignment(assignmentId: number): number {
  return assignmentExam.get(assignmentId)!;
}
beforeAll(async () => {
  for (const a of await t.db.select().from(markingAssignments)) assignmentExam.set(a.id, a.examId);
});

describe('allocation, double marking and the third marker', () => {
  it('allocates tests in bulk to a marker; refuses a non-marker, an unfinished or unknown test, and the same marker twice', async () => {
    const exam = examOf[DEMO_TAKERS[1].name];
    const exam2 = examOf[DEMO_TAKERS[2].name];
    const res = await post('/api/marking/assign', { marker_id: markerIds.second, exam_ids: [exam, exam2] }, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignments.map((a: { round: number }) => a.round)).toEqual([2, 2]);
    expect((await queue('second')).map((i) => i.id).sort()).toEqual(
      res
        .json()
        .assignments.map((a: { id: number }) => a.id)
        .sort(),
    );
    // each marking has its own code: the two markers cannot tell they mark the same child
    const codes = await t.db
      .select({ code: markingAssignments.code })
      .from(markingAssignments)
      .where(eq(markingAssignments.examId, exam));
    expect(new Set(codes.map((c) => c.code)).size).toBe(2);
    // the markers, least busy first, each with the count of their open markings
    const markers: { id: number; open: number }[] = (await get('/api/marking/markers', 'admin')).json().data;
    const openOf = (id: number) => markers.find((m) => m.id === id)!.open;
    expect(openOf(markerIds.marker)).toBe((await queue('marker')).length);
    expect(openOf(markerIds.marker)).toBeGreaterThan(2);
    expect(openOf(markerIds.second)).toBe(2);
    expect(openOf(markerIds.third)).toBe(0);
    expect(markers.map((m) => m.open)).toEqual([...markers.map((m) => m.open)].sort((a, b) => a - b));

    const before = (await t.db.select().from(markingAssignments)).length;
    expect(
      (await post('/api/marking/assign', { marker_id: markerIds.second, exam_ids: [exam] }, 'admin')).statusCode,
    ).toBe(409);
    const teacherId = (await t.db.select().from(users).where(eq(users.email, 'teacher@demo.test')))[0].id;
    const notMarker = await post('/api/marking/assign', { marker_id: teacherId, exam_ids: [exam] }, 'admin');
    expect(notMarker.statusCode).toBe(400);
    expect(notMarker.json().errors.marker_id).toBe('app.marking.notMarker');
    expect(
      (await post('/api/marking/assign', { marker_id: markerIds.third, exam_ids: [exam, 999999] }, 'admin')).statusCode,
    ).toBe(404);
    const [unfinished] = await t.db.select().from(exams).where(eq(exams.id, exam));
    await t.db.update(exams).set({ finishedAt: null }).where(eq(exams.id, exam));
    const refused = await post('/api/marking/assign', { marker_id: markerIds.third, exam_ids: [exam] }, 'admin');
    await t.db.update(exams).set({ finishedAt: unfinished.finishedAt }).where(eq(exams.id, exam));
    expect(refused.json().key).toBe('app.marking.notFinishedTest');
    expect((await post('/api/marking/assign', { marker_id: markerIds.third, exam_ids: [] }, 'admin')).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/marking/assign', { marker_id: markerIds.third, exam_ids: [exam] }, 'marker')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/marking/assign', { marker_id: markerIds.third, exam_ids: [exam] }, 'teacher')).statusCode,
    ).toBe(403);
    expect((await t.db.select().from(markingAssignments)).length).toBe(before);
  });

  it('shows the agreement per item and overall; a wide disagreement sends the test to a third marker', async () => {
    await t.db
      .insert(settings)
      .values({ key: 'marking_disagreement_margin', value: 3 })
      .onConflictDoUpdate({ target: settings.key, set: { value: 3 } });
    const close = examOf[DEMO_TAKERS[1].name];
    const wide = examOf[DEMO_TAKERS[2].name];
    for (const [examId, second] of [
      [close, { originality: 1, elaboration: 3, closure: 1, title: 0 }],
      [wide, { originality: 0, elaboration: 0, closure: 0, title: 0 }],
    ] as const) {
      const mine = await assignmentOf(examId, markerIds.marker);
      const theirs = await assignmentOf(examId, markerIds.second);
      const v1 = await markAll('marker', mine.id, () => FULL);
      expect((await post('/api/mark/exam/finish', { assignment_id: mine.id, version: v1 }, 'marker')).statusCode).toBe(
        200,
      );
      const v2 = await markAll('second', theirs.id, () => second);
      expect(
        (await post('/api/mark/exam/finish', { assignment_id: theirs.id, version: v2 }, 'second')).statusCode,
      ).toBe(200);
    }
    const closeAgreement = (await get(`/api/marking/agreement/${close}`, 'admin')).json();
    expect(closeAgreement.agreement).toMatchObject({ first: 18, second: 15, difference: 3 });
    expect(closeAgreement.agreement.items[0]).toMatchObject({
      key: 'originality',
      first: 6,
      second: 3,
      difference: 3,
      exact: 0,
    });
    expect(closeAgreement.agreement.items[1]).toMatchObject({ key: 'elaboration', exact: 1 });
    expect(closeAgreement.needs_third).toBe(false);
    expect(closeAgreement.markings).toHaveLength(2);

    const wideAgreement = (await get(`/api/marking/agreement/${wide}`, 'admin')).json();
    expect(wideAgreement.agreement.difference).toBe(18);
    // the third marker got it at once (the least busy marker not already on it), so it no longer waits for one
    expect(wideAgreement.markings.map((m: { round: number; marker_id: number }) => [m.round, m.marker_id])).toEqual([
      [1, markerIds.marker],
      [2, markerIds.second],
      [3, markerIds.third],
    ]);
    expect(wideAgreement.needs_third).toBe(false);
    expect((await queue('third')).map((i) => i.id)).toEqual([wideAgreement.markings[2].id]);
    const listed = (await post('/api/marking/tests', { status: 'disagreement' }, 'admin')).json().data;
    expect(listed.map((x: { exam_id: number }) => x.exam_id)).toEqual([wide]);
    expect((await get(`/api/marking/agreement/${wide}`, 'marker')).statusCode).toBe(403);
    expect((await get('/api/marking/agreement/999999', 'admin')).statusCode).toBe(404);
  });
});
