import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, logs, permissions, userPermissions } from '../../server/db/schema';
import { withApp } from './support/withApp';
import { childId, courseId, groupId, makeFamily, makeTeacher, validGroup } from './support/teaching';

/** Groups: create, edit, delete, show, lists, exam toggle, hide/show, and their scope (docs/api/teaching.md). */
const t = withApp();
let other: { id: number; token: string };
let drawing: number;
beforeAll(async () => {
  other = await makeTeacher(t, 'other.teacher@demo.test');
  t.keep('other', other.token);
  drawing = await courseId(t, 'Creative Drawing');
});

const { get, post } = t;

describe('POST /api/groups/add_group', () => {
  it('names every missing required field with its own message, and stores nothing', async () => {
    const before = await t.db.select().from(groups);
    const res = await post('/api/groups/add_group', {}, 'teacher');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'app.validation.groupNameRequired',
      days: 'app.validation.daysRequired',
      course_id: 'app.validation.courseRequired',
      grade: 'app.validation.gradeRequired',
      school: 'app.validation.schoolRequired',
      country: 'app.validation.required',
      city: 'app.validation.required',
    });
    expect(await t.db.select().from(groups)).toHaveLength(before.length);
  });

  it('checks codes, dates, links and the promo code pattern', async () => {
    const res = await post(
      '/api/groups/add_group',
      validGroup(drawing, {
        days: [9],
        grade: 42,
        start_from: '2026-03-01',
        end_at: '2026-02-01',
        zoom_link: 'http://insecure.example',
        promo_code: 'a b',
        gender: 7,
        age_group: 0,
      }),
      'teacher',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'days.0': 'app.validation.invalidChoice',
      grade: 'app.validation.invalidChoice',
      zoom_link: 'app.validation.invalidLink',
      promo_code: 'app.validation.invalid',
      gender: 'app.validation.invalidChoice',
      age_group: 'app.validation.invalidChoice',
    });
    const dates = await post(
      '/api/groups/add_group',
      validGroup(drawing, { start_from: '2026-03-01', end_at: '2026-02-01' }),
      'teacher',
    );
    expect(dates.json().errors).toEqual({ end_at: 'app.validation.endBeforeStart' });
  });

  it('creates a group of the teacher with a generated promo code, searchable, and logs it', async () => {
    const res = await post(
      '/api/groups/add_group',
      validGroup(drawing, { name: 'Painters', teacher_id: undefined, age_class: 'Class 2' }),
      'teacher',
    );
    expect(res.statusCode).toBe(201);
    const group = res.json().group;
    expect(group).toMatchObject({
      name: 'Painters',
      days: [0, 3],
      course_id: drawing,
      course_name: 'Creative Drawing',
      grade: 1,
      status: 1,
      disabled: false,
      age_class: 'Class 2',
      students_count: 0,
    });
    expect(group.promo_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(group.teacher_details).toMatchObject({ name: 'Tarek Teacher' });
    expect(group.search_text).toContain('painters');
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'group'), eq(logs.entityId, group.id)));
    expect(log.action).toBe('create');
    const found = await post('/api/groups/my_groups', { search_text: group.promo_code.toLowerCase() }, 'teacher');
    expect(found.json().groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
  });

  it('refuses a teacher who names another teacher, and a promo code already used (any case)', async () => {
    const other1 = await post('/api/groups/add_group', validGroup(drawing, { teacher_id: other.id }), 'teacher');
    expect(other1.statusCode).toBe(400);
    expect(other1.json().errors).toEqual({ teacher_id: 'app.validation.invalidChoice' });
    const taken = await post('/api/groups/add_group', validGroup(drawing, { promo_code: 'drawa1' }), 'teacher');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      key: 'app.teaching.promoCodeTaken',
      errors: { promo_code: 'app.teaching.promoCodeTaken' },
    });
  });

  it('lets an admin choose the teacher; refuses families (403) and a course the caller cannot see', async () => {
    const res = await post(
      '/api/groups/add_group',
      validGroup(drawing, { name: 'Admin made', teacher_id: other.id }),
      'admin',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().group.teacher_id).toBe(other.id);
    expect((await post('/api/groups/add_group', validGroup(drawing), 'family')).statusCode).toBe(403);
    expect((await post('/api/groups/add_group', validGroup(drawing), 'region')).statusCode).toBe(403);
    const waiting = await courseId(t, 'Little Makers');
    const hidden = await post('/api/groups/add_group', validGroup(waiting), 'other');
    expect(hidden.json().errors).toEqual({ course_id: 'app.validation.invalidChoice' });
  });
});

describe('lists and reads in scope', () => {
  it('my_groups: a teacher lists their own groups; another teacher none of them; an admin all, paged with the total', async () => {
    const mine = await post('/api/groups/my_groups', { limit: 50 }, 'teacher');
    expect(mine.statusCode).toBe(200);
    const names = mine.json().groups.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Drawing A', 'Drawing B', 'Stories 1', 'Drawing 2024']));
    expect(names).not.toContain('Admin made');
    const theirs = await post('/api/groups/my_groups', {}, 'other');
    expect(theirs.json().groups.map((g: { name: string }) => g.name)).toEqual(['Admin made']);
    const all = await post('/api/groups/my_groups', { limit: 2, order_by: 'name', order_direction: 'asc' }, 'admin');
    expect(all.json().groups).toHaveLength(2);
    // every group of the platform (the schools' demo groups too: server/seed/schools.ts)
    expect(all.json().count).toBe((await t.db.select({ n: count() }).from(groups))[0].n);
    const hiddenOnly = await post('/api/groups/my_groups', { status: 3 }, 'teacher');
    expect(hiddenOnly.json().groups.map((g: { name: string }) => g.name)).toEqual(['Drawing 2024']);
    expect((await post('/api/groups/my_groups', { order_by: 'promo_code' }, 'teacher')).statusCode).toBe(400);
    expect((await post('/api/groups/my_groups', {}, 'family')).statusCode).toBe(403);
  });

  it("my_groups with teacher_id (the profile's groups table): that teacher's groups, never past the caller's scope", async () => {
    const teacherId = await t.userId('teacher');
    const names = (res: { json: () => { groups: { name: string; teacher_id: number }[] } }) =>
      res.json().groups.map((g) => g.name);
    const own = await post('/api/groups/my_groups', { limit: 50, teacher_id: teacherId }, 'teacher');
    expect(own.statusCode).toBe(200);
    expect(names(own)).toEqual(expect.arrayContaining(['Drawing A', 'Drawing B', 'Stories 1', 'Drawing 2024']));
    expect(own.json().groups.every((g: { teacher_id: number }) => g.teacher_id === teacherId)).toBe(true);
    // another teacher naming this teacher reads nothing: the filter narrows the scope, never widens it
    const guessed = await post('/api/groups/my_groups', { limit: 50, teacher_id: teacherId }, 'other');
    expect(guessed.statusCode).toBe(200);
    expect(guessed.json()).toEqual({ groups: [], count: 0 });
    // the platform admin reads exactly that teacher's groups, counted
    const admin = await post('/api/groups/my_groups', { limit: 50, teacher_id: teacherId }, 'admin');
    expect(names(admin).sort()).toEqual(names(own).sort());
    expect(admin.json().count).toBe(own.json().count);
    expect(names(admin)).not.toContain('Admin made');
    expect((await post('/api/groups/my_groups', { teacher_id: 'x' }, 'teacher')).json().errors).toHaveProperty(
      'teacher_id',
    );
  });

  it("show: the group with teacher_details; another teacher gets 404; a family sees its child's group without the promo code", async () => {
    const id = await groupId(t, 'Drawing A');
    const res = await get(`/api/groups/show/${id}`, 'teacher');
    expect(res.statusCode).toBe(200);
    expect(res.json().group).toMatchObject({
      id,
      name: 'Drawing A',
      promo_code: 'DRAWA1',
      teacher_details: { name: 'Tarek Teacher' },
      students_count: 3,
    });
    expect((await get(`/api/groups/show/${id}`, 'other')).statusCode).toBe(404);
    const family = await get(`/api/groups/show/${id}`, 'family');
    expect(family.statusCode).toBe(200);
    expect(family.json().group).toMatchObject({
      name: 'Drawing A',
      promo_code: null,
      zoom_link: 'https://zoom.us/j/1000000001',
      students_count: null,
    });
    const stranger = await makeFamily(t, 'stranger.family@demo.test');
    expect((await t.inject({ url: `/api/groups/show/${id}`, token: stranger.token })).statusCode).toBe(404);
    expect((await get('/api/groups/show/999999', 'admin')).statusCode).toBe(404);
  });

  it('a school admin given access_group manages the groups of their school; a region admin those of the region', async () => {
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.name, 'access_group'));
    await t.db.insert(userPermissions).values({ userId: await t.userId('school'), permissionId: permission.id });
    const list = await post('/api/groups/my_groups', { limit: 50 }, 'school');
    expect(list.json().groups.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['Drawing A', 'Stories 1']),
    );
    expect(list.json().groups.map((g: { name: string }) => g.name)).not.toContain('Admin made');
    expect((await get(`/api/groups/show/${await groupId(t, 'Admin made')}`, 'school')).statusCode).toBe(404);
  });

  it('course_groups: staff see the groups they manage in full; a family the active groups, without promo codes', async () => {
    const staff = await get(`/api/groups/course_groups/${drawing}`, 'teacher');
    const byName = Object.fromEntries(
      staff.json().groups.map((g: { name: string; promo_code: string | null }) => [g.name, g.promo_code]),
    );
    expect(byName).toMatchObject({ 'Drawing A': 'DRAWA1', 'Drawing 2024': 'DRAW24', 'Admin made': null });
    const family = await get(`/api/groups/course_groups/${drawing}`, 'family');
    const seen = family.json().groups;
    expect(seen.map((g: { name: string }) => g.name)).not.toContain('Drawing 2024');
    expect(seen.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['Drawing A', 'Drawing B']));
    expect(seen.every((g: { promo_code: string | null }) => g.promo_code === null)).toBe(true);
    expect((await get(`/api/groups/course_groups/${await courseId(t, 'Little Makers')}`, 'family')).statusCode).toBe(
      404,
    );
  });

  it("student_groups: a child's groups with the member status, for its family; 404 for another family", async () => {
    const yousef = await childId(t, 'Yousef');
    const res = await post('/api/groups/student_groups', { user_id: yousef }, 'family');
    expect(res.json().groups.map((g: { name: string; member_status: number }) => [g.name, g.member_status])).toEqual([
      ['Drawing A', 1],
    ]);
    const stranger = await makeFamily(t, 'stranger2.family@demo.test');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/groups/student_groups',
          token: stranger.token,
          payload: { user_id: yousef },
        })
      ).statusCode,
    ).toBe(404);
    expect((await post('/api/groups/student_groups', {}, 'family')).json().errors).toEqual({
      user_id: 'app.validation.childRequired',
    });
  });
});

describe('changes', () => {
  it('edit: another teacher gets 404 and nothing changes; the owner edits every field and the change is logged', async () => {
    const id = await groupId(t, 'Drawing B');
    const [before] = await t.db.select().from(groups).where(eq(groups.id, id));
    const denied = await t.inject({
      method: 'PUT',
      url: `/api/groups/edit/${id}`,
      token: other.token,
      payload: validGroup(drawing, { name: 'Stolen' }),
    });
    expect(denied.statusCode).toBe(404);
    expect((await t.db.select().from(groups).where(eq(groups.id, id)))[0].name).toBe(before.name);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/groups/edit/${id}`,
      as: 'teacher',
      payload: validGroup(drawing, {
        name: 'Drawing B+',
        days: [5, 6],
        city: 'Giza',
        zoom_link: 'https://zoom.us/j/2',
        gender: 2,
        age_group: 2,
        about_me: 'Friday group',
        start_from: '2026-01-01',
        end_at: '2026-01-01',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().group).toMatchObject({
      name: 'Drawing B+',
      days: [5, 6],
      city: 'Giza',
      gender: 2,
      age_group: 2,
      promo_code: 'DRAWB2',
      status: 1,
    });
    const log = (
      await t.db
        .select()
        .from(logs)
        .where(and(eq(logs.entity, 'group'), eq(logs.entityId, id), eq(logs.action, 'update')))
    )[0];
    expect(log.oldValue).toMatchObject({ name: 'Drawing B' });
    expect(log.newValue).toMatchObject({ name: 'Drawing B+' });
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/groups/edit/${id}`,
      as: 'teacher',
      payload: { ...validGroup(drawing), name: '' },
    });
    expect(bad.json().errors).toEqual({ name: 'app.validation.groupNameRequired' });
  });

  it('toggle: answers {group_id, group_disabled} with the exact success message, stores it, and 404 outside scope', async () => {
    const id = await groupId(t, 'Drawing A');
    const on = await post(`/api/groups/${id}/toggle`, {}, 'teacher');
    expect(on.json()).toEqual({
      group_id: id,
      group_disabled: true,
      message: 'Group exam status has been updated successfully!',
      key: 'app.teaching.groupExamUpdated',
    });
    expect((await t.db.select().from(groups).where(eq(groups.id, id)))[0].disabled).toBe(true);
    const off = await t.inject({ method: 'POST', url: `/api/groups/${id}/toggle`, as: 'teacher' });
    expect(off.json().group_disabled).toBe(false);
    const set = await post(`/api/groups/${id}/toggle`, { group_disabled: false }, 'teacher');
    expect(set.json().group_disabled).toBe(false);
    expect((await post(`/api/groups/${id}/toggle`, {}, 'other')).statusCode).toBe(404);
    expect((await post(`/api/groups/${id}/toggle`, {}, 'family')).statusCode).toBe(403);
    expect((await t.db.select().from(groups).where(eq(groups.id, id)))[0].disabled).toBe(false);
  });

  it('hide and show (status 3 / 1); other values refused', async () => {
    const id = await groupId(t, 'Stories 1');
    expect((await post(`/api/groups/status/${id}`, { status: 3 }, 'teacher')).json().group.status).toBe(3);
    expect((await post(`/api/groups/status/${id}`, { status: 2 }, 'teacher')).json().errors).toEqual({
      status: 'app.validation.invalidChoice',
    });
    expect((await post(`/api/groups/status/${id}`, { status: 1 }, 'teacher')).json().group.status).toBe(1);
    expect((await post(`/api/groups/status/${id}`, { status: 3 }, 'other')).statusCode).toBe(404);
  });

  it('delete: 404 for another teacher; the owner gets "Group deleted" and the group and its memberships are gone', async () => {
    const created = (
      await post('/api/groups/add_group', validGroup(drawing, { name: 'Short lived' }), 'teacher')
    ).json().group;
    await t.db.insert(groupMembers).values({ groupId: created.id, childId: await childId(t, 'Omar') });
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/groups/delete/${created.id}`, token: other.token })).statusCode,
    ).toBe(404);
    const res = await t.inject({ method: 'DELETE', url: `/api/groups/delete/${created.id}`, as: 'teacher' });
    expect(res.json()).toEqual({ message: 'Group deleted', key: 'app.notify.groupDeleted' });
    expect(await t.db.select().from(groups).where(eq(groups.id, created.id))).toEqual([]);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, created.id))).toEqual([]);
  });
});
