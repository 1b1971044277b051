import { beforeAll, describe, expect, it } from 'vitest';
import { withApp } from './support/withApp';

/**
 * Every route is documented; unknown paths and the documentation answer
 * as they should. Malformed ids, bodies and content types on every route
 * are sent by hostile-input.test.ts.
 */
const t = withApp();
let routes: { method: string; path: string }[];
beforeAll(async () => {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});

describe('no input makes the API fail with 500', () => {
  it('covers the documented routes', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  // malformed ids and bodies on every route, as every role: hostile-input.test.ts (from the app's route table)

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.inject({ url: '/api/no/such/thing', as: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The page you are looking for does not exist.', key: 'app.errors.notFound' });
  });

  it('serves the OpenAPI document and security headers', async () => {
    const docs = await t.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toMatch(/^3\./);
    expect(Object.keys(docs.json().paths)).toContain('/api/login');
    const res = await t.inject({ url: '/api/captcha' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
