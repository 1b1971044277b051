import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Capabilities in paths are never written to the log (docs/API.md "What the
 * log keeps"). A capability is a secret that opens something by itself: a
 * guest's report token, a certificate's check code, a password-reset token.
 * A route with one in its path declares it in `config.capabilityParams`;
 * the request serializer (server/app.ts) writes that segment as
 * `[redacted]`. A route whose path has a parameter named like a capability
 * (CAPABILITY_NAME) and does not declare it refuses to register, so the
 * next such route cannot leak its token into the log.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** path parameters that are capabilities: written to the log as `[redacted]` */
    capabilityParams?: readonly string[];
  }
}

export const REDACTED = '[redacted]';

/** Parameter names that hold a capability: every path parameter so named must be declared in config.capabilityParams. */
export const CAPABILITY_NAME = /^(code|key|secret|hash)$|token/i;

/**
 * The console's pages reached by a link that carries a capability (the
 * public pages of src/publicPaths.ts whose parameters match CAPABILITY_NAME):
 * served by the console's catch-all route or answered 404, and logged
 * without their token either way.
 */
export const CONSOLE_CAPABILITY_PAGES = [
  '/reset-password/:token',
  '/certificate/:code',
  '/guest-report/:token/:exam_type?',
] as const;

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/;

/** A path pattern's segments that are capabilities, by position. */
function capabilityPositions(pattern: string, capabilities: (name: string) => boolean): Set<number> {
  const positions = new Set<number>();
  pattern.split('/').forEach((segment, i) => {
    const param = PARAM.exec(segment);
    if (param && capabilities(param[1])) positions.add(i);
  });
  return positions;
}

/** The path with the segments at `positions` redacted; null when the path does not have the pattern's shape. */
function redactSegments(path: string, pattern: string, positions: Set<number>): string | null {
  const segments = path.split('/');
  const wanted = pattern.split('/');
  const optional = wanted.filter((s) => PARAM.exec(s)?.[2]).length;
  // a trailing slash (ignoreTrailingSlash) adds an empty segment
  const count = segments.at(-1) === '' && segments.length > 1 ? segments.length - 1 : segments.length;
  if (count > wanted.length || count < wanted.length - optional) return null;
  return segments.map((s, i) => (positions.has(i) && s !== '' ? REDACTED : s)).join('/');
}

const toPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/\/:[A-Za-z_]+\?/g, '(?:/[^/]+)?').replace(/\/:[A-Za-z_]+/g, '/[^/]+')}/?$`, 'i');

const CONSOLE_PAGES = CONSOLE_CAPABILITY_PAGES.map((page) => ({
  page,
  match: toPattern(page),
  positions: capabilityPositions(page, (name) => CAPABILITY_NAME.test(name)),
}));

interface LoggedRequest {
  url?: string;
  routeOptions?: { url?: string; config?: { capabilityParams?: readonly string[] } };
}

/**
 * The path of a request as the log keeps it: no query string (search texts
 * are people's names), and no capability: the segments the matched route
 * declares in config.capabilityParams, or the token of a console page of
 * CONSOLE_CAPABILITY_PAGES, are `[redacted]`. A path that does not line up
 * with its route's pattern is logged as the pattern itself.
 */
export function loggedPath(req: LoggedRequest): string {
  const path = (req.url ?? '').split('?')[0];
  const route = req.routeOptions?.url;
  const declared = req.routeOptions?.config?.capabilityParams;
  if (route && declared?.length) {
    const positions = capabilityPositions(route, (name) => declared.includes(name));
    return redactSegments(path, route, positions) ?? route;
  }
  for (const { page, match, positions } of CONSOLE_PAGES) {
    if (match.test(path)) return redactSegments(path, page, positions) ?? page;
  }
  return path;
}

/** Refuses a route whose path names a capability it does not declare, or declares one its path lacks. */
export default fp(
  async function capabilityParamsPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const declared = (route.config as { capabilityParams?: readonly string[] } | undefined)?.capabilityParams ?? [];
      const params = route.url
        .split('/')
        .map((segment) => PARAM.exec(segment)?.[1])
        .filter((name): name is string => !!name);
      for (const name of declared) {
        if (!params.includes(name)) {
          throw new Error(
            `Route ${route.method} ${route.url}: capability parameter ${name} is not a whole path segment`,
          );
        }
      }
      const undeclared = route.url
        .split('/')
        .filter((segment) => segment.startsWith(':'))
        .map((segment) => segment.slice(1).replace(/[?(].*$/, ''))
        .filter((name) => CAPABILITY_NAME.test(name) && !declared.includes(name));
      if (undeclared.length) {
        throw new Error(
          `Route ${route.method} ${route.url}: parameter ${undeclared.join(', ')} looks like a capability; ` +
            'declare it in config.capabilityParams so the log does not keep it',
        );
      }
    });
  },
  { name: 'capability-params' },
);
