import { describe, expect, it } from 'vitest';
import {
  ACTION_NAMES,
  ACTION_PERMISSIONS,
  ACTIONS,
  can,
  grantedNames,
  isRouteAccess,
  permissionsFor,
} from '../../domain/access';
import { DEFAULT_ROLES, PERMISSION_NAMES, SIDEBAR } from '../../domain/permissions';

describe('the action table (domain/access.ts)', () => {
  it('names only permissions of the catalogue', () => {
    for (const action of ACTION_NAMES) {
      expect(permissionsFor(action).length).toBeGreaterThan(0);
      for (const p of permissionsFor(action)) expect(PERMISSION_NAMES).toContain(p);
    }
  });

  it('allows an action to a user holding its permission, and to no one else', () => {
    expect(can(['admin_schools'], 'schools.manage')).toBe(true);
    expect(can(['admin_regions'], 'schools.manage')).toBe(false);
    expect(can([], 'logs.read')).toBe(false);
    expect(can(DEFAULT_ROLES.admin, 'logs.read')).toBe(true);
    expect(can(DEFAULT_ROLES.teacher, 'logs.read')).toBe(false);
  });

  it('allows an action of several permissions to a holder of any one of them', () => {
    expect(ACTIONS['courses.author']).toEqual(['course_auth', 'access_group']);
    expect(can(['course_auth'], 'courses.author')).toBe(true);
    expect(can(['access_group'], 'courses.author')).toBe(true);
    expect(can(DEFAULT_ROLES.student, 'courses.author')).toBe(false);
  });

  it('allows nothing while the permissions are unknown (loading, an error)', () => {
    for (const unknown of [undefined, null, 'access_dashboard', { access_dashboard: true }]) {
      expect(can(unknown, 'overview.read')).toBe(false);
    }
    expect(grantedNames(undefined)).toEqual([]);
    expect(grantedNames(['access_logs', 3])).toEqual(['access_logs']);
  });

  it('names every sidebar item by an action of the table', () => {
    for (const item of SIDEBAR) if (item.action) expect(ACTION_NAMES).toContain(item.action);
  });

  it('accepts as route access only public, signed-in and the actions of the table', () => {
    expect(isRouteAccess('public')).toBe(true);
    expect(isRouteAccess('signed-in')).toBe(true);
    for (const action of ACTION_NAMES) expect(isRouteAccess(action)).toBe(true);
    // a permission is not an action: routes name what they do, the table says which permissions allow it
    for (const p of ACTION_PERMISSIONS) expect(isRouteAccess(p)).toBe(false);
    expect(isRouteAccess('all_groups')).toBe(false);
    expect(isRouteAccess('schools.manag')).toBe(false);
    expect(isRouteAccess('toString')).toBe(false);
    expect(isRouteAccess(undefined)).toBe(false);
  });

  it('checks a set of permission names (the server) as it checks a list (the console)', () => {
    expect(can(new Set(['access_neomi']), 'users.search')).toBe(true);
    expect(can(new Set(['access_users']), 'users.search')).toBe(true);
    expect(can(new Set(['access_group']), 'users.search')).toBe(false);
    expect(can(new Set(), 'logs.read')).toBe(false);
  });
});
