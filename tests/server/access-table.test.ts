import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTION_PERMISSIONS, permissionsFor } from '../../domain/access';
import accessPlugin from '../../server/plugins/access';
import { withApp } from './support/withApp';

/**
 * The console and the server read one action table (domain/access.ts): the console shows what
 * `can(granted, action)` allows, and every route's config.access is 'public', 'signed-in' or a
 * permission of that table (the access plugin refuses any other at registration).
 */
const t = withApp();

const guarded = () =>
  new Set<string>(t.app.routeTable.flatMap((r) => (r.access && r.access !== 'public' ? [r.access] : [])));

describe('the action table and the routes', () => {
  it("every API route's access is public, signed-in or a permission of the table", () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(200);
    const strays = api
      .filter((r) => r.access !== 'public' && r.access !== 'signed-in' && !ACTION_PERMISSIONS.has(r.access ?? ''))
      .map((r) => `${r.method} ${r.url} ${String(r.access)}`);
    expect(strays).toEqual([]);
  });

  it("every console action's permission guards at least one route", () => {
    const routes = guarded();
    const unguarded = ACTION_NAMES.flatMap((action) =>
      permissionsFor(action)
        .filter((p) => !routes.has(p))
        .map((p) => `${action}: ${p}`),
    );
    expect(unguarded).toEqual([]);
  });

  it('every permission a route asks for is one the console can show an action for', () => {
    expect([...guarded()].filter((a) => a !== 'signed-in' && !ACTION_PERMISSIONS.has(a))).toEqual([]);
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

  it.each(['all_groups', 'access_dashbord', 'schools.manage', 'signed_in'])(
    "refuses to register a route whose access is '%s'",
    async (access) => {
      expect(await probe(access)).toMatch(/declares config.access .* the action table/);
    },
  );

  it.each(['public', 'signed-in', 'admin_schools', 'access_logs'])(
    "registers a route whose access is '%s'",
    async (access) => {
      expect(await probe(access)).toBe('registered');
    },
  );
});
