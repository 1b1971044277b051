import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './support/testApp';

/**
 * Bad input of every kind gets a 4xx with a message, never a 500: every
 * documented route is called with malformed ids, bodies and content types.
 */
let t: TestApp;
let admin: string;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(async () => { await t?.close(); });

/** Every route times every bad input: minutes on a loaded 2-core machine as the API grows. */
const EVERY_ROUTE_TIMEOUT = 300_000;

const BAD_IDS = ['abc', '-1', '0', '99999999999999999999', '1.5', '%27%20or%201%3D1'];
const BAD_BODIES: { payload: string; type: string }[] = [
  { payload: '{"broken json', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: JSON.stringify({ email: ['a'], password: { $ne: 1 }, name: 12, limit: 'all', offset: -5, order_by: 'id desc', status: 'x', id: 'x', roles: 'x', permissions: [1], value: null }), type: 'application/json' },
  { payload: 'name=x', type: 'application/x-www-form-urlencoded' },
  { payload: '--x\r\nbroken', type: 'multipart/form-data; boundary=x' },
];

describe('no input makes the API fail with 500', () => {
  it('covers the documented routes', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers malformed ids with 4xx JSON', async () => {
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      for (const id of BAD_IDS) {
        const url = `/api${route.path.replace(/^\/api/, '')}`.replace(/\{[^}]+\}/g, id);
        const res = await call(t.app, { method: route.method as never, url, token: admin, payload: route.method === 'GET' ? undefined : {} });
        expect.soft(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
        expect.soft(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect.soft(res.json(), `${route.method} ${url}`).toHaveProperty('key');
      }
    }
  }, EVERY_ROUTE_TIMEOUT);

  it('answers malformed bodies with 4xx JSON', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const url = `/api${route.path.replace(/^\/api/, '')}`.replace(/\{id\}/g, '1').replace(/\{status\}/g, '1').replace(/\{[^}]+\}/g, 'x');
      if (url === '/api/logout') continue;
      for (const body of BAD_BODIES) {
        const res = await t.app.inject({ method: route.method as never, url, payload: body.payload, headers: { 'content-type': body.type, authorization: `Bearer ${admin}` }, remoteAddress: '10.8.8.8' });
        expect.soft(res.statusCode, `${route.method} ${url} ${body.payload.slice(0, 30)}`).toBeLessThan(500);
      }
    }
  }, EVERY_ROUTE_TIMEOUT);

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(t.app, { url: '/api/no/such/thing', token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The page you are looking for does not exist.', key: 'app.errors.notFound' });
  });

  it('serves the OpenAPI document and security headers', async () => {
    const docs = await call(t.app, { url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toMatch(/^3\./);
    expect(Object.keys(docs.json().paths)).toContain('/api/login');
    const res = await call(t.app, { url: '/api/captcha' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
