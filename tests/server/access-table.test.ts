import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACTION_PERMISSIONS, ACTIONS, isAction, permissionsFor } from '../../domain/access';
import accessPlugin from '../../server/plugins/access';
import { withApp } from './support/withApp';

/**
 * The console and the server read one action table (domain/access.ts): the console shows what
 * `can(granted, action)` allows, and every route's config.access is 'public', 'signed-in' or an
 * action of that table, which the access plugin allows with the same `can` (the plugin refuses
 * any other name at registration).
 */
const t = withApp();

const api = () => t.app.routeTable.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
/** The actions the routes name. */
const routeActions = () => new Set(api().flatMap((r) => (isAction(r.access) ? [r.access] : [])));

describe('the action table and the routes', () => {
  it("every API route's access is public, signed-in or an action of the table", () => {
    expect(api().length).toBeGreaterThan(200);
    const strays = api()
      .filter((r) => r.access !== 'public' && r.access !== 'signed-in' && !Object.hasOwn(ACTIONS, r.access ?? ''))
      .map((r) => `${r.method} ${r.url} ${String(r.access)}`);
    expect(strays).toEqual([]);
  });

  it('no route names a permission: only actions', () => {
    expect(api().filter((r) => ACTION_PERMISSIONS.has(r.access ?? ''))).toEqual([]);
  });

  it('every permission of the table guards at least one route through an action', () => {
    const guarded = new Set<string>([...routeActions()].flatMap(permissionsFor));
    expect([...ACTION_PERMISSIONS].filter((p) => !guarded.has(p))).toEqual([]);
  });
});

describe('the access plugin', () => {
  const probe = async (access: string) => {
    const app = Fastify();
    await app.register(accessPlugin);
    try {
      app.get('/api/probe', { config: { access: access as never } }, async () => ({ ok: true }));
      await app.ready();
      return 'registered';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close().catch(() => undefined);
    }
  };

  it.each(['all_groups', 'access_dashbord', 'admin_schools', 'access_logs', 'schools.manag', 'signed_in'])(
    "refuses to register a route whose access is '%s'",
    async (access) => {
      expect(await probe(access)).toMatch(/declares config.access .* the action table/);
    },
  );

  it.each(['public', 'signed-in', 'schools.manage', 'logs.read', 'seats.review'])(
    "registers a route whose access is '%s'",
    async (access) => {
      expect(await probe(access)).toBe('registered');
    },
  );

  it('allows an action of several permissions to a holder of any one of them, and refuses the others', async () => {
    // seats.review: admin_schools, admin_regions or access_dashboard (the seat requests waiting on one)
    expect(permissionsFor('seats.review')).toEqual(['admin_schools', 'admin_regions', 'access_dashboard']);
    const url = '/api/schools/get/requests';
    expect(t.app.routeTable.find((r) => r.method === 'POST' && r.url === url)?.access).toBe('seats.review');
    for (const role of ['school', 'region', 'admin'] as const) {
      const res = await t.inject({ method: 'POST', url, as: role, payload: {} });
      expect(res.statusCode, role).toBe(200);
    }
    for (const role of ['teacher', 'family'] as const) {
      const res = await t.inject({ method: 'POST', url, as: role, payload: {} });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
