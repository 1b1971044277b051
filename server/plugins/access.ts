import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, isRouteAccess, permissionsFor, type RouteAccess } from '../../domain/access';
import { USER_TYPE } from '../../domain/codes';
import type { Permission } from '../../domain/permissions';
import { actorForToken, type Actor } from '../auth/actor';
import { TOKEN_SHAPE } from '../auth/tokens';
import { forbidden, notFound, unauthenticated } from '../errors';

/**
 * Every route declares who may call it in `config.access`: 'public', 'signed-in', or an action of
 * the action table (domain/access.ts), the table the console's checks read; the plugin allows the
 * action with the console's own `can` (any one of its permissions). Nothing is open by default: a
 * route without the declaration, or naming an action the table does not know, refuses to register.
 */
export type Access = RouteAccess;

/** A route as the app registered it: the robustness tests walk this table, so every new route is covered. */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** a guest's session may call it (config.guest) */
  guest: boolean;
  schema: Record<string, unknown> | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A guest test-taker's session may call this 'signed-in' route: its own
     * test (docs/SECURITY.md "Guest sessions"). Every other route refuses a
     * guest's token with 403, whatever the route's own access.
     */
    guest?: true;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match && TOKEN_SHAPE.test(match[1]) ? match[1] : null;
};

/** The signed-in actor of a request, for routes whose access guarantees one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/**
 * For a change to one record that needs a permission the actor lacks: 404,
 * as for a record outside their scope (docs/PRODUCT.md §6 "Scope"), so a guessed id tells
 * nothing. (A route's own permission, config.access, still answers 403.)
 */
export function requirePermissionForRecord(actor: Actor, permission: Permission): void {
  if (!actor.permissions.has(permission)) throw notFound();
}

export default fp(
  async function accessPlugin(app: FastifyInstance) {
    app.decorateRequest('actor', null);

    app.decorate('routeTable', []);
    app.addHook('onRoute', (route) => {
      const { access, guest } = (route.config ?? {}) as { access?: Access; guest?: true };
      for (const method of [route.method].flat()) {
        app.routeTable.push({
          method,
          url: route.url,
          access,
          guest: guest === true,
          schema: route.schema as Record<string, unknown> | undefined,
        });
      }
      if (guest && access !== 'signed-in') {
        throw new Error(`Route ${route.method} ${route.url} opens to guests but its access is not 'signed-in'`);
      }
      if (!access && !route.url.startsWith('/api/docs') && route.url.startsWith('/api')) {
        throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
      }
      if (access !== undefined && !isRouteAccess(access)) {
        throw new Error(
          `Route ${route.method} ${route.url} declares config.access '${String(access)}': ` +
            "not 'public', 'signed-in' or an action of the action table (domain/access.ts)",
        );
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      const token = bearer(request);
      const actor = token ? await actorForToken(app.db, token, app.tokenPolicy) : null;
      if (!actor) {
        request.log.info(
          { event: 'auth.refused', reason: token ? 'invalid_token' : 'no_token', url: request.routeOptions.url },
          'refused: not signed in',
        );
        throw unauthenticated();
      }
      request.actor = actor;
      // a guest's session reaches only its own test (docs/SECURITY.md "Guest sessions")
      if (actor.type === USER_TYPE.guest && !request.routeOptions.config.guest) {
        request.log.info(
          { event: 'auth.forbidden', userId: actor.id, reason: 'guest_session', url: request.routeOptions.url },
          'refused: a guest session outside its test',
        );
        throw forbidden();
      }
      if (access !== 'signed-in' && !can(actor.permissions, access)) {
        request.log.info(
          {
            event: 'auth.forbidden',
            userId: actor.id,
            action: access,
            permission: permissionsFor(access).join('|'),
            url: request.routeOptions.url,
          },
          'refused: missing permission',
        );
        throw forbidden();
      }
    });
  },
  { name: 'access' },
);
