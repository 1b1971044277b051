import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { children, logs, users } from '../../server/db/schema';
import { createAccount } from './support/activities';
import { multipart, notAnImage, pngImage } from './support/files';
import { DEMO_PASSWORD } from '../../server/seed/accounts';
import { demo, withApp } from './support/withApp';

const t = withApp();

const { post } = t;

async function registerFamily(email: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      type: 0,
      gender: 1,
      name: 'Other Family',
      email,
      confirm_email: email,
      country: 'EG',
      password: 'password-1',
      confirm_password: 'password-1',
    },
  });
  return { id: res.json().user.id as number, token: res.json().access_token as string };
}

describe('POST /api/users (list)', () => {
  it('pages, searches, sorts and counts', async () => {
    const page = await post('/api/users', { limit: 2, offset: 0, order_by: 'email', order_direction: 'asc' }, 'admin');
    expect(page.statusCode).toBe(200);
    expect(page.json().users.map((u: { email: string }) => u.email)).toEqual([demo.admin.email, demo.family.email]);
    const everyone = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    expect(page.json().count).toBe(everyone);
    const search = await post('/api/users', { search_text: 'TEACH' }, 'admin');
    expect(search.json()).toMatchObject({ count: 1, users: [{ email: demo.teacher.email, roles: ['teacher'] }] });
    const typed = await t.inject({ method: 'POST', url: '/api/users?type=1&limit=10', as: 'admin' });
    expect(typed.json().users.map((u: { email: string }) => u.email)).toContain(demo.teacher.email);
    expect(typed.json().users.every((u: { type: number }) => u.type === 1)).toBe(true);
    const beyond = await post('/api/users', { offset: 100 }, 'admin');
    expect(beyond.json()).toEqual({ users: [], count: everyone });
  });

  it('searches name or email: a user matching both is counted once, the filters apply to both', async () => {
    const made = [
      await createAccount(t.db, 'student', 'zq1@search.test', { name: 'Zaynab Qadri' }), // name
      await createAccount(t.db, 'student', 'zaynab.h@search.test', { name: 'Hana' }), // email
      await createAccount(t.db, 'student', 'zaynab@search.test', { name: 'Zaynab' }), // both
      await createAccount(t.db, 'teacher', 'zaynab.t@search.test', { name: 'Zaynab Teacher', removed: 1 }), // both, inactive
    ];
    try {
      const all = (await post('/api/users', { search_text: 'zaYNab', limit: 2 }, 'admin')).json();
      expect(all.count).toBe(4);
      expect(all.users).toHaveLength(2);
      const active = (await post('/api/users', { search_text: 'zaynab', status: 0, limit: 10 }, 'admin')).json();
      expect(active.count).toBe(3);
      expect(active.users.map((u: { email: string }) => u.email).sort()).toEqual([
        'zaynab.h@search.test',
        'zaynab@search.test',
        'zq1@search.test',
      ]);
      expect((await post('/api/users', { search_text: 'zaynab', type: 1 }, 'admin')).json().count).toBe(1);
    } finally {
      await t.db.delete(users).where(inArray(users.id, made));
    }
  });

  it('treats % and _ in the search text literally', async () => {
    expect((await post('/api/users', { search_text: '%' }, 'admin')).json().count).toBe(0);
  });

  it('filters by status', async () => {
    const id = await t.userId('marker');
    await post(`/api/users/deactivate/${id}`, {}, 'admin');
    const inactive = await post('/api/users', { status: 1 }, 'admin');
    expect(inactive.json().users.map((u: { id: number }) => u.id)).toEqual([id]);
    await post(`/api/users/activate/${id}`, {}, 'admin');
    t.keep('marker', await t.signIn('marker'));
  });

  it('refuses an order_by with SQL in it with 400 and changes nothing', async () => {
    const before = await t.db.select().from(users).orderBy(users.id);
    const res = await post('/api/users', { order_by: 'id; drop table users; --', order_direction: 'asc' }, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'app.validation.invalidOrder',
      errors: { order_by: 'app.validation.invalidOrder' },
    });
    const direction = await post('/api/users', { order_by: 'name', order_direction: 'asc, (select 1)' }, 'admin');
    expect(direction.statusCode).toBe(400);
    expect(await t.db.select().from(users).orderBy(users.id)).toEqual(before);
  });

  it('is forbidden (403) to a teacher, a family and a marker', async () => {
    for (const who of ['teacher', 'family', 'marker']) {
      const res = await post('/api/users', {}, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().key).toBe('app.errors.forbidden');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/users', payload: {} })).statusCode).toBe(401);
  });
});

describe('scope: a record outside the caller answers 404', () => {
  it("a family cannot read another family's user or child", async () => {
    const other = await registerFamily('other.family@example.test');
    const familyId = await t.userId('family');
    const [child] = await t.db.select().from(children).where(eq(children.parentId, familyId)).limit(1);

    expect((await t.inject({ url: `/api/users/show/${familyId}`, token: other.token })).statusCode).toBe(404);
    const childRead = await t.inject({ url: `/api/children/${child.id}`, token: other.token });
    expect(childRead.statusCode).toBe(404);
    expect(childRead.json().key).toBe('app.errors.notFound');
    const childEdit = await t.inject({
      method: 'PUT',
      url: `/api/users/edit/child/${child.id}`,
      token: other.token,
      payload: { name: 'Taken', gender: 1, birthdate: '2015-01-01' },
    });
    expect(childEdit.statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/users/delete/child/${child.id}`, token: other.token })).statusCode,
    ).toBe(404);
    const [unchanged] = await t.db.select().from(children).where(eq(children.id, child.id));
    expect(unchanged.name).toBe(child.name);
    // a guessed id that does not exist answers the same
    expect((await t.inject({ url: '/api/children/999999', token: other.token })).statusCode).toBe(404);
  });

  it('a family reads itself with its children and their activities', async () => {
    const familyId = await t.userId('family');
    const res = await t.inject({ url: `/api/users/show/${familyId}`, as: 'family' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe(demo.family.email);
    expect(body.childern.map((c: { name: string }) => c.name)).toEqual(['Yousef', 'Laila']);
    // the demo activities of the family's children (server/seed/activities.ts), and no one else's
    expect(body.tasks.map((a: { title: string }) => a.title)).toEqual(
      expect.arrayContaining(['My dream house', 'A new animal']),
    );
    const childIds = body.childern.map((c: { id: number }) => c.id);
    expect(body.tasks.every((a: { child_id: number }) => childIds.includes(a.child_id))).toBe(true);
  });

  it("a teacher sees the parents of their groups' children, not other users", async () => {
    const familyId = await t.userId('family');
    const adminId = await t.userId('admin');
    const seen = await t.inject({ url: `/api/users/show/${familyId}`, as: 'teacher' });
    expect(seen.statusCode).toBe(200);
    // only the child in the teacher's group
    expect(seen.json().childern.map((c: { name: string }) => c.name)).toEqual(['Yousef']);
    expect((await t.inject({ url: `/api/users/show/${adminId}`, as: 'teacher' })).statusCode).toBe(404);
  });

  it("a school admin lists only their school's users; a region admin without access_users gets 403", async () => {
    await t.db.update(users).set({ schoolId: null }).where(eq(users.email, demo.family.email));
    const schoolAdmin = await t.userId('school');
    const adminToken = await t.token('admin');
    // give the school admin access_users directly
    const put = await t.inject({
      method: 'PUT',
      url: `/api/user/roles/${schoolAdmin}`,
      token: adminToken,
      payload: { roles: [(await rolesByName()).admin_school], permissions: ['access_users'] },
    });
    expect(put.statusCode).toBe(200);
    const list = await post('/api/users', { order_by: 'email', order_direction: 'asc' }, 'school');
    expect(list.statusCode).toBe(200);
    const emails = list.json().users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([demo.school.email, demo.teacher.email]));
    // only the school's own people (the demo school has more teachers: server/seed/schools.ts)
    expect(list.json().users.every((u: { school_id: number }) => u.school_id === list.json().users[0].school_id)).toBe(
      true,
    );
    expect(emails).not.toContain(demo.family.email);
    expect((await post('/api/users', {}, 'region')).statusCode).toBe(403);
  });
});

async function rolesByName(): Promise<Record<string, number>> {
  const res = await t.inject({ url: '/api/roles', as: 'admin' });
  return Object.fromEntries(res.json().roles.map((r: { name: string; id: number }) => [r.name, r.id]));
}

describe('editing users', () => {
  it('PUT /api/users/save{id} validates docs/PRODUCT.md §5 "Edit user" and logs old and new values', async () => {
    const id = await t.userId('family');
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/users/save${id}`,
      as: 'family',
      payload: { name: ' ', email: 'nope', country: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: 'app.validation.required',
      email: 'app.validation.email',
      country: 'app.validation.required',
      job_title: 'app.validation.required',
    });

    const ok = await t.inject({
      method: 'PUT',
      url: `/api/users/save${id}`,
      as: 'family',
      payload: {
        name: 'Fatima Hassan',
        email: demo.family.email,
        country: 'SA',
        job_title: 'Engineer',
        city: 'Riyadh',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'Fatima Hassan', country: 'SA', city: 'Riyadh' });

    const [log] = await t.db
      .select()
      .from(logs)
      .where(eq(logs.entityId, id))
      .orderBy(logs.id)
      .then((rows) => rows.filter((r) => r.action === 'update').slice(-1));
    expect(log).toMatchObject({ entity: 'user', action: 'update', actorId: id });
    expect(log.oldValue).toEqual({ name: 'Fatima Family', country: 'EG', city: 'Cairo', job_title: 'Parent' });
    expect(log.newValue).toEqual({ name: 'Fatima Hassan', country: 'SA', city: 'Riyadh', job_title: 'Engineer' });
  });

  it('clears an optional field sent empty, and leaves an absent one as it is', async () => {
    const id = await t.userId('family');
    const base = { name: 'Fatima Hassan', email: demo.family.email, country: 'SA', job_title: 'Engineer' };
    await t.inject({
      method: 'PUT',
      url: `/api/users/save${id}`,
      as: 'family',
      payload: { ...base, mobile_no: '0100', about_me: 'Hi' },
    });
    const cleared = await t.inject({
      method: 'PUT',
      url: `/api/users/save${id}`,
      as: 'family',
      payload: { ...base, city: '', mobile_no: null },
    });
    expect(cleared.json().user).toMatchObject({ city: null, mobile_no: null, about_me: 'Hi' });
  });

  it('refuses an email taken by someone else with 409', async () => {
    const id = await t.userId('family');
    const res = await t.inject({
      method: 'PUT',
      url: `/api/users/save${id}`,
      as: 'family',
      payload: { name: 'F', email: 'Admin@demo.test', country: 'SA', job_title: 'x', current_password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
  });

  it('a family cannot edit someone else (404 for any id, like a read), an admin can', async () => {
    const teacherId = await t.userId('teacher');
    const payload = { name: 'Tarek T.', email: demo.teacher.email, country: 'EG', job_title: 'Teacher' };
    expect(
      (await t.inject({ method: 'PUT', url: `/api/users/save${teacherId}`, as: 'family', payload })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'PUT', url: `/api/users/save${teacherId}`, as: 'admin', payload })).statusCode,
    ).toBe(200);
  });

  it('POST /api/users/save/{id} takes a multipart form with a photo, checked by its bytes', async () => {
    const id = await t.userId('family');
    const png = await pngImage();
    const form = multipart(
      { name: 'Fatima M.', email: demo.family.email, country: 'EG', job_title: 'Mother' },
      { name: 'image', filename: 'me.png', data: png },
    );
    const res = await t.inject({
      method: 'POST',
      url: `/api/users/save/${id}`,
      as: 'family',
      payload: form.body,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    const photo = res.json().user.photo as string;
    expect(photo).toMatch(/^\/api\/files\/photos\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.inject({ url: photo, as: 'family' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const fake = multipart({}, { name: 'image', filename: 'evil.png', data: notAnImage() });
    const refused = await t.inject({
      method: 'POST',
      url: `/api/users/update_photo/${id}`,
      as: 'family',
      payload: fake.body,
      headers: fake.headers,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().errors).toEqual({ image: 'app.validation.invalidImage' });
    const invalid = multipart({ name: '', email: 'x', country: 'EG', job_title: 'x' });
    const bad = await t.inject({
      method: 'POST',
      url: `/api/users/save/${id}`,
      as: 'family',
      payload: invalid.body,
      headers: invalid.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'app.validation.required', email: 'app.validation.email' });
  });

  it('refuses an upload over 20 MB with 413', async () => {
    const id = await t.userId('family');
    const big = multipart({}, { name: 'image', filename: 'big.png', data: Buffer.alloc(20 * 1024 * 1024 + 10, 1) });
    const res = await t.inject({
      method: 'POST',
      url: `/api/users/update_photo/${id}`,
      as: 'family',
      payload: big.body,
      headers: big.headers,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().key).toBe('app.errors.payloadTooLarge');
  });
});

describe('activate, deactivate, delete', () => {
  it('deactivation is logged with old and new values', async () => {
    const id = await t.userId('region');
    expect((await post(`/api/users/deactivate/${id}`, {}, 'admin')).json().user.removed).toBe(1);
    const rows = (await t.db.select().from(logs).where(eq(logs.entityId, id))).filter((r) => r.action === 'deactivate');
    expect(rows.at(-1)).toMatchObject({ oldValue: { removed: 0 }, newValue: { removed: 1 } });
    expect((await post(`/api/users/activate/${id}`, {}, 'admin')).json().user.removed).toBe(0);
    t.keep('region', await t.signIn('region'));
  });

  it('an admin cannot deactivate or delete themself', async () => {
    const id = await t.userId('admin');
    expect((await post(`/api/users/deactivate/${id}`, {}, 'admin')).statusCode).toBe(400);
    expect((await t.inject({ method: 'DELETE', url: `/api/users/delete/${id}`, as: 'admin' })).statusCode).toBe(400);
  });

  it('deletes a user and logs what it was, not who', async () => {
    const other = await registerFamily('to.delete@example.test');
    const res = await t.inject({ method: 'DELETE', url: `/api/users/delete/${other.id}`, as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, other.id))).toEqual([]);
    const [log] = (await t.db.select().from(logs).where(eq(logs.entityId, other.id))).filter(
      (r) => r.action === 'delete',
    );
    expect(log.oldValue).toEqual({ id: other.id, type: 0 });
    expect(JSON.stringify(log.oldValue)).not.toContain('argon2');
    expect((await t.inject({ method: 'DELETE', url: `/api/users/delete/${other.id}`, as: 'admin' })).statusCode).toBe(
      404,
    );
  });
});

describe('children', () => {
  it('a family adds, edits and deletes a child; docs/PRODUCT.md §5 rules apply', async () => {
    const bad = await post('/api/users/add/child', { birthdate: '2999-01-01' }, 'family');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: 'app.validation.required',
      gender: 'app.validation.required',
      birthdate: 'app.validation.futureDate',
    });
    const created = await post(
      '/api/users/add/child',
      { name: 'Sara', gender: 2, birthdate: '2017-05-01', language: 'ar', second_language: 'en' },
      'family',
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().child.id;
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/users/edit/child/${id}`,
      as: 'family',
      payload: { name: 'Sara A.', gender: 2, birthdate: '2017-05-01' },
    });
    expect(edited.json().child.name).toBe('Sara A.');
    const gone = await t.inject({ method: 'DELETE', url: `/api/users/delete/child/${id}`, as: 'family' });
    expect(gone.json().key).toBe('app.notify.childDeleted');
    const childLogs = await t.db.select().from(logs).where(eq(logs.entity, 'child'));
    expect(JSON.stringify(childLogs)).not.toContain('Sara');
  });
});

describe('profile and search', () => {
  it("shows a teacher's card to a family, not an admin's", async () => {
    const teacherId = await t.userId('teacher');
    const adminId = await t.userId('admin');
    const card = await t.inject({ url: `/api/users/show/profile/${teacherId}`, as: 'family' });
    expect(card.statusCode).toBe(200);
    expect(Object.keys(card.json().user).sort()).toEqual(['gender', 'id', 'name', 'photo', 'removed', 'roles', 'type']);
    expect((await t.inject({ url: `/api/users/show/profile/${adminId}`, as: 'family' })).statusCode).toBe(404);
  });

  it('POST /api/user/search answers an array', async () => {
    const res = await post('/api/user/search', { search: 'demo.test' }, 'admin');
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json().length).toBeGreaterThanOrEqual(6);
    expect((await post('/api/user/search', { search: '' }, 'admin')).json().errors).toEqual({
      search: 'app.validation.required',
    });
    expect((await post('/api/user/search', { search: 'a' }, 'family')).statusCode).toBe(403);
  });
});
