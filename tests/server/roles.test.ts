import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSION_NAMES } from '../../domain/permissions';
import { logs, roles, settings, users } from '../../server/db/schema';
import { cheapChallenges, solvedChallenge } from './support/challenge';
import { withApp } from './support/withApp';

const t = withApp();
beforeAll(async () => {});

describe('permissions and default roles', () => {
  it('seeds every permission name of docs/PRODUCT.md §6 "Permissions" with its group', async () => {
    const res = await t.inject({ url: '/api/permissions', as: 'admin' });
    const names = res.json().permissions.map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual([...PERMISSION_NAMES].sort());
    for (const spec of [
      'access_dashboard',
      'access_users',
      'access_teacher',
      'access_courses',
      'course_auth',
      'access_group',
      'all_groups',
      'admin_schools',
      'admin_regions',
      'admin_neomi',
      'access_neomi',
      'mark_neomi_test',
    ]) {
      expect(names).toContain(spec);
    }
    expect(res.json().permissions.find((p: { name: string }) => p.name === 'mark_neomi_test').group).toBe('Neomi');
  });

  it('seeds the default roles with their permissions', async () => {
    const res = await t.inject({ url: '/api/roles', as: 'admin' });
    const byName = Object.fromEntries(
      res.json().roles.map((r: { name: string; permissions: string[] }) => [r.name, r.permissions]),
    );
    for (const [name, granted] of Object.entries(DEFAULT_ROLES)) expect(byName[name]).toEqual([...granted].sort());
  });

  it("each demo account signs in with exactly its role's permissions", async () => {
    const expected = {
      region: 'region_admin',
      school: 'admin_school',
      teacher: 'teacher',
      family: 'student',
      marker: 'marker',
    } as const;
    for (const [who, role] of Object.entries(expected)) {
      const res = await t.inject({ url: '/api/me', token: await t.signIn(who) });
      expect(res.json().user.roles).toEqual([role]);
      expect(res.json().user.permissions).toEqual([...DEFAULT_ROLES[role]].sort());
    }
  });
});

describe('roles CRUD', () => {
  it('creates, edits and deletes a role by name, logging old and new values', async () => {
    const created = await t.inject({
      method: 'PUT',
      url: '/api/roles',
      as: 'admin',
      payload: { name: 'supervisor', permissions: ['access_users', 'access_teacher'] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().role.id;
    expect(created.json().role).toMatchObject({
      name: 'supervisor',
      permissions: ['access_teacher', 'access_users'],
      users_count: 0,
    });

    const dup = await t.inject({
      method: 'PUT',
      url: '/api/roles',
      as: 'admin',
      payload: { name: 'supervisor', permissions: [] },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: 'app.errors.roleNameTaken' });

    const unknown = await t.inject({
      method: 'PUT',
      url: '/api/roles',
      as: 'admin',
      payload: { name: 'x', permissions: ['fly_to_moon'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.values(unknown.json().errors)).toContain('app.validation.invalidChoice');

    const edited = await t.inject({
      method: 'PUT',
      url: `/api/roles/${id}`,
      as: 'admin',
      payload: { name: 'supervisor', permissions: ['access_logs'] },
    });
    expect(edited.json().role.permissions).toEqual(['access_logs']);
    const [log] = (await t.db.select().from(logs).where(eq(logs.entity, 'role'))).filter(
      (r) => r.action === 'update' && r.entityId === id,
    );
    expect(log.oldValue).toEqual({ name: 'supervisor', permissions: ['access_teacher', 'access_users'] });
    expect(log.newValue).toEqual({ name: 'supervisor', permissions: ['access_logs'] });

    const gone = await t.inject({ method: 'DELETE', url: `/api/roles/${id}`, as: 'admin' });
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(roles).where(eq(roles.id, id))).toEqual([]);
    expect((await t.inject({ url: `/api/roles/${id}`, as: 'admin' })).statusCode).toBe(404);
  });

  it('refuses to delete a role that users hold (409)', async () => {
    const res = await t.inject({ url: '/api/roles', as: 'admin' });
    const teacherRole = res.json().roles.find((r: { name: string }) => r.name === 'teacher');
    expect((await t.inject({ method: 'DELETE', url: `/api/roles/${teacherRole.id}`, as: 'admin' })).statusCode).toBe(
      409,
    );
  });

  it('is forbidden to users without access_roles', async () => {
    const teacher = await t.signIn('teacher');
    expect((await t.inject({ url: '/api/roles', token: teacher })).statusCode).toBe(403);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/api/roles',
          token: teacher,
          payload: { name: 'hack', permissions: PERMISSION_NAMES },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("a user's roles and direct permissions", () => {
  it('GET/PUT /api/user/roles/{id} changes effective permissions at once and logs them', async () => {
    const id = await t.userId('marker');
    const marker = await t.signIn('marker');
    const before = await t.inject({ url: `/api/user/roles/${id}`, as: 'admin' });
    expect(before.json()).toMatchObject({ permissions: [], effective: ['mark_neomi_test'] });
    const put = await t.inject({
      method: 'PUT',
      url: `/api/user/roles/${id}`,
      as: 'admin',
      payload: { roles: before.json().roles, permissions: ['access_neomi'] },
    });
    expect(put.json()).toMatchObject({ permissions: ['access_neomi'], effective: ['access_neomi', 'mark_neomi_test'] });
    const me = await t.inject({ url: '/api/me', token: marker });
    expect(me.json().user.permissions).toEqual(['access_neomi', 'mark_neomi_test']);
    const [log] = (await t.db.select().from(logs).where(eq(logs.entity, 'permission'))).filter(
      (r) => r.entityId === id,
    );
    expect(log.oldValue).toEqual({ roles: before.json().roles, permissions: [] });
    expect(log.newValue).toEqual({ roles: before.json().roles, permissions: ['access_neomi'] });
  });

  it('refuses an unknown role id and changes nothing', async () => {
    const id = await t.userId('marker');
    const res = await t.inject({
      method: 'PUT',
      url: `/api/user/roles/${id}`,
      as: 'admin',
      payload: { roles: [99999], permissions: [] },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.inject({ url: `/api/user/roles/${id}`, as: 'admin' })).json().permissions).toEqual([
      'access_neomi',
    ]);
  });
});

describe('logs and settings', () => {
  it('POST /api/logs lists, GET /api/logs/{id} shows old and new values', async () => {
    const list = await t.inject({
      method: 'POST',
      url: '/api/logs',
      as: 'admin',
      payload: { limit: 5, entity: 'role' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBeGreaterThan(0);
    const first = list.json().logs[0];
    expect(first).toMatchObject({ entity: 'role', actor_name: 'Nadia Admin' });
    const one = await t.inject({ url: `/api/logs/${first.id}`, as: 'admin' });
    expect(one.json().log).toEqual(first);
    expect((await t.inject({ url: '/api/logs/999999', as: 'admin' })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/api/logs', token: await t.signIn('teacher'), payload: {} })).statusCode,
    ).toBe(403);
  });

  it('settings are listed and changed with type checks', async () => {
    const list = await t.inject({ method: 'POST', url: '/api/setting/index', as: 'admin' });
    const duration = list.json().settings.find((s: { key: string }) => s.key === 'test_duration_seconds');
    expect(duration.value).toBe(1800);
    const bad = await t.inject({
      method: 'POST',
      url: `/api/setting/change/${duration.id}`,
      as: 'admin',
      payload: { value: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.inject({
      method: 'POST',
      url: `/api/setting/change/${duration.id}`,
      as: 'admin',
      payload: { value: 2400 },
    });
    expect(ok.json().setting.value).toBe(2400);
    const [row] = await t.db.select().from(settings).where(eq(settings.id, duration.id));
    expect(row.value).toBe(2400);
  });

  it('turning the register challenge on makes sign-up ask for it and check it', async () => {
    await cheapChallenges(t.db);
    const list = await t.inject({ method: 'POST', url: '/api/setting/index', as: 'admin' });
    const captcha = list.json().settings.find((s: { key: string }) => s.key === 'register_captcha');
    await t.inject({
      method: 'POST',
      url: `/api/setting/change/${captcha.id}`,
      as: 'admin',
      payload: { value: true },
    });
    const payload = {
      type: 0,
      gender: 1,
      name: 'C',
      email: 'c@example.test',
      confirm_email: 'c@example.test',
      country: 'EG',
      password: 'password-1',
      confirm_password: 'password-1',
    };
    const register = (extra: Record<string, string>) =>
      t.inject({ method: 'POST', url: '/api/register', payload: { ...payload, ...extra } });
    const none = await register({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ captcha: 'app.public.challengeRequired' });
    const wrong = await register({ captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ captcha: 'app.errors.challengeFailed' });
    expect(await t.db.select().from(users).where(eq(users.email, 'c@example.test'))).toHaveLength(0);
    const solved = await solvedChallenge(t.app);
    expect((await register({ captcha: solved })).statusCode).toBe(201);
    // good once: the same solution does not open a second account
    const again = await register({ captcha: solved, email: 'd@example.test', confirm_email: 'd@example.test' });
    expect(again.json().errors).toEqual({ captcha: 'app.errors.challengeFailed' });
  });
});
