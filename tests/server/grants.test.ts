import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../domain/permissions';
import { permissions, roles, userPermissions, userRoles, users } from '../../server/db/schema';
import { withApp } from './support/withApp';

/**
 * Grants (issue 9): nobody gives or takes a role or permission they do not
 * hold, nor changes their own; region and school admins only change users in
 * their scope; built-in roles keep their name and their key decides scope;
 * the last active admin keeps access.
 */
const t = withApp();
const ids: Record<string, number> = {};
const roleId: Record<string, number> = {};

beforeAll(async () => {
  for (const who of ['admin', 'region', 'school', 'teacher', 'family', 'marker']) ids[who] = await t.userId(who);
  for (const r of await t.db.select().from(roles)) roleId[r.name] = r.id;
});

/** Gives a demo account some permissions directly (as a platform admin could). */
async function giveDirect(who: string, names: readonly string[]) {
  const rows = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await t.db
    .insert(userPermissions)
    .values(rows.map((p) => ({ userId: ids[who], permissionId: p.id })))
    .onConflictDoNothing();
}
const accessOf = async (who: string) => (await t.inject({ url: `/api/user/roles/${ids[who]}`, as: 'admin' })).json();
/** `as`: a caller (a demo account's name or a session's token) */
const setAccess = (as: string, who: string, value: { roles: number[]; permissions: string[] }) =>
  t.inject({ method: 'PUT', url: `/api/user/roles/${ids[who]}`, as, payload: value });

describe('a region admin holding access_roles', () => {
  let region: string;
  beforeEach(async () => {
    await giveDirect('region', ['access_roles']);
    region = await t.signIn('region');
  });

  it('cannot give a role or a permission they do not hold', async () => {
    const before = await accessOf('school');
    const role = await setAccess(region, 'school', { roles: [roleId.admin_school, roleId.admin], permissions: [] });
    expect(role.statusCode).toBe(403);
    expect(role.json().key).toBe('app.errors.grantNotHeld');
    const permission = await setAccess(region, 'school', {
      roles: [roleId.admin_school],
      permissions: ['access_settings'],
    });
    expect(permission.statusCode).toBe(403);
    expect(await accessOf('school')).toEqual(before);
  });

  it('can give what they hold to a user in their region', async () => {
    const res = await setAccess(region, 'school', {
      roles: [roleId.admin_school, roleId.region_admin],
      permissions: ['access_roles'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual(['access_roles']);
    await setAccess('admin', 'school', { roles: [roleId.admin_school], permissions: [] });
  });

  it('cannot change their own roles or permissions', async () => {
    const before = await accessOf('region');
    const res = await setAccess(region, 'region', {
      roles: [roleId.region_admin],
      permissions: ['access_roles', 'admin_regions'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('app.errors.ownAccess');
    expect(await accessOf('region')).toEqual(before);
  });

  it('answers 404 for a user outside their region', async () => {
    const res = await setAccess(region, 'family', { roles: [roleId.student], permissions: [] });
    expect(res.statusCode).toBe(404);
  });

  it("cannot define roles: those are the platform's", async () => {
    const created = await t.inject({
      method: 'PUT',
      url: '/api/roles',
      token: region,
      payload: { name: 'helpers', permissions: ['access_roles'] },
    });
    expect(created.statusCode).toBe(403);
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/roles/${roleId.region_admin}`,
      token: region,
      payload: { name: 'region_admin', permissions: ['admin_regions', 'access_settings'] },
    });
    expect(edited.statusCode).toBe(403);
    expect(await t.db.select().from(roles).where(eq(roles.name, 'helpers'))).toEqual([]);
  });
});

describe('built-in roles', () => {
  it('cannot be renamed or deleted, and the admin role keeps every permission', async () => {
    const renamed = await t.inject({
      method: 'PUT',
      url: `/api/roles/${roleId.teacher}`,
      as: 'admin',
      payload: { name: 'tutor', permissions: ['access_courses', 'access_group', 'access_neomi'] },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().key).toBe('app.errors.builtInRole');
    // their permissions may change
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/roles/${roleId.marker}`,
      as: 'admin',
      payload: { name: 'marker', permissions: ['mark_neomi_test', 'access_dashboard'] },
    });
    expect(edited.statusCode).toBe(200);
    const adminRole = await t.inject({
      method: 'PUT',
      url: `/api/roles/${roleId.admin}`,
      as: 'admin',
      payload: { name: 'admin', permissions: ['access_users'] },
    });
    expect(adminRole.statusCode).toBe(409);
    expect(adminRole.json().key).toBe('app.errors.adminRoleFixed');
    // a built-in role nobody holds still cannot be deleted
    await t.db.delete(userRoles).where(eq(userRoles.roleId, roleId.marker));
    const deleted = await t.inject({ method: 'DELETE', url: `/api/roles/${roleId.marker}`, as: 'admin' });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().key).toBe('app.errors.builtInRole');
    expect(await t.db.select().from(roles).where(eq(roles.id, roleId.marker))).toHaveLength(1);
    await t.db.insert(userRoles).values({ userId: ids.marker, roleId: roleId.marker });
  });

  it('give scope by their fixed key, never by a name anyone can type', async () => {
    // an installation whose admin role was renamed before names were locked, and a custom role called 'admin'
    await t.db.update(roles).set({ name: 'Administrators' }).where(eq(roles.id, roleId.admin));
    const custom = await t.inject({
      method: 'PUT',
      url: '/api/roles',
      as: 'admin',
      payload: { name: 'admin', permissions: [] },
    });
    expect(custom.statusCode).toBe(201);
    expect(custom.json().role).toMatchObject({ name: 'admin', key: null });
    await t.db.insert(userRoles).values({ userId: ids.family, roleId: custom.json().role.id });
    const family = await t.signIn('family');
    // a platform admin would see any user; a family sees only itself
    expect((await t.inject({ url: `/api/users/show/${ids.marker}`, token: family })).statusCode).toBe(404);
    // and the renamed admin role still gives platform scope
    expect((await t.inject({ url: `/api/users/show/${ids.marker}`, as: 'admin' })).statusCode).toBe(200);
    await t.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, ids.family), eq(userRoles.roleId, custom.json().role.id)));
    await t.db.delete(roles).where(eq(roles.id, custom.json().role.id));
    await t.db.update(roles).set({ name: 'admin' }).where(eq(roles.id, roleId.admin));
  });
});

describe('the last active admin', () => {
  it('cannot lose the admin role, be deactivated or deleted', async () => {
    // a region admin holding every permission, with the only admin inside their region
    const [{ regionId }] = await t.db.select({ regionId: users.regionId }).from(users).where(eq(users.id, ids.region));
    await t.db.update(users).set({ regionId }).where(eq(users.id, ids.admin));
    await giveDirect('region', PERMISSION_NAMES);
    const region = await t.signIn('region');

    const demoted = await setAccess(region, 'admin', { roles: [], permissions: [] });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().key).toBe('app.errors.lastAdmin');
    const deactivated = await t.inject({ method: 'POST', url: `/api/users/deactivate/${ids.admin}`, token: region });
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().key).toBe('app.errors.lastAdmin');
    const deleted = await t.inject({ method: 'DELETE', url: `/api/users/delete/${ids.admin}`, token: region });
    expect(deleted.statusCode).toBe(409);
    const [row] = await t.db.select({ removed: users.removed }).from(users).where(eq(users.id, ids.admin));
    expect(row.removed).toBe(0);
    expect((await accessOf('admin')).roles).toEqual([roleId.admin]);

    // with a second active admin, the first may go
    await t.db.insert(userRoles).values({ userId: ids.marker, roleId: roleId.admin });
    expect((await setAccess(region, 'admin', { roles: [roleId.marker], permissions: [] })).statusCode).toBe(200);
    const admins = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userRoles)
      .where(eq(userRoles.roleId, roleId.admin));
    expect(admins[0].n).toBe(1);
  });
});
