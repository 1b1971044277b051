import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupLabel, withoutIsolates } from '../../domain/schools';
import { groupMembers, groups } from '../../server/db/schema';
import { withApp } from './support/withApp';
import { childId, courseId, groupId, makeFamily, makeTeacher, validGroup } from './support/teaching';

/** Group membership: promo-code join, students (paged, filtered, ordered), remove, move, requests and statuses. */
const t = withApp();
let other: { id: number; token: string };
let drawingA: number;
let drawingB: number;
let stories: number;
beforeAll(async () => {
  other = await makeTeacher(t, 'other.members@demo.test');
  t.keep('other', other.token);
  [drawingA, drawingB, stories] = [
    await groupId(t, 'Drawing A'),
    await groupId(t, 'Drawing B'),
    await groupId(t, 'Stories 1'),
  ];
});

const { post } = t;
const statusOf = async (group: number, child: number) =>
  (
    await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group), eq(groupMembers.childId, child)))
  )[0]?.status;

describe('POST /api/groups/add/{id}/{status}: a family joins a child', () => {
  it('joins at once with the right promo code (any case); the teacher then sees the student', async () => {
    const laila = await childId(t, 'Laila');
    const wrong = await post(`/api/groups/add/${drawingB}/1`, { user_id: laila, promo_code: 'NOPE42' }, 'family');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      key: 'app.teaching.promoCodeWrong',
      errors: { promo_code: 'app.teaching.promoCodeWrong' },
    });
    expect(await statusOf(drawingB, laila)).toBeUndefined();
    const res = await post(`/api/groups/add/${drawingB}/1`, { user_id: laila, promo_code: 'drawb2' }, 'family');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'The child has joined the group',
      key: 'app.notify.joined',
      member_status: 1,
    });
    const students = await post(`/api/groups/group/students/${drawingB}`, {}, 'teacher');
    expect(students.json().students.map((s: { name: string }) => s.name)).toContain('Laila');
    const again = await post(`/api/groups/add/${drawingB}/1`, { user_id: laila, promo_code: 'DRAWB2' }, 'family');
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('app.teaching.alreadyMember');
  });

  it('without a promo code asks to join (pending); asking twice is 409; status 0 withdraws', async () => {
    const fam = await makeFamily(t, 'ask.family@demo.test', { name: 'Asker' });
    const ask = await post(`/api/groups/add/${drawingA}/1`, { user_id: fam.childId }, fam.token);
    expect(ask.json()).toMatchObject({ key: 'app.notify.requestSent', member_status: 0 });
    expect((await post(`/api/groups/add/${drawingA}/1`, { user_id: fam.childId }, fam.token)).json().key).toBe(
      'app.teaching.alreadyRequested',
    );
    const withdraw = await post(`/api/groups/add/${drawingA}/0`, { user_id: fam.childId }, fam.token);
    expect(withdraw.json().key).toBe('app.notify.requestWithdrawn');
    expect(await statusOf(drawingA, fam.childId)).toBeUndefined();
    expect((await post(`/api/groups/add/${drawingA}/0`, { user_id: fam.childId }, fam.token)).json().key).toBe(
      'app.teaching.notRequested',
    );
    expect((await post(`/api/groups/add/${drawingA}/2`, { user_id: fam.childId }, fam.token)).statusCode).toBe(400);
  });

  it("refuses another family's child (404), a hidden group (404), an unfitting age (400) and a missing child (400)", async () => {
    const fam = await makeFamily(t, 'strict.family@demo.test', { name: 'Little One', birthdate: '2021-01-01' });
    const yousef = await childId(t, 'Yousef');
    expect(
      (await post(`/api/groups/add/${drawingB}/1`, { user_id: yousef, promo_code: 'DRAWB2' }, fam.token)).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          `/api/groups/add/${await groupId(t, 'Drawing 2024')}/1`,
          { user_id: fam.childId, promo_code: 'DRAW24' },
          fam.token,
        )
      ).statusCode,
    ).toBe(404);
    const age = await post(`/api/groups/add/${stories}/1`, { user_id: fam.childId, promo_code: 'STORY9' }, fam.token);
    expect(age.statusCode).toBe(400);
    expect(age.json()).toMatchObject({
      key: 'app.teaching.ageGroupMismatch',
      errors: { user_id: 'app.teaching.ageGroupMismatch' },
    });
    expect((await post(`/api/groups/add/${stories}/1`, {}, fam.token)).json().errors).toEqual({
      user_id: 'app.validation.childRequired',
    });
    // the all-ages group takes the same child
    expect(
      (await post(`/api/groups/add/${drawingB}/1`, { user_id: fam.childId, promo_code: 'DRAWB2' }, fam.token))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a family's join to a school's class (404, with or without a code) and the course page does not offer it to families", async () => {
    const [klass] = await t.db
      .select()
      .from(groups)
      .where(
        and(isNotNull(groups.schoolId), isNull(groups.promoCode), isNotNull(groups.courseId), eq(groups.status, 1)),
      )
      .orderBy(groups.id)
      .limit(1);
    expect(klass).toBeDefined();
    const fam = await makeFamily(t, 'class.family@demo.test', { name: 'Curious', birthdate: '2017-03-03' });
    for (const body of [{ user_id: fam.childId }, { user_id: fam.childId, promo_code: 'GUESS1' }]) {
      const res = await post(`/api/groups/add/${klass.id}/1`, body, fam.token);
      expect(res.statusCode).toBe(404);
      expect(await statusOf(klass.id, fam.childId)).toBeUndefined();
    }
    const listed = async (who: string) =>
      (await t.get(`/api/groups/course_groups/${klass.courseId}`, who))
        .json()
        .groups.map((g: { id: number }) => g.id) as number[];
    const forFamily = await listed(fam.token);
    expect(forFamily).not.toContain(klass.id);
    const classes = await t.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(isNotNull(groups.schoolId), isNull(groups.promoCode)));
    expect(forFamily.filter((id) => classes.some((c) => c.id === id))).toEqual([]);
    // the platform admin still sees (and manages) the class on the course page
    expect(await listed('admin')).toContain(klass.id);
    // the admin's group pickers name it by school, class and course (GET /exam-export/groups)
    const picker = (await t.get('/api/exam-export/groups', 'admin')).json().groups;
    const entry = picker.find((g: { id: number }) => g.id === klass.id);
    expect(entry.school_name).toEqual(expect.any(String));
    expect(entry.course_name).toEqual(expect.any(String));
    expect(withoutIsolates(groupLabel(entry))).toBe(`${entry.school_name} · ${klass.name} · ${entry.course_name}`);
  });

  it("a blocked child's family is told 'You have been blocked from this group' (403), on joining and on reading", async () => {
    const fam = await makeFamily(t, 'blocked.family@demo.test', { name: 'Blocked Kid' });
    await post(`/api/groups/add/${drawingA}/1`, { user_id: fam.childId, promo_code: 'DRAWA1' }, fam.token);
    const block = await post(
      '/api/users/change/student/status',
      { group_id: drawingA, user_id: fam.childId, status: 4 },
      'teacher',
    );
    expect(block.json().key).toBe('app.notify.statusChanged');
    const read = await t.inject({ url: `/api/groups/show/${drawingA}`, token: fam.token });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({
      message: 'You have been blocked from this group',
      key: 'app.teaching.blockedFromGroup',
    });
    expect(
      (await post(`/api/groups/add/${drawingA}/1`, { user_id: fam.childId, promo_code: 'DRAWA1' }, fam.token))
        .statusCode,
    ).toBe(403);
  });
});

describe("a group's students", () => {
  it('pages with offset, limit and order_by id, with the total; 404 for another teacher', async () => {
    const page = await post(
      `/api/groups/group/students/${drawingA}`,
      { offset: 0, limit: 2, order_by: 'id' },
      'teacher',
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().students).toHaveLength(2);
    const all = await post(`/api/groups/group/students/${drawingA}`, { limit: 50 }, 'teacher');
    expect(page.json().count).toBe(all.json().students.length);
    const ids = all.json().students.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.json().students[0]).toMatchObject({ group_id: drawingA, parent_name: expect.anything() });
    // past the last page: no rows, the total still told
    const past = await post(`/api/groups/group/students/${drawingA}`, { offset: 100, limit: 2 }, 'teacher');
    expect(past.json()).toEqual({ students: [], count: all.json().students.length });
    expect((await post(`/api/groups/group/students/${drawingA}`, {}, 'other')).statusCode).toBe(404);
    expect((await post(`/api/groups/group/students/${drawingA}`, {}, 'family')).statusCode).toBe(403);
  });

  it('filters by the student status (1 active, 2 non-active, 3 hidden) and by name', async () => {
    const names = async (payload: object) =>
      (await post(`/api/groups/group/students/filtered/${drawingA}`, payload, 'teacher'))
        .json()
        .students.map((s: { name: string }) => s.name);
    expect(await names({ status: 2 })).toEqual(['Adam']);
    expect(await names({ status: 3 })).toEqual(['Mariam']);
    expect(await names({ status: 1, search_text: 'sar' })).toEqual(['Sara']);
    expect(
      (await post(`/api/groups/group/students/filtered/${drawingA}`, { status: 0 }, 'teacher')).json().errors,
    ).toEqual({ status: 'app.validation.invalidChoice' });
  });

  it('stores the order set by drag and drop; refuses an order that misses or adds a student', async () => {
    const listed = (await post(`/api/groups/group/sorted/students/${drawingA}`, {}, 'teacher'))
      .json()
      .students.map((s: { id: number }) => s.id);
    const reversed = [...listed].reverse();
    const saved = await post(`/api/groups/group/sorted/students/${drawingA}`, { ids: reversed }, 'teacher');
    expect(saved.json().students.map((s: { id: number }) => s.id)).toEqual(reversed);
    const reread = await post(`/api/groups/group/sorted/students/${drawingA}`, {}, 'teacher');
    expect(reread.json().students.map((s: { id: number; position: number }) => [s.id, s.position])).toEqual(
      reversed.map((id, i) => [id, i + 1]),
    );
    const missing = await post(`/api/groups/group/sorted/students/${drawingA}`, { ids: reversed.slice(1) }, 'teacher');
    expect(missing.json()).toMatchObject({ key: 'app.validation.orderIncomplete' });
    const twice = await post(
      `/api/groups/group/sorted/students/${drawingA}`,
      { ids: [reversed[0], reversed[0]] },
      'teacher',
    );
    expect(twice.statusCode).toBe(400);
    expect(
      (await post(`/api/groups/group/sorted/students/${drawingA}`, {}, 'teacher'))
        .json()
        .students.map((s: { id: number }) => s.id),
    ).toEqual(reversed);
    expect((await post(`/api/groups/group/sorted/students/${drawingA}`, { ids: reversed }, 'other')).statusCode).toBe(
      404,
    );
  });

  it('moves a student to another group (both managed); 409 when not a member or already there; 404 for a group not managed', async () => {
    const omar = await childId(t, 'Omar');
    const moved = await post(
      '/api/users/change/student_group',
      { user_id: omar, from_group_id: drawingA, to_group_id: drawingB },
      'teacher',
    );
    expect(moved.json().key).toBe('app.notify.studentMoved');
    expect(await statusOf(drawingA, omar)).toBeUndefined();
    expect(await statusOf(drawingB, omar)).toBe(1);
    expect(
      (
        await post(
          '/api/users/change/student_group',
          { user_id: omar, from_group_id: drawingA, to_group_id: drawingB },
          'teacher',
        )
      ).json().key,
    ).toBe('app.teaching.notMember');
    await post(
      '/api/users/change/student_group',
      { user_id: omar, from_group_id: drawingB, to_group_id: drawingA },
      'teacher',
    );
    const karim = await childId(t, 'Karim');
    await t.db.insert(groupMembers).values({ groupId: drawingA, childId: karim });
    expect(
      (
        await post(
          '/api/users/change/student_group',
          { user_id: karim, from_group_id: drawingB, to_group_id: drawingA },
          'teacher',
        )
      ).json().key,
    ).toBe('app.teaching.sameGroup');
    const theirs = (
      await post(
        '/api/groups/add_group',
        validGroup(await courseId(t, 'Creative Drawing'), { name: 'Theirs' }),
        'other',
      )
    ).json().group.id;
    expect(
      (
        await post(
          '/api/users/change/student_group',
          { user_id: omar, from_group_id: drawingA, to_group_id: theirs },
          'teacher',
        )
      ).statusCode,
    ).toBe(404);
    expect(await statusOf(drawingA, omar)).toBe(1);
  });

  it('removes a student from a group; 409 when not a member; 404 for another teacher', async () => {
    const karim = await childId(t, 'Karim');
    expect((await post(`/api/groups/remove/user/${drawingA}`, { user_id: karim }, 'other')).statusCode).toBe(404);
    const res = await post(`/api/groups/remove/user/${drawingA}`, { user_id: karim }, 'teacher');
    expect(res.json()).toEqual({
      message: 'The student has been removed from the group',
      key: 'app.notify.studentRemoved',
    });
    expect(await statusOf(drawingA, karim)).toBeUndefined();
    expect((await post(`/api/groups/remove/user/${drawingA}`, { user_id: karim }, 'teacher')).statusCode).toBe(409);
  });
});

describe('requests and statuses', () => {
  it('lists waiting group requests in scope and answers them once', async () => {
    const list = await post('/api/users/groups/requests', {}, 'teacher');
    expect(list.statusCode).toBe(200);
    const nour = list
      .json()
      .requests.find(
        (r: { child_name: string; group_id: number }) => r.child_name === 'Nour' && r.group_id === drawingB,
      );
    expect(nour).toMatchObject({
      kind: 'group',
      status: 0,
      group_name: expect.any(String),
      course_name: 'Creative Drawing',
    });
    expect((await post('/api/users/groups/requests', {}, 'other')).json().requests).toEqual([]);
    expect(
      (await post(`/api/users/change/group/status/${drawingB}`, { user_id: nour.child_id, status: 1 }, 'other'))
        .statusCode,
    ).toBe(404);
    const accept = await post(
      `/api/users/change/group/status/${drawingB}`,
      { user_id: nour.child_id, status: 1 },
      'teacher',
    );
    expect(accept.json().key).toBe('app.notify.requestAccepted');
    expect(await statusOf(drawingB, nour.child_id)).toBe(1);
    expect(
      (
        await post(`/api/users/change/group/status/${drawingB}`, { user_id: nour.child_id, status: 2 }, 'teacher')
      ).json().key,
    ).toBe('app.teaching.requestAnswered');
    const sara = await childId(t, 'Sara');
    const refuse = await post(`/api/users/change/group/status/${stories}`, { user_id: sara, status: 2 }, 'teacher');
    expect(refuse.json().key).toBe('app.notify.requestRefused');
    expect(await statusOf(stories, sara)).toBe(2);
    expect(
      (await post(`/api/users/change/group/status/${stories}`, { user_id: sara, status: 5 }, 'teacher')).json().errors,
    ).toEqual({ status: 'app.validation.invalidChoice' });
  });

  it("a family sees only its own children's requests", async () => {
    const fam = await makeFamily(t, 'own.requests@demo.test', { name: 'Own Kid' });
    await post(`/api/groups/add/${drawingA}/1`, { user_id: fam.childId }, fam.token);
    const mine = await post('/api/users/groups/requests', {}, fam.token);
    expect(mine.json().requests.map((r: { child_name: string }) => r.child_name)).toEqual(['Own Kid']);
  });

  it('student requests: members with the status filter; the teacher changes a status (1 to 4), families cannot', async () => {
    const active = await post('/api/users/student/requests', { status: 1, limit: 100 }, 'teacher');
    expect(active.json().requests.length).toBeGreaterThan(2);
    expect(active.json().requests.every((r: { status: number }) => r.status === 1)).toBe(true);
    expect(active.json().count).toBeGreaterThan(2);
    const hidden = await post('/api/users/student/requests', { status: 3 }, 'teacher');
    expect(hidden.json().requests.map((r: { child_name: string }) => r.child_name)).toEqual(['Mariam']);
    const mariam = await childId(t, 'Mariam');
    expect(
      (await post('/api/users/change/student/status', { group_id: drawingA, user_id: mariam, status: 1 }, 'other'))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post('/api/users/change/student/status', { group_id: drawingA, user_id: mariam, status: 0 }, 'teacher')
      ).json().errors,
    ).toEqual({ status: 'app.validation.invalidChoice' });
    expect(
      (await post('/api/users/change/student/status', { group_id: drawingA, user_id: mariam, status: 1 }, 'teacher'))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(drawingA, mariam)).toBe(1);
    expect(
      (await post('/api/users/change/student/status', { group_id: drawingA, user_id: mariam, status: 3 }, 'family'))
        .statusCode,
    ).toBe(403);
  });

  it('/auth/student lists the waiting course and group requests together', async () => {
    const res = await post('/api/auth/student', { limit: 50 }, 'teacher');
    expect(res.statusCode).toBe(200);
    const kinds = new Set(res.json().requests.map((r: { kind: string }) => r.kind));
    expect(kinds).toEqual(new Set(['course', 'group']));
    expect(res.json().requests.every((r: { status: number }) => r.status === 0)).toBe(true);
    expect(res.json().count).toBe(res.json().requests.length);
    const page = await post('/api/auth/student', { limit: 1, offset: 1 }, 'teacher');
    expect(page.json().requests).toEqual([res.json().requests[1]]);
  });
});
