import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const teacher = (email: string) => ({
  type: 1,
  gender: 2,
  name: 'Rana Teacher',
  email,
  confirm_email: email,
  country: 'Oman',
  password: 'password-1',
  confirm_password: 'password-1',
  degree: 2,
  major: 'Math',
  faculty: 'Science',
  specialization: 4,
  grade: 2,
  employment: 1,
  experience: 4,
  available_hours: 20,
  employment_place: 2,
  agreement: 'true',
});

describe('teachers', () => {
  it('a sign-up waits in /auth/teachers until approved, then gets the teacher role', async () => {
    const signup = await call(t.app, { method: 'POST', url: '/api/register', payload: teacher('rana@example.test') });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.country).toBe('Oman');
    const id = signup.json().user.id;
    const pending = await call(t.app, { method: 'POST', url: '/api/auth/teachers', token: admin, payload: {} });
    expect(pending.json().users.map((u: { id: number }) => u.id)).toEqual([id]);
    const listed = await call(t.app, { method: 'POST', url: '/api/teachers', token: admin, payload: {} });
    // approved teachers only (the demo schools have more: server/seed/schools.ts)
    expect(listed.json().users.map((u: { email: string }) => u.email)).toContain('teacher@demo.test');
    expect(listed.json().users.map((u: { id: number }) => u.id)).not.toContain(id);

    const approved = await call(t.app, { method: 'POST', url: `/api/users/add/${id}/1`, token: admin });
    expect(approved.json().user).toMatchObject({ approved: true, roles: ['teacher'] });
    expect(
      (await call(t.app, { method: 'POST', url: '/api/auth/teachers', token: admin, payload: {} })).json().count,
    ).toBe(0);
    const me = await call(t.app, { url: '/api/me', token: signup.json().access_token });
    expect(me.json().user.permissions).toContain('access_group');
  });

  it('activates and deactivates a teacher; the active list follows', async () => {
    const all = await call(t.app, {
      method: 'POST',
      url: '/api/teachers',
      token: admin,
      payload: { search_text: 'Tarek' },
    });
    const id = all.json().users[0].id;
    const off = await call(t.app, {
      method: 'POST',
      url: `/api/teachers/active/${id}`,
      token: admin,
      payload: { active: false },
    });
    expect(off.json().user.removed).toBe(1);
    const active = await call(t.app, { method: 'POST', url: '/api/teachers/active', token: admin, payload: {} });
    expect(active.json().users.map((u: { id: number }) => u.id)).not.toContain(id);
    await call(t.app, { method: 'POST', url: `/api/teachers/active/${id}`, token: admin, payload: { active: true } });
    const bad = await call(t.app, {
      method: 'POST',
      url: `/api/teachers/active/${id}`,
      token: admin,
      payload: { active: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes only a teacher waiting for approval', async () => {
    const signup = await call(t.app, { method: 'POST', url: '/api/register', payload: teacher('late@example.test') });
    const id = signup.json().user.id;
    const approvedTeacher = (
      await call(t.app, {
        method: 'POST',
        url: '/api/teachers',
        token: admin,
        payload: { search_text: 'teacher@demo.test' },
      })
    ).json().users[0].id;
    const refused = await call(t.app, {
      method: 'DELETE',
      url: '/api/users/delete/teacher',
      token: admin,
      payload: { id: approvedTeacher },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('app.errors.notPendingTeacher');
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/users/delete/teacher', token: admin, payload: { id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/users/delete/teacher', token: admin, payload: { id } }))
        .statusCode,
    ).toBe(404);
  });

  it('is forbidden to a family and a teacher (403)', async () => {
    for (const who of ['family', 'teacher']) {
      expect(
        (await call(t.app, { method: 'POST', url: '/api/teachers', token: await login(t.app, who), payload: {} }))
          .statusCode,
      ).toBe(403);
    }
  });
});
