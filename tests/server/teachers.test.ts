import { beforeAll, describe, expect, it } from 'vitest';
import { demo, withApp } from './support/withApp';

const t = withApp();
beforeAll(async () => {});

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
    const signup = await t.inject({ method: 'POST', url: '/api/register', payload: teacher('rana@example.test') });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.country).toBe('Oman');
    const id = signup.json().user.id;
    const pending = await t.inject({ method: 'POST', url: '/api/auth/teachers', as: 'admin', payload: {} });
    expect(pending.json().users.map((u: { id: number }) => u.id)).toEqual([id]);
    const listed = await t.inject({ method: 'POST', url: '/api/teachers', as: 'admin', payload: {} });
    // approved teachers only (the demo schools have more: server/seed/schools.ts)
    expect(listed.json().users.map((u: { email: string }) => u.email)).toContain(demo.teacher.email);
    expect(listed.json().users.map((u: { id: number }) => u.id)).not.toContain(id);

    const approved = await t.inject({ method: 'POST', url: `/api/users/add/${id}/1`, as: 'admin' });
    expect(approved.json().user).toMatchObject({ approved: true, roles: ['teacher'] });
    expect((await t.inject({ method: 'POST', url: '/api/auth/teachers', as: 'admin', payload: {} })).json().count).toBe(
      0,
    );
    const me = await t.inject({ url: '/api/me', token: signup.json().access_token });
    expect(me.json().user.permissions).toContain('access_group');
  });

  it('activates and deactivates a teacher; the active list follows', async () => {
    const all = await t.inject({
      method: 'POST',
      url: '/api/teachers',
      as: 'admin',
      payload: { search_text: 'Tarek' },
    });
    const id = all.json().users[0].id;
    const off = await t.inject({
      method: 'POST',
      url: `/api/teachers/active/${id}`,
      as: 'admin',
      payload: { active: false },
    });
    expect(off.json().user.removed).toBe(1);
    const active = await t.inject({ method: 'POST', url: '/api/teachers/active', as: 'admin', payload: {} });
    expect(active.json().users.map((u: { id: number }) => u.id)).not.toContain(id);
    await t.inject({ method: 'POST', url: `/api/teachers/active/${id}`, as: 'admin', payload: { active: true } });
    const bad = await t.inject({
      method: 'POST',
      url: `/api/teachers/active/${id}`,
      as: 'admin',
      payload: { active: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes only a teacher waiting for approval', async () => {
    const signup = await t.inject({ method: 'POST', url: '/api/register', payload: teacher('late@example.test') });
    const id = signup.json().user.id;
    const approvedTeacher = (
      await t.inject({
        method: 'POST',
        url: '/api/teachers',
        as: 'admin',
        payload: { search_text: demo.teacher.email },
      })
    ).json().users[0].id;
    const refused = await t.inject({
      method: 'DELETE',
      url: '/api/users/delete/teacher',
      as: 'admin',
      payload: { id: approvedTeacher },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('app.errors.notPendingTeacher');
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/users/delete/teacher', as: 'admin', payload: { id } })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/users/delete/teacher', as: 'admin', payload: { id } })).statusCode,
    ).toBe(404);
  });

  it('is forbidden to a family and a teacher (403)', async () => {
    for (const who of ['family', 'teacher']) {
      expect(
        (await t.inject({ method: 'POST', url: '/api/teachers', token: await t.signIn(who), payload: {} })).statusCode,
      ).toBe(403);
    }
  });
});
