import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../domain/codes';
import { children, feedback, regions, roles, schools, userRoles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/passwords';
import { demoPlaces, grantEverything, plant, plantPlatformLogs, usersByEmail, type Planted } from './support/outside';
import { demo, withApp } from './support/withApp';

/**
 * Granted permissions stay inside the holder's scope (docs/SCOPE.md): a school
 * admin granted access_logs, access_dashboard and every other permission reads
 * nothing outside its school and cannot make a region or a region admin; a
 * region admin likewise stays in its region; nobody gives a built-in role
 * above their own level; a guest's session sends no feedback; and actors with
 * two roles see the union of their two scopes, nothing more.
 * (Every read route, generated from the route table: scope-routes.test.ts.)
 */
const t = withApp();
let admin: string;
let school: string;
let region: string;
let places: Awaited<ReturnType<typeof demoPlaces>>;
const planted: Record<'nile' | 'delta' | 'alex' | 'free', Planted> = {} as never;
let platformLogs: number[];
let ids: Record<string, number>;
const OUTSIDE_SCHOOL = ['ZQDELTA', 'ZQALEX', 'ZQFREE', 'ZQPLATFORM'];

beforeAll(async () => {
  admin = await t.token('admin');
  places = await demoPlaces(t.db);
  ids = await usersByEmail(t.db, [demo.school.email, demo.region.email, 'principal@delta.demo.test']);
  await grantEverything(t, admin, ids[demo.school.email]);
  await grantEverything(t, admin, ids[demo.region.email]);
  planted.nile = await plant(t.db, 'ZQNILE', places.nile);
  planted.delta = await plant(t.db, 'ZQDELTA', places.delta);
  planted.alex = await plant(t.db, 'ZQALEX', places.sea);
  planted.free = await plant(t.db, 'ZQFREE', null);
  platformLogs = await plantPlatformLogs(t.db, 'ZQPLATFORM');
  school = await t.token('school');
  region = await t.token('region');
}, 120_000);

const post = (token: string, url: string, payload: unknown = {}) =>
  t.inject({ method: 'POST', url: `/api${url}`, token, payload });

/** Every row of a list, page by page. */
async function everyRow(token: string, url: string, key: string, body: Record<string, unknown> = {}) {
  const rows: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await post(token, url, { ...body, limit: 100, offset });
    expect(res.statusCode).toBe(200);
    rows.push(...res.json()[key]);
    if (offset + 100 >= res.json().count) return { rows, count: res.json().count as number };
  }
}
const countOf = async (table: typeof regions | typeof users | typeof schools) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

describe('a school admin granted access_logs, access_dashboard and every other permission', () => {
  it('reads the audit log of its school only', async () => {
    const all = await everyRow(admin, '/logs', 'logs');
    const mine = await everyRow(school, '/logs', 'logs');
    expect(mine.rows.length).toBe(mine.count);
    expect(mine.count).toBeLessThan(all.count);
    const text = JSON.stringify(mine.rows);
    // the rows about its school's records: its school, a class, a seat request, a parent, a learner, a group...
    for (const entity of ['school', 'school_class', 'seat_request', 'user', 'child', 'group', 'activity', 'exam'])
      expect(text).toContain(`ZQNILE ${entity}`);
    for (const marker of OUTSIDE_SCHOOL) expect(text).not.toContain(marker);
    for (const row of mine.rows.filter((r) => r.entity === 'school')) expect(row.entity_id).toBe(places.nile);
    // a row about a record that is gone, or about the platform's own content, is the platform's
    expect(JSON.stringify(all.rows)).toContain('ZQPLATFORM gone');
  });

  it('answers 404 for a log row outside its school, by id', async () => {
    for (const id of [...planted.delta.ids.logs, ...planted.alex.ids.logs, ...platformLogs])
      expect((await t.inject({ url: `/api/logs/${id}`, as: 'school' })).statusCode).toBe(404);
    expect((await t.inject({ url: `/api/logs/${planted.nile.ids.logs[0]}`, as: 'school' })).statusCode).toBe(200);
  });

  it("reads the feedback of its school's people only, and marks no other as read", async () => {
    const mine = await everyRow(school, '/feedback', 'feedback');
    const text = JSON.stringify(mine.rows);
    expect(text).toContain('ZQNILE feedback');
    for (const marker of OUTSIDE_SCHOOL) expect(text).not.toContain(marker);
    const outside = planted.alex.ids.feedback;
    expect((await post(school, `/feedback/read/${outside}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, outside));
    expect(row.readAt).toBeNull();
    expect((await post(school, `/feedback/read/${planted.nile.ids.feedback}`)).statusCode).toBe(200);
  });

  it('counts on its dashboard only what is in its school', async () => {
    const before = (await post(school, '/dashboard/counts')).json();
    await plant(t.db, 'ZQALEXMORE', places.sea);
    expect((await post(school, '/dashboard/counts')).json()).toEqual(before);
  });

  it('cannot create a region, nor a region admin, nor a school', async () => {
    const [regionCount, userCount, schoolCount] = [
      await countOf(regions),
      await countOf(users),
      await countOf(schools),
    ];
    const account = { name: 'Escalated', password: 'password-1' };
    const newRegion = await post(school, '/region/registeration/admin', {
      ...account,
      email: 'escalate1@example.test',
      region_name: 'My own region',
    });
    expect(newRegion.statusCode).toBe(403);
    expect(newRegion.json().key).toBe('app.errors.platformOnly');
    for (const regionId of [places.cairo, places.alex]) {
      const res = await post(school, '/region/registeration/admin', {
        ...account,
        email: `escalate-${regionId}@example.test`,
        region_id: regionId,
      });
      expect(res.statusCode).toBe(403);
    }
    const newSchool = await post(school, '/school/registeration/admin', {
      ...account,
      email: 'escalate2@example.test',
      school_name: 'My second school',
      region_id: places.cairo,
    });
    expect(newSchool.statusCode).toBe(404);
    expect([await countOf(regions), await countOf(users), await countOf(schools)]).toEqual([
      regionCount,
      userCount,
      schoolCount,
    ]);
  });

  it('cannot give a user of its school a role above its own level', async () => {
    const roleIds = Object.fromEntries(
      (await t.db.select({ id: roles.id, key: roles.key }).from(roles)).map((r) => [r.key, r.id]),
    );
    const [teacherRow] = await t.db.select().from(users).where(eq(users.email, 'huda@nile.demo.test'));
    for (const key of ['region_admin', 'admin']) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/user/roles/${teacherRow.id}`,
        as: 'school',
        payload: { roles: [roleIds.teacher, roleIds[key]], permissions: [] },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().key).toBe('app.errors.roleAboveLevel');
    }
    const holders = await t.db.select().from(userRoles).where(eq(userRoles.userId, teacherRow.id));
    expect(holders.map((h) => h.roleId)).toEqual([roleIds.teacher]);
  });
});

describe('a region admin granted every permission', () => {
  it('cannot create a region nor a region admin, even of its own region, and still registers school admins', async () => {
    const regionCount = await countOf(regions);
    const account = { name: 'Peer', password: 'password-1' };
    const newRegion = await post(region, '/region/registeration/admin', {
      ...account,
      email: 'peer1@example.test',
      region_name: 'Second region',
    });
    expect(newRegion.statusCode).toBe(403);
    const peer = await post(region, '/region/registeration/admin', {
      ...account,
      email: 'peer2@example.test',
      region_id: places.cairo,
    });
    expect(peer.statusCode).toBe(403);
    expect(peer.json().key).toBe('app.errors.platformOnly');
    expect(await countOf(regions)).toBe(regionCount);
    expect(await usersByEmail(t.db, ['peer1@example.test', 'peer2@example.test'])).toEqual({});
    const head = await post(region, '/school/registeration/admin', {
      ...account,
      email: 'head@example.test',
      school_id: places.delta,
    });
    expect(head.statusCode).toBe(201);
  });

  it('reads the audit log and feedback of its region only', async () => {
    const logs = JSON.stringify((await everyRow(region, '/logs', 'logs')).rows);
    const notes = JSON.stringify((await everyRow(region, '/feedback', 'feedback')).rows);
    for (const text of [logs, notes]) {
      expect(text).toContain('ZQNILE');
      expect(text).toContain('ZQDELTA');
      for (const marker of ['ZQALEX', 'ZQFREE', 'ZQPLATFORM']) expect(text).not.toContain(marker);
    }
  });

  it('the platform still creates a region with its admin', async () => {
    const res = await post(admin, '/region/registeration/admin', {
      name: 'Aswan Admin',
      email: 'aswan@example.test',
      password: 'password-1',
      region_name: 'Aswan',
    });
    expect(res.statusCode).toBe(201);
  });
});

/** The calls a guest's session may make (docs/SECURITY.md "Guest sessions"): its own test, and its session. */
const GUEST_ROUTES = [
  'GET /api/me',
  'POST /api/logout',
  'POST /api/exam/start',
  'POST /api/answers/get/exam/details',
  'POST /api/answers/add',
  'POST /api/answers/add/second',
  'GET /api/check/exam/:id',
  'GET /api/questions',
  'GET /api/exam/files/:id',
  'POST /api/getAnswers',
  'POST /api/answers/get/user/answers',
  'GET /api/answers/get/mobile/exam/groups/user',
  'GET /api/test/time',
].sort();

describe('a guest session', () => {
  const register = async (name: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/temp/register', payload: { name } });
    expect(res.statusCode).toBe(201);
    return res.json() as { access_token: string; student: { id: number }; user: { id: number } };
  };

  it('reaches only its own test: every other route of the table refuses its token with 403', async () => {
    const guest = await register('Walk-in');
    const table = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.access !== 'public' && r.method !== 'HEAD',
    );
    expect(
      table
        .filter((r) => r.guest)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(GUEST_ROUTES);
    const refused: string[] = [];
    for (const route of table.filter((r) => !r.guest)) {
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) =>
        /student|child|id$/.test(p) ? String(guest.student.id) : '1',
      );
      const res = await t.inject({
        method: route.method as 'GET',
        url,
        token: guest.access_token,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 || res.json().key !== 'app.errors.forbidden')
        refused.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
    expect(table.filter((r) => !r.guest).length).toBeGreaterThan(200);
  });

  it('cannot list the gallery, messages, feedback, notifications or other users; its own test answers', async () => {
    const guest = await register('Walk-in two');
    const other = await register('Walk-in three');
    const teacher = await t.userId('teacher');
    for (const [method, url, payload] of [
      ['GET', '/api/evaluation/gallery', undefined],
      ['GET', '/api/answer/gallery', undefined],
      ['POST', '/api/messages', {}],
      ['POST', '/api/messages/recipients', {}],
      ['POST', '/api/users/send_mail', { recipient_id: teacher, message: 'hi' }],
      ['POST', '/api/feedback/add', { message: 'hello' }],
      ['POST', '/api/feedback', {}],
      ['POST', '/api/users/notifications', {}],
      ['POST', '/api/users', {}],
      ['POST', '/api/user/search', { search_text: 'a' }],
      ['GET', `/api/users/show/profile/${teacher}`, undefined],
      ['GET', `/api/users/show/${guest.user.id}`, undefined],
      ['GET', `/api/reports/student/${guest.student.id}/1`, undefined],
    ] as const) {
      const res = await t.inject({ method, url, token: guest.access_token, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // its own test: started, read, where it stands; another guest's learner is outside (404)
    const own = { student_id: guest.student.id, exam_type: 1, challenge: 1 };
    expect((await post(guest.access_token, '/exam/start', own)).statusCode).toBe(200);
    expect((await post(guest.access_token, '/answers/get/exam/details', own)).statusCode).toBe(200);
    const mine = await t.inject({ url: `/api/check/exam/${guest.student.id}`, token: guest.access_token });
    expect(mine.json().exams).toHaveLength(6);
    expect((await t.inject({ url: `/api/check/exam/${other.student.id}`, token: guest.access_token })).statusCode).toBe(
      404,
    );
    expect((await post(guest.access_token, '/exam/start', { ...own, student_id: other.student.id })).statusCode).toBe(
      404,
    );
    // signing out ends it
    expect((await post(guest.access_token, '/logout')).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/me', token: guest.access_token })).statusCode).toBe(401);
  });

  it('cannot post feedback into the admins’ list', async () => {
    const guest = await t.inject({ method: 'POST', url: '/api/temp/register', payload: { name: 'Guesty' } });
    expect(guest.statusCode).toBe(201);
    const before = await t.db.select({ id: feedback.id }).from(feedback);
    const res = await post(guest.json().access_token, '/feedback/add', { message: 'hello from a guest', rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('app.errors.forbidden');
    expect(await t.db.select({ id: feedback.id }).from(feedback)).toHaveLength(before.length);
    // a family account still can
    const family = await t.signIn('family');
    expect((await post(family, '/feedback/add', { message: 'hello from a family' })).statusCode).toBe(201);
  });
});

describe('actors with two roles', () => {
  it('a school admin who is also a parent sees its school and its own children, nothing more', async () => {
    const parentId = ids['principal@delta.demo.test'];
    // the Delta school's admin, given access_neomi to list the learners of its tests
    const current = await t.inject({ url: `/api/user/roles/${parentId}`, as: 'admin' });
    const granted = await t.inject({
      method: 'PUT',
      url: `/api/user/roles/${parentId}`,
      as: 'admin',
      payload: { roles: current.json().roles, permissions: ['access_neomi'] },
    });
    expect(granted.statusCode).toBe(200);
    const principal = await t.signIn('principal@delta.demo.test');
    const [atSea, atHome] = await t.db
      .insert(children)
      .values([
        { name: 'ZQOWN at sea', parentId, schoolId: places.sea, gender: 1, birthdate: '2016-01-01' },
        { name: 'ZQOWN at home', parentId, schoolId: null, gender: 2, birthdate: '2017-01-01' },
      ])
      .returning();
    for (const own of [atSea, atHome]) {
      expect((await t.inject({ url: `/api/student/details/${own.id}`, token: principal })).statusCode).toBe(200);
      expect((await post(principal, '/answers/get/user/answers', { student_id: own.id })).statusCode).toBe(200);
    }
    // another learner of the school its child attends, and of the school admin's neighbour school: not its own
    for (const other of [planted.alex.ids.child, planted.nile.ids.child]) {
      expect((await t.inject({ url: `/api/student/details/${other}`, token: principal })).statusCode).toBe(404);
      expect((await post(principal, '/answers/get/user/answers', { student_id: other })).statusCode).toBe(404);
    }
    const takers = await everyRow(principal, '/exam/takers', 'students');
    const names = takers.rows.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['ZQOWN at sea', 'ZQOWN at home', 'ZQDELTA child']));
    expect(names.filter((n) => /ZQ(ALEX|NILE|FREE)/.test(String(n)))).toEqual([]);
  });

  it('a region admin without a region sees nothing of any region, whatever it is granted', async () => {
    const [user] = await t.db
      .insert(users)
      .values({
        name: 'Regionless',
        email: 'regionless@example.test',
        passwordHash: await hashPassword('password-1'),
        type: USER_TYPE.family,
        approved: true,
      })
      .returning();
    const [role] = await t.db.select().from(roles).where(eq(roles.key, 'region_admin'));
    await t.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    await grantEverything(t, admin, user.id);
    const token = await t.signIn('regionless@example.test', 'password-1');
    expect((await post(token, '/schools')).json().count).toBe(0);
    expect((await post(token, '/region/admins')).json().count).toBe(0);
    expect((await post(token, '/exam/takers')).json().count).toBe(0);
    expect((await post(token, '/users')).json().users.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const counts = (await post(token, '/dashboard/counts')).json();
    expect(counts).toMatchObject({ students: 0, groups: 0, evaluations: 0 });
    const logs = JSON.stringify((await everyRow(token, '/logs', 'logs')).rows);
    expect(logs).not.toMatch(/ZQ(NILE|DELTA|ALEX|FREE|PLATFORM)/);
    expect(JSON.stringify((await everyRow(token, '/feedback', 'feedback')).rows)).not.toMatch(/ZQ/);
    expect((await post(token, `/region/admins/schools/${places.cairo}`)).statusCode).toBe(404);
  });
});
