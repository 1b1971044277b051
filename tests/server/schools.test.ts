import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  children,
  groupMembers,
  groups,
  schoolClasses,
  schoolQuotas,
  schools,
  users,
} from '../../server/db/schema';
import { demo, withApp } from './support/withApp';

/** Regions, schools, classes, students, teachers, groups and reports, each scoped. */
const t = withApp();
let nile: number;
let delta: number;
let sea: number;
let cairoRegion: number;
let alexRegion: number;

beforeAll(async () => {
  t.keep('alex', await t.token('region.alex@demo.test'));
  t.keep('sea', await t.token('principal@sea.demo.test'));
  const rows = await t.db.select().from(schools);
  const byName = (n: string) => rows.find((r) => r.name === n)!;
  nile = byName('Nile Creative School').id;
  delta = byName('Delta Future School').id;
  sea = byName('مدرسة نسيم البحر').id;
  cairoRegion = byName('Nile Creative School').regionId;
  alexRegion = byName('مدرسة نسيم البحر').regionId;
});

const post = (who: string, url: string, payload: unknown = {}) => t.post(`/api/${url}`, payload, who);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const count = async (table: typeof children | typeof users, where: ReturnType<typeof eq>) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where)
  )[0].n;

describe('regions and region admins', () => {
  it('the platform admin lists regions with their admins and registers a region admin', async () => {
    const list = await post('admin', 'region/admins', { order_by: 'name', order_direction: 'asc' });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    const cairo = list.json().regions.find((r: { id: number }) => r.id === cairoRegion);
    expect(cairo).toMatchObject({ name: 'Cairo Region', schools_count: 2, admins: [{ email: demo.region.email }] });
    expect(cairo.students_count).toBe(await count(children, sql`${children.schoolId} in (${nile}, ${delta})` as never));

    const made = await post('admin', 'region/registeration/admin', {
      name: 'Gamal Giza',
      email: 'giza@example.test',
      password: 'password-1',
      region_name: 'Giza Region',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().region.name).toBe('Giza Region');
    const giza = await t.signIn('giza@example.test', 'password-1');
    const mine = await t.inject({ method: 'POST', url: '/api/schools', token: giza, payload: {} });
    expect(mine.json()).toEqual({ schools: [], count: 0 });
    // an existing region; an email already taken; a missing region
    expect(
      (
        await post('admin', 'region/registeration/admin', {
          name: 'Second',
          email: 'second@example.test',
          password: 'password-1',
          region_id: cairoRegion,
        })
      ).statusCode,
    ).toBe(201);
    const taken = await post('admin', 'region/registeration/admin', {
      name: 'X',
      email: 'GIZA@example.test',
      password: 'password-1',
      region_name: 'Y',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'app.errors.emailTaken' });
    const none = await post('admin', 'region/registeration/admin', {
      name: 'X',
      email: 'x@example.test',
      password: 'password-1',
    });
    expect(none.json().errors).toEqual({ region_name: 'app.validation.required' });
    expect(
      (
        await post('admin', 'region/registeration/admin', {
          name: 'X',
          email: 'x@example.test',
          password: 'password-1',
          region_id: 999999,
        })
      ).statusCode,
    ).toBe(404);
    // region admins cannot manage regions
    expect((await post('region', 'region/admins')).statusCode).toBe(403);
    expect(
      (
        await post('region', 'region/registeration/admin', {
          name: 'X',
          email: 'y@example.test',
          password: 'password-1',
          region_name: 'Z',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a region's schools: its own admin and the platform admin; another region's id answers 404", async () => {
    const own = await post('region', `region/admins/schools/${cairoRegion}`);
    expect(own.statusCode).toBe(200);
    expect(ids(own.json().schools).sort()).toEqual([nile, delta].sort());
    expect((await post('admin', `region/admins/schools/${alexRegion}`)).json().count).toBe(2);
    expect((await post('region', `region/admins/schools/${alexRegion}`)).statusCode).toBe(404);
    expect((await post('school', `region/admins/schools/${cairoRegion}`)).statusCode).toBe(403);
  });
});

describe('schools', () => {
  it('POST /schools and GET /schools answer only the schools in scope, with counts and seats', async () => {
    const all = await post('admin', 'schools', { limit: 50 });
    expect(all.json().count).toBeGreaterThanOrEqual(4);
    const region = await post('region', 'schools');
    expect(ids(region.json().schools).sort()).toEqual([nile, delta].sort());
    const school = await t.inject({ url: '/api/schools?search_text=nile', as: 'school' });
    expect(school.json().count).toBe(1);
    const row = school.json().schools[0];
    expect(row).toMatchObject({ id: nile, region_name: 'Cairo Region', admins: [{ email: demo.school.email }] });
    expect(row.students_count).toBe(await count(children, eq(children.schoolId, nile)));
    expect(row.teachers_count).toBe(await count(users, and(eq(users.schoolId, nile), eq(users.type, 1))!));
    const [quota] = await t.db.select().from(schoolQuotas).where(eq(schoolQuotas.schoolId, nile));
    expect(row).toMatchObject({
      seats_approved: quota.approvedSeats,
      seats_used: row.students_count,
      seats_free: quota.approvedSeats - row.students_count,
    });
    expect((await post('teacher', 'schools')).json()).toEqual({ schools: [], count: 0 });
    expect((await post('school', 'schools', { order_by: 'password' })).statusCode).toBe(400);
  });

  it('a region admin registers a school admin with a new school in their own region', async () => {
    const made = await post('region', 'school/registeration/admin', {
      name: 'Hala Head',
      email: 'hala@example.test',
      password: 'password-1',
      school_name: 'Maadi Stars School',
      city: 'القاهرة',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().school).toMatchObject({
      name: 'Maadi Stars School',
      region_id: cairoRegion,
      seats_approved: 0,
      admins: [{ email: 'hala@example.test' }],
    });
    const hala = await t.signIn('hala@example.test', 'password-1');
    const me = await t.inject({ url: '/api/me', token: hala });
    expect(me.json().user).toMatchObject({ school_id: made.json().school.id, roles: ['admin_school'] });
    // another region's school, or naming another region: 404
    expect(
      (
        await post('region', 'school/registeration/admin', {
          name: 'X',
          email: 'x1@example.test',
          password: 'password-1',
          school_id: sea,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post('region', 'school/registeration/admin', {
          name: 'X',
          email: 'x2@example.test',
          password: 'password-1',
          school_name: 'S',
          region_id: alexRegion,
        })
      ).statusCode,
    ).toBe(404);
    // the platform admin must say which region
    expect(
      (
        await post('admin', 'school/registeration/admin', {
          name: 'X',
          email: 'x3@example.test',
          password: 'password-1',
          school_name: 'S',
        })
      ).json().errors,
    ).toEqual({ region_id: 'app.schools.errors.regionRequired' });
    expect(
      (
        await post('school', 'school/registeration/admin', {
          name: 'X',
          email: 'x4@example.test',
          password: 'password-1',
          school_name: 'S',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a region admin edits and deletes only schools of their region; a school with people is kept (409)', async () => {
    const updated = await post('region', `region/school/update/${delta}`, {
      name: 'Delta Future School',
      city: 'طنطا',
      address: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().school).toMatchObject({ city: 'طنطا', address: null });
    expect((await post('region', `region/school/update/${sea}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/region/school/delete/${sea}`, as: 'region' })).statusCode,
    ).toBe(404);
    const busy = await t.inject({ method: 'DELETE', url: `/api/region/school/delete/${delta}`, as: 'region' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().key).toBe('app.schools.errors.schoolNotEmpty');
    const empty = (
      await post('region', 'school/registeration/admin', {
        name: 'Tmp',
        email: 'tmp@example.test',
        password: 'password-1',
        school_name: 'Empty School',
      })
    ).json();
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/region/school/delete/${empty.school.id}`, as: 'region' }))
        .statusCode,
    ).toBe(200);
    const [admin] = await t.db.select().from(users).where(eq(users.id, empty.user.id));
    expect(admin).toMatchObject({ schoolId: null, removed: 1 });
    expect((await t.db.select().from(schools).where(eq(schools.name, 'Hijacked'))).length).toBe(0);
  });
});

describe('classes, students and teachers of a school', () => {
  let classId: number;

  it('classes: add (name and number), list, a duplicate name answers 409', async () => {
    const made = await post('school', 'schools/add/class', { name: '5 ج', number: 5 });
    expect(made.statusCode).toBe(201);
    classId = made.json().class.id;
    expect(made.json().class).toMatchObject({ school_id: nile, name: '5 ج', number: 5, students_count: 0 });
    expect((await post('school', 'schools/add/class', { name: '5 ج', number: 5 })).json().key).toBe(
      'app.schools.errors.classNameTaken',
    );
    expect((await post('school', 'schools/add/class', { name: '', number: 'x' })).json().errors).toEqual({
      name: 'app.validation.required',
      number: 'app.validation.invalidNumber',
    });
    const list = await post('school', 'schools/get/classes', { order_by: 'number', order_direction: 'asc' });
    expect(list.json().classes.map((c: { number: number }) => c.number)).toEqual([1, 2, 3, 4, 5]);
    // the Sea school admin sees their classes only, and not this one
    expect(ids((await post('sea', 'schools/get/classes')).json().classes)).not.toContain(classId);
    expect((await t.inject({ url: `/api/schools/class/${classId}`, as: 'sea' })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/schools/delete/class/${classId}`, as: 'sea' })).statusCode,
    ).toBe(404);
  });

  it('students: enrol with a 14-digit national id, list with filters, scope 404 for another school', async () => {
    await t.db.update(schoolQuotas).set({ approvedSeats: 500 }).where(eq(schoolQuotas.schoolId, nile));
    const student = {
      name: 'رحمة سعيد',
      national_id: '٣١٥٠٣٠١٠١٢٣٤٥٦',
      gender: 2,
      birthdate: '2015-03-01',
      class_id: classId,
    };
    const made = await post('school', 'schools/add/student', student);
    expect(made.statusCode).toBe(201);
    const id = made.json().student.id;
    expect(made.json().student).toMatchObject({
      national_id: '31503010123456',
      class_name: '5 ج',
      class_number: 5,
      school_id: nile,
      groups: [],
    });
    const dup = await post('school', 'schools/add/student', { ...student, name: 'other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ national_id: 'app.schools.errors.nationalIdTaken' });
    const bad = await post('school', 'schools/add/student', {
      ...student,
      national_id: '123',
      birthdate: '2999-01-01',
      gender: 0,
    });
    expect(bad.json().errors).toEqual({
      national_id: 'app.validation.nationalId',
      birthdate: 'app.validation.futureDate',
      gender: 'app.validation.invalidChoice',
    });
    // a class of another school is not found here
    const seaClass = (await t.db.select().from(schoolClasses).where(eq(schoolClasses.schoolId, sea)))[0].id;
    expect(
      (await post('school', 'schools/add/student', { ...student, national_id: '31503010123457', class_id: seaClass }))
        .statusCode,
    ).toBe(404);

    const byClass = await post('school', 'schools/get/student', { class_id: classId });
    expect(ids(byClass.json().students)).toEqual([id]);
    const search = await post('school', 'schools/get/student', { search_text: '31503010123456' });
    expect(ids(search.json().students)).toEqual([id]);
    const nonActive = await post('school', 'schools/get/student', { status: 2, limit: 100 });
    expect(ids(nonActive.json().students)).toContain(id);
    const active = (await post('school', 'schools/get/student', { status: 1, limit: 100 })).json().students;
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((s: { groups: unknown[] }) => s.groups.length > 0)).toBe(true);

    // the Sea school's admin and the Cairo region admin (no admin_schools) cannot see or change it
    expect((await t.inject({ url: `/api/schools/student/${id}`, as: 'sea' })).statusCode).toBe(404);
    expect((await post('sea', `schools/delete/student/${id}`)).statusCode).toBe(404);
    expect((await post('sea', `schools/update/student/${id}`, { ...student, class_id: undefined })).statusCode).toBe(
      404,
    );
    expect((await post('sea', 'schools/get/student', { school_id: nile })).statusCode).toBe(404);
    expect((await post('region', 'schools/get/student', { school_id: nile })).statusCode).toBe(403);
    // the platform admin must name the school
    expect((await post('admin', 'schools/get/student')).json().errors).toEqual({
      school_id: 'app.schools.errors.schoolRequired',
    });
    expect((await post('admin', 'schools/get/student', { school_id: nile, limit: 1 })).json().count).toBe(
      await count(children, eq(children.schoolId, nile)),
    );

    const edited = await post('school', `schools/update/student/${id}`, {
      ...student,
      name: 'رحمة سعيد علي',
      class_id: '',
    });
    expect(edited.json().student).toMatchObject({ name: 'رحمة سعيد علي', class_id: null });
    expect((await post('school', `schools/delete/student/${id}`)).statusCode).toBe(200);
    expect((await t.db.select().from(children).where(eq(children.id, id))).length).toBe(0);
  });

  it("removing a family's child from the school keeps the child for the family", async () => {
    const [yousef] = await t.db.select().from(children).where(eq(children.name, 'Yousef'));
    expect((await post('school', `schools/delete/student/${yousef.id}`)).statusCode).toBe(200);
    const [after] = await t.db.select().from(children).where(eq(children.id, yousef.id));
    expect(after).toMatchObject({ parentId: yousef.parentId, schoolId: null });
    const memberships = await t.db
      .select()
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(and(eq(groupMembers.childId, yousef.id), eq(groups.schoolId, nile)));
    expect(memberships).toHaveLength(0);
  });

  it('teachers: add, list, lookup, remove from the school; another school answers 404', async () => {
    const made = await post('school', 'schools/add/teacher', {
      name: 'سامح عادل',
      email: 'sameh@example.test',
      password: 'password-1',
      gender: 1,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().teacher.id;
    const sameh = await t.signIn('sameh@example.test', 'password-1');
    expect((await t.inject({ url: '/api/me', token: sameh })).json().user).toMatchObject({
      type: 1,
      school_id: nile,
      roles: ['teacher'],
    });
    expect(
      (
        await post('school', 'schools/add/teacher', {
          name: 'x',
          email: 'SAMEH@example.test',
          password: 'password-1',
          gender: 1,
        })
      ).statusCode,
    ).toBe(409);

    const list = await post('school', 'schools/get/teachers', { search_text: 'sameh' });
    expect(ids(list.json().teachers)).toEqual([id]);
    const lookup = await post('school', 'schools/get/teachers/lookup');
    expect(ids(lookup.json().teachers)).toContain(id);
    expect(lookup.json().teachers.every((x: object) => Object.keys(x).sort().join() === 'id,name')).toBe(true);
    expect(ids((await post('sea', 'schools/get/teachers/lookup')).json().teachers)).not.toContain(id);
    expect((await post('sea', `schools/delete/teacher/${id}`)).statusCode).toBe(404);

    expect((await post('school', `schools/delete/teacher/${id}`)).statusCode).toBe(200);
    expect(ids((await post('school', 'schools/get/teachers', { limit: 100 })).json().teachers)).not.toContain(id);
    expect((await post('school', `schools/delete/teacher/${id}`)).statusCode).toBe(404);
  });
});

describe('groups of a school', () => {
  it('adds students and assigns a teacher, only of the same school; another school gets 404', async () => {
    const list = await post('school', 'schools/get/groups');
    expect(list.json().count).toBeGreaterThanOrEqual(2);
    const group = list.json().groups.find((g: { name: string }) => g.name.includes('المخترعون'));
    const outside = await post('school', 'schools/get/not/in/group', { group_id: group.id, limit: 3 });
    expect(outside.statusCode).toBe(200);
    const moving = ids(outside.json().students);
    expect(moving).toHaveLength(3);
    const added = await post('school', 'schools/add/students/group', { group_id: group.id, student_ids: moving });
    expect(added.json()).toMatchObject({ added: 3, group: { students_count: group.students_count + 3 } });
    expect(
      (await post('school', 'schools/add/students/group', { group_id: group.id, student_ids: moving })).json().added,
    ).toBe(0);
    const detail = await post('school', `schools/get/group/${group.id}`);
    expect(ids(detail.json().students)).toEqual(expect.arrayContaining(moving));
    const stillOutside = ids(
      (await post('school', 'schools/get/not/in/group', { group_id: group.id, limit: 100 })).json().students,
    );
    expect(stillOutside.some((id) => moving.includes(id))).toBe(false);

    // a student of another school in the list: nothing added (404)
    const [seaStudent] = await t.db.select().from(children).where(eq(children.schoolId, sea)).limit(1);
    expect(
      (
        await post('school', 'schools/add/students/group', {
          group_id: group.id,
          student_ids: [moving[0], seaStudent.id],
        })
      ).statusCode,
    ).toBe(404);
    const seaGroup = (await post('sea', 'schools/get/groups')).json().groups[0];
    expect(
      (await post('school', 'schools/add/students/group', { group_id: seaGroup.id, student_ids: moving })).statusCode,
    ).toBe(404);
    expect((await post('school', `schools/get/group/${seaGroup.id}`)).statusCode).toBe(404);

    const teacher = (await post('school', 'schools/get/teachers/lookup'))
      .json()
      .teachers.find((x: { name: string }) => x.name === 'هدى سامي');
    const assigned = await post('school', 'schools/assign/teacher/group', {
      group_id: group.id,
      teacher_id: teacher.id,
    });
    expect(assigned.json().group).toMatchObject({ teacher_id: teacher.id, teacher_name: 'هدى سامي' });
    const seaTeacher = (await post('sea', 'schools/get/teachers/lookup')).json().teachers[0];
    expect(
      (await post('school', 'schools/assign/teacher/group', { group_id: group.id, teacher_id: seaTeacher.id }))
        .statusCode,
    ).toBe(404);

    const removed = await post('school', 'schools/remove/students/group', {
      group_id: group.id,
      student_ids: moving.slice(0, 1),
    });
    expect(removed.json().removed).toBe(1);
  });
});

describe('reports', () => {
  it('a school report counts in SQL what the tables hold', async () => {
    const res = await post('school', 'schools/admin/report');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const students = await t.db.select().from(children).where(eq(children.schoolId, nile));
    expect(r.counts.students_count).toBe(students.length);
    expect(r.users_genders_chart.reduce((s: number, g: { count: number }) => s + g.count, 0)).toBe(students.length);
    expect(r.users_genders_chart.find((g: { gender: number }) => g.gender === 2).count).toBe(
      students.filter((s) => s.gender === 2).length,
    );
    expect(r.users_levels_chart.reduce((s: number, g: { count: number }) => s + g.count, 0)).toBe(students.length);
    expect(r.count).toBe((await t.db.select().from(groups).where(eq(groups.schoolId, nile))).length);
    expect(r.groups.length).toBe(r.count);
    expect(r.counts.teacher_count).toBe(await count(users, and(eq(users.schoolId, nile), eq(users.type, 1))!));
    const tasks = await t.db
      .select()
      .from(activities)
      .innerJoin(children, eq(children.id, activities.childId))
      .where(eq(children.schoolId, nile));
    expect(r.counts.task_count).toBe(tasks.length);
    const [quota] = await t.db.select().from(schoolQuotas).where(eq(schoolQuotas.schoolId, nile));
    expect(r.counts.seat_count).toBe(quota.approvedSeats);
    expect(r.counts.students_without_group).toBeGreaterThan(0);
    expect(r.counts.students_without_group).toBeLessThan(students.length);
    expect(r.counts.non_Active).toBe(await count(users, and(eq(users.schoolId, nile), sql`${users.removed} <> 0`)!));
    expect(r.school).toMatchObject({ id: nile, name: 'Nile Creative School' });
  });

  it('each report is scoped: school, region, platform; a guessed id outside answers 404', async () => {
    expect((await post('school', 'schools/admin/report', { school_id: sea })).statusCode).toBe(404);
    const regionReport = (await post('region', 'region/admin/report')).json();
    expect(regionReport.region.id).toBe(cairoRegion);
    expect(ids(regionReport.breakdown)).toEqual(expect.arrayContaining([nile, delta]));
    expect(regionReport.breakdown.find((b: { id: number }) => b.id === nile).students_count).toBe(
      await count(children, eq(children.schoolId, nile)),
    );
    expect(ids(regionReport.breakdown)).not.toContain(sea);
    expect(regionReport.counts.students_count).toBe(
      regionReport.breakdown.reduce((s: number, b: { students_count: number }) => s + b.students_count, 0),
    );
    expect((await post('region', 'region/admin/report', { region_id: alexRegion })).statusCode).toBe(404);
    expect((await post('region', `region/admin/schools/report/${delta}`)).json().school.id).toBe(delta);
    expect((await post('region', `region/admin/schools/report/${sea}`)).statusCode).toBe(404);
    expect((await post('alex', `region/admin/schools/report/${sea}`)).statusCode).toBe(200);
    const platform = (await post('admin', 'admin/report')).json();
    expect(platform.breakdown.map((b: { name: string }) => b.name)).toEqual(
      expect.arrayContaining(['Cairo Region', 'منطقة الإسكندرية']),
    );
    expect(platform.counts.schools_count).toBe((await t.db.select().from(schools)).length);
    expect((await post('region', 'admin/report')).statusCode).toBe(403);
    expect((await post('school', 'region/admin/report')).statusCode).toBe(403);
    expect((await post('teacher', 'schools/admin/report')).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/admin/report', payload: {} })).statusCode).toBe(401);
  });
});
